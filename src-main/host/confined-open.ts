/**
 * Opening a file that must lie inside one folder, when someone else (the skill) can change the folder's
 * names at any moment. Checking a path and then opening it leaves a gap in which a file can become a
 * link to anywhere; so the file is opened first, without following a link in its last step (O_NOFOLLOW),
 * and then the open descriptor itself says where it is (its real path on Linux, its identity elsewhere).
 */
import fs from 'node:fs';
import path from 'node:path';

const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
// A FIFO planted under the name must not block the open (and a worker thread with it) forever.
const NONBLOCK = fs.constants.O_NONBLOCK ?? 0;

/** True when `p` is `root` itself or below it (both real paths). */
export function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel !== '' && !rel.startsWith('..' + path.sep) && rel !== '..' && !path.isAbsolute(rel);
}

/** Opens for reading without following a final link: the handle, 'link' when the name is a link, null when absent. */
export async function openNoFollow(file: string): Promise<fs.promises.FileHandle | 'link' | null> {
  try {
    if (!NOFOLLOW && (await fs.promises.lstat(file)).isSymbolicLink()) return 'link';
    return await fs.promises.open(file, fs.constants.O_RDONLY | NOFOLLOW | NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    // Linux and macOS say ELOOP for a link opened with O_NOFOLLOW; the BSDs say EMLINK.
    if (code === 'ELOOP' || code === 'EMLINK') return 'link';
    throw err;
  }
}

/**
 * Whether the open descriptor really is a file inside `root` (a real path). On Linux, from the kernel's
 * own record of it (/proc/self/fd); elsewhere, by comparing its identity with what `expected` names now.
 */
export async function descriptorInside(handle: fs.promises.FileHandle, root: string, expected: string): Promise<boolean> {
  if (process.platform === 'linux') {
    try {
      const where = await fs.promises.readlink(`/proc/self/fd/${handle.fd}`);
      // A file replaced after it was opened reads "<path> (deleted)": still where it was.
      return isInside(root, where.replace(/ \(deleted\)$/, ''));
    } catch {
      // No /proc (a container without it): fall through to the identity check.
    }
  }
  try {
    const [mine, named, dir] = await Promise.all([handle.stat(), fs.promises.lstat(expected), fs.promises.lstat(path.dirname(expected))]);
    return mine.dev === named.dev && mine.ino === named.ino && !dir.isSymbolicLink() && isInside(root, await fs.promises.realpath(expected));
  } catch {
    return false;
  }
}
