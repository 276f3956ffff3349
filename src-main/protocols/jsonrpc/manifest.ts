/** Reading a subprocess JSON-RPC skill's manifest.json and SKILL.md (name and description only). */
import fs from 'node:fs';
import path from 'node:path';
import { readJson } from '../refs';
import { nonBlank } from '../../common/values';

export interface SubprocessManifest {
  name?: string;
  description?: string;
  version?: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  tickIntervalMs?: number;
}

/** The manifest when it declares `runtime.type: "subprocess"`, else null. */
export function readSubprocessManifest(dir: string): SubprocessManifest | null {
  const m = readJson(path.join(dir, 'manifest.json')) as Record<string, unknown> | undefined;
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
