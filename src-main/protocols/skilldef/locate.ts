/**
 * Where a SkillDefinition skill lives and how the original host would have run it: on our bundled SDK
 * (a folder with skill.py), or on the SDK its repository brings (`dev/runtime/server.py` at the root),
 * either as `python -m skills.<id>` (a package with __main__.py) or by importing its entry with the root on the path.
 */
import fs from 'node:fs';
import path from 'node:path';
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
  | { kind: 'repo-module'; root: string; module: string }
  | { kind: 'repo-entry'; root: string };

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function readSkillDefManifest(dir: string): SkillDefManifest | null {
  const m = (readJson(path.join(dir, 'manifest.json')) as Record<string, unknown> | undefined) ?? {};
  const runtime = m.runtime;
  // A subprocess manifest belongs to the other JSON-RPC protocol.
  if (runtime && typeof runtime === 'object' && (runtime as { type?: unknown }).type === 'subprocess') return null;
  const entry = typeof m.entry === 'string' && m.entry ? m.entry : 'skill.py';
  const hasEntry = isFile(path.join(dir, entry));
  const hasMain = isFile(path.join(dir, '__main__.py')) && !!sdkRootOf(dir);
  if (!hasEntry && !hasMain) return null;
  if (!hasEntry && runtime !== 'python' && !hasMain) return null;
  const setup = (m.setup ?? {}) as { required?: unknown; label?: unknown };
  return {
    id: str(m.id),
    name: str(m.name),
    version: str(m.version),
    description: str(m.description),
    entry,
    tickIntervalMs: typeof m.tick_interval === 'number' ? m.tick_interval : undefined,
    setupRequired: setup.required === true,
    setupStated: typeof setup.required === 'boolean',
    setupLabel: str(setup.label),
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
  if (!root) return { kind: 'bundled-sdk' };
  const rel = path.relative(root, dir).split(path.sep);
  if (isFile(path.join(dir, '__main__.py')) && rel.every((p) => IDENT.test(p))) return { kind: 'repo-module', root, module: rel.join('.') };
  return { kind: 'repo-entry', root };
}

/** A virtual environment beside the skill or at its repository root. */
export function venvPython(...dirs: string[]): string | null {
  for (const d of dirs) {
    const p = process.platform === 'win32' ? path.join(d, '.venv', 'Scripts', 'python.exe') : path.join(d, '.venv', 'bin', 'python');
    if (fs.existsSync(p)) return p;
  }
  return null;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v : undefined;
}
