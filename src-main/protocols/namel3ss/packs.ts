/**
 * Tool packs as namel3ss keeps them: the built-in packs (namel3ss's own `namel3ss.tool_packs` modules),
 * installed packs in `.namel3ss/packs/<id>/` (`pack.yaml`, `tools.yaml`, `verification.json`, optional
 * `capabilities.yaml`) and local packs in `packs/capability/<id>/`. An installed pack is usable when it
 * is enabled in `[tool_packs] enabled_packs` and verified: its `verification.json` says so for the digest
 * of its pack.yaml and tools.yaml as they are now (namel3ss's digest, computed here the same way).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { parseBindingsText, toBinding, type ToolBinding } from './bindings';
import type { AppConfig, Guarantee } from './config';
import { trimmed } from '../../common/values';

export const PACKS_DIR = path.join('.namel3ss', 'packs');
export const LOCAL_PACKS_DIR = path.join('packs', 'capability');

export type PackSource = 'builtin_pack' | 'installed_pack' | 'local_pack';

export interface PackRecord {
  id: string;
  name: string;
  version: string;
  description?: string;
  source: PackSource;
  verified: boolean;
  enabled: boolean;
  /** The pack's folder (none for built-in packs, which live inside namel3ss). */
  root?: string;
  bindings: Map<string, ToolBinding>;
  /** Per tool: the capability levels `capabilities.yaml` (or namel3ss, for built-in tools) declares. */
  capabilities: Map<string, PackCapabilities>;
  problems: string[];
}

export interface PackCapabilities {
  filesystem: string;
  network: string;
  env: string;
  subprocess: string;
}

/** namel3ss's built-in tool packs: tool name, entry, pack name (version "stable"). */
const BUILTIN: [string, string, string, Partial<PackCapabilities>][] = [
  ['convert text to lowercase', 'namel3ss.tool_packs.text:lower', 'text', {}],
  ['convert text to uppercase', 'namel3ss.tool_packs.text:upper', 'text', {}],
  ['slugify text', 'namel3ss.tool_packs.text:slugify', 'text', {}],
  ['trim text', 'namel3ss.tool_packs.text:trim', 'text', {}],
  ['get current date and time', 'namel3ss.tool_packs.datetime:now', 'datetime', {}],
  ['parse date and time', 'namel3ss.tool_packs.datetime:parse', 'datetime', {}],
  ['format date and time', 'namel3ss.tool_packs.datetime:format', 'datetime', {}],
  ['read text file', 'namel3ss.tool_packs.file:read_text', 'file', { filesystem: 'read' }],
  ['write text file', 'namel3ss.tool_packs.file:write_text', 'file', { filesystem: 'write' }],
  ['read json file', 'namel3ss.tool_packs.file:read_json', 'file', { filesystem: 'read' }],
  ['write json file', 'namel3ss.tool_packs.file:write_json', 'file', { filesystem: 'write' }],
  ['get json from web', 'namel3ss.tool_packs.http:get_json', 'http', { network: 'outbound' }],
  ['post json to web', 'namel3ss.tool_packs.http:post_json', 'http', { network: 'outbound' }],
];
const NONE: PackCapabilities = { filesystem: 'none', network: 'none', env: 'none', subprocess: 'none' };

export function builtinPacks(): PackRecord[] {
  const byName = new Map<string, PackRecord>();
  for (const [tool, entry, pack, caps] of BUILTIN) {
    let rec = byName.get(pack);
    if (!rec) {
      rec = { id: `builtin.${pack}`, name: pack, version: 'stable', description: 'Built-in tool pack', source: 'builtin_pack', verified: true, enabled: true, bindings: new Map(), capabilities: new Map(), problems: [] };
      byName.set(pack, rec);
    }
    rec.bindings.set(tool, { ...toBinding(tool, { kind: 'python', entry }), sandbox: true });
    rec.capabilities.set(tool, { ...NONE, ...caps });
  }
  return [...byName.values()];
}

