/**
 * What one browser window is sent of the skills' logs. A skill may print far faster than a page can parse and
 * show (a 50 MB burst is about 500,000 lines), and every frame the page parses delays whatever comes after it on
 * the socket, a call's answer included. So each socket gets its log lines coalesced per skill, at most one batch
 * a skill every LOG_FLUSH_MS, each batch holding at most the newest LOG_BATCH_LINES lines; the lines left out are
 * said in one line of the batch, and counted, so the page's counters stay right. The complete log stays on disk
 * (the Logs tab reads it from there). While the socket is still behind on what it was sent, nothing more is
 * sent: lines keep being dropped into the count until it catches up.
 */
import type { LogEntry, WorkbenchEvents } from '../contract';

export const LOG_FLUSH_MS = 100;
export const LOG_BATCH_LINES = 200;
/** Bytes still queued on the socket above which log batches wait (answers and other events never do). */
export const LOG_BEHIND_BYTES = 256 * 1024;

type LogsEvent = WorkbenchEvents['logs'];

interface Pending {
  entries: LogEntry[];
  skippedLines: number;
  skippedErrors: number;
}

export class LogBatches {
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly send: (payload: LogsEvent) => void,
    /** Bytes the socket has not written yet. */
    private readonly queued: () => number,
  ) {}

  add(payload: LogsEvent): void {
    if (!payload.entries.length && !payload.skipped) return;
    let p = this.pending.get(payload.skillId);
    if (!p) this.pending.set(payload.skillId, (p = { entries: [], skippedLines: 0, skippedErrors: 0 }));
    p.skippedLines += payload.skipped?.lines ?? 0;
    p.skippedErrors += payload.skipped?.errors ?? 0;
    for (const e of payload.entries) p.entries.push(e);
    // Bounded between flushes too, however long the socket stays behind.
    if (p.entries.length > LOG_BATCH_LINES * 4) trim(p);
    this.timer ??= setTimeout(() => this.flush(), LOG_FLUSH_MS);
  }

  /** Sends what is pending (unless the socket is behind: then it waits another round). */
  flush(): void {
    this.timer = null;
    if (this.pending.size === 0) return;
    if (this.queued() > LOG_BEHIND_BYTES) {
      for (const p of this.pending.values()) trim(p);
      this.timer = setTimeout(() => this.flush(), LOG_FLUSH_MS);
      return;
    }
    const batches = [...this.pending];
    this.pending.clear();
    for (const [skillId, p] of batches) {
      trim(p);
      const entries = p.entries;
      if (p.skippedLines > 0) {
        const first = entries[0];
        const marker: LogEntry = {
          // Just before the first line sent: the byte before a line is the previous line's newline.
          seq: first ? first.seq - 1 : -1,
          time: first?.time ?? Date.now(),
          stream: 'system',
          text: `[${p.skippedLines.toLocaleString('en-US')} more lines not shown here, to keep the window responsive: the complete log file has every line]`,
        };
        entries.unshift(marker);
        this.send({ skillId, entries, skipped: { lines: p.skippedLines, errors: p.skippedErrors } });
      } else if (entries.length) {
        this.send({ skillId, entries });
      }
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}

/** Keeps the newest LOG_BATCH_LINES lines, counting the rest as skipped. */
function trim(p: Pending): void {
  const excess = p.entries.length - LOG_BATCH_LINES;
  if (excess <= 0) return;
  for (let i = 0; i < excess; i++) {
    const e = p.entries[i];
    if (e.stream === 'system' && e.text.startsWith('[') && / not shown here/.test(e.text)) continue;
    p.skippedLines++;
    if (e.stream === 'stderr') p.skippedErrors++;
  }
  p.entries = p.entries.slice(excess);
}
