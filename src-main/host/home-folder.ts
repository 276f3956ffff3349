/**
 * Getting the home ready when a process starts using it: made owner-only (700) if it was not, and the
 * temp files that writers killed mid-write left behind (see atomic-write.ts) removed. Only files of our
 * own naming are touched, and only once nobody can still be writing them: their writer is dead, or they
 * are over a minute old. Done once per home per process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { tempWriterPid } from './atomic-write';
import { PRIVATE_DIR } from './workbench-home';

/** Older than this, a temp file is stale whoever wrote it (a write takes milliseconds). */
export const STALE_TEMP_MS = 60_000;
/** The home's layout is a few levels deep; data folders are flat. */
const MAX_WALK_DEPTH = 6;

const prepared = new Set<string>();

export interface PreparedHome {
  /** Temp files removed. */
  removed: string[];
}

export function prepareHome(home: string, now = Date.now()): PreparedHome {
  const dir = path.resolve(home);
  if (prepared.has(dir)) return { removed: [] };
  prepared.add(dir);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
    tighten(dir);
  } catch {
    // A home that cannot be made fails later, where it is used, with a clearer message.
    return { removed: [] };
  }
  const removed: string[] = [];
  sweep(dir, 0, now, removed);
  return { removed };
}

/** A home made by an earlier version (755) becomes owner-only, if it is ours to change. */
function tighten(dir: string): void {
  if (process.platform === 'win32') return;
  const st = fs.statSync(dir);
  if ((st.mode & 0o077) === 0 || (process.getuid && st.uid !== process.getuid())) return;
  fs.chmodSync(dir, PRIVATE_DIR);
}

function sweep(dir: string, depth: number, now: number, removed: string[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    // Links are never followed: a data folder may hold one that leads anywhere.
    if (e.isDirectory()) {
      if (depth < MAX_WALK_DEPTH) sweep(p, depth + 1, now, removed);
      continue;
    }
    if (!e.isFile()) continue;
    const pid = tempWriterPid(e.name);
    if (pid === null || pid === process.pid) continue;
    try {
      if (!alive(pid) || now - fs.lstatSync(p).mtimeMs > STALE_TEMP_MS) {
        fs.rmSync(p, { force: true });
        removed.push(p);
      }
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
