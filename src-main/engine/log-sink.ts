/**
 * A skill's stdout/stderr/system log: the newest entries in a ring in memory, every entry in a text file
 * on disk, and listeners told in batches (about one per frame) rather than per line.
 */
import type { LogEntry, LogStream } from '../contract';
import { FileSink } from './file-sink';
import type { Redactor } from './redactor';
import { Ring } from './ring';

export const DEFAULT_LOG_RING = 5000;
const BATCH_MS = 16;

export type LogListener = (entries: LogEntry[]) => void;

export class LogSink {
  private readonly ring: Ring<LogEntry>;
  private readonly file: FileSink | null;
  private seq = 0;
  private batch: LogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<LogListener>();

  private readonly redactor?: Redactor;

  constructor(opts: { file?: string; capacity?: number; redactor?: Redactor } = {}) {
    this.ring = new Ring(opts.capacity ?? DEFAULT_LOG_RING);
    this.file = opts.file ? new FileSink(opts.file) : null;
    this.redactor = opts.redactor;
  }

  get filePath(): string | undefined {
    return this.file?.file;
  }

  /** Appends lines that arrived together; returns false when the disk is behind and the producer should pause. */
  append(stream: LogStream, lines: string[] | string, time = Date.now()): boolean {
    const list = typeof lines === 'string' ? [lines] : lines;
    if (list.length === 0) return true;
    const stamp = new Date(time).toISOString();
    let text = '';
    const scrub = this.redactor?.active ? this.redactor : null;
    for (const raw of list) {
      const line = scrub ? scrub.text(raw) : raw;
      const entry: LogEntry = { seq: ++this.seq, time, stream, text: line };
      this.ring.push(entry);
      if (this.listeners.size > 0) this.batch.push(entry);
      text += `${stamp} ${stream} ${line}\n`;
    }
    if (this.batch.length > 0 && !this.timer) {
      this.timer = setTimeout(() => this.flush(), BATCH_MS);
      this.timer.unref?.();
    }
    return this.file ? this.file.write(text) : true;
  }

  onceDrained(fn: () => void): void {
    if (this.file) this.file.onceDrained(fn);
    else fn();
  }

  entries(): LogEntry[] {
    return this.ring.toArray();
  }

  /** The last `n` lines of a stream, for showing next to an error. */
  tail(stream: LogStream, n: number): string[] {
    const out: string[] = [];
    const all = this.ring.toArray();
    for (let i = all.length - 1; i >= 0 && out.length < n; i--) if (all[i].stream === stream) out.unshift(all[i].text);
    return out;
  }

  clear(): void {
    this.ring.clear();
  }

  subscribe(fn: LogListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.batch.length === 0) return;
    const b = this.batch;
    this.batch = [];
    for (const fn of this.listeners) fn(b);
  }

  async close(): Promise<void> {
    this.flush();
    await this.file?.close();
  }
}
