/**
 * A skill's stdout/stderr/system log: a byte-bounded ring of chunks in memory, every byte in a text file
 * on disk, and listeners told in batches (about one per frame).
 *
 * A skill may print as fast as it can, so the hot path does no per-line work: a chunk is cut at its last
 * newline (the rest waits for the next chunk), pushed to the ring and written to the file under a header
 * that gives its time and stream. Lines are cut out only when someone reads them, and only the newest.
 * A line's `seq` is its byte offset in the whole log: unique and ordered without counting lines.
 */
import type { LogEntry, LogStream } from '../contract';
import type { DiskHooks } from './file-sink';
import { SegmentedLog } from './log-segments';
import type { Redactor } from './redactor';

export const DEFAULT_LOG_LINES = 5000;
/** The log file's limit when its owner gives none (a skill's history limit is the usual one). */
const DEFAULT_FILE_BYTES = 200 * 1024 * 1024;
const DEFAULT_RING_BYTES = 4 * 1024 * 1024;
/** A "line" longer than this without a newline is logged in pieces rather than held. */
const MAX_PENDING = 1024 * 1024;
const BATCH_MS = 16;
/** At most this many lines go to listeners per batch; the rest are announced as skipped. */
const BATCH_LINES = 2000;
/**
 * With secrets to hide, the last line of each piece of stdout/stderr waits this long for the next piece: a
 * secret split over two lines (two writes) is hidden whole, never half of it written before the rest comes.
 */
const HOLD_MS = 40;
/** A last line that ends in what may be a secret's first characters waits this long (let go sooner, that end is masked). */
const PARTIAL_HOLD_MS = 500;

export type LogListener = (entries: LogEntry[]) => void;

interface Chunk {
  /** Byte offset of the chunk's first byte in the whole log. */
  offset: number;
  time: number;
  stream: LogStream;
  /** Whole lines, each ending in \n. */
  bytes: Buffer;
}

const NL = 10;

export class LogSink {
  private readonly file: SegmentedLog | null;
  private readonly redactor?: Redactor;
  private readonly ringBytes: number;
  private readonly maxLines: number;
  private chunks: Chunk[] = [];
  private head = 0;
  private held = 0;
  private offset = 0;
  /** Lines before this offset were cleared from view (they stay in the file). */
  private clearedAt = 0;
  private readonly pending: Partial<Record<LogStream, Buffer>> = {};
  /** When each stream last brought bytes (for quiet()). */
  private readonly lastAt: Partial<Record<LogStream, number>> = {};
  /** After a release that masked a possible secret's start: the ends that would complete it, per stream. */
  private partial: Partial<Record<LogStream, string[]>> = {};
  /** A redacted last line waiting for the next piece of its stream (HOLD_MS). */
  private readonly waiting: Partial<Record<LogStream, { bytes: Buffer; time: number; timer: NodeJS.Timeout; masked: { text: string; rest: string[] } }>> = {};
  private lastHeader = '';
  private notified = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<LogListener>();

  constructor(opts: { file?: string; capacityBytes?: number; lines?: number; redactor?: Redactor; retryMs?: number; disk?: DiskHooks; maxFileBytes?: number } = {}) {
    // A gap the disk caused is said in the log's own format, and the next output gets its header again.
    const gapLine = (lost: number, since: number, until: number) => {
      this.lastHeader = '';
      const t = (ms: number) => new Date(ms).toISOString().slice(11, 19);
      return `--- ${new Date(until).toISOString()} system\n[The disk refused writes from ${t(since)} to ${t(until)} UTC: ${formatSize(lost)} of output are not in this file.]\n`;
    };
    // Said where the user looks (the live log), since the file cannot take it now; an owner that tells the
    // user itself (the runtime) says it in its own words instead.
    const onRefused = opts.disk?.onRefused ?? (() => this.append('system', 'The disk refused writes to the complete log file: the output goes on here, and the file will note what it missed once there is room again.'));
    // Within its limit: the start and the newest lines are kept, and the file says where lines were dropped.
    this.file = opts.file ? new SegmentedLog(opts.file, opts.maxFileBytes ?? DEFAULT_FILE_BYTES, { gapLine, onRefused, onResumed: opts.disk?.onResumed, retryMs: opts.retryMs }) : null;
    this.redactor = opts.redactor;
    this.ringBytes = opts.capacityBytes ?? DEFAULT_RING_BYTES;
    this.maxLines = opts.lines ?? DEFAULT_LOG_LINES;
  }

  get filePath(): string | undefined {
    return this.file?.file;
  }

  /** Appends whole lines (the workbench's own messages, stray stdout). False: the disk is behind, pause. */
  append(stream: LogStream, lines: string[] | string, time = Date.now()): boolean {
    const list = typeof lines === 'string' ? [lines] : lines;
    if (list.length === 0) return true;
    return this.push(stream, Buffer.from(list.map((l) => l.replace(/\r?\n/g, ' ')).join('\n') + '\n'), time);
  }

