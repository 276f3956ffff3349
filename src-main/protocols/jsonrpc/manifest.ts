/** Reading a subprocess JSON-RPC skill's manifest.json and SKILL.md (name and description only). */
import fs from 'node:fs';
import path from 'node:path';
import { nonBlank } from '../../common/values';

export interface SubprocessManifest {
  name?: string;
  description?: string;
  version?: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  tickIntervalMs?: number;
  /** Why manifest.json is not JSON, where its text still names the subprocess runtime: the skill cannot start. */
  broken?: string;
}

/**
 * The manifest when it declares `runtime.type: "subprocess"`, else null. One broken by a typo but still naming
 * that runtime is this kind's too, with what is wrong (`broken`): taken for another kind, its skill.py would be
 * blamed for what the manifest got wrong.
 */
export function readSubprocessManifest(dir: string): SubprocessManifest | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8');
  } catch {
    return null;
  }
  let m: Record<string, unknown> | undefined;
  try {
    m = JSON.parse(text) as Record<string, unknown>;
  } catch (err) {
    if (!/"type"\s*:\s*"subprocess"/.test(text)) return null;
    return { ...readSkillMd(dir), command: 'python3', args: [], env: {}, broken: (err as Error).message };
  }
  const runtime = m?.runtime as Record<string, unknown> | undefined;
  if (!m || !runtime || typeof runtime !== 'object' || runtime.type !== 'subprocess') return null;
  const env: Record<string, string> = {};
  if (runtime.env && typeof runtime.env === 'object' && !Array.isArray(runtime.env)) {
    for (const [k, v] of Object.entries(runtime.env)) env[k] = String(v);
  }
  const md = readSkillMd(dir);
  return {
    name: nonBlank(m.name) ?? md.name,
    description: nonBlank(m.description) ?? md.description,
    version: nonBlank(m.version),
    command: nonBlank(runtime.command) ?? 'python3',
    args: Array.isArray(runtime.args) ? runtime.args.map(String) : ['skill.py'],
    env,
    tickIntervalMs: typeof m.tick_interval === 'number' ? m.tick_interval : undefined,
  };
}

/** Name and description from SKILL.md front matter, or its first heading and paragraph. */
export function readSkillMd(dir: string): { name?: string; description?: string } {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, 'SKILL.md'), 'utf8');
  } catch {
    return {};
  }
  const fm = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (fm) {
    const name = /^name:\s*(.+)$/m.exec(fm[1])?.[1]?.trim();
    const description = /^description:\s*(.+)$/m.exec(fm[1])?.[1]?.trim();
    if (name || description) return { name: unquote(name), description: unquote(description) };
  }
  const heading = /^#\s+(.+)$/m.exec(text)?.[1]?.trim();
  const para = text
    .replace(/^---[\s\S]*?---/, '')
    .split(/\r?\n\r?\n/)
    .map((p) => p.trim())
    .find((p) => p && !p.startsWith('#') && !p.startsWith('>'));
  return { name: heading, description: para?.split(/\r?\n/).join(' ') };
}

function unquote(s?: string): string | undefined {
  return s?.replace(/^["']|["']$/g, '');
}
