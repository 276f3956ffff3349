/**
 * A skill's complete log file, kept within a size limit (its history's `maxMb`): a skill printing without
 * end must not fill the disk, and once the disk has room again it must not fill it again.
 *
 * The log keeps its start and its newest lines. The first part, `<name>.log`, takes the first quarter of the
 * limit; what comes after goes into parts `<name>.part-0001.log`, `<name>.part-0002.log`… of an eighth each,
 * and when a new part begins the oldest parts go, so the parts kept never hold more than the rest of the limit.
 * Each part begins with a line that says where in the whole log it continues:
 *
 *   --- continued at line 123457, byte 9876543 (lines not in the parts kept were dropped to stay within 1 MB)
 *
 * so a reader (log-file.ts) numbers lines as the whole log did, and says where lines were dropped. The
 * time and stream in force are said again under it, so a part reads on its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FileSink, type FileSinkOptions } from './file-sink';

/** The smallest limit honoured: below it the parts would be a few lines each. */
const MIN_BYTES = 64 * 1024;
const HEAD_SHARE = 1 / 4;
const PART_SHARE = 1 / 8;
/** Parts kept, the one being written included: the head and these fill the limit. */
const PARTS_KEPT = 6;
const NL = 10;

export const CONTINUED = /^--- continued at line (\d+), byte (\d+)\b/;

/** The file of part `n` of the log whose first part is `file` (0: that file itself). */
export function partFile(file: string, n: number): string {
  return n === 0 ? file : file.replace(/\.log$/, '') + `.part-${String(n).padStart(4, '0')}.log`;
}

/** The parts after the first that exist now, oldest first. */
export function listParts(file: string): number[] {
  const stem = path.basename(file).replace(/\.log$/, '');
  const re = new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.part-(\\d+)\\.log$`);
  let names: string[];
  try {
    names = fs.readdirSync(path.dirname(file));
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const m = re.exec(n);
    return m ? [Number(m[1])] : [];
  }).sort((a, b) => a - b);
}

/** Every file of the log (first part and the parts kept), for the size shown and for readers. */
export function logFiles(file: string): string[] {
  return [file, ...listParts(file).map((n) => partFile(file, n))];
}

export class SegmentedLog {
  private sink: FileSink;
  private part = 0;
  /** Bytes given to the current part. */
  private written = 0;
  /** Content lines and bytes of the whole log so far (headers are not content). */
  private lines = 0;
  private seq = 0;
  private lastHeader = '';
  private readonly closing = new Set<Promise<void>>();
  private readonly headBytes: number;
  private readonly partBytes: number;
  private readonly limitMb: number;

  constructor(
    readonly file: string,
    maxBytes: number,
    private readonly opts: FileSinkOptions = {},
  ) {
    const limit = Math.max(MIN_BYTES, maxBytes);
    this.headBytes = Math.floor(limit * HEAD_SHARE);
    this.partBytes = Math.floor(limit * PART_SHARE);
    this.limitMb = limit / (1024 * 1024);
    this.sink = new FileSink(file, opts);
  }

  /** A header line (`--- <time> <stream>\n`): said again at the top of the next part. */
  writeHeader(line: string): boolean {
    this.lastHeader = line;
    this.written += line.length;
    return this.sink.write(line);
  }

  /** Whole lines of output. */
  writeLines(bytes: Buffer | string): boolean {
    const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
    if (this.written > 0 && this.written + size > (this.part === 0 ? this.headBytes : this.partBytes)) this.rotate();
    this.written += size;
    this.seq += size;
    // Counted here, not by readers: a part's first line says which line of the whole log it continues at.
    const b = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    for (let i = b.indexOf(NL); i !== -1; i = b.indexOf(NL, i + 1)) this.lines++;
    return this.sink.write(b);
  }

  get refusing(): boolean {
    return this.sink.refusing;
  }

  async settled(): Promise<void> {
    await Promise.all([...this.closing]);
    await this.sink.settled();
  }

  onceDrained(fn: () => void): void {
    this.sink.onceDrained(fn);
  }

  async close(): Promise<void> {
    await Promise.all([...this.closing]);
    await this.sink.close();
  }

  private rotate(): void {
    const old = this.sink;
    const done = old.close().finally(() => this.closing.delete(done));
    this.closing.add(done);
    this.part++;
    this.sink = new FileSink(partFile(this.file, this.part), this.opts);
    const marker = `--- continued at line ${this.lines + 1}, byte ${this.seq} (lines not in ${path.basename(this.file)} or the parts kept were dropped to stay within ${formatMb(this.limitMb)})\n`;
    this.written = 0;
    this.sink.write(marker);
    this.written += marker.length;
    if (this.lastHeader) this.writeHeader(this.lastHeader);
    // The oldest parts go; the first part (the log's start) stays.
    const gone = this.part - PARTS_KEPT;
    if (gone >= 1) fs.promises.rm(partFile(this.file, gone), { force: true }).catch(() => undefined);
  }
}

function formatMb(mb: number): string {
  return mb >= 1 ? `${Number(mb.toFixed(1))} MB` : `${Math.round(mb * 1024)} KB`;
}