  /** Appends raw bytes as they came from a pipe; a partial last line waits for the rest. */
  appendBytes(stream: LogStream, chunk: Buffer, time = Date.now()): boolean {
    this.lastAt[stream] = performance.now();
    const prev = this.pending[stream];
    if (prev) {
      // Finish the held line with the start of this chunk, without copying the whole chunk.
      const nl = chunk.indexOf(NL);
      if (nl === -1) {
        const data = Buffer.concat([prev, chunk]);
        if (data.length > MAX_PENDING) {
          this.pending[stream] = undefined;
          return this.push(stream, Buffer.concat([data, Buffer.from('\n')]), time);
        }
        this.pending[stream] = data;
        return true;
      }
      this.pending[stream] = undefined;
      const ok = this.push(stream, Buffer.concat([prev, chunk.subarray(0, nl + 1)]), time);
      return this.appendBytes(stream, chunk.subarray(nl + 1), time) && ok;
    }
    const cut = chunk.lastIndexOf(NL);
    if (cut === -1) {
      if (chunk.length === 0) return true;
      if (chunk.length > MAX_PENDING) return this.push(stream, Buffer.concat([chunk, Buffer.from('\n')]), time);
      this.pending[stream] = Buffer.from(chunk);
      return true;
    }
    if (cut + 1 < chunk.length) this.pending[stream] = Buffer.from(chunk.subarray(cut + 1));
    return this.push(stream, chunk.subarray(0, cut + 1), time);
  }

  /** Flushes a partial last line of a stream that ended. */
  endStream(stream: LogStream): void {
    const rest = this.pending[stream];
    this.pending[stream] = undefined;
    if (rest) this.push(stream, Buffer.concat([rest, Buffer.from('\n')]), Date.now());
    this.release(stream);
  }

  /**
   * Resolves once `stream` has brought nothing for `quietMs` from now (at most `maxMs`). A process that
   * writes a traceback to stderr and then answers on stdout: the two pipes are read apart, so the answer
   * may be read first; this lets the traceback arrive before the lines around a failure are taken.
   */
  quiet(stream: LogStream, quietMs: number, maxMs: number): Promise<void> {
    const start = performance.now();
    return new Promise((resolve) => {
      const check = () => {
        const now = performance.now();
        const still = now - Math.max(start, this.lastAt[stream] ?? 0);
        if (still >= quietMs || now - start >= maxMs) return resolve();
        setTimeout(check, Math.min(quietMs - still, maxMs - (now - start))).unref?.();
      };
      setTimeout(check, quietMs).unref?.();
    });
  }

  /** Resolves once every line logged so far is in the file on disk. */
  settled(): Promise<void> {
    this.releaseAll();
    return this.file?.settled() ?? Promise.resolve();
  }

  onceDrained(fn: () => void): void {
    if (this.file) this.file.onceDrained(fn);
    else fn();
  }

  /** The newest lines still in memory (up to the line limit), oldest first. */
  entries(): LogEntry[] {
    this.releaseAll();
    return this.linesFrom(this.clearedAt, this.maxLines).lines;
  }

  /** Where the log stands now: `tail(…, since)` then reads only what came after (one start's output). */
  mark(): number {
    this.releaseAll();
    return this.offset;
  }

  /** The last `n` lines of one stream (logged at or after the `since` mark), for showing next to an error. */
  tail(stream: LogStream, n: number, since = 0): string[] {
    this.releaseAll();
    const out: string[] = [];
    for (let i = this.chunks.length - 1; i >= this.head && out.length < n; i--) {
      const c = this.chunks[i];
      if (c.offset < since) break;
      if (c.stream !== stream) continue;
      const lines = splitLines(c).map((l) => l.text);
      out.unshift(...lines.slice(Math.max(0, lines.length - (n - out.length))));
    }
    return out;
  }

  clear(): void {
    this.clearedAt = this.offset;
  }

