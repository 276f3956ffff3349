/**
 * An append-only file that never blocks the event loop and never grows memory without bound. What it keeps
 * (logs, message histories, timelines) is the user's own record: files are made 600 and folders 700.
 * Writes that arrive in the same turn of the event loop go to disk as one write (a busy skill produces
 * thousands of small records a second); `write` reports false when the OS has not caught up, so the
 * producer can pause (see LogSink).
 *
 * A write the disk refuses (a full disk) takes the sink down, not the skill: what comes meanwhile is counted
 * and dropped (memory stays bounded), and every few seconds the sink tries again. When the disk takes writes
 * again, a line notes the gap (what was lost, from when to when), and writing goes on. A line is never left torn:
 * a write the disk takes only part of is cut back to the last whole line at once (a log, a message history), or
 * to where that write began (a durable sink: its records are all in, or none), and so is a gap note.
 *
 * A durable sink (the call history, the timeline: records a window is told of) is written the way recordings
 * are: with one synchronous write, when a window is about to hear anything (`FileSink.syncAll`, run by the
 * event hub's barrier), or else after a short while. A record is then in the kernel's hands before anyone is
 * told of it, and a killed process loses nothing it acknowledged; records nobody is told of yet wait to be
 * written together, out of the calls' way (a busy skill's calls would otherwise cost a write each). Whether a
 * record reached the file can be asked (`mark`, `kept`): a call is not answered ok unless its record did.
 */
import fs from 'node:fs';
import path from 'node:path';

const HIGH_WATER = 1024 * 1024;
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
/** How long records may wait in memory before they are written together. */
const FLUSH_MS = 20;
/** How often a sink the disk refused tries again. */
const RETRY_MS = 2000;
/** How far back from the end a torn line's start is looked for. */
const TAIL_BYTES = 1024 * 1024;

/** What the owner of a file hears of the disk: it started refusing the file's writes, and it takes them again. */
export type DiskHooks = Pick<FileSinkOptions, 'onRefused' | 'onResumed'>;

export interface FileSinkOptions {
  /** The line that notes a gap in this file's own format (default: a JSON line `{"gap": …}`). */
  gapLine?: (lostBytes: number, since: number, until: number) => string;
  /** Told once each time the disk starts refusing this file's writes, with the error it gave. */
  onRefused?: (err: Error) => void;
  /** Told when the disk takes this file's writes again (the gap is noted in the file by then). */
  onResumed?: () => void;
  retryMs?: number;
  /** Written synchronously, by `FileSink.syncAll` before anyone hears of its records, never behind an acknowledgement. */
  durable?: boolean;
}

function jsonGapLine(lostBytes: number, since: number, until: number): string {
  return JSON.stringify({ gap: { lostBytes, from: new Date(since).toISOString(), to: new Date(until).toISOString(), reason: 'the disk refused writes' } }) + '\n';
}

