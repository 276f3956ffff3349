/**
 * What a QA report says about a recording, independent of how it is printed: the header, a summary,
 * every step in the order it happened, what failed (with the stderr around it), and the notes.
 * Protocol messages are counted, not listed: the recording file keeps them for whoever needs them.
 */
import { PROTOCOL_LABELS, type CallOutcome, type ChatTurnResult, type SetupFieldError, type Tolerance } from '../contract';
import { callStderr, crashPairs } from './crash-pairs';
import type { RecordEntry } from '../runtime/recording-format';
import type { Recording } from './recording-reader';

export type StepKind = 'call' | 'setup' | 'session' | 'hook' | 'tick' | 'event' | 'trigger' | 'crash' | 'lifecycle' | 'note' | 'chat' | 'stop';

export interface Step {
  seq: number;
  time: number;
  kind: StepKind;
  /** One line, plain words. */
  title: string;
  ok?: boolean;
  /** Labelled blocks shown under the title (arguments, result, errors, event data). */
  blocks: { label: string; text: string; json?: boolean }[];
}

export interface Failure {
  seq: number;
  time: number;
  what: string;
  error: string;
  stderrTail: string[];
}

export interface ReportModel {
  file: string;
  name: string;
  skill: { name: string; id: string; protocol: string; version?: string; dir: string };
  startedAt: number;
  durationMs: number;
  folderHash: string;
  summary: { calls: number; failedCalls: number; failures: number; crashes: number; notes: number; messages: number; chatTurns: number; modelRequests: number };
  steps: Step[];
  failures: Failure[];
  notes: { time: number; text: string }[];
  warnings: string[];
}

const MAX_BLOCK = 4000;