  subscribe(fn: LogListener): () => void {
    if (this.listeners.size === 0) this.notified = this.offset;
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.notified >= this.offset || this.listeners.size === 0) return;
    const { lines, skippedBytes } = this.linesFrom(this.notified, BATCH_LINES);
    this.notified = this.offset;
    if (skippedBytes > 0 && lines.length) {
      lines.unshift({ seq: lines[0].seq - 1, time: lines[0].time, stream: 'system', text: `[${formatSize(skippedBytes)} of output not shown here: the complete log is in ${this.file?.file ?? 'memory'}]` });
    }
    if (lines.length) for (const fn of this.listeners) fn(lines);
  }

  async close(): Promise<void> {
    for (const s of ['stdout', 'stderr', 'system'] as const) this.endStream(s);
    this.flush();
    await this.file?.close();
  }

  private push(stream: LogStream, bytes: Buffer, time: number): boolean {
    if (!this.redactor?.active) return this.store(stream, bytes, time);
    if (stream === 'system') {
      this.releaseAll(); // the workbench's own line comes after what the skill printed before it
      return this.store(stream, Buffer.from(this.redactor.text(bytes.toString('utf8'))), time);
    }
    const before = this.waiting[stream];
    if (before) {
      clearTimeout(before.timer);
      this.waiting[stream] = undefined;
      bytes = Buffer.concat([before.bytes, bytes]);
    }
    let raw = bytes.toString('utf8');
    const partial = this.partial[stream];
    if (partial) {
      // The line before went out with the start of a secret masked: so goes the rest of it, if this is it.
      this.partial[stream] = undefined;
      raw = this.redactor.maskContinuation(raw, partial);
    }
    const text = this.redactor.acrossLines(raw);
    // The last line waits for the next piece; the lines before it are final.
    const cut = text.lastIndexOf('\n', text.length - 2) + 1;
    const tail = text.slice(cut);
    // A line ending in what may be the start of a secret waits longer for the rest: shown whole, it is hidden whole.
    const masked = this.redactor.maskPartialEnd(tail);
    const timer = setTimeout(() => this.release(stream), masked.rest.length ? PARTIAL_HOLD_MS : HOLD_MS);
    timer.unref?.();
    this.waiting[stream] = { bytes: Buffer.from(tail), time, timer, masked };
    return cut === 0 ? true : this.store(stream, Buffer.from(text.slice(0, cut)), time);
  }

  private release(stream: LogStream): void {
    const w = this.waiting[stream];
    if (!w) return;
    clearTimeout(w.timer);
    this.waiting[stream] = undefined;
    // Let go before the next piece came: an end that may be half of a secret is masked, and the next piece's
    // start with it if it turns out to be the other half.
    const { text, rest } = w.masked;
    if (rest.length) this.partial[stream] = rest;
    this.store(stream, rest.length ? Buffer.from(text) : w.bytes, w.time);
  }

  private releaseAll(): void {
    this.release('stdout');
    this.release('stderr');
  }

  /** Keeps redacted whole lines: in the ring, for the listeners, in the file. */
  private store(stream: LogStream, bytes: Buffer, time: number): boolean {
    const c: Chunk = { offset: this.offset, time, stream, bytes };
    this.chunks.push(c);
    this.offset += bytes.length;
    this.held += bytes.length;
    while (this.held > this.ringBytes && this.chunks.length - this.head > 1) {
      this.held -= this.chunks[this.head].bytes.length;
      this.chunks[this.head++] = undefined as unknown as Chunk;
    }
    if (this.head > 1024 && this.head * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.head);
      this.head = 0;
    }
    if (this.listeners.size > 0 && !this.timer) {
      this.timer = setTimeout(() => this.flush(), BATCH_MS);
      this.timer.unref?.();
    }
    if (!this.file) return true;
    // One header per change of stream or millisecond, not one per line: the cost of a flood stays per chunk.
    const header = `${new Date(time).toISOString()} ${stream}`;
    if (header !== this.lastHeader) {
      this.lastHeader = header;
      this.file.writeHeader(`--- ${header}\n`);
    }
    return this.file.writeLines(bytes);
  }

  /** Lines from byte offset `from` on, at most the newest `max` of them. */
  private linesFrom(from: number, max: number): { lines: LogEntry[]; skippedBytes: number } {
    const picked: LogEntry[][] = [];
    let count = 0;
    let firstOffset = this.offset;
    for (let i = this.chunks.length - 1; i >= this.head && count < max; i--) {
      const c = this.chunks[i];
      if (c.offset + c.bytes.length <= from) break;
      let lines = splitLines(c).filter((l) => l.seq >= from);
      if (count + lines.length > max) lines = lines.slice(lines.length - (max - count));
      picked.push(lines);
      count += lines.length;
      if (lines.length) firstOffset = lines[0].seq;
    }
    const out: LogEntry[] = [];
    for (let i = picked.length - 1; i >= 0; i--) out.push(...picked[i]);
    return { lines: out, skippedBytes: Math.max(0, firstOffset - from) };
  }
}

function splitLines(c: Chunk): LogEntry[] {
  const out: LogEntry[] = [];
  let start = 0;
  const b = c.bytes;
  while (start < b.length) {
    let end = b.indexOf(NL, start);
    if (end === -1) end = b.length;
    let stop = end;
    if (stop > start && b[stop - 1] === 13) stop--;
    out.push({ seq: c.offset + start, time: c.time, stream: c.stream, text: b.toString('utf8', start, stop) });
    start = end + 1;
  }
  return out;
}

function formatSize(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}