/** Cuts a torn last line (a write the disk refused halfway), so the file ends on a whole line again. */
export function trimTornLine(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r+');
  } catch {
    return; // no file yet: nothing torn
  }
  try {
    const size = fs.fstatSync(fd).size;
    if (size === 0) return;
    const n = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(n);
    fs.readSync(fd, tail, 0, n, size - n);
    const last = tail.lastIndexOf(0x0a);
    if (last === n - 1) return;
    if (last >= 0) fs.ftruncateSync(fd, size - n + last + 1);
    // A line longer than the window: end it rather than cut a megabyte of it.
    else fs.writeSync(fd, '\n', size);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes all of `data` at the file's end (the file descriptor `fd`, opened for appending), or none of it: a disk
 * that takes part of it and refuses the rest has that part cut off again before the error is thrown.
 */
export function appendWhole(fd: number, data: Buffer): void {
  let off = 0;
  try {
    while (off < data.length) off += fs.writeSync(fd, data, off);
  } catch (err) {
    if (off > 0) {
      try {
        fs.ftruncateSync(fd, fs.fstatSync(fd).size - off);
      } catch {
        // Shrinking a file needs no room; should it fail anyway, the next open cuts the torn line (trimTornLine).
      }
    }
    throw err;
  }
}

/** `appendWhole` for a file by name (made `mode` when new). */
export function appendWholeFile(file: string, data: string | Buffer, mode = FILE_MODE): void {
  const fd = fs.openSync(file, 'a', mode);
  try {
    appendWhole(fd, typeof data === 'string' ? Buffer.from(data) : data);
  } finally {
    fs.closeSync(fd);
  }
}

/** Sinks with records still in memory, written synchronously if the process exits before their timer. */
const unflushed = new Set<FileSink>();
/** Durable sinks with records still in memory: `syncAll` writes them. */
const unsynced = new Set<FileSink>();
let exitHook = false;

export class FileSink {
  private stream: fs.WriteStream | null = null;
  /** A durable sink's file, written with writeSync. */
  private fd: number | null = null;
  private failed = false;
  private parts: (string | Uint8Array)[] = [];
  private bytes = 0;
  private scheduled = false;
  /** Producers paused until the OS catches up (`onceDrained`): released by a drain, or by the disk refusing. */
  private drainWaiters: (() => void)[] = [];
  /** Set while the disk refuses writes: since when, and how many bytes were dropped meanwhile. */
  private down: { since: number; lost: number; timer: NodeJS.Timeout | null } | null = null;
  /** Writes taken so far (each `write` is one), and how many of them are settled: in the file, or lost. */
  private taken = 0;
  private settledTo = 0;
  /** The newest runs of writes the disk refused, oldest first (a few: `kept` is asked right after a write settles). */
  private readonly lost: { from: number; to: number }[] = [];

  constructor(
    readonly file: string,
    private readonly opts: FileSinkOptions = {},
  ) {}

  /** True while the disk refuses this file's writes (the sink retries by itself). */
  get refusing(): boolean {
    return this.down !== null;
  }

  write(data: string | Uint8Array): boolean {
    this.taken++;
    if (this.failed) {
      this.lose(this.taken);
      return true;
    }
    if (this.down) {
      this.down.lost += data.length;
      this.lose(this.taken);
      return true;
    }
    this.parts.push(data);
    this.bytes += data.length;
    if (this.bytes >= HIGH_WATER) return this.flushNow();
    if (!this.scheduled) {
      this.scheduled = true;
      // A durable sink's records are written as soon as a window is to hear of them (syncAll), else with the others.
      if (this.opts.durable) unsynced.add(this);
      setTimeout(() => this.flushNow(), FLUSH_MS).unref();
      unflushed.add(this);
      if (!exitHook) {
        exitHook = true;
        process.once('exit', () => {
          for (const sink of unflushed) sink.flushSync();
        });
      }
    }
    return true;
  }

  /** The number of the newest write, to ask `kept` about once it is settled. */
  get mark(): number {
    return this.taken;
  }

  /**
   * A durable sink: whether write number `mark` is in the file (true) or the disk refused it (false); null while
   * it waits in memory (`syncAll` settles it).
   */
  kept(mark: number): boolean | null {
    if (mark > this.settledTo) return null;
    return !this.lost.some((run) => mark >= run.from && mark <= run.to);
  }

  /** Writes up to number `to` are lost (since the last settled one). */
  private lose(to: number): void {
    const from = this.settledTo + 1;
    const last = this.lost[this.lost.length - 1];
    if (last && last.to + 1 >= from) last.to = to;
    else if (this.lost.push({ from, to }) > 8) this.lost.shift();
    this.settledTo = to;
  }

  /** Puts every durable sink's records in the kernel's hands: before a window is told anything. */
  static syncAll(): void {
    for (const sink of unsynced) sink.flushNow();
  }

  /** Last resort at exit: append what is still in memory, bypassing the stream. */
  flushSync(): void {
    if (!this.parts.length || this.failed || this.down) return;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: DIR_MODE });
      appendWholeFile(this.file, Buffer.concat(this.parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))));
    } catch {
      // Nothing more can be done at exit.
    }
    this.parts = [];
  }

  /** Resolves once everything written so far is in the file (for a reader that opens it now). */
  settled(): Promise<void> {
    this.flushNow();
    const s = this.stream;
    if (!s || this.failed || s.writableLength === 0) return Promise.resolve();
    // Writes complete in order: the callback of an empty write comes after every write before it.
    return new Promise((resolve) => s.write(Buffer.alloc(0), () => resolve()));
  }

  /** True while the OS has not caught up with what was written (a producer should wait: onceDrained). */
  get behind(): boolean {
    return !!this.stream && !this.failed && !this.down && this.stream.writableNeedDrain;
  }

  onceDrained(fn: () => void): void {
    if (!this.stream || this.failed || this.down || !this.stream.writableNeedDrain) return fn();
    this.drainWaiters.push(fn);
    if (this.drainWaiters.length === 1) this.stream.once('drain', () => this.releaseWaiters());
  }

  private releaseWaiters(): void {
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const fn of waiters) fn();
  }

  async close(): Promise<void> {
    if (this.down) {
      if (this.down.timer) clearTimeout(this.down.timer);
      // One last try, so the gap is noted where the disk has room again.
      this.tryResume(false);
    }
    this.flushNow();
    this.closeFd();
    const s = this.stream;
    this.stream = null;
    if (!s) return this.releaseWaiters();
    await new Promise<void>((resolve) => s.end(resolve));
    this.releaseWaiters();
  }

  private flushNow(): boolean {
    this.scheduled = false;
    unflushed.delete(this);
    unsynced.delete(this);
    if (this.parts.length === 0 || this.failed || this.down) return true;
    const parts = this.parts;
    this.parts = [];
    this.bytes = 0;
    if (this.opts.durable) {
      this.writeNow(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))), this.taken);
      return true;
    }
    const s = this.open();
    if (!s) return true;
    if (parts.every((p) => typeof p === 'string')) return s.write(parts.length === 1 ? parts[0] : parts.join(''));
    // Buffers (raw log bytes) go out as one writev rather than being copied into one.
    s.cork();
    let ok = true;
    for (const p of parts) ok = s.write(p);
    process.nextTick(() => s.uncork());
    return ok;
  }

  private open(): fs.WriteStream | null {
    if (this.stream) return this.stream;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: DIR_MODE });
    } catch {
      this.failed = true;
      return null;
    }
    const stream = fs.createWriteStream(this.file, { flags: 'a', highWaterMark: HIGH_WATER, mode: FILE_MODE });
    this.stream = stream;
    // A full disk must not take the skill down with it: stop writing, keep the in-memory ring, try again later.
    stream.on('error', (err) => this.wentDown(stream, err));
    return stream;
  }

  /**
   * A durable sink's write of writes up to number `last`: all of it in the kernel's hands, or none of it (the
   * records of a batch the disk refused part-way were not acknowledged, so none stays), as wentDown does for a stream.
   */
  private writeNow(data: Buffer, last: number): void {
    try {
      if (this.fd === null) {
        fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: DIR_MODE });
        // A record a kill cut short is not acknowledged: it goes, so the next one starts on a line of its own.
        trimTornLine(this.file);
        this.fd = fs.openSync(this.file, 'a', FILE_MODE);
      }
      appendWhole(this.fd, data);
      this.settledTo = last;
    } catch (err) {
      this.closeFd();
      this.down = { since: Date.now(), lost: data.length, timer: null };
      this.lose(last);
      this.retryLater();
      this.opts.onRefused?.(err as Error);
    }
  }

  private closeFd(): void {
    if (this.fd === null) return;
    try {
      fs.closeSync(this.fd);
    } catch {
      // gone with the disk
    }
    this.fd = null;
  }

  private wentDown(stream: fs.WriteStream, err: Error): void {
    const queued = stream.writableLength;
    stream.destroy();
    if (this.stream === stream) this.stream = null;
    const first = !this.down;
    if (first) {
      // The write the disk took only part of: cut back to the last whole line now, not when the disk has room.
      try {
        trimTornLine(this.file);
      } catch {
        // cut when the disk takes writes again (tryResume)
      }
      this.down = { since: Date.now(), lost: queued + this.bytes, timer: null };
      this.parts = [];
      this.bytes = 0;
      this.retryLater();
    }
    // A stream that failed never drains: a producer waiting for it (a skill's stderr, paused) would wait
    // for good, and the skill with it, blocked on a full pipe. What comes now is dropped and counted.
    this.releaseWaiters();
    if (first) this.opts.onRefused?.(err);
  }

  private retryLater(): void {
    if (!this.down) return;
    this.down.timer = setTimeout(() => this.tryResume(true), this.opts.retryMs ?? RETRY_MS);
    this.down.timer.unref();
  }

  /** Writes the gap note once the disk takes it; from then on the sink writes as before. */
  private tryResume(again: boolean): void {
    const d = this.down;
    if (!d) return;
    try {
      trimTornLine(this.file);
      // All of the note or none of it: a disk with a few bytes of room must not leave half a `{"gap":…` line.
      appendWholeFile(this.file, (this.opts.gapLine ?? jsonGapLine)(d.lost, d.since, Date.now()));
      this.down = null;
    } catch {
      if (again) this.retryLater();
      return;
    }
    this.opts.onResumed?.();
  }
}
