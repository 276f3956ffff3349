/** What the buffer needs of a LogEntry (kept structural: the engine's tests import this file too). */
interface BufferedLine {
  seq: number;
  text: string;
  stream: 'stdout' | 'stderr' | 'system';
}

/** Which streams the Logs tab shows; a stream switched off in its legend is hidden, not dropped. */
export type StreamFilter = Record<BufferedLine['stream'], boolean>;
export const ALL_STREAMS: StreamFilter = { stdout: true, stderr: true, system: true };

/**
 * The lines the Logs tab holds, shown or hidden by the stream filter, so that switching a stream back on can write
 * them again. Bounded by count and by characters: what falls out is only in the complete log file, and the oldest
 * seq kept says from where (LogsTab asks the workbench how many lines come before it).
 */
export class LogBuffer<T extends BufferedLine = BufferedLine> {
  private items: T[] = [];
  private head = 0;
  private chars = 0;
  private lastSeq = -1;

  constructor(
    readonly maxEntries = 25_000,
    readonly maxChars = 16_000_000,
  ) {}

  get size(): number {
    return this.items.length - this.head;
  }

  /** The oldest line kept. */
  get first(): T | undefined {
    return this.items[this.head];
  }

  /** Keeps the entries newer than any kept (a backlog and live batches overlap); returns those. */
  add(entries: readonly T[]): T[] {
    const fresh: T[] = [];
    for (const e of entries) {
      if (e.seq <= this.lastSeq) continue;
      this.lastSeq = e.seq;
      this.items.push(e);
      this.chars += e.text.length;
      fresh.push(e);
    }
    while (this.size > this.maxEntries || (this.chars > this.maxChars && this.size > 1)) this.dropFirst();
    this.compact();
    return fresh;
  }

  /** Forgets every line up to and including `seq` (the terminal no longer shows them). */
  dropThrough(seq: number): void {
    while (this.size && this.items[this.head].seq <= seq) this.dropFirst();
    this.compact();
  }

  all(): T[] {
    return this.items.slice(this.head);
  }

  /** Empties the buffer; `forgetSeq` too when the lines to come may number from 0 again (a new server). */
  clear(forgetSeq = false): void {
    this.items = [];
    this.head = 0;
    this.chars = 0;
    if (forgetSeq) this.lastSeq = -1;
  }

  private dropFirst(): void {
    this.chars -= this.items[this.head].text.length;
    this.items[this.head++] = undefined as unknown as T;
  }

  private compact(): void {
    if (this.head > 4096 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}
