/**
 * Newline-delimited framing: bytes in, lines out (LineReader), and lines out with backpressure (LineWriter).
 * Framing only: nothing here knows about JSON or JSON-RPC.
 *
 * Lines are cut on the byte 0x0A before decoding, so a UTF-8 character split across chunks is never
 * broken (0x0A cannot occur inside a multi-byte sequence). A trailing `\r` is dropped, empty lines are skipped.
 */
import type { Writable } from 'node:stream';

export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface LineReaderOptions {
  maxLineBytes?: number;
  onLine: (line: string) => void;
  /**
   * Called once for every line longer than the limit, with its size and its first and last bytes (enough
   * to find a JSON-RPC id at either end); the line is dropped and reading goes on after it.
   */
  onOverflow?: (bytes: number, head: string, tail: string) => void;
}

export class LineReader {
  private readonly max: number;
  private readonly onLine: (line: string) => void;
  private readonly onOverflow?: (bytes: number, head: string, tail: string) => void;
  /** The first bytes of the line being skipped (filled up to ENDS as more of it arrives). */
  private head: Buffer = Buffer.alloc(0);
  /** The last bytes of the line being skipped. */
  private tail: Buffer = Buffer.alloc(0);
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Bytes of an over-long line being skipped until its newline arrives; -1 when not skipping. */
  private skipping = -1;

  constructor(opts: LineReaderOptions) {
    this.max = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.onLine = opts.onLine;
    this.onOverflow = opts.onOverflow;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1) break;
      this.finishLine(chunk, start, nl);
      start = nl + 1;
    }
    if (start < chunk.length) this.keep(chunk, start, chunk.length);
  }

  /** Flushes a final line that had no newline (the stream ended). */
  end(): void {
    if (this.skipping >= 0) {
      this.onOverflow?.(this.skipping, headOf(this.head), this.tail.toString('utf8'));
      this.skipping = -1;
    } else if (this.pendingBytes > 0) {
      const buf = Buffer.concat(this.pending, this.pendingBytes);
      this.pending = [];
      this.pendingBytes = 0;
      this.emit(buf, 0, buf.length);
    }
  }

  private keep(chunk: Buffer, from: number, to: number): void {
    const n = to - from;
    if (this.skipping >= 0) {
      this.skipping += n;
      if (this.head.length < ENDS) this.head = firstBytes([this.head, chunk.subarray(from, to)]);
      this.tail = lastBytes([this.tail, chunk.subarray(from, to)]);
      return;
    }
    if (this.pendingBytes + n > this.max) {
      this.skipping = this.pendingBytes + n;
      this.head = firstBytes([...this.pending, chunk.subarray(from, to)]);
      this.tail = lastBytes([...this.pending, chunk.subarray(from, to)]);
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    this.pending.push(from === 0 && to === chunk.length ? chunk : chunk.subarray(from, to));
    this.pendingBytes += n;
  }

  private finishLine(chunk: Buffer, from: number, to: number): void {
    if (this.skipping >= 0) {
      const total = this.skipping + (to - from);
      this.skipping = -1;
      const head = this.head.length < ENDS ? firstBytes([this.head, chunk.subarray(from, to)]) : this.head;
      this.onOverflow?.(total, headOf(head), lastBytes([this.tail, chunk.subarray(from, to)]).toString('utf8'));
      return;
    }
    if (this.pendingBytes === 0) {
      if (to - from > this.max) this.onOverflow?.(to - from, headOf(chunk.subarray(from, to)), lastBytes([chunk.subarray(from, to)]).toString('utf8'));
      else this.emit(chunk, from, to);
      return;
    }
    const total = this.pendingBytes + (to - from);
    if (total > this.max) {
      const head = headOf(firstBytes([...this.pending, chunk.subarray(from, to)]));
      const tail = lastBytes([...this.pending, chunk.subarray(from, to)]).toString('utf8');
      this.pending = [];
      this.pendingBytes = 0;
      this.onOverflow?.(total, head, tail);
      return;
    }
    this.pending.push(chunk.subarray(from, to));
    const buf = Buffer.concat(this.pending, total);
    this.pending = [];
    this.pendingBytes = 0;
    this.emit(buf, 0, buf.length);
  }

  private emit(buf: Buffer, from: number, to: number): void {
    if (to > from && buf[to - 1] === 13) to--;
    if (to === from) return;
    this.onLine(buf.toString('utf8', from, to));
  }
}

const ENDS = 256;

function headOf(buf: Buffer): string {
  return buf.toString('utf8', 0, Math.min(buf.length, ENDS));
}

/** The first ENDS bytes of pieces that follow one another, copying no more than that. */
function firstBytes(parts: Buffer[]): Buffer {
  const picked: Buffer[] = [];
  let n = 0;
  for (const p of parts) {
    if (n >= ENDS) break;
    picked.push(p.subarray(0, ENDS - n));
    n += picked[picked.length - 1].length;
  }
  return picked.length === 1 ? picked[0] : Buffer.concat(picked);
}

/** The last ENDS bytes of pieces that follow one another, copying no more than that. */
function lastBytes(parts: Buffer[]): Buffer {
  const picked: Buffer[] = [];
  let n = 0;
  for (let i = parts.length - 1; i >= 0 && n < ENDS; i--) {
    const p = parts[i];
    picked.unshift(p.subarray(Math.max(0, p.length - (ENDS - n))));
    n += picked[0].length;
  }
  return picked.length === 1 ? picked[0] : Buffer.concat(picked);
}

/**
 * Writes lines to a stream, waiting for `drain` when the stream's buffer is full so that a fast
 * producer never grows memory without bound. `write` hands the line over at once (`undefined`), or returns
 * a promise that resolves once it is handed over (after a drain).
 *
 * Lines written in the same turn leave as one string in one write (a burst of pipelined requests is one
 * system call): cheaper than corking the stream, whose writev handles each line as a chunk of its own. The
 * batch goes out early once it would pass the stream's mark, so what waits in memory stays bounded.
 * End the stream through `end()`, so that a batch still waiting for its turn goes first.
 */
export class LineWriter {
  private waiting: Promise<void> | null = null;
  private closed: Error | null = null;
  private batch = '';
  private scheduled = false;
  private readonly mark: number;

  constructor(private readonly stream: Writable) {
    this.mark = stream.writableHighWaterMark;
    stream.on('error', (err) => {
      this.closed = err;
    });
    stream.on('close', () => {
      this.closed ??= new Error('stdin closed');
    });
  }

  write(line: string): Promise<void> | undefined {
    if (this.closed) return Promise.reject(this.closed);
    if (this.waiting) return this.waiting.then(() => this.write(line));
    this.batch += line + '\n';
    if (this.batch.length + this.stream.writableLength >= this.mark) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      process.nextTick(this.flushTick);
    }
    return undefined;
  }

  private readonly flushTick = (): void => {
    this.scheduled = false;
    this.flush();
  };

  private flush(): void {
    if (!this.batch) return;
    const out = this.batch;
    this.batch = '';
    if (this.closed || this.stream.destroyed) return;
    if (this.stream.write(out)) return;
    this.waiting = new Promise<void>((resolve) => {
      const done = () => {
        this.stream.off('drain', done);
        this.stream.off('close', done);
        this.waiting = null;
        resolve();
      };
      this.stream.on('drain', done);
      this.stream.on('close', done);
    });
  }

  end(): void {
    this.flush();
    if (!this.stream.writableEnded) this.stream.end();
  }
}
