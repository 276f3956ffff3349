/**
 * The client side of one MCP server that outlives its connections: the roots the workbench gives it, the
 * log level and subscriptions it asked for (applied again after a restart), its recent log messages, and
 * the requests it makes of the user (elicitation, sampling), which wait here, listable by any window, until
 * answered, or until nobody has answered in time (the server gets a clear error), or the server goes away.
 * A sampling request may instead be answered at once by a model (`sampler`: the CLI's --model, the app's
 * "always" switch); sampling with tools (MCP 2025-11-25) is refused, as this client does not declare it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ProtocolError, ProtocolErrorCode, RELATED_TASK_META_KEY, type Client, type ClientCapabilities } from '@modelcontextprotocol/client';
import { bindTaskReceiver, type TaskReceiverBinding } from '@modelcontextprotocol/ext-tasks/receiver';
import type {
  JsonSchema, McpElicitationAnswer, McpEvents, McpListKind, McpLogLevel, McpLogMessage, McpPendingRequest, McpRequestDone, McpRoot,
  McpSamplingAnswer, McpSamplingRequest,
} from '../../contract';
import type { AdapterContext, Sampler, SampleRun } from '../adapter';
import type { LogSink } from '../../engine/log-sink';
import { Ring } from '../../engine/ring';
import { isObject } from '../../common/values';
import { writeFileAtomicSync } from '../../host/atomic-write';
import { PRIVATE, PRIVATE_DIR } from '../../host/workbench-home';
import { hostEnv } from '../../host/host-env';

/** How a session tells of what happens (the runtime's emit, narrowed to MCP's events). */
export type McpEmit = <K extends keyof McpEvents>(event: K, payload: McpEvents[K]) => void;

/** What a server asking for sampling with tools is told: the client declares `sampling.tools` only where it can run them. */
export const SAMPLING_TOOLS_REFUSED = 'This client does not take tools in sampling requests (it does not declare sampling.tools): ask without tools.';

/** How long a request of the server waits for the user before the server is told nobody answered. */
export const DEFAULT_ASK_TIMEOUT_MS = 4 * 60_000;
const LOG_RING = 500;
/** JSON-RPC's codes for a closed connection and a request timed out (the 1.x SDK's names; v2 keeps them local). */
const CONNECTION_CLOSED = -32000;
const REQUEST_TIMEOUT = -32001;

interface Waiting {
  request: McpPendingRequest;
  resolve: (result: Record<string, unknown>) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export interface SessionOptions {
  skillId: string;
  /** Where roots the user chose are kept (the skill's folder under the workbench's home); in memory only without it. */
  rootsFile?: string;
  logs: LogSink;
  /** Absent where nobody can answer (the command line): the server's requests are declined at once. */
  emit?: McpEmit;
  askTimeoutMs?: number;
  /** A list of the server's changed: the adapter refreshes what it knows. */
  /** The adapter refreshes what it knows; the event goes out once that is done (the new tools counted). */
  onListChanged?: (list: McpListKind) => Promise<void> | void;
  /** Answers sampling without asking the user, where it says it does (a model). */
  sampler?: Sampler;
  /** The skill's timeline (a model's answer to a sampling request is marked there). */
  mark?: AdapterContext['onTimeline'];
}

export class McpSession {
  /** The roots the user (or, through the bridge, the agent) set; null while none were. */
  private rootList: McpRoot[] | null;
  /** Whether the connection now attached declared roots (so may be told they changed). */
  declared = false;
  logLevel: McpLogLevel | null = null;
  readonly subscriptions = new Set<string>();
  private readonly logRing = new Ring<McpLogMessage>(LOG_RING);
  private readonly waiting = new Map<string, Waiting>();
  private client: Client | null = null;
  /** The tasks the server asked the workbench to run (a task-augmented elicitation or sampling, MCP 2025-11-25): each waits on the user. */
  private receiver: TaskReceiverBinding | null = null;
  /** Told of a request the server makes for one of our task calls (it is then input_required), by the task's id. */
  private readonly taskAsked = new Map<string, () => void>();

