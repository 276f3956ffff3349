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
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import type { RequestTaskStore } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CreateMessageRequestSchema,
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  PromptListChangedNotificationSchema,
  RELATED_TASK_META_KEY,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
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
  /** The tasks the server asked the workbench to run (a task-augmented elicitation or sampling): each waits on the user. */
  readonly taskStore = new CancelAwareTaskStore((taskId) => this.taskCancelled(taskId));
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

  /** Serves the server's requests and notifications on a new connection's client. */
  attach(client: Client): void {
    this.client = client;
    const emit = this.opts.emit;
    const skillId = this.opts.skillId;
    // The SDK serves roots/list only for a client that declared roots, which it does only when some are set.
    this.declared = this.hasRoots();
    if (this.declared) {
      client.setRequestHandler(ListRootsRequestSchema, () => {
        emit?.('mcpRoots', { skillId, roots: this.roots() });
        return { roots: this.roots() };
      });
    }
    client.setRequestHandler(ElicitRequestSchema, (req, extra) => {
      this.relatedTaskAsked(req.params);
      const p = req.params as { message?: string; requestedSchema?: JsonSchema; mode?: string; url?: string; elicitationId?: string; task?: { ttl?: number } };
      const what: Asked = { kind: 'elicitation', message: p.message ?? '', requestedSchema: p.requestedSchema ?? { type: 'object', properties: {} } };
      if (p.mode === 'url') Object.assign(what, { mode: 'url', url: String(p.url ?? ''), ...(p.elicitationId ? { elicitationId: p.elicitationId } : {}) });
      return (p.task && extra.taskStore ? this.askAsTask(what, p.task, extra.taskStore) : this.ask(what, extra.signal));
    });
    // The SDK refuses a handler for a capability the client does not declare.
    if (this.samples) this.serveSampling(client);
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => this.elicitationComplete(n.params.elicitationId));
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => this.logged(n.params as { level: McpLogLevel; logger?: string; data: unknown }));
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => emit?.('mcpResourceUpdated', { skillId, uri: n.params.uri, time: Date.now() }));
    const changed = (list: McpListKind) => async () => {
      await this.opts.onListChanged?.(list);
      emit?.('mcpListChanged', { skillId, list });
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, changed('tools'));
    client.setNotificationHandler(ResourceListChangedNotificationSchema, changed('resources'));
    client.setNotificationHandler(PromptListChangedNotificationSchema, changed('prompts'));
  }

  /** `sampling/createMessage`: a model answers where the sampler says so; else the user is asked. */
  private serveSampling(client: Client): void {
    client.setRequestHandler(CreateMessageRequestSchema, (req, extra) => {
      this.relatedTaskAsked(req.params);
      const p = req.params as unknown as McpSamplingRequest & { task?: { ttl?: number } };
      // The spec: a client that did not declare sampling.tools answers such a request with an error.
      if (p.tools !== undefined || p.toolChoice !== undefined) throw new McpError(ErrorCode.InvalidParams, SAMPLING_TOOLS_REFUSED);
      const run = this.opts.sampler?.(p);
      if (run) {
        return p.task && extra.taskStore
          ? this.asTask(p.task, extra.taskStore, 'working', 'A model is answering.', (_taskId, signal) => this.byModel(run, signal))
          : this.byModel(run, extra.signal);
      }
      const what: Asked = { kind: 'sampling', request: p };
      return (p.task && extra.taskStore ? this.askAsTask(what, p.task, extra.taskStore) : this.ask(what, extra.signal));
    });
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
    for (const id of [...this.waiting.keys()]) this.finish(id, 'server-gone', new McpError(ErrorCode.ConnectionClosed, 'The connection closed.'));
    // The tasks the server asked of that connection end with it (and their clean-up timers keep nothing alive).
    this.taskStore.cleanup();
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
      this.finish(requestId, 'declined', new McpError(ErrorCode.InvalidRequest, `The user declined the sampling request${answer.reason ? `: ${answer.reason}` : '.'}`));
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
      if (signal.aborted) throw new McpError(ErrorCode.InvalidRequest, 'The server cancelled the request.');
      const why = (err as Error)?.message ?? String(err);
      this.opts.logs.append('system', `The model could not answer the server's sampling request: ${why}`);
      this.opts.mark?.({ kind: 'event', label: 'Sampling: the model did not answer', outcome: 'error', durationMs: Math.round(performance.now() - started), data: { mcp: 'sampling/createMessage', error: why } });
      throw new McpError(ErrorCode.InternalError, `The model could not answer: ${why}`);
    }
  }

  private take(requestId: string, kind: McpPendingRequest['kind']): Waiting {
    const w = this.waiting.get(requestId);
    if (!w) throw new Error(`There is no waiting request ${requestId}: it was answered, it timed out, or the server went away.`);
    if (w.request.kind !== kind) throw new Error(`Request ${requestId} is a ${w.request.kind} request, not ${kind}.`);
    return w;
  }

  /** The server asked as a task: the task is made at once (waiting on the user); the answer becomes its result. */
  private askAsTask(what: Asked, params: { ttl?: number }, store: RequestTaskStore): Promise<Record<string, unknown>> {
    return this.asTask(params, store, 'input_required', 'Waiting for the user to answer.', (taskId, signal) => this.ask({ ...what, taskId }, signal));
  }

  /** A task made at once, in `status`; what `run` answers becomes its result, its failure the task's. */
  private async asTask(
    params: { ttl?: number },
    store: RequestTaskStore,
    status: 'input_required' | 'working',
    statusMessage: string,
    run: (taskId: string, signal: AbortSignal) => Promise<Record<string, unknown>>,
  ): Promise<Record<string, unknown>> {
    const task = await store.createTask({ ttl: typeof params.ttl === 'number' ? params.ttl : this.askTimeoutMs, pollInterval: 1000 });
    await store.updateTaskStatus(task.taskId, status, statusMessage);
    const stop = new AbortController();
    this.taskAborts.set(task.taskId, stop);
    run(task.taskId, stop.signal)
      .then(
        (result) => store.storeTaskResult(task.taskId, 'completed', result),
        (err: Error) => store.updateTaskStatus(task.taskId, 'failed', err.message),
      )
      .catch(() => undefined) // the task was cancelled meanwhile: a terminal task takes no result
      .finally(() => this.taskAborts.delete(task.taskId));
    return { task: { ...task, status, statusMessage } };
  }

  private readonly taskAborts = new Map<string, AbortController>();

  /** The server cancelled a task it asked of us (`tasks/cancel`): its request is withdrawn from the user. */
  private taskCancelled(taskId: string): void {
    this.taskAborts.get(taskId)?.abort();
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
      return Promise.reject(new McpError(ErrorCode.InvalidRequest, 'Sampling is not available here: nobody can answer it.'));
    }
    const now = Date.now();
    const timeout = this.askTimeoutMs;
    const requestId = `mcp-${randomUUID()}`;
    const request = { ...what, skillId: this.opts.skillId, requestId, receivedAt: now, expiresAt: now + timeout };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const secs = Math.round(timeout / 1000);
        this.opts.logs.append('system', `Nobody answered the server's ${name} request within ${secs} s: the server was told so.`);
        this.finish(requestId, 'timed-out', new McpError(ErrorCode.RequestTimeout, `Nobody answered the ${name} request within ${secs} s.`));
      }, timeout);
      timer.unref?.();
      this.waiting.set(requestId, { request, resolve, reject, timer });
      signal.addEventListener('abort', () => this.finish(requestId, 'cancelled', new McpError(ErrorCode.InvalidRequest, 'The server cancelled the request.')), { once: true });
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

type Asked = DistributiveOmit<McpPendingRequest, 'skillId' | 'requestId' | 'receivedAt' | 'expiresAt'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The SDK's task store, telling when the server cancels one of the tasks it asked of us. */
export class CancelAwareTaskStore extends InMemoryTaskStore {
  constructor(private readonly onCancelled: (taskId: string) => void) {
    super();
  }

  override async updateTaskStatus(taskId: string, status: Parameters<InMemoryTaskStore['updateTaskStatus']>[1], statusMessage?: string, sessionId?: string): Promise<void> {
    await super.updateTaskStatus(taskId, status, statusMessage, sessionId);
    if (status === 'cancelled') this.onCancelled(taskId);
  }
}

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
