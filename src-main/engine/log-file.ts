/**
 * Reads a skill's complete log file as LogSink writes it: whole lines under a header `--- <ISO time> <stream>`
 * wherever the stream or the millisecond changes. One buffer of READ_BYTES is read at a time and only the line
 * being cut is carried over, so memory stays bounded whatever the file's size; nothing here loads a whole file.
 *
 * A position is where a content line starts, with what is known there: the lines and content bytes before it
 * (a LogEntry's seq is its content byte offset) and the header in force. Positions can be kept to resume later.
 * A log over its limit is in parts (log-segments.ts): they are read in order, lines keep the numbers they had
 * in the whole log, and where lines were dropped is said (`gap`).
 */
import fs from 'node:fs';
import type { LogStream } from '../contract';
import { CONTINUED, listParts, partFile } from './log-segments';

const READ_BYTES = 256 * 1024;
/** LogSink writes no line longer than about 1 MiB; anything longer is cut here rather than held. */
const MAX_LINE = 4 * 1024 * 1024;
const HEADER = /^--- (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z) (stdout|stderr|system)$/;
const DASHES = Buffer.from('--- ');
const DASH = 0x2d;
const NL = 10;
const CR = 13;

export interface LogPosition {
  /** The part of the log (log-segments.ts): 0 is the first file, then its parts. */
  part: number;
  /** Byte offset in that part's file, at the start of a line. */
  offset: number;
  /** Content lines before this point (in the whole log, dropped lines included). */
  lines: number;
  /** Content bytes before this point: the seq of the next content line. */
  seq: number;
  time: number;
  stream: LogStream;
}

export const LOG_START: LogPosition = { part: 0, offset: 0, lines: 0, seq: 0, time: 0, stream: 'system' };

export interface LogLine {
  /** 1-based. */
  line: number;
  seq: number;
  time: number;
  stream: LogStream;
  /** The line's bytes without its line ending; valid only during the visit. */
  bytes: Buffer;
}

/** Lines the log dropped to stay within its limit: they came before `beforeLine` (1-based), after `fromLine`. */
export interface LogGap {
  fromLine: number;
  beforeLine: number;
  bytes: number;
  time: number;
}

/**
 * Calls `visit` for each content line from `from` on, oldest first, across the log's parts. `visit` returns
 * false to stop before that line (it is not consumed). `between` runs after each buffer read (a place to wait
 * for a slow reader); `gap` is told where lines were dropped. Returns the position after the last consumed
 * line; a last line without its newline yet is left for later.
 */
export async function scanLog(
  file: string,
  visit: (line: LogLine) => boolean | void,
  from: LogPosition = LOG_START,
  between?: () => Promise<void> | void,
  gap?: (g: LogGap) => void,
): Promise<LogPosition> {
  const parts = listParts(file);
  // A position in a part dropped since: read again from the start; the parts' first lines set the numbers right.
  let pos: LogPosition = from.part > 0 && !parts.includes(from.part) ? { ...LOG_START } : { ...from };
  if (await scanPart(partFile(file, pos.part), pos, visit, between, gap)) return pos;
  for (const n of parts) {
    if (n <= pos.part) continue;
    const next: LogPosition = { ...pos, part: n, offset: 0 };
    const stopped = await scanPart(partFile(file, n), next, visit, between, gap);
    pos = next;
    if (stopped) return pos;
  }
  return pos;
}