export function buildReport(rec: Recording): ReportModel {
  const h = rec.header;
  const steps: Step[] = [];
  const failures: Failure[] = [];
  const pairs = crashPairs(rec.records);
  const notes: { time: number; text: string }[] = [];
  const started = new Map<string, RecordEntry & { type: 'call-start' }>();
  let messages = 0;
  let crashRecords = 0;
  let crashedCalls = 0;
  let calls = 0;
  let failedCalls = 0;
  let chatTurns = 0;
  let modelRequests = 0;
  const turnMessage = new Map<string, string>();
  let lastTime = h.startedAt;

  for (const r of rec.records) {
    lastTime = Math.max(lastTime, r.type === 'end' ? r.endedAt : r.time);
    const at = { seq: r.seq, time: r.time };
    switch (r.type) {
      case 'call-start':
        started.set(r.callId, r);
        break;
      case 'call': {
        started.delete(r.callId);
        calls++;
        const o = r.outcome;
        if (!o.ok) failedCalls++;
        if (o.error?.code === 'CRASHED') crashedCalls++;
        steps.push({ ...at, kind: 'call', title: callTitle(r.seq, r.tool, o), ok: o.ok, blocks: callBlocks(r.args, o, r.tolerance) });
        if (!o.ok) failures.push({ ...at, what: `Call #${r.seq} ${r.tool}`, error: errorLine(o), stderrTail: callStderr(r, pairs) });
        break;
      }
      case 'message':
        messages++;
        break;
      case 'setup': {
        const failed = r.status === 'error';
        const ok = failed ? false : r.status === 'next' || r.status === 'complete' ? true : undefined;
        const title = r.stepId ? `Setup step "${r.stepId}": ${r.status}` : /^setup/i.test(r.status) ? r.status : `Setup: ${r.status}`;
        steps.push({ ...at, kind: 'setup', title, ok, blocks: setupBlocks(r.errors, r.values) });
        if (failed) failures.push({ ...at, what: `Setup step "${r.stepId}"`, error: fieldErrors(r.errors) || 'the step was refused', stderrTail: [] });
        break;
      }
      case 'session-start':
      case 'session-end':
        steps.push({ ...at, kind: 'session', title: `Session ${r.type === 'session-start' ? 'started' : 'ended'}${r.sessionId ? ` (${r.sessionId})` : ''}`, blocks: [] });
        break;
      case 'message-hook':
        steps.push({
          ...at,
          kind: 'hook',
          title: `Message hook ${r.hook}`,
          blocks: [
            { label: 'Input', text: r.input },
            { label: 'Output', text: r.output === null ? '(unchanged: the hook returned nothing)' : r.output },
          ],
        });
        break;
      case 'tick': {
        const events = r.events?.length ?? 0;
        const bits = [r.outcome, r.durationMs !== undefined ? `${r.durationMs} ms` : '', events ? `${events} event${events === 1 ? '' : 's'}` : ''].filter(Boolean);
        steps.push({ ...at, kind: 'tick', title: `Tick: ${r.label}${bits.length ? ` (${bits.join(', ')})` : ''}`, ok: r.outcome !== 'error', blocks: events ? [jsonBlock('Events', r.events)] : [] });
        break;
      }
      case 'event':
        steps.push({ ...at, kind: 'event', title: `Event: ${r.eventType}`, blocks: r.data === undefined ? [] : [jsonBlock('Data', r.data)] });
        break;
      case 'trigger':
        steps.push({ ...at, kind: 'trigger', title: `Trigger fired: ${r.label}`, blocks: r.data === undefined ? [] : [jsonBlock('Trigger', r.data)] });
        break;
      case 'lifecycle':
        if (r.kind === 'crash') {
          crashRecords++;
          // A crash that ended a call is told with the call.
          if (!pairs.toldAsCall.has(r.seq)) failures.push({ ...at, what: 'The skill crashed', error: r.detail, stderrTail: r.stderrTail ?? [] });
        }
        steps.push({ ...at, kind: r.kind === 'crash' ? 'crash' : 'lifecycle', title: `${LIFECYCLE[r.kind]}: ${r.detail}`, ok: r.kind === 'crash' ? false : undefined, blocks: [] });
        break;
      case 'note':
        notes.push({ time: r.time, text: r.text });
        steps.push({ ...at, kind: 'note', title: `Note: ${r.text}`, blocks: [] });
        break;
      case 'end':
        steps.push({ ...at, kind: 'stop', title: 'Recording stopped', blocks: [] });
        break;
      case 'chat-turn':
        chatTurns++;
        turnMessage.set(r.turn, r.message);
        steps.push({ ...at, kind: 'chat', title: `Chat turn with ${r.model.model}: "${oneLine(r.message)}"`, blocks: [{ label: 'Message', text: clip(r.message) }] });
        break;
      case 'model-request':
        modelRequests++;
        break;
      case 'chat-event': {
        const result = r.event.type === 'done' ? (r.event.result as ChatTurnResult | undefined) : undefined;
        if (!result) break;
        const step = chatEnd(result);
        steps.push({ ...at, kind: 'chat', ...step });
        if (!result.ok) failures.push({ ...at, what: `Chat turn "${oneLine(turnMessage.get(r.turn) ?? result.message)}"`, error: result.error ?? 'it ended without an answer', stderrTail: [] });
        break;
      }
      default:
        break; // tolerance records show on their call
    }
  }
  for (const s of started.values()) {
    steps.push({ seq: s.seq, time: s.time, kind: 'call', title: `Call #${s.seq} ${s.tool}: no answer was recorded`, ok: false, blocks: [jsonBlock('Arguments', s.args)] });
  }
  steps.sort((a, b) => a.seq - b.seq);
  return {
    file: rec.file,
    name: h.name,
    skill: { name: h.skill.name, id: h.skill.id, protocol: PROTOCOL_LABELS[h.skill.protocol] ?? h.skill.protocol, version: h.skill.version, dir: h.skill.dir },
    startedAt: h.startedAt,
    durationMs: Math.max(0, lastTime - h.startedAt),
    folderHash: h.folderHash,
    // A crash during a call is both a lifecycle record and a CRASHED outcome: count the crash once.
    summary: { calls, failedCalls, failures: failures.length, crashes: Math.max(crashRecords, crashedCalls), notes: notes.length, messages, chatTurns, modelRequests },
    steps,
    failures,
    notes,
    warnings: rec.warnings,
  };
}

