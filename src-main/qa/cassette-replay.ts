/**
 * Replaying a recorded chat turn (agent/cassette.ts wrote it). The turn runs again through the real chat turn
 * (agent/chat-turn.ts) on the skill, offline and deterministic: the model is a fetch that answers each request
 * with the recorded answer, in order. What is reported:
 *
 * - each tool call the model asks, made on the skill again and compared with the recorded answer (compare.ts),
 *   as a replayed call is;
 * - each model request that is not the recorded one (its messages, its tools, its system prompt): the model would
 *   have been asked something new, say because a tool now answers differently or the skill's tools changed;
 * - how the turn came out (its tool calls, the model's answer, the answer after afterResponse) where it differs.
 *
 * `live` asks the model again instead; then the requests are not compared (a new answer makes new requests), the
 * turn's outcome is.
 */
import type { CallOutcome, ChatRecordBody, ChatTurnOutline, ChatTurnResult, ModelConfig, ReplayCase, ReplayTurn, RequestDifference, ToolInfo } from '../contract';
import { openChatModel } from '../agent/chat-model';
import type { ChatTarget } from '../agent/chat-target';
import { runChatTurn } from '../agent/chat-turn';
import { ALLOW_TOOLS } from '../agent/tool-approval';
import type { Fetch } from '../agent/model-fetch';
import type { SecretStore } from '../host/secret-store';
import type { SkillRuntime } from '../runtime/skill-runtime';
import type { RecordEntry } from '../runtime/recording-format';
import { compareOutcome, compareValues } from './compare';
import type { CallEntry, Recording } from './recording-reader';

type Rec<T extends ChatRecordBody['type']> = Extract<RecordEntry, { type: T }>;

/** A recorded chat turn, as a replay needs it. */
export interface TapedTurn {
  start: Rec<'chat-turn'>;
  exchanges: { request: Rec<'model-request'>; response?: Rec<'model-response'> }[];
  /** The tool calls the model asked, in the order they started; `call` where it ran through the workbench. */
  toolCalls: { tool: string; arguments: unknown; callId?: string; call?: CallEntry }[];
  /** How it ended (its `done` event), where the recording has it. */
  result?: ChatTurnResult;
}

/** The chat turns of a recording, in order. */
export function tapedTurns(rec: Recording): TapedTurn[] {
  const turns = new Map<string, TapedTurn>();
  const calls = new Map<string, CallEntry>();
  for (const r of rec.records) if (r.type === 'call') calls.set(r.callId, r);
  for (const r of rec.records) {
    if (r.type === 'chat-turn') turns.set(r.turn, { start: r, exchanges: [], toolCalls: [] });
    const t = 'turn' in r && typeof r.turn === 'string' ? turns.get(r.turn) : undefined;
    if (!t) continue;
    if (r.type === 'model-request') t.exchanges[r.exchange - 1] = { request: r };
    else if (r.type === 'model-response') {
      const x = t.exchanges[r.exchange - 1];
      if (x) x.response = r;
    } else if (r.type === 'chat-event') {
      const e = r.event as { type: string; tool?: string; arguments?: unknown; callId?: string; result?: ChatTurnResult };
      if (e.type === 'tool-call-start') t.toolCalls.push({ tool: String(e.tool), arguments: e.arguments, ...(e.callId ? { callId: e.callId, call: calls.get(e.callId) } : {}) });
      else if (e.type === 'done' && e.result) t.result = e.result;
    }
  }
  return [...turns.values()].map((t) => ({ ...t, exchanges: t.exchanges.filter(Boolean) }));
}

/** Why a turn cannot be replayed on this skill alone, or null when it can. */
export function unreplayable(t: TapedTurn): string | null {
  if (t.start.workspace) return `Chat turn ${t.start.seq} was a workspace chat (several skills' tools): its calls were replayed one by one, the turn itself was not.`;
  if (!t.result) return `Chat turn ${t.start.seq} did not end while it was recorded: its calls were replayed one by one, the turn itself was not.`;
  return null;
}

export interface TurnReplayOptions {
  timeoutMs?: number;
  /** Ask the model again (`--live`): this model (default: the recorded one), its key from here. */
  live?: { config?: ModelConfig; env: NodeJS.ProcessEnv; secrets?: SecretStore };
}

/** Runs one recorded turn again on `rt` (started); its tool calls come back as replay cases. */
export async function replayTurn(t: TapedTurn, rt: SkillRuntime, opts: TurnReplayOptions, onCase: (c: ReplayCase) => void): Promise<ReplayTurn> {
  const started = performance.now();
  const requests: RequestDifference[] = [];
  const config: ModelConfig = opts.live?.config ?? t.start.model;
  const tape = opts.live ? undefined : tapeAnswers(t, rt, requests);
  // Offline, no key is looked for: nothing leaves the machine.
  const model = tape
    ? openChatModel({ provider: config.provider, model: config.model, ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}) }, { env: {}, fetch: tape.fetch, retry: { baseDelayMs: 0 } })
    : openChatModel(config, { env: opts.live!.env, secrets: opts.live!.secrets });
  if (model.key.key) rt.redactor.add(model.key.key);
  const result = rt.redactor.value(
    await runChatTurn({
      target: replayTarget(t, rt, opts.timeoutMs, onCase),
      model,
      // A replay runs the recorded turn's tools again: what the user asked for.
      approval: ALLOW_TOOLS,
      message: t.start.message,
      history: t.start.history,
      instructions: t.start.instructions,
      maxSteps: t.start.maxSteps,
    }),
  );
  if (tape) {
    // Requests the recording has that the turn did not make this time.
    for (let n = tape.asked() + 1; n <= t.exchanges.length; n++) {
      requests.push({ exchange: n, differences: [{ path: 'request', recorded: summaryOf(t.exchanges[n - 1].request.body), replayed: undefined, why: 'the model was asked this when recorded, and not on replay' }] });
    }
  }
  const recorded = outline(t.result!);
  const replayed = outline(result);
  const { error: _re, ...rc } = recorded;
  const { error: _pe, ...pc } = replayed;
  const differences = compareValues([], rc, pc);
  return {
    seq: t.start.seq,
    message: t.start.message,
    model: config.model,
    live: !!opts.live,
    recorded,
    replayed,
    differences,
    requests,
    match: differences.length === 0 && requests.length === 0,
    durationMs: Math.round(performance.now() - started),
  };
}

