/**
 * A real full disk for tests: a small tmpfs, mounted where this process may mount one (root on Linux: CI
 * and this machine), and a filler file that takes all its room but a few bytes until it is freed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NO_SMALL_DISK = 'needs root on Linux to mount a small tmpfs as a full disk';

/** Mounts a tmpfs of `size` (e.g. "256k") on a new folder; null where this process may not mount one. */
export function mountSmallDisk(size: string): string | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    fs.rmdirSync(dir);
    return null;
  }
}

export function unmountSmallDisk(dir: string): void {
  execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Fills the disk to the last `leave` bytes with a file that `free()` removes. */
export function fillDisk(dir: string, leave: number): { free(): void } {
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'w');
  const block = Buffer.alloc(4096, 1);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch {
    // full
  }
  fs.closeSync(fd);
  fs.truncateSync(filler, Math.max(0, fs.statSync(filler).size - leave));
  return { free: () => fs.rmSync(filler) };
}
