/**
 * Files that are either the old version or the new one, never half of each: write a temp file in the same
 * folder, fsync it, rename it over the target (atomic on one file system), then fsync the folder so the
 * rename itself survives a power cut. Also: reading JSON that may be missing or corrupt, and a writer that
 * coalesces bursts of saves into one write at a time, in order.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface WriteOptions {
  /** Exact permission bits for the file (applied with chmod, so the umask cannot widen or narrow them). */
  mode?: number;
}

export interface AsyncWriteOptions extends WriteOptions {
  /** Checks the temp file just opened (where it really is); throwing abandons the write. */
  verify?: (handle: fs.promises.FileHandle, tmp: string) => Promise<void>;
}

const TEMP_MARK = '.tmp-';

/** Temp files are hidden and marked so listings can skip the leftovers of a crash. */
function tempName(file: string): string {
  const rand = crypto.randomBytes(4).toString('hex');
  return path.join(path.dirname(file), `.${path.basename(file)}${TEMP_MARK}${process.pid}-${rand}`);
}

export function isTempFile(name: string): boolean {
  return /^\..+\.tmp-\d+-[0-9a-f]{8}$/.test(name);
}

/**
 * The pid of the process that was writing a temp file of ours (ours: hidden and marked as above, or the
 * secret key's own `secret.key.tmp-<pid>-<hex>`), or null for any other name.
 */
export function tempWriterPid(name: string): number | null {
  const m = /\.tmp-(\d+)-[0-9a-f]{8}$/.exec(name);
  if (!m || !(isTempFile(name) || name.startsWith('secret.key.tmp-'))) return null;
  return Number(m[1]);
}

// Windows refuses to rename over a file another process (an indexer, an antivirus) has open for a moment.
const RETRYABLE = new Set(['EPERM', 'EACCES', 'EBUSY']);
const isWin = process.platform === 'win32';

export async function writeFileAtomic(file: string, data: string | Uint8Array, opts: AsyncWriteOptions = {}): Promise<void> {
  const tmp = tempName(file);
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(tmp, 'wx', opts.mode ?? 0o666);
    if (opts.verify) await opts.verify(handle, tmp);
    if (opts.mode !== undefined) await handle.chmod(opts.mode);
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        await fs.promises.rename(tmp, file);
        break;
      } catch (err) {
        if (!isWin || attempt >= 5 || !RETRYABLE.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
        await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
      }
    }
  } catch (err) {
    await handle?.close().catch(() => undefined);
    await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
  await syncDir(path.dirname(file));
}

export function writeFileAtomicSync(file: string, data: string | Uint8Array, opts: WriteOptions = {}): void {
  const tmp = tempName(file);
  let fd: number | undefined;
  try {
    fd = fs.openSync(tmp, 'wx', opts.mode ?? 0o666);
    if (opts.mode !== undefined) fs.fchmodSync(fd, opts.mode);
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(tmp, file);
  } catch (err) {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        /* already failing */
      }
    }
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  syncDirSync(path.dirname(file));
}

/**
 * A file written a line at a time that appears only once complete (a long run's results): the lines go to a
 * temp file as they come, so memory holds none of them, and `commit` renames it into place.
 */
export class AtomicLineWriter {
  private fd: number | undefined;
  private readonly tmp: string;

  constructor(readonly file: string) {
    this.tmp = tempName(file);
    this.fd = fs.openSync(this.tmp, 'wx', 0o666);
  }

  line(text: string): void {
    if (this.fd === undefined) throw new Error(`${this.file} is already closed.`);
    fs.writeFileSync(this.fd, text + '\n');
  }

  commit(): void {
    if (this.fd === undefined) return;
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
    this.fd = undefined;
    fs.renameSync(this.tmp, this.file);
    syncDirSync(path.dirname(this.file));
  }

  /** Drops what was written: the target is left as it was. */
  abandon(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
    fs.rmSync(this.tmp, { force: true });
  }
}

// Folders cannot be opened for fsync on Windows; there the rename is as durable as the OS makes it.
async function syncDir(dir: string): Promise<void> {
  if (isWin) return;
  try {
    const h = await fs.promises.open(dir, 'r');
    await h.sync().finally(() => h.close());
  } catch {
    /* best effort: some file systems refuse fsync on folders */
  }
}

function syncDirSync(dir: string): void {
  if (isWin) return;
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* best effort */
  }
}

/** A JSON file that could not be used; the original bytes were moved to `keptAs`, never deleted. */
export class CorruptFileError extends Error {
  constructor(
    readonly file: string,
    readonly keptAs: string,
    readonly reason: string,
  ) {
    super(
      `${file} could not be read (${reason}). It was kept aside as ${path.basename(keptAs)} in the same folder, ` +
        'so nothing is lost, and the workbench starts again from an empty one.',
    );
    this.name = 'CorruptFileError';
  }
}

export interface ReadJsonOptions {
  /** Returns why a parsed value is unusable (wrong shape), or null when it is fine. */
  check?: (value: unknown) => string | null;
  /** Receives the report and lets the read return the fallback; without it the report is thrown. */
  onCorrupt?: (err: CorruptFileError) => void;
}

/**
 * Reads a JSON file: a missing file gives `fallback`; an unparsable or wrongly shaped one is renamed to
 * `<name>.corrupt-<time>` and reported. Other read errors (permissions, a folder in the way) are thrown
 * as they are, since moving the file aside would not help.
 */
export function readJsonFile<T>(file: string, fallback: T, opts: ReadJsonOptions = {}): T {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    throw err;
  }
  let reason: string | null;
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    reason = opts.check ? opts.check(value) : null;
  } catch (err) {
    reason = text.trim() === '' ? 'the file is empty' : `it is not valid JSON: ${(err as Error).message}`;
  }
  if (reason === null) return value as T;
  const keptAs = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  // If it cannot be moved aside, stop: carrying on would overwrite the only copy on the next save.
  fs.renameSync(file, keptAs);
  const report = new CorruptFileError(file, keptAs, reason);
  if (!opts.onCorrupt) throw report;
  opts.onCorrupt(report);
  return fallback;
}

/**
 * Saves a value built at write time, one write at a time. Saves asked for while a write runs are merged
 * into the next one, which renders the latest data; every caller's promise settles once a write that
 * started after its request has finished, so an acknowledged change is on disk.
 */
export class CoalescingWriter {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    readonly file: string,
    private readonly render: () => string,
    private readonly opts: WriteOptions & { mkdir?: boolean; dirMode?: number } = {},
  ) {}

  save(): Promise<void> {
    if (this.queued) return this.queued;
    const before = this.running ?? Promise.resolve();
    const next: Promise<void> = before
      .catch(() => undefined)
      .then(async () => {
        this.queued = null;
        this.running = next;
        if (this.opts.mkdir !== false) await fs.promises.mkdir(path.dirname(this.file), { recursive: true, mode: this.opts.dirMode });
        await writeFileAtomic(this.file, this.render(), this.opts);
      })
      .finally(() => {
        if (this.running === next) this.running = null;
      });
    this.queued = next;
    return next;
  }

  /** Waits for every save asked for so far; rejects if the last one failed. */
  async flush(): Promise<void> {
    await (this.queued ?? this.running ?? undefined);
  }
}
