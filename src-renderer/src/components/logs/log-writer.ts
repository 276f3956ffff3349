/**
 * Feeds log lines into an xterm Terminal without ever freezing the window (the xterm.js / VS Code recipe):
 *  - lines are queued and written once per animation frame;
 *  - characters handed to xterm but not yet parsed are counted through write callbacks; above HIGH we stop
 *    writing, below LOW we resume;
 *  - if the queue itself grows past MAX_QUEUED_LINES while paused, the oldest queued lines are dropped and a
 *    visible "[N lines skipped]" marker takes their place.
 * It also keeps, for what xterm has parsed, each line's seq and how many rows it started: when xterm's scrollback
 * is full and it drops rows off the top, `trimmed()` says which lines went, so the tab knows what it no longer shows.
 */
import type { Terminal } from '@xterm/xterm';
import type { LogEntry } from '@contract';
import { formatClock } from '../../lib/format';
import { sanitizeTerminalText, wrapColumns } from '../../lib/terminal-text';

const HIGH = 100_000;
const LOW = 5_000;
const MAX_QUEUED_LINES = 5_000;
const MAX_LINE = 8_000;
/** Write in chunks of this many characters, acknowledged by callbacks. */
const CHUNK = 32_000;

const RESET = '\x1b[0m';
// Bright black, which the theme maps to the app's faint text: SGR 2 (dim) halves contrast below what people can read.
const FAINT = '\x1b[90m';
const STYLE: Record<LogEntry['stream'], { tag: string; color: string }> = {
  stdout: { tag: 'out', color: '\x1b[38;5;245m' },
  stderr: { tag: 'err', color: '\x1b[31m' },
  system: { tag: 'sys', color: '\x1b[36m' },
};

/** Columns of the gutter before a line's text: the time, a space, the stream tag, "│" and a space. */
const GUTTER = 18;
/** Narrower than this, rows are wrapped at this width anyway (the terminal then wraps them once more). */
const MIN_TEXT = 20;

/**
 * One log line as the terminal shows it: a gutter the workbench draws (time, stream tag), then the skill's text,
 * with every control but colours and links taken out (terminal-text.ts). With `cols`, rows are wrapped here, so
 * that each row of the skill's text sits behind a gutter and none can pass for a line of another stream.
 */
export function formatEntry(e: LogEntry, cols?: number): string {
  const st = STYLE[e.stream] ?? STYLE.stdout;
  let text = e.text.length > MAX_LINE ? `${e.text.slice(0, MAX_LINE)}… [${e.text.length - MAX_LINE} more characters]` : e.text;
  text = sanitizeTerminalText(text.replace(/\r?\n$/, '').replace(/\r\n/g, '\n'));
  const prefix = `${FAINT}${formatClock(e.time, true)}${RESET} ${st.color}${st.tag}${RESET}${FAINT}│${RESET} `;
  const colour = e.stream === 'stderr' ? '\x1b[91m' : e.stream === 'system' ? '\x1b[36m' : '';
  const lines = text.split('\n');
  const rows = cols ? lines.flatMap((l) => wrapColumns(colour + l, Math.max(MIN_TEXT, cols - GUTTER), GUTTER)) : lines.map((l) => colour + l);
  // Continuation rows keep the gutter so streams stay readable.
  const cont = `${RESET}\r\n${' '.repeat(13)}${st.color}   ${RESET}${FAINT}│${RESET} `;
  return prefix + rows.join(cont) + RESET + '\r\n';
}

/** A line xterm has parsed: its seq (null for a marker of ours) and the rows it starts (1 + its own line breaks). */
interface Written {
  seq: number | null;
  rows: number;
}

function rowsOf(formatted: string): number {
  let n = 0;
  for (let i = formatted.indexOf('\n'); i !== -1; i = formatted.indexOf('\n', i + 1)) n++;
  return n;
}

export class LogWriter {
  /** Raw entries waiting for a frame; formatted only when written, so dropped lines cost nothing. */
  private queue: LogEntry[] = [];
  private skipped = 0;
  private pending = 0;
  private paused = false;
  private frame = 0;
  private disposed = false;
  /** Bumped by reset(): a write callback of an earlier generation must not add to `written`. */
  private generation = 0;
  private written: Written[] = [];
  private writtenHead = 0;
  private idle: (() => void)[] = [];
  private writtenRows = 0;
  lastSeq = -1;