  constructor(private readonly opts: SessionOptions) {
    // No folder is given unasked (not even the skill's): a server may take roots as all it may reach.
    this.rootList = savedRoots(opts.rootsFile) ?? null;
  }

  /**
   * Whether this client offers sampling: only where someone answers it (a person in the app, a model). A server
   * offers the tools that need it only to a client that declares it; a client that cannot answer must not say it can.
   */
  get samples(): boolean {
    return !!(this.opts.emit || this.opts.sampler);
  }

  get askTimeoutMs(): number {
    const env = Number(hostEnv().SKILLBENCH_MCP_ASK_TIMEOUT_MS);
    return this.opts.askTimeoutMs ?? (Number.isFinite(env) && env > 0 ? env : DEFAULT_ASK_TIMEOUT_MS);
  }

  /** What this client declares of tasks asked of it (2025-11-25): elicitation always, sampling where it samples. */
  taskCapabilities(): NonNullable<ClientCapabilities['tasks']> {
    return { list: {}, cancel: {}, requests: { elicitation: { create: {} }, ...(this.samples ? { sampling: { createMessage: {} } } : {}) } };
  }

  /**
   * Serves the server's requests and notifications on a new connection's client. A server of the 2026-07-28 era
   * asks the same questions inside a call's answer (`input_required`): the SDK puts them to these same handlers
   * and retries the call with the answers, so the user sees the same dialogs and a model gives the same answers.
   */
  attach(client: Client): void {
    this.client = client;
    const emit = this.opts.emit;
    const skillId = this.opts.skillId;
    // The SDK serves roots/list only for a client that declared roots, which it does only when some are set.
    this.declared = this.hasRoots();
    if (this.declared) {
      client.setRequestHandler('roots/list', () => {
        emit?.('mcpRoots', { skillId, roots: this.roots() });
        return { roots: this.roots() };
      });
    }
    client.setRequestHandler('elicitation/create', (req, ctx) => {
      this.relatedTaskAsked(req.params);
      return this.ask(elicitationAsked(req.params), ctx.mcpReq.signal) as never;
    });
    // The SDK refuses a handler for a capability the client does not declare.
    if (this.samples) this.serveSampling(client);
    // An elicitation or sampling asked as a task (2025-11-25): the task is made at once, waiting on the user (or a
    // model); its answer becomes the task's result, and the server's tasks/cancel withdraws the question.
    this.receiver = bindTaskReceiver(client, {
      methods: { 'elicitation/create': true, ...(this.samples ? { 'sampling/createMessage': true } : {}) },
      ttlMs: this.askTimeoutMs,
      pollIntervalMs: 1000,
      elicitation: (req, { taskId, signal }) => this.ask({ ...elicitationAsked(req.params), taskId }, signal) as never,
      sampling: (req, { taskId, signal }) => this.sample(req.params as unknown as McpSamplingRequest, signal, taskId) as never,
      onError: (err) => this.opts.logs.append('system', `A task the server asked of the workbench failed: ${(err as Error)?.message ?? String(err)}`),
    });
    client.setNotificationHandler('notifications/elicitation/complete', (n) => this.elicitationComplete(n.params.elicitationId));
    client.setNotificationHandler('notifications/message', (n) => this.logged(n.params as { level: McpLogLevel; logger?: string; data: unknown }));
    client.setNotificationHandler('notifications/resources/updated', (n) => emit?.('mcpResourceUpdated', { skillId, uri: n.params.uri, time: Date.now() }));
    const changed = (list: McpListKind) => async () => {
      await this.opts.onListChanged?.(list);
      emit?.('mcpListChanged', { skillId, list });
    };
    client.setNotificationHandler('notifications/tools/list_changed', changed('tools'));
    client.setNotificationHandler('notifications/resources/list_changed', changed('resources'));
    client.setNotificationHandler('notifications/prompts/list_changed', changed('prompts'));
  }

