/**
 * A recording turned into what the app's live views show: calls with their outcomes, protocol messages,
 * timeline entries and stderr lines. Lists are capped so a long session still opens quickly; what was
 * left out is said in `warnings`, and the file keeps everything.
 */
import type { MessageEntry, RecordedCall, RecordedHook, RecordingView, StderrLine, TimelineEntry } from '../contract';
import { callStderr, crashPairs } from './crash-pairs';
import type { RecordEntry } from '../runtime/recording-format';
import type { Recording } from './recording-reader';

export const VIEW_LIMITS = { calls: 5000, messages: 10_000, timeline: 5000, stderr: 5000 };

export function recordingView(rec: Recording, opts: { active: boolean; logStderr?: StderrLine[] }): RecordingView {
  const calls: RecordedCall[] = [];
  const pending = new Map<string, RecordedCall>();
  const timeline: TimelineEntry[] = [];
  const hooks: RecordedHook[] = [];
  const pairs = crashPairs(rec.records);
  const kept: StderrLine[] = [];
  const messages = new Renumbered();
  let endedAt: number | undefined;

  for (const r of rec.records) {
    switch (r.type) {
      case 'call-start': {
        const c: RecordedCall = { seq: r.seq, callId: r.callId, time: r.time, tool: r.tool, args: r.args };
        pending.set(r.callId, c);
        calls.push(c);
        break;
      }
      case 'call': {
        const started = pending.get(r.callId);
        pending.delete(r.callId);
        const c: RecordedCall = started ?? { seq: r.seq, callId: r.callId, time: r.time - r.outcome.durationMs, tool: r.tool, args: r.args };
        c.seq = r.seq;
        c.outcome = r.outcome;
        if (r.tolerance) c.tolerance = r.tolerance;
        if (!started) calls.push(c);
        for (const text of callStderr(r, pairs)) kept.push({ time: r.time, text, source: 'call', callSeq: r.seq });
        break;
      }
      case 'message':
        messages.add(r.message);
        break;
      case 'message-hook':
        hooks.push({ seq: r.seq, time: r.time, hook: r.hook, input: r.input, output: r.output });
        break;
      case 'end':
        endedAt = r.endedAt;
        break;
      default: {
        if (r.type === 'lifecycle' && !pairs.toldAsCall.has(r.seq)) {
          for (const text of r.stderrTail ?? []) kept.push({ time: r.time, text, source: 'crash', crashSeq: r.seq });
        }
        const t = timelineEntry(r);
        if (t) timeline.push(t);
      }
    }
  }

  const warnings = [...rec.warnings];
  const cap = <T>(list: T[], max: number, what: string): T[] => {
    if (list.length <= max) return list;
    warnings.push(`Only the last ${max.toLocaleString('en')} of ${list.length.toLocaleString('en')} ${what} are shown here; the file holds them all.`);
    return list.slice(-max);
  };
  // The calls stand beside the notes and ticks, as in the HTML report: one story of the session, in time order.
  for (const c of calls) timeline.push(callEntry(c));
  timeline.sort((a, b) => a.time - b.time);
  // The log has every line the skill wrote; the lines kept with failures are a subset of it when it is there.
  const stderr = opts.logStderr?.length ? opts.logStderr : kept;
  return {
    file: rec.file,
    header: rec.header,
    endedAt,
    records: rec.records.length,
    active: opts.active,
    calls: cap(calls, VIEW_LIMITS.calls, 'calls'),
    messages: cap(messages.list, VIEW_LIMITS.messages, 'protocol messages'),
    timeline: cap(timeline, VIEW_LIMITS.timeline, 'timeline entries'),
    hooks,
    stderr: cap(stderr, VIEW_LIMITS.stderr, 'stderr lines'),
    warnings,
  };
}

