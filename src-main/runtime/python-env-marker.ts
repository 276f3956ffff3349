/**
 * What the workbench's last preparation of a `.venv` came to, kept in the environment itself
 * (`.venv/.skillbench-env.json`, written atomically at each step): so an environment left half made, by a
 * cancel, a failed install or a killed process, is never taken for a ready one, the dependency check says so,
 * and the next run knows it may make it again. Its absence means the environment is not the workbench's.
 *
 * A marker is a file in the folder, so a folder could bring one of its own: each marker also holds the identity of
 * the `.venv` folder it was written in (device, inode, birth time), which a folder copied, cloned or unpacked here
 * cannot know in advance. A marker whose identity is not its folder's is no marker: that `.venv` is not ours.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../host/atomic-write';

export type EnvState = 'creating' | 'installing' | 'ready' | 'failed' | 'cancelled';

export interface EnvMarker {
  state: EnvState;
  /** The interpreter it was made with. */
  python: string;
  installer: 'uv' | 'pip';
  /** The file the requirements came from, and them. */
  file: string;
  requirements: string[];
  /** When this state began (ISO time). */
  at: string;
  /** Whether making the environment itself finished (false: stopped while `venv` made it, so it is made again). */
  made: boolean;
  /** The process preparing it: while it lives, no other starts on the same environment. */
  pid?: number;
  /** The `.venv` folder it was written in: what tells a marker of ours from one that came with the folder. */
  folder?: FolderIdentity;
}

interface FolderIdentity {
  dev: number;
  ino: number;
  birth: number;
}

function identity(venv: string): FolderIdentity {
  const st = fs.statSync(venv, { bigint: false });
  return { dev: st.dev, ino: st.ino, birth: Math.round(st.birthtimeMs) };
}

function sameFolder(a: FolderIdentity | undefined, b: FolderIdentity): boolean {
  return !!a && a.dev === b.dev && a.ino === b.ino && a.birth === b.birth;
}

const NAME = '.skillbench-env.json';
const STATES: EnvState[] = ['creating', 'installing', 'ready', 'failed', 'cancelled'];

export function readEnvMarker(venv: string): EnvMarker | null {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(venv, NAME), 'utf8')) as EnvMarker;
    return m && STATES.includes(m.state) && Array.isArray(m.requirements) && sameFolder(m.folder, identity(venv)) ? m : null;
  } catch {
    return null;
  }
}

export function writeEnvMarker(venv: string, marker: EnvMarker): void {
  writeFileAtomicSync(path.join(venv, NAME), JSON.stringify({ ...marker, pid: process.pid, folder: identity(venv) }, null, 2) + '\n');
}

/** The pid of another process of ours preparing this environment now, or null. */
export function preparedElsewhere(marker: EnvMarker | null): number | null {
  if (!marker || (marker.state !== 'creating' && marker.state !== 'installing') || !marker.pid || marker.pid === process.pid) return null;
  try {
    process.kill(marker.pid, 0);
    return marker.pid;
  } catch (err) {
    // EPERM: it lives, as another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? marker.pid : null;
  }
}

/** Why the environment is not finished, in words ("its making was interrupted"); null when it is (or is not ours). */
export function unfinishedWords(marker: EnvMarker | null): string | null {
  switch (marker?.state) {
    case 'creating':
      return 'it was being made when that stopped';
    case 'installing':
      return 'its packages were being installed when that stopped';
    case 'failed':
      return 'the last installation into it failed';
    case 'cancelled':
      return 'its last preparation was cancelled';
    default:
      return null;
  }
}
