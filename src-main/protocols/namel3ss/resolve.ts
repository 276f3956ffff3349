/**
 * Which binding runs a declared tool, in namel3ss's order: a pack that provides a tool of that name (if
 * the program's `packs:` allows it: built-in packs always usable, installed ones when enabled and
 * verified), else the app's `.namel3ss/tools.yaml`, else, where the app has no tools.yaml at all, the
 * conventional `tools/<slug>.py:run` (`tools/<slug>.js`, … for a node tool). Collisions and unusable
 * packs are errors in namel3ss's words, with its reason (`tool_reason`) for the trace.
 *
 * namel3ss's executable spec (`N3_EXECUTABLE_SPEC=1`) lets a program with no `packs:` block use every
 * pack and binds no tool by convention; so does this, where the skill's environment says so.
 */
import path from 'node:path';
import type { AiTool } from './ai-file';
import type { AppModel } from './app';
import { BINDINGS_FILE, toBinding, type ToolBinding } from './bindings';
import type { Source } from './capabilities';
import { guidance, notBound, packNotDeclared } from './messages';
import type { PackRecord } from './packs';
import { isFile } from '../refs';

export interface Resolution {
  source: Source;
  binding?: ToolBinding;
  pack?: PackRecord;
  /** Why the tool cannot be run as the app stands (namel3ss's message). */
  error?: string;
  /** namel3ss's `tool_reason` for that error (missing_binding, pack_not_declared, pack_collision, …). */
  reason?: string;
  /** The packs a `packs:` block left out, where the tool comes only from them. */
  notDeclared?: string[];
  /** Whether the program's `packs:` block let this pack in (namel3ss then records a `pack_permission` check). */
  allowlisted?: boolean;
  /** The workbench's plainer sentence under namel3ss's error. */
  hint?: string;
  /** How it was resolved, where that is worth saying. */
  note?: string;
}

export function resolveTool(tool: AiTool, model: AppModel, opts: { specMode?: boolean } = {}): Resolution {
  const candidates = model.packs.filter((p) => p.bindings.has(tool.name));
  // No `packs:` block: nothing is allowed, but namel3ss's executable spec allows everything.
  const everything = model.allowedPacks === null && opts.specMode;
  const allow = model.allowedPacks ?? [];
  const allowed = everything ? candidates : candidates.filter((p) => allow.includes(p.id));
  const blocked = allowed.length ? [] : candidates.map((p) => p.id);
  const kind = tool.kind === 'node' ? 'node' : 'python';
  const pinned = model.config.pinnedTools[tool.name];
  const own = model.bindings.bindings.get(tool.name);
  if (!pinned && allowed.length > 1) return { source: 'binding', error: collision(tool.name, allowed.map((p) => p.id)), reason: 'pack_collision' };
  const active = allowed.filter((p) => p.source === 'builtin_pack' || (p.enabled && p.verified));
  if (active.length) {
    if (own) {
      return {
        source: 'binding',
        error: guidance(`Tool "${tool.name}" collides with a tool pack.`, 'Pack tools have priority and custom bindings with the same name are ignored.', 'Rename the tool or disable the pack before binding.', `n3 tools unbind "${tool.name}"`),
        reason: 'pack_collision',
      };
    }
    const pack = pinned ? active.find((p) => p.id === pinned) : active[0];
    if (!pack) {
      return { source: 'binding', error: guidance(`Tool "${tool.name}" is pinned to "${pinned}" but the pack is unavailable.`, 'The pinned pack is not installed or not enabled.', 'Install/enable the pack or update the pin.', `pinned_tools = { "${tool.name}" = "${pinned}" }`), reason: 'pack_pin_missing' };
    }
    return { source: pack.source, binding: pack.bindings.get(tool.name), pack, allowlisted: !everything };
  }
  if (own) return { source: 'binding', binding: own };
  if (blocked.length) {
    const ids = [...new Set(blocked)].sort();
    if (ids.length > 1 && !pinned) return { source: 'binding', error: collision(tool.name, ids), reason: 'pack_collision' };
    return { source: 'binding', error: packNotDeclared(tool.name, ids), reason: 'pack_not_declared', notDeclared: ids };
  }
  if (allowed.length) {
    const ids = allowed.map((p) => p.id).sort();
    const kinds = new Set(allowed.map((p) => p.source));
    const label = kinds.size === 1 && kinds.has('installed_pack') ? 'an installed pack' : kinds.size === 1 && kinds.has('local_pack') ? 'a local pack' : 'a pack';
    return {
      source: allowed[0].source,
      pack: allowed[0],
      binding: allowed[0].bindings.get(tool.name),
      error: guidance(`Tool "${tool.name}" is provided by ${label} but is unavailable.`, `Pack tool is not verified or enabled (packs: ${ids.join(', ')}).`, `Run \`n3 packs verify ${ids[0]}\` then \`n3 packs enable ${ids[0]}\`.`, 'n3 packs status'),
      reason: 'pack_unavailable_or_unverified',
    };
  }
  const slug = slugify(tool.name);
  if (!model.bindings.exists && !opts.specMode) {
    const dir = path.join(model.root, 'tools');
    const file = kind === 'node' ? NODE_EXTENSIONS.map((e) => `${slug}${e}`).find((f) => isFile(path.join(dir, f))) : isFile(path.join(dir, `${slug}.py`)) || isFile(path.join(dir, slug, '__init__.py')) ? `${slug}.py` : undefined;
    if (file) {
      const binding = toBinding(tool.name, { kind, entry: `tools.${slug}:run`, ...(kind === 'node' ? { runner: 'node' } : {}) });
      return { source: 'binding', binding, note: `Tool "${tool.name}" has no ${BINDINGS_FILE}; namel3ss binds it to tools/${file}'s run(), as here.` };
    }
  }
  return { source: 'binding', error: notBound(tool.name, kind, slug), reason: 'missing_binding', hint: `Add the binding to ${BINDINGS_FILE.split(path.sep).join('/')} by hand, as in the example.` };
}

/** The files a node tool's module may be (namel3ss's node shim tries them in this order). */
export const NODE_EXTENSIONS = ['.js', '.cjs', '.mjs', '.ts'];

function collision(tool: string, ids: string[]): string {
  return guidance(`Tool "${tool}" is provided by multiple packs.`, `Conflicting packs: ${ids.join(', ')}.`, 'Disable one pack or pin the tool to a specific pack.', `pinned_tools = { "${tool}" = "${ids[0]}" }`);
}

/** namel3ss's slugify_tool_name. */
export function slugify(name: string): string {
  let slug = name.trim().replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_+|_+$/g, '').toLowerCase();
  if (!slug) slug = 'tool';
  if (!/^[a-z_]/.test(slug)) slug = `tool_${slug}`;
  return slug;
}