  constructor(private readonly term: Terminal, private readonly onStats?: (s: { queued: number; skipped: number; paused: boolean }) => void) {}

  push(entries: LogEntry[]): void {
    for (const e of entries) {
      if (e.seq <= this.lastSeq) continue;
      this.lastSeq = e.seq;
      this.queue.push(e);
    }
    if (this.queue.length > MAX_QUEUED_LINES) {
      const drop = this.queue.length - MAX_QUEUED_LINES;
      this.queue.splice(0, drop);
      this.skipped += drop;
    }
    this.schedule();
  }

  /** Calls `fn` once xterm has parsed every line queued so far (to scroll to the end after writing lines again). */
  whenWritten(fn: () => void): void {
    this.idle.push(fn);
    this.schedule();
  }

  /** Forget everything (after Clear, or before writing the lines again); the caller empties the terminal. */
  reset(): void {
    this.queue = [];
    this.skipped = 0;
    this.lastSeq = -1;
    this.generation++;
    this.written = [];
    this.writtenHead = 0;
    this.writtenRows = 0;
  }

  /**
   * The seq of the newest line xterm has dropped off the top of a full scrollback since the last call, or null.
   * Counts the logical rows xterm holds above the cursor (a wrapped row continues the one before) against the rows
   * of the lines parsed; a line counts as dropped only once all of its rows are gone.
   */
  trimmed(): number | null {
    const buf = this.term.buffer.active;
    if (buf.length < (this.term.options.scrollback ?? 1000) + this.term.rows) return null;
    const end = buf.baseY + buf.cursorY;
    let logical = 0;
    for (let i = 0; i < end; i++) if (!buf.getLine(i)?.isWrapped) logical++;
    let last: number | null = null;
    while (this.writtenHead < this.written.length && this.writtenRows - this.written[this.writtenHead].rows >= logical) {
      const w = this.written[this.writtenHead++];
      this.writtenRows -= w.rows;
      if (w.seq !== null) last = w.seq;
    }
    if (this.writtenHead > 4096 && this.writtenHead * 2 > this.written.length) {
      this.written = this.written.slice(this.writtenHead);
      this.writtenHead = 0;
    }
    return last;
  }

  private schedule(): void {
    if (this.frame || this.disposed || this.paused) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.flush();
    });
  }

  private flush(): void {
    if (this.disposed) return;
    let budget = CHUNK;
    let out = '';
    const batch: Written[] = [];
    if (this.skipped) {
      out += `\x1b[33m[${this.skipped.toLocaleString()} line${this.skipped === 1 ? '' : 's'} skipped to keep up]${RESET}\r\n`;
      batch.push({ seq: null, rows: 1 });
      this.skipped = 0;
    }
    let taken = 0;
    while (taken < this.queue.length && budget > 0) {
      const entry = this.queue[taken++];
      const line = formatEntry(entry, this.term.cols);
      out += line;
      batch.push({ seq: entry.seq, rows: rowsOf(line) });
      budget -= line.length;
    }
    this.queue.splice(0, taken);
    if (out) {
      const n = out.length;
      const generation = this.generation;
      this.pending += n;
      this.term.write(out, () => {
        if (generation === this.generation) {
          for (const w of batch) this.written.push(w);
          for (const w of batch) this.writtenRows += w.rows;
        }
        this.pending -= n;
        if (this.paused && this.pending < LOW) {
          this.paused = false;
          this.schedule();
        }
      });
      if (this.pending > HIGH) this.paused = true;
    }
    if (!this.queue.length && this.idle.length) {
      const waiting = this.idle;
      this.idle = [];
      // Write callbacks run in order: this one after every line handed over before it.
      this.term.write('', () => {
        for (const fn of waiting) fn();
      });
    }
    this.onStats?.({ queued: this.queue.length, skipped: this.skipped, paused: this.paused });
    if (this.queue.length) this.schedule();
  }

  dispose(): void {
    this.disposed = true;
    if (this.frame) cancelAnimationFrame(this.frame);
  }
}