/** The end of a chat turn: how it went, and the text before and after the skill's hooks where they changed it. */
function chatEnd(r: ChatTurnResult): Pick<Step, 'title' | 'ok' | 'blocks'> {
  const u = r.usage ?? {};
  const tokens = u.inputTokens !== undefined ? `, ${u.inputTokens} tokens in, ${u.outputTokens ?? '?'} out` : '';
  const how = `${r.steps} model request${r.steps === 1 ? '' : 's'}, ${r.toolCalls.length} tool call${r.toolCalls.length === 1 ? '' : 's'}${tokens}, ${formatDuration(r.durationMs)}`;
  const blocks: Step['blocks'] = [];
  if (r.modelMessage !== r.message) blocks.push({ label: 'Message to the model (after beforeMessage)', text: clip(r.modelMessage) });
  if (r.ok) {
    blocks.push({ label: r.answer !== r.modelAnswer ? "The model's answer (before afterResponse)" : 'Answer', text: clip(r.modelAnswer) });
    if (r.answer !== r.modelAnswer) blocks.push({ label: 'Answer', text: clip(r.answer) });
  } else blocks.push({ label: 'Error', text: r.error ?? 'it ended without an answer' });
  return { title: `Chat answer: ${r.ok ? 'ok' : `failed (${r.failure ?? 'error'})`}, ${how}`, ok: r.ok, blocks };
}

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

const LIFECYCLE = { load: 'Loaded', unload: 'Unloaded', crash: 'Crashed', restart: 'Restarted' } as const;

function callTitle(seq: number, tool: string, o: CallOutcome): string {
  const how = o.ok ? 'ok' : `failed (${o.error?.code ?? 'error'})`;
  return `Call #${seq} ${tool}: ${how}, ${o.durationMs} ms`;
}

function callBlocks(args: unknown, o: CallOutcome, tolerance?: Tolerance): Step['blocks'] {
  const blocks: Step['blocks'] = [jsonBlock('Arguments', args ?? {})];
  if (o.ok) blocks.push(o.data !== undefined ? jsonBlock('Result', o.data) : { label: 'Result', text: clip(o.text ?? '') });
  else {
    blocks.push({ label: 'Error', text: errorLine(o) });
    if (o.text && o.text !== o.error?.message) blocks.push({ label: 'Output', text: clip(o.text) });
  }
  if (tolerance) blocks.push(jsonBlock('Replay tolerance', tolerance));
  return blocks;
}

function setupBlocks(errors?: SetupFieldError[] | null, values?: Record<string, unknown>): Step['blocks'] {
  const out: Step['blocks'] = [];
  if (values && Object.keys(values).length) out.push(jsonBlock('Values', values));
  if (errors?.length) out.push({ label: 'Errors', text: fieldErrors(errors) });
  return out;
}

function fieldErrors(errors?: SetupFieldError[] | null): string {
  return (errors ?? []).map((e) => `${e.field}: ${e.message}`).join('\n');
}

function errorLine(o: CallOutcome): string {
  return `${o.error?.code ?? 'ERROR'}: ${o.error?.message ?? 'no reason given'}`;
}

function jsonBlock(label: string, v: unknown): { label: string; text: string; json: true } {
  return { label, text: clip(JSON.stringify(v, null, 2) ?? 'null'), json: true };
}

function clip(s: string): string {
  return s.length > MAX_BLOCK ? `${s.slice(0, MAX_BLOCK)}\n… (${s.length - MAX_BLOCK} more characters in the recording)` : s;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${(ms / 1000).toFixed(1)} s`;
  const m = Math.floor(ms / 60_000);
  return m < 120 ? `${m} min ${Math.round((ms % 60_000) / 1000)} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function formatTime(t: number): string {
  return new Date(t).toISOString().replace('T', ' ').replace('Z', ' UTC');
}