/** Scans one file of the log from `pos` (moved along); true when `visit` stopped it. */
async function scanPart(
  file: string,
  pos: LogPosition,
  visit: (line: LogLine) => boolean | void,
  between?: () => Promise<void> | void,
  gap?: (g: LogGap) => void,
): Promise<boolean> {
  let fh: fs.promises.FileHandle;
  try {
    fh = await fs.promises.open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  try {
    const buf = Buffer.allocUnsafe(READ_BYTES);
    let carry: Buffer | null = null;
    let readAt = pos.offset;
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, READ_BYTES, readAt);
      if (bytesRead === 0) return false;
      readAt += bytesRead;
      const data: Buffer = carry ? Buffer.concat([carry, buf.subarray(0, bytesRead)]) : buf.subarray(0, bytesRead);
      let start = 0;
      for (;;) {
        let nl = data.indexOf(NL, start);
        if (nl === -1) {
          if (data.length - start <= MAX_LINE) break;
          nl = start + MAX_LINE;
        }
        const whole = nl < data.length && data[nl] === NL;
        const next = whole ? nl + 1 : nl;
        const stop = data[nl - 1] === CR && nl > start ? nl - 1 : nl;
        const line = data.subarray(start, stop);
        const marker = line.length < 300 && line[0] === DASH ? CONTINUED.exec(line.toString('latin1')) : null;
        if (isHeader(line)) {
          const h = HEADER.exec(line.toString('latin1'))!;
          pos.time = Date.parse(h[1]);
          pos.stream = h[2] as LogStream;
        } else if (marker) {
          // Where this part continues the whole log: lines between there and here were dropped.
          const lines = Number(marker[1]) - 1;
          const seq = Number(marker[2]);
          if (lines > pos.lines) gap?.({ fromLine: pos.lines + 1, beforeLine: lines + 1, bytes: Math.max(0, seq - pos.seq), time: pos.time });
          pos.lines = Math.max(pos.lines, lines);
          pos.seq = Math.max(pos.seq, seq);
        } else {
          if (visit({ line: pos.lines + 1, seq: pos.seq, time: pos.time, stream: pos.stream, bytes: line }) === false) return true;
          pos.lines++;
          pos.seq += next - start;
        }
        pos.offset += next - start;
        start = next;
      }
      carry = start < data.length ? Buffer.from(data.subarray(start)) : null;
      await between?.();
    }
  } finally {
    await fh.close();
  }
}

function isHeader(line: Buffer): boolean {
  return line.length >= 30 && line.length <= 40 && line.subarray(0, 4).equals(DASHES) && HEADER.test(line.toString('latin1'));
}

/** The position of the first line whose seq is `seq` or later (how many lines come before it), from `from` on. */
export function positionOf(file: string, seq: number, from: LogPosition = LOG_START): Promise<LogPosition> {
  return scanLog(file, (l) => l.seq < seq, from.seq <= seq ? from : LOG_START);
}

export interface SearchOptions {
  /** Where the text matches, or -1. */
  find(text: string): { index: number; length: number } | null;
  streams?: ReadonlySet<LogStream>;
  limit: number;
  /** Applied to each line before it is matched and shown (the skill's secrets). */
  redact?(text: string): string;
}

export interface SearchHit {
  line: number;
  time: number;
  stream: LogStream;
  text: string;
}

/** Shown text of a matching line is cut to about this many characters, around the match. */
export const SHOWN_CHARS = 2000;

export async function searchLog(file: string, opts: SearchOptions): Promise<{ hits: SearchHit[]; truncated: boolean; linesSearched: number }> {
  const hits: SearchHit[] = [];
  let truncated = false;
  let dropped = 0;
  const end = await scanLog(file, (l) => {
    if (opts.streams && !opts.streams.has(l.stream)) return true;
    let text = l.bytes.toString('utf8');
    if (opts.redact) text = opts.redact(text);
    const m = opts.find(text);
    if (!m) return true;
    if (hits.length >= opts.limit) {
      truncated = true;
      return false;
    }
    hits.push({ line: l.line, time: l.time, stream: l.stream, text: excerpt(text, m.index, m.length) });
    return true;
  }, LOG_START, undefined, (g) => (dropped += g.beforeLine - g.fromLine));
  return { hits, truncated, linesSearched: end.lines - dropped };
}

/** The line, or a window of it around the match when it is too long to show. */
export function excerpt(text: string, index: number, length: number): string {
  if (text.length <= SHOWN_CHARS) return text;
  const start = Math.max(0, Math.min(index - Math.floor((SHOWN_CHARS - length) / 2), text.length - SHOWN_CHARS));
  const cut = text.slice(start, start + SHOWN_CHARS);
  return `${start > 0 ? '…' : ''}${cut}${start + SHOWN_CHARS < text.length ? '…' : ''}`;
}

/** A matcher for plain text or a regular expression; a clear error for one that does not compile. */
export function matcher(text: string, regex: boolean, caseSensitive: boolean): SearchOptions['find'] {
  if (!text) throw new Error('Type something to search for.');
  let re: RegExp;
  if (regex) {
    try {
      re = new RegExp(text, caseSensitive ? '' : 'i');
    } catch (err) {
      throw new Error(`"${text}" is not a regular expression the search understands: ${(err as Error).message.replace(/^Invalid regular expression: /, '')}.`, { cause: err });
    }
  } else if (caseSensitive) {
    return (s) => {
      const i = s.indexOf(text);
      return i === -1 ? null : { index: i, length: text.length };
    };
  } else {
    re = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  }
  return (s) => {
    const m = re.exec(s);
    return m ? { index: m.index, length: m[0].length } : null;
  };
}
