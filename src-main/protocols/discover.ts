/**
 * Finding skills: below a folder (recursively, skipping dependency and VCS folders), or at one path the
 * user named (a skill folder, an agent folder, a namel3ss app, or a script). Nothing is run here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Protocol, SkillRef } from '../contract';
import { SkillError } from '../engine/errors';
import { protocolModule, protocolModules } from './registry';

const SKIP = new Set(['node_modules', '.venv', 'venv', '.git', '__pycache__', '.mypy_cache', '.pytest_cache', 'dist', 'out']);
const MAX_DEPTH = 8;

export interface DiscoverOptions {
  protocol?: Protocol;
}

/** The skills a single folder is, without looking below it. */
export function detectDir(dir: string, root: string, opts: DiscoverOptions = {}): SkillRef[] {
  const mods = opts.protocol ? [protocolModule(opts.protocol)] : protocolModules();
  for (const m of mods) {
    const found = m.detect(dir, root);
    if (found.length) return found;
  }
  return [];
}

/** Every skill under `root`, in a stable order. */
export function discover(root: string, opts: DiscoverOptions = {}): SkillRef[] {
  const abs = path.resolve(root);
  const out: SkillRef[] = [];
  walk(abs, abs, 0, out, opts);
  return out;
}

function walk(dir: string, root: string, depth: number, out: SkillRef[], opts: DiscoverOptions): void {
  const here = detectDir(dir, root, opts);
  let skip: Set<string> | null = null;
  if (here.length) {
    out.push(...here);
    // Most skills own their whole folder; a protocol whose apps nest (namel3ss) says so.
    const m = protocolModule(here[0].protocol);
    if (!m.walkInside) return;
    skip = new Set(m.ownFolders ?? []);
  }
  if (depth >= MAX_DEPTH) return;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (!e.isDirectory() || SKIP.has(e.name) || skip?.has(e.name)) continue;
    // Hidden folders hold no skills, except `.claude` where action skills live.
    if (e.name.startsWith('.') && e.name !== '.claude') continue;
    walk(path.join(dir, e.name), root, depth + 1, out, opts);
  }
}

/**
 * The one skill a user named: `target` may be a skill folder, a folder holding several (then `skill`
 * picks one by name or id), or a script.
 */
export function resolveSkill(target: string, opts: DiscoverOptions & { skill?: string } = {}): SkillRef {
  const abs = path.resolve(target);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    throw new SkillError('NOT_FOUND', `No such file or folder: ${target}`);
  }
  let found: SkillRef[];
  if (stat.isFile()) {
    found = [];
    const mods = opts.protocol ? [protocolModule(opts.protocol)] : protocolModules();
    for (const m of mods) {
      found = m.detectFile?.(abs, path.dirname(abs)) ?? [];
      if (found.length) break;
    }
    if (!found.length) found = detectDir(path.dirname(abs), path.dirname(abs), opts).filter((r) => !r.entry || r.entry === abs);
  } else {
    found = detectDir(abs, path.dirname(abs), opts);
    if (!found.length) found = discover(abs, opts);
  }
  if (!found.length) {
    throw new SkillError(
      'NOT_FOUND',
      `No skill found at ${target}. A skill is a folder with manifest.json (runtime "subprocess") or skill.py, an agent folder with agent.yaml, a namel3ss app with .ai files, or an action script.`,
    );
  }
  if (opts.skill) {
    const want = opts.skill;
    const match = found.filter((r) => r.name === want || r.id === want || r.id.endsWith(`#${want}`) || r.id.endsWith(`/${want}`));
    if (match.length === 1) return match[0];
    throw new SkillError('NOT_FOUND', `No skill named "${want}" at ${target}. Found: ${found.map((r) => r.name).join(', ')}.`);
  }
  if (found.length > 1) {
    throw new SkillError('NOT_FOUND', `${target} holds ${found.length} skills (${found.map((r) => r.name).join(', ')}): pick one with --skill NAME.`);
  }
  return found[0];
}
