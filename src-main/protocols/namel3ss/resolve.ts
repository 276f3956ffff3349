/**
 * Which binding runs a declared tool, in namel3ss's order: a pack that provides a tool of that name (if
 * the program's `packs:` allows it: built-in packs always usable, installed ones when enabled and
 * verified), else the app's `.namel3ss/tools.yaml`, else, where the app has no tools.yaml at all, the
 * conventional `tools/<slug>.py:run`. Collisions and unusable packs are errors in namel3ss's words.
 */
import path from 'node:path';
import type { AiTool } from './ai-file';
import type { AppModel } from './app';
import { BINDINGS_FILE, bindingExample, toBinding, type ToolBinding } from './bindings';
import { guidance, type Source } from './capabilities';
import type { PackRecord } from './packs';
import { isFile } from '../refs';

export interface Resolution {
  source: Source;
  binding?: ToolBinding;
  pack?: PackRecord;
  /** Why the tool cannot be run as the app stands (namel3ss's message). */
  error?: string;
  /** How it was resolved, where that is worth saying. */
  note?: string;
}

export function resolveTool(tool: AiTool, model: AppModel): Resolution {
  const candidates = model.packs.filter((p) => p.bindings.has(tool.name));
  const allow = model.allowedPacks ?? [];
  const allowed = candidates.filter((p) => allow.includes(p.id));
  const blocked = allowed.length ? [] : candidates.map((p) => p.id);
  const pinned = model.config.pinnedTools[tool.name];
  const own = model.bindings.bindings.get(tool.name);
  if (!pinned && allowed.length > 1) return { source: 'binding', error: collision(tool.name, allowed.map((p) => p.id)) };
  const active = allowed.filter((p) => p.source === 'builtin_pack' || (p.enabled && p.verified));
  if (active.length) {
    if (own) {
      return {
        source: 'binding',
        error: guidance(`Tool "${tool.name}" collides with a tool pack.`, 'Pack tools have priority and custom bindings with the same name are ignored.', 'Rename the tool or disable the pack before binding.', `n3 tools unbind "${tool.name}"`),
      };
    }
    const pack = pinned ? active.find((p) => p.id === pinned) : active[0];
    if (!pack) {
      return { source: 'binding', error: guidance(`Tool "${tool.name}" is pinned to "${pinned}" but the pack is unavailable.`, 'The pinned pack is not installed or not enabled.', 'Install/enable the pack or update the pin.', `pinned_tools = { "${tool.name}" = "${pinned}" }`) };
    }
    return { source: pack.source, binding: pack.bindings.get(tool.name), pack };
  }
  if (own) return { source: 'binding', binding: own };
  if (blocked.length) {
    const ids = [...new Set(blocked)].sort();
    if (ids.length > 1 && !pinned) return { source: 'binding', error: collision(tool.name, ids) };
    return {
      source: 'binding',
      error: guidance(`Tool "${tool.name}" is provided by a pack that is not declared.`, `Available packs for this tool: ${ids.join(', ')}.`, 'Add the pack id to the packs block or choose a different tool.', `packs:\\n  "${ids[0]}"`),
    };
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
    };
  }
  if (!model.bindings.exists) {
    const slug = slugify(tool.name);
    const dir = path.join(model.root, 'tools');
    if (isFile(path.join(dir, `${slug}.py`)) || isFile(path.join(dir, slug, '__init__.py'))) {
      return { source: 'binding', binding: toBinding(tool.name, { kind: 'python', entry: `tools.${slug}:run` }), note: `Tool "${tool.name}" has no ${BINDINGS_FILE}; namel3ss binds it to tools/${slug}.py's run(), as here.` };
    }
  }
  return {
    source: 'binding',
    error: guidance(
      `Tool "${tool.name}" is not bound to a python entry.`,
      `Tool declarations no longer include module paths; bindings live in ${BINDINGS_FILE}.`,
      `Run \`n3 tools bind "${tool.name}" --entry "tools.${slugify(tool.name)}:run"\`, or add the binding by hand.`,
      bindingExample(tool.name),
    ),
  };
}

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