  /** `sampling/createMessage`: a model answers where the sampler says so; else the user is asked. */
  private serveSampling(client: Client): void {
    client.setRequestHandler('sampling/createMessage', (req, ctx) => {
      this.relatedTaskAsked(req.params);
      return this.sample(req.params as unknown as McpSamplingRequest, ctx.mcpReq.signal) as never;
    });
  }

  private sample(p: McpSamplingRequest, signal: AbortSignal, taskId?: string): Promise<Record<string, unknown>> {
    // The spec: a client that did not declare sampling.tools answers such a request with an error.
    if (p.tools !== undefined || p.toolChoice !== undefined) return Promise.reject(new ProtocolError(ProtocolErrorCode.InvalidParams, SAMPLING_TOOLS_REFUSED));
    const run = this.opts.sampler?.(p);
    if (run) return this.byModel(run, signal);
    const { task: _task, ...request } = p as McpSamplingRequest & { task?: unknown };
    return this.ask({ kind: 'sampling', request: request, ...(taskId ? { taskId } : {}) }, signal);
  }

  /**
   * While a task call of ours runs, `told` hears of each request the server makes for it: the task waits on the user
   * then, and a poll at that moment shows it (the user may answer before the next scheduled poll).
   */
  onTaskAsks(taskId: string, told: () => void): () => void {
    this.taskAsked.set(taskId, told);
    return () => this.taskAsked.delete(taskId);
  }

  private relatedTaskAsked(params: { _meta?: Record<string, unknown> } | undefined): void {
    const related = params?._meta?.[RELATED_TASK_META_KEY] as { taskId?: unknown } | undefined;
    if (typeof related?.taskId === 'string') this.taskAsked.get(related.taskId)?.();
  }

  /** The connection ended: the requests it made can no longer be answered. */
  detach(): void {
    this.client = null;
    for (const id of [...this.waiting.keys()]) this.finish(id, 'server-gone', new ProtocolError(CONNECTION_CLOSED, 'The connection closed.'));
    // The tasks the server asked of that connection end with it (and their clean-up timers keep nothing alive).
    this.receiver?.close();
    this.receiver = null;
  }

  // ---- roots ----

  roots(): McpRoot[] {
    return (this.rootList ?? []).map((r) => ({ ...r }));
  }

  /** Whether there are roots to declare: some were set, and the list is not empty. */
  hasRoots(): boolean {
    return !!this.rootList?.length;
  }

  /** Changes the roots; a connected server is told the list changed. */
  async setRoots(roots: McpRoot[]): Promise<McpRoot[]> {
    for (const r of roots) {
      if (!r || typeof r.uri !== 'string' || !r.uri.startsWith('file://')) throw new Error(`A root must be a file:// address; "${r?.uri}" is not.`);
    }
    this.rootList = roots.map((r) => ({ uri: r.uri, ...(r.name ? { name: r.name } : {}) }));
    if (this.opts.rootsFile) {
      fs.mkdirSync(path.dirname(this.opts.rootsFile), { recursive: true, mode: PRIVATE_DIR });
      writeFileAtomicSync(this.opts.rootsFile, JSON.stringify({ roots: this.rootList }, null, 2) + '\n', PRIVATE);
    }
    if (this.declared) await this.client?.sendRootsListChanged();
    return this.roots();
  }

  // ---- logging ----

  logMessages(): McpLogMessage[] {
    return this.logRing.toArray();
  }

  private logged(p: { level: McpLogLevel; logger?: string; data: unknown }): void {
    const msg: McpLogMessage = { skillId: this.opts.skillId, time: Date.now(), level: p.level, data: p.data };
    if (p.logger) msg.logger = p.logger;
    this.logRing.push(msg);
    const text = typeof p.data === 'string' ? p.data : JSON.stringify(p.data);
    this.opts.logs.append('system', `[${p.level}]${p.logger ? ` ${p.logger}:` : ''} ${text}`);
    this.opts.emit?.('mcpLog', msg);
  }

