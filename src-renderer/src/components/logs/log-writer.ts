/**
 * Feeds log lines into an xterm Terminal without ever freezing the window (the xterm.js / VS Code recipe):
 *  - lines are queued and written once per animation frame;
 *  - characters handed to xterm but not yet parsed are counted through write callbacks; above HIGH we stop
 *    writing, below LOW we resume;
 *  - if the queue itself grows past MAX_QUEUED_LINES while paused, the oldest queued lines are dropped and a
 *    visible "[N lines skipped]" marker takes their place.
 */
import type { Terminal } from '@xterm/xterm';
import type { LogEntry } from '@contract';
import { formatClock } from '../../lib/format';

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

export function formatEntry(e: LogEntry): string {
  const st = STYLE[e.stream] ?? STYLE.stdout;
  let text = e.text.length > MAX_LINE ? `${e.text.slice(0, MAX_LINE)}… [${e.text.length - MAX_LINE} more characters]` : e.text;
  text = text.replace(/\r?\n$/, '');
  const prefix = `${FAINT}${formatClock(e.time, true)}${RESET} ${st.color}${st.tag}${RESET}${FAINT}│${RESET} `;
  const body = e.stream === 'stderr' ? `\x1b[91m${text}${RESET}` : e.stream === 'system' ? `\x1b[36m${text}${RESET}` : text;
  // Continuation lines keep the gutter so streams stay readable.
  const cont = `\r\n${' '.repeat(13)}${st.color}   ${RESET}${FAINT}│${RESET} `;
  return prefix + body.split(/\r?\n/).join(cont) + RESET + '\r\n';
}

export class LogWriter {
  /** Raw entries waiting for a frame; formatted only when written, so dropped lines cost nothing. */
  private queue: LogEntry[] = [];
  private skipped = 0;
  private pending = 0;
  private paused = false;
  private frame = 0;
  private disposed = false;
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

  /** Forget everything (after Clear). */
  reset(): void {
    this.queue = [];
    this.skipped = 0;
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
    if (this.skipped) {
      out += `\x1b[33m[${this.skipped.toLocaleString()} line${this.skipped === 1 ? '' : 's'} skipped to keep up]${RESET}\r\n`;
      this.skipped = 0;
    }
    let taken = 0;
    while (taken < this.queue.length && budget > 0) {
      const line = formatEntry(this.queue[taken++]);
      out += line;
      budget -= line.length;
    }
    this.queue.splice(0, taken);
    if (out) {
      const n = out.length;
      this.pending += n;
      this.term.write(out, () => {
        this.pending -= n;
        if (this.paused && this.pending < LOW) {
          this.paused = false;
          this.schedule();
        }
      });
      if (this.pending > HIGH) this.paused = true;
    }
    this.onStats?.({ queued: this.queue.length, skipped: this.skipped, paused: this.paused });
    if (this.queue.length) this.schedule();
  }

  dispose(): void {
    this.disposed = true;
    if (this.frame) cancelAnimationFrame(this.frame);
  }
}
