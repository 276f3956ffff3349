/**
 * Keeps the skills' history on disk bounded: the files in <home>/skills/<skill>/logs/ and messages/ (one
 * of each per session) are removed oldest first when older than the skill's `maxDays`, while the skill's
 * history is over its `maxMb`, and while all skills' history together is over TOTAL_HISTORY_MB.
 * Runs when a workbench opens a home and when a skill's runtime starts.
 *
 * Never removed: the files of sessions running in this process (`holdHistory`), anything that is not a
 * plain file (links are not followed), and recordings (<home>/recordings/, made on purpose, not history).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_HISTORY, TOTAL_HISTORY_MB, type HistoryRetention } from '../contract';
import { homeLayout } from '../host/workbench-home';
import { readSettings } from './skill-settings';
const MB = 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;
const HISTORY_DIRS = ['logs', 'messages'];

/** Files of sessions still running in this process, which pruning leaves alone. */
const held = new Set<string>();

/** Marks a running session's files as not to be pruned; returns the release. */
export function holdHistory(files: string[]): () => void {
  const abs = files.map((f) => path.resolve(f));
  for (const f of abs) held.add(f);
  return () => abs.forEach((f) => held.delete(f));
}

/** One session: its log and its message file share a name (the session's start), and go together. */
interface HistoryFile {
  files: string[];
  skill: string;
  size: number;
  mtimeMs: number;
}

export interface PruneResult {
  removed: string[];
  freedBytes: number;
}

export interface PruneOptions {
  /** A skill folder's limits (from its settings); the defaults when absent. */
  limitsOf?: (skillDir: string) => HistoryRetention | undefined;
  totalMb?: number;
  now?: number;
}

export function pruneHistory(home: string, opts: PruneOptions = {}): PruneResult {
  const now = opts.now ?? Date.now();
  const files = listHistory(homeLayout(home).skillsDir).sort((a, b) => a.mtimeMs - b.mtimeMs);
  const limits = new Map<string, HistoryRetention>();
  const limitOf = (skill: string) => {
    let l = limits.get(skill);
    if (!l) limits.set(skill, (l = opts.limitsOf?.(skill) ?? DEFAULT_HISTORY));
    return l;
  };
  const result: PruneResult = { removed: [], freedBytes: 0 };
  const perSkill = new Map<string, number>();
  let total = 0;
  for (const f of files) {
    perSkill.set(f.skill, (perSkill.get(f.skill) ?? 0) + f.size);
    total += f.size;
  }
  const remove = (f: HistoryFile): void => {
    for (const file of f.files) {
      let size: number;
      try {
        size = fs.lstatSync(file).size;
        fs.rmSync(file);
      } catch {
        continue; // gone already, or not ours to remove: leave it
      }
      result.removed.push(file);
      result.freedBytes += size;
      perSkill.set(f.skill, perSkill.get(f.skill)! - size);
      total -= size;
    }
  };
  const candidates = files.filter((f) => !f.files.some((file) => held.has(file)));
  const left: HistoryFile[] = [];
  // Oldest first: too old, then over the skill's size, then over the total.
  for (const f of candidates) {
    const l = limitOf(f.skill);
    if (now - f.mtimeMs > l.maxDays * DAY || perSkill.get(f.skill)! > l.maxMb * MB) remove(f);
    else left.push(f);
  }
  const totalMax = (opts.totalMb ?? TOTAL_HISTORY_MB) * MB;
  for (const f of left) {
    if (total <= totalMax) break;
    remove(f);
  }
  return result;
}

/** Prunes with each skill's saved limits; never throws (a failed prune only leaves more history). */
export function pruneHomeHistory(home: string, log?: (line: string) => void): PruneResult {
  try {
    const r = pruneHistory(home, { limitsOf: (dir) => readSettings(dir).history });
    if (r.removed.length) {
      log?.(`History: removed ${r.removed.length} old session file(s), ${(r.freedBytes / MB).toFixed(1)} MB, to stay within the history limits.`);
    }
    return r;
  } catch (err) {
    log?.(`History: could not prune old sessions: ${(err as Error).message}`);
    return { removed: [], freedBytes: 0 };
  }
}

function listHistory(skillsDir: string): HistoryFile[] {
  const out: HistoryFile[] = [];
  for (const skill of readDir(skillsDir)) {
    const skillDir = path.join(skillsDir, skill);
    const sessions = new Map<string, HistoryFile>();
    for (const sub of HISTORY_DIRS) {
      const dir = path.join(skillDir, sub);
      for (const name of readDir(dir)) {
        const file = path.join(dir, name);
        try {
          const st = fs.lstatSync(file);
          if (!st.isFile()) continue;
          // A long log's parts (<stem>.part-0003.log) belong to its session.
          const stem = name.replace(/(\.part-\d+)?\.[^.]*$/, '');
          const s = sessions.get(stem) ?? { files: [], skill: skillDir, size: 0, mtimeMs: 0 };
          s.files.push(file);
          s.size += st.size;
          s.mtimeMs = Math.max(s.mtimeMs, st.mtimeMs);
          sessions.set(stem, s);
        } catch {
          /* removed meanwhile */
        }
      }
    }
    out.push(...sessions.values());
  }
  return out;
}

function readDir(dir: string): string[] {
  try {
    if (fs.lstatSync(dir).isSymbolicLink()) return [];
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