  // ---- requests of the server to the user ----

  pending(): McpPendingRequest[] {
    return [...this.waiting.values()].map((w) => w.request);
  }

  has(requestId: string): boolean {
    return this.waiting.has(requestId);
  }

  answerElicitation(requestId: string, answer: McpElicitationAnswer): void {
    const w = this.take(requestId, 'elicitation');
    if (!['accept', 'decline', 'cancel'].includes(answer?.action)) throw new Error('Answer with accept, decline or cancel.');
    const result: Record<string, unknown> = { action: answer.action };
    if (answer.action === 'accept' && w.request.kind === 'elicitation' && w.request.mode !== 'url') result.content = answer.content ?? {};
    this.waiting.delete(requestId);
    clearTimeout(w.timer);
    w.resolve(result);
    this.done(requestId, answer.action === 'accept' ? 'answered' : answer.action === 'decline' ? 'declined' : 'cancelled');
  }

  answerSampling(requestId: string, answer: McpSamplingAnswer): void {
    const w = this.take(requestId, 'sampling');
    if (answer?.action === 'decline') {
      this.finish(requestId, 'declined', new ProtocolError(ProtocolErrorCode.InvalidRequest, `The user declined the sampling request${answer.reason ? `: ${answer.reason}` : '.'}`));
      return;
    }
    if (answer?.action !== 'answer' || !answer.content || typeof answer.content !== 'object') throw new Error('Answer with a message (its content), or decline.');
    this.waiting.delete(requestId);
    clearTimeout(w.timer);
    w.resolve(samplingResult(answer));
    this.done(requestId, 'answered');
  }

  /** A model answers the server at once: its answer (or why there is none) is logged and marked on the timeline. */
  private async byModel(run: SampleRun, signal: AbortSignal): Promise<Record<string, unknown>> {
    const started = performance.now();
    try {
      const { answer, usage, durationMs } = await run(signal);
      const tokens = usage.inputTokens !== undefined ? `${usage.inputTokens} tokens in, ${usage.outputTokens ?? '?'} out, ` : '';
      this.opts.logs.append('system', `The server's sampling request was answered by ${answer.model} (${tokens}${durationMs} ms).`);
      this.opts.mark?.({ kind: 'event', label: `Sampling answered by ${answer.model}`, outcome: 'ok', durationMs, data: { mcp: 'sampling/createMessage', model: answer.model, stopReason: answer.stopReason, usage } });
      return samplingResult(answer);
    } catch (err) {
      if (signal.aborted) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, 'The server cancelled the request.');
      const why = (err as Error)?.message ?? String(err);
      this.opts.logs.append('system', `The model could not answer the server's sampling request: ${why}`);
      this.opts.mark?.({ kind: 'event', label: 'Sampling: the model did not answer', outcome: 'error', durationMs: Math.round(performance.now() - started), data: { mcp: 'sampling/createMessage', error: why } });
      throw new ProtocolError(ProtocolErrorCode.InternalError, `The model could not answer: ${why}`);
    }
  }

  private take(requestId: string, kind: McpPendingRequest['kind']): Waiting {
    const w = this.waiting.get(requestId);
    if (!w) throw new Error(`There is no waiting request ${requestId}: it was answered, it timed out, or the server went away.`);
    if (w.request.kind !== kind) throw new Error(`Request ${requestId} is a ${w.request.kind} request, not ${kind}.`);
    return w;
  }

  private elicitationComplete(elicitationId: string): void {
    const w = [...this.waiting.values()].find((x) => x.request.kind === 'elicitation' && x.request.elicitationId === elicitationId);
    if (w && w.request.kind === 'elicitation') w.request.completed = true;
    this.opts.logs.append('system', `The server says the URL elicitation ${elicitationId} is complete.`);
    this.opts.emit?.('mcpElicitationComplete', { skillId: this.opts.skillId, elicitationId, ...(w ? { requestId: w.request.requestId } : {}) });
  }

