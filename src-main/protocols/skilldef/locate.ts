/**
 * Where a SkillDefinition skill lives and how the original host would have run it: on our bundled SDK
 * (a folder with skill.py imported by path, or a package-shaped skill, `__main__.py` with relative imports,
 * imported as the package `skills.<id>` wherever it sits), or on the SDK its repository brings
 * (`dev/runtime/server.py` at the root), either as `python -m skills.<id>` (a package with __main__.py) or by
 * importing its entry with the root on the path. And which Python runs it: a `.venv` in the skill's folder,
 * then in its repository's, as the real host does; else SKILLBENCH_PYTHON or python3.
 */
import fs from 'node:fs';
import path from 'node:path';
import { nonBlank } from '../../common/values';
import { isFile, readJson } from '../refs';

export interface SkillDefManifest {
  id?: string;
  name?: string;
  version?: string;
  description?: string;
  entry: string;
  tickIntervalMs?: number;
  setupRequired: boolean;
  /** The manifest says whether setup is required (`setup.required` present), rather than leaving it to the skill. */
  setupStated: boolean;
  setupLabel?: string;
  env: string[];
  raw: Record<string, unknown>;
}

export type LaunchMode =
  | { kind: 'bundled-sdk' }
  | { kind: 'bundled-package'; module: string }
  | { kind: 'repo-module'; root: string; module: string }
  | { kind: 'repo-entry'; root: string };

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function readSkillDefManifest(dir: string): SkillDefManifest | null {
  const m = (readJson(path.join(dir, 'manifest.json')) as Record<string, unknown> | undefined) ?? {};
  const runtime = m.runtime;
  // A subprocess manifest belongs to the other JSON-RPC protocol, a QuickJS one to protocols/quickjs.
  if (runtime && typeof runtime === 'object' && (runtime as { type?: unknown }).type === 'subprocess') return null;
  if (runtime === 'quickjs') return null;
  const entry = typeof m.entry === 'string' && m.entry ? m.entry : 'skill.py';
  const hasEntry = isFile(path.join(dir, entry));
  // A package with __main__.py is a skill in a skills repository, or when it has the usual skill.py beside it.
  const hasMain = isFile(path.join(dir, '__main__.py')) && (!!sdkRootOf(dir) || isFile(path.join(dir, 'skill.py')));
  if (!hasEntry && !hasMain) return null;
  if (!hasEntry && runtime !== 'python' && !hasMain) return null;
  const setup = (m.setup ?? {}) as { required?: unknown; label?: unknown };
  return {
    id: nonBlank(m.id),
    name: nonBlank(m.name),
    version: nonBlank(m.version),
    description: nonBlank(m.description),
    entry,
    tickIntervalMs: typeof m.tick_interval === 'number' ? m.tick_interval : undefined,
    setupRequired: setup.required === true,
    setupStated: typeof setup.required === 'boolean',
    setupLabel: nonBlank(setup.label),
    env: Array.isArray(m.env) ? m.env.map(String) : [],
    raw: m,
  };
}

/** The repository root above `dir` that brings its own SDK (`<root>/dev/runtime/server.py`), if any. */
export function sdkRootOf(dir: string): string | null {
  let d = path.dirname(dir);
  for (let i = 0; i < 3; i++) {
    if (isFile(path.join(d, 'dev', 'runtime', 'server.py'))) return d;
    const up = path.dirname(d);
    if (up === d) break;
    d = up;
  }
  return null;
}

export function launchMode(dir: string): LaunchMode {
  const root = sdkRootOf(dir);
  if (!root) return isPackage(dir) ? { kind: 'bundled-package', module: packageName(dir) } : { kind: 'bundled-sdk' };
  const rel = path.relative(root, dir).split(path.sep);
  if (isFile(path.join(dir, '__main__.py')) && rel.every((p) => IDENT.test(p))) return { kind: 'repo-module', root, module: rel.join('.') };
  return { kind: 'repo-entry', root };
}

/** A package-shaped skill: `__main__.py` or `__init__.py` in its folder, so its modules import each other relatively. */
export function isPackage(dir: string): boolean {
  return isFile(path.join(dir, '__main__.py')) || isFile(path.join(dir, '__init__.py'));
}

/** `skills.<folder>`, the folder made an identifier: the name the original host imported it under. */
export function packageName(dir: string): string {
  let id = path.basename(dir).replace(/[^A-Za-z0-9_]/g, '_');
  if (!/^[A-Za-z_]/.test(id)) id = `_${id}`;
  return `skills.${id}`;
}

/** The repository the skill sits in: the root with its own SDK, else the nearest folder above with `.git`. */
export function repositoryRoot(dir: string): string | null {
  const sdk = sdkRootOf(dir);
  if (sdk) return sdk;
  let d = dir;
  for (let i = 0; i < 5; i++) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    const up = path.dirname(d);
    if (up === d) break;
    d = up;
  }
  return null;
}

/** A virtual environment in one of these folders, the first found. */
export function venvPython(...dirs: (string | null | undefined)[]): string | null {
  for (const d of dirs) {
    if (!d) continue;
    const p = process.platform === 'win32' ? path.join(d, '.venv', 'Scripts', 'python.exe') : path.join(d, '.venv', 'bin', 'python');
    if (fs.existsSync(p)) return p;
  }
  return null;
}

/** The skill's own interpreter, as the real host picks it: a `.venv` in the skill's folder, then in its repository's. */
export function skillVenv(dir: string): string | null {
  return venvPython(dir, repositoryRoot(dir));
}