/** Every pack the app can see: built-in, then local, then installed (namel3ss's order). */
export function readPacks(appRoot: string, config: AppConfig): PackRecord[] {
  const packs = builtinPacks();
  for (const [dir, source] of [[LOCAL_PACKS_DIR, 'local_pack'], [PACKS_DIR, 'installed_pack']] as const) {
    let names: string[];
    try {
      names = fs.readdirSync(path.join(appRoot, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    } catch {
      continue;
    }
    for (const name of names) packs.push(readPack(path.join(appRoot, dir, name), source, config));
  }
  return packs;
}

function readPack(root: string, source: PackSource, config: AppConfig): PackRecord {
  const rel = (f: string) => path.join(path.basename(path.dirname(root)), path.basename(root), f);
  const rec: PackRecord = { id: path.basename(root), name: path.basename(root), version: '', source, verified: false, enabled: source === 'local_pack', root, bindings: new Map(), capabilities: new Map(), problems: [] };
  const manifestText = readText(path.join(root, 'pack.yaml'));
  if (manifestText === null) {
    rec.problems.push(`${rel('pack.yaml')} is missing: the pack cannot be used.`);
    return rec;
  }
  let manifest: Record<string, unknown>;
  try {
    manifest = (YAML.parse(manifestText) ?? {}) as Record<string, unknown>;
  } catch (err) {
    rec.problems.push(`${rel('pack.yaml')} is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
    return rec;
  }
  rec.id = textOrNumber(manifest.id) ?? rec.id;
  rec.name = textOrNumber(manifest.name) ?? rec.id;
  rec.version = textOrNumber(manifest.version) ?? '';
  rec.description = textOrNumber(manifest.description);
  const toolsText = readText(path.join(root, 'tools.yaml'));
  const file = { exists: toolsText !== null, file: path.join(root, 'tools.yaml'), bindings: new Map<string, ToolBinding>(), problems: [] as string[] };
  if (toolsText !== null) parseBindingsText(toolsText, rel('tools.yaml'), file);
  else if (manifest.entrypoints && typeof manifest.entrypoints === 'object') {
    for (const [tool, raw] of Object.entries(manifest.entrypoints as Record<string, unknown>)) file.bindings.set(tool, toBinding(tool, raw, rel('pack.yaml')));
  }
  rec.bindings = file.bindings;
  rec.problems.push(...file.problems);
  rec.capabilities = readCapabilities(path.join(root, 'capabilities.yaml'));
  rec.verified = isVerified(root, rec, manifestText, toolsText);
  if (source === 'installed_pack') rec.enabled = !config.disabledPacks.includes(rec.id) && config.enabledPacks.includes(rec.id);
  return rec;
}

/** `verification.json` says `verified` for this very pack: same id, version and digest as the files now. */
function isVerified(root: string, rec: PackRecord, manifestText: string, toolsText: string | null): boolean {
  const raw = readText(path.join(root, 'verification.json'));
  if (raw === null) return false;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (v.verified !== true || v.digest !== packDigest(manifestText, toolsText)) return false;
    if (v.pack_id && v.pack_id !== rec.id) return false;
    if (v.version && v.version !== rec.version) return false;
    return true;
  } catch {
    return false;
  }
}

/** namel3ss's pack digest: pack.yaml without its signing fields, then tools.yaml, each normalised. */
export function packDigest(manifestText: string, toolsText: string | null): string {
  let text = normalize(stripSigning(manifestText));
  if (toolsText !== null) text = `${text}\n${normalize(toolsText)}`;
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

function normalize(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(/\r/g, '\n').split('\n').map((l) => l.replace(/\s+$/, '')).join('\n').trim();
}

function stripSigning(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .filter((raw) => {
      const t = raw.trim();
      if (!t || t.startsWith('#') || raw.trimStart() !== raw || !t.includes(':')) return true;
      return !['signer_id', 'signed_at', 'digest'].includes(t.split(':')[0].trim());
    })
    .join('\n');
}

function readCapabilities(file: string): Map<string, PackCapabilities> {
  const out = new Map<string, PackCapabilities>();
  const text = readText(file);
  if (text === null) return out;
  try {
    const doc = YAML.parse(text) as { capabilities?: Record<string, Record<string, unknown>> };
    for (const [tool, c] of Object.entries(doc?.capabilities ?? {})) {
      out.set(tool, { filesystem: textOrNumber(c?.filesystem) ?? 'none', network: textOrNumber(c?.network) ?? 'none', env: textOrNumber(c?.env) ?? 'none', subprocess: textOrNumber(c?.subprocess) ?? 'none' });
    }
  } catch {
    // an unreadable capabilities.yaml declares nothing: the pack's tools get the strictest guarantees
  }
  return out;
}

/** The guarantees a pack's capability levels imply (namel3ss: a level of "none" forbids it). */
export function guaranteesOf(c: PackCapabilities | undefined): Partial<Record<Guarantee, boolean>> {
  const caps = c ?? NONE;
  return {
    no_filesystem_write: caps.filesystem === 'none' || caps.filesystem === 'read',
    no_filesystem_read: caps.filesystem === 'none',
    no_network: caps.network === 'none',
    no_subprocess: caps.subprocess === 'none',
    no_env_read: caps.env === 'none',
    no_env_write: caps.env === 'none' || caps.env === 'read',
  };
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Trimmed text, or a number written as text (a pack's `version: 1`). */
function textOrNumber(v: unknown): string | undefined {
  return typeof v === 'number' ? String(v) : trimmed(v);
}