  private ask(what: Asked, signal: AbortSignal): Promise<Record<string, unknown>> {
    const name = what.kind === 'elicitation' ? 'elicitation' : 'sampling';
    if (!this.opts.emit) {
      this.opts.logs.append('system', `The server asked for ${name}; nobody can answer here, so it was declined.`);
      if (what.kind === 'elicitation') return Promise.resolve({ action: 'decline' });
      return Promise.reject(new ProtocolError(ProtocolErrorCode.InvalidRequest, 'Sampling is not available here: nobody can answer it.'));
    }
    const now = Date.now();
    const timeout = this.askTimeoutMs;
    const requestId = `mcp-${randomUUID()}`;
    const request = { ...what, skillId: this.opts.skillId, requestId, receivedAt: now, expiresAt: now + timeout };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const secs = Math.round(timeout / 1000);
        this.opts.logs.append('system', `Nobody answered the server's ${name} request within ${secs} s: the server was told so.`);
        this.finish(requestId, 'timed-out', new ProtocolError(REQUEST_TIMEOUT, `Nobody answered the ${name} request within ${secs} s.`));
      }, timeout);
      timer.unref?.();
      this.waiting.set(requestId, { request, resolve, reject, timer });
      signal.addEventListener('abort', () => this.finish(requestId, 'cancelled', new ProtocolError(ProtocolErrorCode.InvalidRequest, 'The server cancelled the request.')), { once: true });
      this.opts.emit!('mcpRequest', request);
    });
  }

  private finish(requestId: string, outcome: McpRequestDone['outcome'], err: Error): void {
    const w = this.waiting.get(requestId);
    if (!w) return;
    this.waiting.delete(requestId);
    clearTimeout(w.timer);
    w.reject(err);
    this.done(requestId, outcome);
  }

  private done(requestId: string, outcome: McpRequestDone['outcome']): void {
    this.opts.emit?.('mcpRequestDone', { skillId: this.opts.skillId, requestId, outcome });
  }
}

/** `sampling/createMessage`'s result for an answer, the user's or a model's. */
function samplingResult(answer: Extract<McpSamplingAnswer, { action: 'answer' }>): Record<string, unknown> {
  return { role: answer.role ?? 'assistant', content: answer.content, model: answer.model || 'human', stopReason: answer.stopReason ?? 'endTurn' };
}

/** What an `elicitation/create` asks, in the workbench's shape (a form, or a URL to open). */
function elicitationAsked(params: unknown): Asked {
  const p = (params ?? {}) as { message?: string; requestedSchema?: JsonSchema; mode?: string; url?: string; elicitationId?: string };
  const what: Asked = { kind: 'elicitation', message: p.message ?? '', requestedSchema: p.requestedSchema ?? { type: 'object', properties: {} } };
  if (p.mode === 'url') Object.assign(what, { mode: 'url', url: String(p.url ?? ''), ...(p.elicitationId ? { elicitationId: p.elicitationId } : {}) });
  return what;
}

type Asked = DistributiveOmit<McpPendingRequest, 'skillId' | 'requestId' | 'receivedAt' | 'expiresAt'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The roots the user chose for this server, or undefined (never chosen, or a file that is not usable). */
function savedRoots(file?: string): McpRoot[] | undefined {
  if (!file) return undefined;
  try {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    const list = isObject(raw) && Array.isArray(raw.roots) ? raw.roots : undefined;
    if (!list?.every((r) => isObject(r) && typeof r.uri === 'string' && r.uri.startsWith('file://'))) return undefined;
    return (list as McpRoot[]).map((r) => ({ uri: r.uri, ...(typeof r.name === 'string' ? { name: r.name } : {}) }));
  } catch {
    return undefined;
  }
}