function outline(r: ChatTurnResult): ChatTurnOutline {
  return {
    ok: r.ok,
    ...(r.error ? { error: r.error } : {}),
    modelMessage: r.modelMessage,
    toolCalls: r.toolCalls.map((c) => ({ tool: c.tool, arguments: c.arguments, ok: c.ok })),
    modelAnswer: r.modelAnswer,
    answer: r.answer,
  };
}

/**
 * The model, from the tape: the n-th request is answered with the n-th recorded answer, and compared with the
 * n-th recorded request (masked as the recording was). A request the tape has no answer for is refused as a
 * server error would be, and reported.
 */
function tapeAnswers(t: TapedTurn, rt: SkillRuntime, requests: RequestDifference[]): { fetch: Fetch; asked(): number } {
  let n = 0;
  const answer = (init: RequestInit | undefined): Response => {
    const exchange = ++n;
    const sent = rt.redactor.value(parsed(init?.body));
    const taped = t.exchanges[exchange - 1];
    if (!taped) {
      requests.push({ exchange, differences: [{ path: 'request', recorded: undefined, replayed: summaryOf(sent), why: 'the model would be asked once more than when recorded' }] });
      return Response.json({ error: { message: `The recording holds no answer for the model's request ${exchange} of this turn.` } }, { status: 500 });
    }
    const differences = compareValues([], partsOf(taped.request.body), partsOf(sent));
    if (differences.length) requests.push({ exchange, differences });
    const r = taped.response;
    if (!r) return Response.json({ error: { message: `The recording ends before the answer to the model's request ${exchange}.` } }, { status: 500 });
    if (r.error !== undefined) throw new TypeError(`fetch failed (as recorded: ${r.error})`);
    // A recorded wait is not waited again: a replay is as fast as the skill.
    const headers = { ...r.headers };
    if (headers['retry-after'] !== undefined) headers['retry-after'] = '0';
    delete headers['retry-after-ms'];
    return new Response(r.body ?? '', { status: r.status ?? 200, headers });
  };
  // A throw (a recorded network failure) becomes the rejected fetch it was.
  const fetch: Fetch = (_input, init) => new Promise((resolve) => resolve(answer(init)));
  return { fetch, asked: () => n };
}

/** The parts of a model request that matter: what the model reads (messages, system prompt) and the tools it is offered. */
function partsOf(body: unknown): Record<string, unknown> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of ['system', 'messages', 'tools', 'tool_choice']) if (b[k] !== undefined) out[k] = b[k];
  return out;
}

/** A request in a few words, for "asked once more" (its last message). */
function summaryOf(body: unknown): unknown {
  const messages = (partsOf(body).messages ?? []) as unknown[];
  return messages.length ? { lastMessage: messages[messages.length - 1] } : body;
}

function parsed(body: RequestInit['body'] | undefined): unknown {
  if (typeof body !== 'string') return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * The skill as the replayed turn's target: its tools and message hooks as they are now; each call made without
 * bookkeeping (as a replay makes them) and compared with the call recorded in its place.
 */
function replayTarget(t: TapedTurn, rt: SkillRuntime, timeoutMs: number | undefined, onCase: (c: ReplayCase) => void): ChatTarget {
  const recordedCalls = t.toolCalls.filter((c) => c.callId);
  let k = 0;
  const hooks = () => rt.info()?.capabilities.messageHooks === true && !!rt.adapter.transform;
  return {
    name: rt.info()?.name ?? rt.ref.name,
    tools: (): Promise<ToolInfo[]> => Promise.resolve(rt.info()?.tools ?? []),
    async callTool(name, args, ctx) {
      const was = recordedCalls[k++];
      const replayed: CallOutcome = rt.redactor.value(await rt.call(name, args, { timeoutMs, signal: ctx.signal, callId: ctx.callId }));
      // Compared where the model asked what it asked when recorded (always, offline; where it still does, live).
      if (was?.call && was.tool === name && compareValues([], was.arguments, args).length === 0) {
        const { match, differences } = compareOutcome(was.call.outcome, replayed, was.call.tolerance);
        const c: ReplayCase = { seq: was.call.seq, tool: name, args, recorded: was.call.outcome, replayed, match, differences, durationMs: replayed.durationMs };
        if (was.call.tolerance) c.tolerance = was.call.tolerance;
        onCase(c);
      }
      const result = replayed.ok ? (replayed.data ?? replayed.text ?? null) : (replayed.error?.message ?? replayed.text ?? 'The tool failed.');
      return { ok: replayed.ok, result, callId: ctx.callId, skillId: rt.ref.id, durationMs: replayed.durationMs };
    },
    beforeMessage: async (text) => (hooks() ? rt.transform('beforeMessage', text) : null),
    afterResponse: async (text) => (hooks() ? rt.transform('afterResponse', text) : null),
  };
}
