/**
 * The units a QA run is made of, in one stable sorted list, so that shards (shard.ts) can split it and a
 * merge (merge.ts) can tell whether every unit ran exactly once:
 *
 * - a recording is one unit (its calls replay in one skill process, in order);
 * - a collection's request is one unit, so a big collection spreads over shards;
 * - except a collection marked `sequential`, or one whose requests use a variable that neither an environment
 *   nor a secret defines (only an earlier request could set it): that collection is one unit, run whole.
 *
 * A unit's id is its path relative to the folder the run started in (with `/`), and `#<request>` for a
 * request: the same on every CI machine, whatever the checkout's absolute path.
 *
 * An eval's case on one model is a unit too (`<suite file>@<model>#<case>`, eval-run.ts), listed and run by
 * `skillbench eval`; nothing here assumes a unit is a file.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isTempFile } from '../host/atomic-write';
import { placeholdersIn } from './collection-vars';
import { COLLECTION_FILE, loadCollection, type Collection } from './collections';

export type Unit =
  | { kind: 'recording'; id: string; file: string }
  | { kind: 'request'; id: string; collection: string; request: string }
  | { kind: 'collection'; id: string; collection: string; why: 'sequential' | 'shared variables' }
  | { kind: 'eval'; id: string; suite: string; case: string; model: string };

export type UnitKind = Unit['kind'];

/** What a command's units are drawn from: `replay` takes recordings, `run` takes collections. */
export type UnitSource = 'replay' | 'run';

/** Folders a search for recordings or collections never enters. */
const SKIP = new Set(['node_modules', '.git', '.venv', 'venv', '__pycache__']);
const MAX_DEPTH = 8;
/** A shard's results (blob.ts) are JSON Lines too, but never a recording to replay. */
export const BLOB_SUFFIX = '.blob.jsonl';

/** The units under the paths given (files or folders), sorted by id, each once. */
export function listUnits(source: UnitSource, paths: string[], cwd: string): Unit[] {
  const units = new Map<string, Unit>();
  for (const p of paths) {
    const abs = path.resolve(cwd, p);
    const found = source === 'replay' ? recordingUnits(abs, cwd) : collectionUnits(abs, cwd);
    for (const u of found) units.set(u.id, u);
  }
  return [...units.values()].sort((a, b) => compareIds(a.id, b.id));
}

/** Plain code-point order: the same on every machine and locale. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A fingerprint of the whole list: shards of one run agree on it, and a merge checks they do. */
export function unitListHash(units: readonly { id: string }[]): string {
  const h = createHash('sha256');
  for (const u of units) h.update(u.id).update('\0');
  return `sha256:${h.digest('hex').slice(0, 32)}`;
}

/** A unit's id for a path: relative to the run's folder where it is inside it, with `/`. */
export function unitIdOf(abs: string, cwd: string): string {
  const rel = path.relative(cwd, abs);
  return (rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs).split(path.sep).join('/');
}

function recordingUnits(abs: string, cwd: string): Unit[] {
  const stat = statOf(abs, 'recording');
  const isRecording = (dir: string, n: string) =>
    n.endsWith('.jsonl') && !n.endsWith(BLOB_SUFFIX) && !isTempFile(n) && !!fs.statSync(path.join(dir, n), { throwIfNoEntry: false })?.isFile();
  const files = stat.isDirectory() ? walk(abs, (dir, names) => names.filter((n) => isRecording(dir, n)).map((n) => path.join(dir, n))) : [abs];
  return files.map((f) => ({ kind: 'recording', id: unitIdOf(f, cwd), file: f }));
}

function collectionUnits(abs: string, cwd: string): Unit[] {
  const stat = statOf(abs, 'collection');
  const dirs = !stat.isDirectory() ? [path.dirname(abs)] : walk(abs, (dir, names) => (names.includes(COLLECTION_FILE) ? [dir] : []));
  if (stat.isDirectory() && !dirs.length) throw new Error(`There is no collection under ${abs} (no folder in it holds a ${COLLECTION_FILE}).`);
  return dirs.flatMap((d) => unitsOfCollection(loadCollection(d), cwd));
}

export function unitsOfCollection(c: Collection, cwd: string): Unit[] {
  const id = unitIdOf(c.dir, cwd);
  const whole = c.sequential ? 'sequential' : setByEarlier(c).length ? 'shared variables' : null;
  if (whole) return [{ kind: 'collection', id, collection: c.dir, why: whole }];
  return c.requests.map((r) => ({ kind: 'request', id: `${id}#${r.name}`, collection: c.dir, request: r.name }));
}

/**
 * Placeholders no environment and no secret defines: only an earlier request could set such a variable, so
 * those requests cannot be split from the ones before them.
 */
export function setByEarlier(c: Collection): string[] {
  const known = new Set([...c.secrets, ...Object.values(c.environments).flatMap((vars) => Object.keys(vars))]);
  const used = new Set<string>();
  for (const r of c.requests) placeholdersIn([r.args, r.assertions], used);
  return [...used].filter((n) => !known.has(n)).sort();
}

function statOf(abs: string, what: string): fs.Stats {
  try {
    return fs.statSync(abs);
  } catch {
    throw new Error(`There is no ${what} or folder at ${abs}.`);
  }
}

/** Depth-first over a folder (names sorted), collecting what `pick` finds in each folder. */
function walk(root: string, pick: (dir: string, names: string[]) => string[], depth = 0): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch {
    return [];
  }
  const names = entries.map((e) => e.name).sort(compareIds);
  const out = pick(root, names);
  if (depth >= MAX_DEPTH) return out;
  for (const e of entries.filter((x) => x.isDirectory() && !SKIP.has(x.name)).sort((a, b) => compareIds(a.name, b.name))) {
    out.push(...walk(path.join(root, e.name), pick, depth + 1));
  }
  return out;
}
