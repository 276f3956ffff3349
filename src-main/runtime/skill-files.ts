/**
 * A skill's own files: what its author wrote, not its dependencies, caches, runtime data or version
 * control. Shared by the doctor (secret scan, syntax check) and the hot-reload poller, so "the skill's
 * files" means the same thing everywhere.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Folders that never hold the skill's own source, at any depth. */
export const DEPENDENCY_DIRS = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  '.venv',
  'venv',
  '__pycache__',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  '.tox',
  '.skillbench',
]);

/** Folders skipped only at the top of the skill: `data/` is where the original runtime kept a skill's files. */
export const TOP_LEVEL_DATA_DIRS = new Set(['data']);

export interface WalkOptions {
  /** Stop after this many files (a guard against a skill folder that is really a home directory). */
  maxFiles?: number;
  /** Extra test on a path relative to the skill folder (posix separators); true skips it. */
  skip?: (rel: string, isDir: boolean) => boolean;
}

export interface SkillFile {
  /** Absolute path. */
  abs: string;
  /** Relative to the skill folder, with `/` separators. */
  rel: string;
}

/** True when a relative path (posix separators) lies in a folder that is not the skill's own source. */
export function inSkippedDir(rel: string): boolean {
  const parts = rel.split('/');
  if (parts.length > 1 && TOP_LEVEL_DATA_DIRS.has(parts[0])) return true;
  return parts.slice(0, -1).some((p) => DEPENDENCY_DIRS.has(p));
}

/** Every file of the skill, in a stable order. Symbolic links are not followed (they may point anywhere). */
export function skillFiles(dir: string, opts: WalkOptions = {}): SkillFile[] {
  const max = opts.maxFiles ?? 5000;
  const out: SkillFile[] = [];
  const walk = (abs: string, rel: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (out.length >= max) return;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (DEPENDENCY_DIRS.has(e.name) || (depth === 0 && TOP_LEVEL_DATA_DIRS.has(e.name))) continue;
        if (opts.skip?.(r, true)) continue;
        if (depth < 12) walk(path.join(abs, e.name), r, depth + 1);
      } else if (e.isFile() && !opts.skip?.(r, false)) {
        out.push({ abs: path.join(abs, e.name), rel: r });
      }
    }
  };
  walk(path.resolve(dir), '', 0);
  return out;
}

/** `a/b.py` whatever the platform, relative to `dir`. */
export function relPath(dir: string, file: string): string {
  return path.relative(dir, file).split(path.sep).join('/');
}

/** Each file with its text, leaving out any that cannot be read now (removed meanwhile, not readable). */
export function* withText<F extends { abs: string }>(files: F[]): Generator<[F, string]> {
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(file.abs, 'utf8');
    } catch {
      continue;
    }
    yield [file, text];
  }
}
