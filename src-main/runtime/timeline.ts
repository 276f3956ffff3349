/**
 * A skill's timeline: ticks, events, lifecycle marks and notes, the newest in a ring and every one appended
 * to `timeline.jsonl`; each also becomes a recording record while the skill is recorded. It counts the
 * crashes it is told of, so the status a window shows carries the last one's exit code and stderr.
 */
import type { CrashInfo, CrashReport, TimelineEntry } from '../contract';
import { FileSink, type DiskHooks } from '../engine/file-sink';
import { stringifyBounded } from '../common/json-depth';
import { Ring } from '../engine/ring';
import type { Redactor } from '../engine/redactor';
import { asText } from '../common/values';
import type { RecordBody } from './recording-format';

const TIMELINE_RING = 2000;

export type Mark = Omit<TimelineEntry, 'seq' | 'time'> & { time?: number };

export class Timeline {
  private readonly ring = new Ring<TimelineEntry>(TIMELINE_RING);
  private readonly file: FileSink;
  private seq = 0;
  private crashReport: CrashReport | undefined;
  private readonly listeners = new Set<(e: TimelineEntry) => void>();

  constructor(
    file: string,
    /** Scrubs what a label or data may carry (a note the user typed, what a skill said) from the file. */
    private readonly redactor: Redactor,
    /** Where a mark's recording record goes (nowhere while the skill is not recorded). */
    private readonly record: (body: RecordBody) => void,
    disk?: DiskHooks,
  ) {
    // Durable: an entry is on disk before a window hears of it (sync-barrier.ts).
    this.file = new FileSink(file, { ...disk, durable: true });
  }

  mark(m: Mark): TimelineEntry {
    const entry: TimelineEntry = { ...m, seq: ++this.seq, time: m.time ?? Date.now() };
    this.ring.push(entry);
    if (entry.kind === 'crash') this.noteCrash(entry);
    this.file.write(stringifyBounded(this.redactor.value(entry)) + '\n');
    const body = recordOf(entry);
    if (body) this.record(body);
    for (const fn of this.listeners) fn(entry);
    return entry;
  }

  entries(): TimelineEntry[] {
    return this.ring.toArray();
  }

  lastSeq(): number {
    return this.seq;
  }

  onEntry(fn: (e: TimelineEntry) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** How often the skill crashed (and was restarted on its own) since this runtime was made, with the last crash. */
  get crashes(): CrashReport | undefined {
    return this.crashReport;
  }

  noteRestart(): void {
    if (this.crashReport) this.crashReport = { ...this.crashReport, restarts: this.crashReport.restarts + 1 };
  }

  close(): Promise<void> {
    return this.file.close();
  }

  private noteCrash(e: TimelineEntry): void {
    const data = (e.data ?? {}) as { code?: number | null; signal?: string | null; stderrTail?: string[]; starting?: boolean };
    const last: CrashInfo = {
      time: e.time,
      code: typeof data.code === 'number' ? data.code : null,
      signal: typeof data.signal === 'string' ? data.signal : null,
      detail: e.label,
      stderrTail: Array.isArray(data.stderrTail) ? data.stderrTail : [],
      ...(data.starting === true ? { duringStart: true } : {}),
    };
    this.crashReport = { count: (this.crashReport?.count ?? 0) + 1, restarts: this.crashReport?.restarts ?? 0, last };
  }
}

/** The recording record for a timeline mark (session marks are recorded where their ids are known). */
function recordOf(e: TimelineEntry): RecordBody | null {
  const data = (e.data ?? {}) as Record<string, unknown>;
  switch (e.kind) {
    case 'tick':
      return { type: 'tick', label: e.label, durationMs: e.durationMs, outcome: e.outcome, events: (data.events as unknown[]) ?? [] };
    case 'event':
      return { type: 'event', eventType: e.label, data: e.data };
    case 'trigger':
      return { type: 'trigger', label: e.label, data: e.data };
    case 'setup':
      return { type: 'setup', stepId: asText(data.stepId ?? ''), status: asText(data.status ?? e.label), errors: (data.errors as never) ?? null };
    case 'session-start':
    case 'session-end':
      return { type: e.kind, sessionId: asText(data.sessionId ?? '') };
    case 'crash': {
      const stderrTail = data.stderrTail as string[] | undefined;
      return stderrTail?.length ? { type: 'lifecycle', kind: e.kind, detail: e.label, stderrTail } : { type: 'lifecycle', kind: e.kind, detail: e.label };
    }
    case 'load':
    case 'unload':
    case 'restart':
      return { type: 'lifecycle', kind: e.kind, detail: e.label };
    case 'note':
      return { type: 'note', text: e.label };
    default:
      return null;
  }
}
