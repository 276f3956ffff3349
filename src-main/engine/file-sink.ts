/**
 * An append-only file that never blocks the event loop and never grows memory without bound. What it keeps
 * (logs, message histories, timelines) is the user's own record: files are made 600 and folders 700.
 * Writes that arrive in the same turn of the event loop go to disk as one write (a busy skill produces
 * thousands of small records a second); `write` reports false when the OS has not caught up, so the
 * producer can pause (see LogSink).
 */
import fs from 'node:fs';
import path from 'node:path';

const HIGH_WATER = 1024 * 1024;
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
/** How long records may wait in memory before they are written together. */
const FLUSH_MS = 20;

/** Sinks with records still in memory, written synchronously if the process exits before their timer. */
const unflushed = new Set<FileSink>();
let exitHook = false;

export class FileSink {
  private stream: fs.WriteStream | null = null;
  private failed = false;
  private parts: (string | Uint8Array)[] = [];
  private bytes = 0;
  private scheduled = false;

  constructor(readonly file: string) {}

  write(data: string | Uint8Array): boolean {
    if (this.failed) return true;
    this.parts.push(data);
    this.bytes += data.length;
    if (this.bytes >= HIGH_WATER) return this.flushNow();
    if (!this.scheduled) {
      this.scheduled = true;
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

  /** Last resort at exit: append what is still in memory, bypassing the stream. */
  flushSync(): void {
    if (!this.parts.length || this.failed) return;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: DIR_MODE });
      fs.appendFileSync(this.file, this.parts.map((p) => (typeof p === 'string' ? p : Buffer.from(p))).join(''), { mode: FILE_MODE });
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
    return !!this.stream && !this.failed && this.stream.writableNeedDrain;
  }

  onceDrained(fn: () => void): void {
    if (!this.stream || this.failed || !this.stream.writableNeedDrain) fn();
    else this.stream.once('drain', fn);
  }

  async close(): Promise<void> {
    this.flushNow();
    const s = this.stream;
    this.stream = null;
    if (!s) return;
    await new Promise<void>((resolve) => s.end(resolve));
  }

  private flushNow(): boolean {
    this.scheduled = false;
    unflushed.delete(this);
    if (this.parts.length === 0 || this.failed) return true;
    const parts = this.parts;
    this.parts = [];
    this.bytes = 0;
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
    this.stream = fs.createWriteStream(this.file, { flags: 'a', highWaterMark: HIGH_WATER, mode: FILE_MODE });
    // A full disk must not take the skill down with it: stop writing, keep the in-memory ring.
    this.stream.on('error', () => {
      this.failed = true;
    });
    return this.stream;
  }
}
