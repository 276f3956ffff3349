/**
 * The complete log file of each skill, for the Logs tab (the LogsApi half of the contract) and for browser
 * mode's view of the file. Reads go through engine/log-file.ts, a piece at a time. What leaves here is
 * redacted with the skill's redactor as it is now: a secret learnt after a line was written is hidden too.
 */
import type { LogFileInfo, LogSearchQuery, LogSearchResult, LogsApi, LogStream, MessageEntry } from '../contract';
import { readMessageFromFile } from '../engine/message-file';
import { LOG_START, matcher, positionOf, scanLog, searchLog, type LogPosition } from '../engine/log-file';
import { logFiles } from '../engine/log-segments';
import type { SkillRuntime } from '../runtime/skill-runtime';
import type { SkillHost } from './skill-host';
import fs from 'node:fs';

const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 5000;
const TAGS: Record<LogStream, string> = { stdout: 'out', stderr: 'err', system: 'sys' };

export class LogService implements LogsApi {
  /** The last position counted in each file: the Logs tab asks again as lines come, and counting resumes there. */
  private readonly counted = new Map<string, LogPosition>();

  constructor(private readonly wb: SkillHost) {}

  async logFileInfo(skillId: string, beforeSeq?: number): Promise<LogFileInfo> {
    const rt = this.wb.idleRuntime(skillId);
    const file = rt.logs.filePath ?? null;
    if (!file) return { path: null, bytes: 0, linesBefore: 0 };
    await rt.logs.settled();
    let linesBefore = 0;
    if (beforeSeq !== undefined) {
      if (!Number.isInteger(beforeSeq) || beforeSeq < 0) throw new Error('beforeSeq must be the seq of a log line (a whole number, 0 or more).');
      const pos = await positionOf(file, beforeSeq, this.counted.get(file) ?? LOG_START);
      this.counted.set(file, pos);
      linesBefore = pos.lines;
    }
    return { path: file, bytes: size(file), linesBefore };
  }

  async searchLogFile(skillId: string, query: LogSearchQuery): Promise<LogSearchResult> {
    const rt = this.wb.idleRuntime(skillId);
    const find = matcher(query.text, query.regex === true, query.caseSensitive === true);
    const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(Number(query.limit) || DEFAULT_LIMIT)));
    const streams = query.streams ? new Set(query.streams) : undefined;
    const file = rt.logs.filePath ?? null;
    if (!file) return { path: null, matches: [], truncated: false, linesSearched: 0 };
    await rt.logs.settled();
    const redact = rt.redactor.active ? (t: string) => rt.redactor.text(t) : undefined;
    const { hits, truncated, linesSearched } = await searchLog(file, { find, streams, limit, redact });
    return { path: file, matches: hits, truncated, linesSearched };
  }

  async readMessage(skillId: string, seq: number): Promise<MessageEntry | null> {
    const rt = this.wb.idleRuntime(skillId);
    const held = rt.messages.entry(seq);
    if (held) return held;
    const file = rt.messages.filePath;
    if (!file) return null;
    await new Promise<void>((resolve) => rt.messages.onceDrained(resolve));
    const found = await readMessageFromFile(file, seq);
    return found && rt.redactor.active ? rt.redactor.value(found) : found;
  }

  /**
   * The whole log as numbered text, the way the Logs tab shows a line (time, stream, text), one piece at a time:
   * `write` returns false when the reader is behind, and reading waits for `drained`.
   */
  async render(skillId: string, out: { write(text: string): boolean; drained(): Promise<void> }): Promise<void> {
    const rt: SkillRuntime = this.wb.idleRuntime(skillId);
    const file = rt.logs.filePath;
    if (!file) {
      out.write('This skill’s log is kept in memory only: there is no log file.\n');
      return;
    }
    await rt.logs.settled();
    out.write(`The complete log of ${rt.ref.name}: ${file}\n\n`);
    let pending = '';
    let day = '';
    const end = await scanLog(
      file,
      (l) => {
        const d = new Date(l.time);
        const today = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
        if (today !== day) {
          day = today;
          pending += `${' '.repeat(9)}${today}\n`;
        }
        const clock = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
        pending += `${String(l.line).padStart(7)}  ${clock} ${TAGS[l.stream]}  ${rt.redactor.text(l.bytes.toString('utf8'))}\n`;
      },
      LOG_START,
      async () => {
        const full = pending !== '' && !out.write(pending);
        pending = '';
        if (full) await out.drained();
      },
      // Said where it happened, in the numbering of the whole log.
      (g) => {
        pending += `${' '.repeat(9)}[lines ${g.fromLine.toLocaleString('en-US')} to ${(g.beforeLine - 1).toLocaleString('en-US')} (${formatBytes(g.bytes)}) were dropped here to keep this log within its limit; its start and its newest lines are kept]\n`;
      },
    );
    if (pending) out.write(pending);
    if (end.lines === 0) out.write('Nothing has been logged yet.\n');
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The log's size on disk: its first file and the parts kept. */
function size(file: string): number {
  let total = 0;
  for (const f of logFiles(file)) {
    try {
      total += fs.statSync(f).size;
    } catch {
      // a part dropped meanwhile
    }
  }
  return total;
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}