/** A recorded call on the recording's timeline: a bar from its start, as long as it took. */
function callEntry(c: RecordedCall): TimelineEntry {
  const outcome = c.outcome ? (c.outcome.ok ? 'ok' : 'error') : undefined;
  const label = c.outcome ? c.tool : `${c.tool} (no answer recorded)`;
  return { seq: c.seq, time: c.time, kind: 'call', label, durationMs: c.outcome?.durationMs, outcome, data: { args: c.args, ...(c.outcome?.error ? { error: c.outcome.error } : {}) } };
}

/** The timeline entry a record shows as on the live timeline, or null for records that are not on it. */
export function timelineEntry(r: RecordEntry): TimelineEntry | null {
  const at = { seq: r.seq, time: r.time };
  switch (r.type) {
    case 'tick':
      return { ...at, kind: 'tick', label: r.label, durationMs: r.durationMs, outcome: outcomeOf(r.outcome), data: r.events?.length ? { events: r.events } : undefined };
    case 'event':
      return { ...at, kind: 'event', label: r.eventType, data: r.data };
    case 'trigger':
      return { ...at, kind: 'trigger', label: r.label, data: r.data };
    case 'note':
      return { ...at, kind: 'note', label: r.text };
    // A chat turn and its end, as events on the recording's timeline (its tool calls are calls).
    case 'chat-turn':
      return { ...at, kind: 'event', label: `Chat turn: ${r.message}`, data: { message: r.message, model: r.model.model, maxSteps: r.maxSteps } };
    case 'chat-event': {
      if (r.event.type !== 'done') return null;
      const result = r.event.result as { ok?: boolean; answer?: string; error?: string; durationMs?: number } | undefined;
      return { ...at, kind: 'event', label: result?.ok ? 'Chat answer' : 'Chat turn ended without an answer', durationMs: result?.durationMs, outcome: result?.ok ? 'ok' : 'error', data: result };
    }
    case 'lifecycle':
      return { ...at, kind: r.kind, label: r.detail, data: r.stderrTail?.length ? { stderrTail: r.stderrTail } : undefined };
    case 'session-start':
    case 'session-end':
      return { ...at, kind: r.type, label: `Session ${r.sessionId.slice(0, 8)} ${r.type === 'session-start' ? 'started' : 'ended'}`, data: { sessionId: r.sessionId } };
    case 'setup':
      return {
        ...at,
        kind: 'setup',
        label: r.stepId ? `Setup step "${r.stepId}": ${r.status}` : r.status,
        outcome: r.status === 'error' ? 'error' : 'ok',
        data: { stepId: r.stepId, status: r.status, errors: r.errors ?? undefined, values: r.values },
      };
    default:
      return null;
  }
}

function outcomeOf(o: string | undefined): TimelineEntry['outcome'] {
  return o === 'ok' || o === 'error' || o === 'skipped' ? o : undefined;
}

/**
 * Messages numbered afresh in file order. Each run of a skill numbers its messages from 1, and a file that
 * several runs appended to (call --record) starts over: a number going backwards starts a new run, and
 * pairs are matched within a run. A request is recorded before its answer, so it learns its pair (and
 * how long it took) from the answer.
 */
class Renumbered {
  readonly list: MessageEntry[] = [];
  private run = new Map<number, number>();
  private lastOriginal = -Infinity;

  add(m: MessageEntry): void {
    if (m.seq <= this.lastOriginal) this.run = new Map();
    this.lastOriginal = m.seq;
    const seq = this.list.length + 1;
    this.run.set(m.seq, seq);
    const entry: MessageEntry = { ...m, seq };
    delete entry.pairSeq;
    const pair = m.pairSeq !== undefined ? this.run.get(m.pairSeq) : undefined;
    if (pair !== undefined) {
      entry.pairSeq = pair;
      const req = this.list[pair - 1];
      this.list[pair - 1] = { ...req, pairSeq: seq, durationMs: req.durationMs ?? m.durationMs };
    }
    this.list.push(entry);
  }
}
