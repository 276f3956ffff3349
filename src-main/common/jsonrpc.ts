/**
 * A JSON-RPC 2.0 peer over lines: requests, notifications and responses in both directions, correlated
 * by id, answered in any order. It never touches bytes (see framing.ts) and never touches processes.
 *
 * A message with `method` is a request (with an id) or a notification (without); one without `method`
 * is a response. So the other side's request ids never collide with ours, even though both count from 1.
 */
import { JSONRPC, RpcError, SkillError, TimeoutError } from './errors';
import { parseBounded } from './json-depth';
import { checkResult, type ParamsIn, type ResultOf, type RpcMethod } from './rpc-method';
import type { MessageKind } from '../contract';
import { runtimeTimers, type AbortSignalLike, type Timers } from './timers';

export type RpcId = number | string;

export interface RpcTrace {
  direction: 'out' | 'in';
  kind: MessageKind;
  method?: string;
  id?: RpcId | null;
  body: unknown;
  /** The exact line, so a trace sink can store it without serialising again. */
  line: string;
  note?: string;
  /** The HTTP headers a message was sent with, those the protocol defines (`Mcp-Method`, `Mcp-Name`, …). */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignalLike;
}

export interface JsonRpcPeerOptions {
  send: (line: string) => Promise<void> | void;
  onRequest?: (method: string, params: unknown) => unknown;
  /** A promise returned here counts as work in flight until it settles (see maxIncoming). */
  onNotification?: (method: string, params: unknown) => unknown;
  /** Lines that are not JSON-RPC messages (logs printed to stdout, responses with id null, late answers). */
  onNoise?: (line: string, reason: string) => void;
  /** A message nested deeper than MAX_DEPTH levels arrived; the part below was replaced by a marker. */
  onTooDeep?: (depth: number, line: string) => void;
  trace?: (t: RpcTrace) => void;
  defaultTimeoutMs?: number;
  /** The clock and timers (the runtime's by default). */
  timers?: Timers;
  /**
   * Requests and notifications from the other side served at once, counted until their answer is handed
   * to `send`. Past it, what arrives waits in order, and `onCongestion(true)` asks the transport to stop
   * reading until `onCongestion(false)`: a skill flooding us with requests waits on its own pipe, and our
   * memory stays flat.
   */
  maxIncoming?: number;
  onCongestion?: (congested: boolean) => void;
  /**
   * Given, a request's id must be a finite number or a text of at most this many characters (as JSON-RPC says,
   * and short, since it is echoed back): any other is refused (-32600) under id null, the request not served.
   */
  maxIdChars?: number;
  /**
   * Given, a request whose message was nested past MAX_DEPTH (and so read cut, see onTooDeep) is answered with
   * this error instead of being served cut.
   */
  refuseTooDeep?: (method: string, depth: number) => RpcError;
  /** Batches (a JSON array of messages) are not taken: each goes to `onNoise` whole, as one message that is not one. */
  noBatches?: boolean;
}

export const DEFAULT_MAX_INCOMING = 64;

interface Pending {
  method: string;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  /** When it times out (by the peer's clock), and after how long; 0 for never. */
  deadline: number;
  timeoutMs: number;
  /** How many lines that were no JSON-RPC message had come when it was sent (see `strays`). */
  straysBefore: number;
  signal?: AbortSignalLike;
  onAbort?: () => void;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A line not yet read, or one message of a batch not yet dispatched. */
type Waiting = string | { msg: unknown; line: string; cut: number };

export class JsonRpcPeer {
  private nextId = 1;
  private readonly pending = new Map<RpcId, Pending>();
  private closedWith: Error | null = null;
  private readonly opts: JsonRpcPeerOptions;
  private readonly maxIncoming: number;
  /** Requests and notifications from the other side being served now. */
  private serving = 0;
  private backlog: Waiting[] = [];
  private congested = false;
  private draining = false;
  /**
   * One timer for all pending requests, set for the earliest deadline (a timer a request would cost
   * thousands a second when calls are pipelined): when it fires, what is due is rejected and it is set again.
   */
  private sweep: unknown = null;
  private sweepAt = Infinity;
  /** Lines that were no JSON-RPC message (a stray print), and the last: a timeout says what came instead. */
  private strays = 0;
  private lastStray = '';

  private readonly timers: Timers;

  constructor(opts: JsonRpcPeerOptions) {
    this.opts = opts;
    this.timers = opts.timers ?? runtimeTimers;
    this.maxIncoming = Math.max(1, opts.maxIncoming ?? DEFAULT_MAX_INCOMING);
  }

  /** Requests and notifications from the other side being served now (never more than maxIncoming). */
  get incoming(): number {
    return this.serving;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get closed(): boolean {
    return this.closedWith !== null;
  }

  /**
   * Sends a request and waits for its answer. With a declaration (see rpc-method.ts) the params are typed,
   * its timeout is the default, and the answer is checked against its result shape before it is returned.
   */
  request<M extends RpcMethod>(decl: M, params: ParamsIn<M>, opts?: RequestOptions): Promise<ResultOf<M>>;
  request<T = unknown>(method: string, params?: unknown, opts?: RequestOptions): Promise<T>;
  request(target: string | RpcMethod, params?: unknown, opts: RequestOptions = {}): Promise<unknown> {
    if (typeof target === 'string') return this.send(target, params, opts);
    return this.send(target.method, params, opts, target);
  }

  private send<T = unknown>(method: string, params: unknown, opts: RequestOptions, decl?: RpcMethod): Promise<T> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    const msg: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (params !== undefined) msg.params = params;
    const line = JSON.stringify(msg);
    return new Promise<T>((resolve, reject) => {
      // Checked as it settles, not in a `then` of its own: one promise a request on the hot path.
      const settled = decl
        ? (v: unknown) => {
            try {
              resolve(checkResult(decl, v) as T);
            } catch (err) {
              reject(err);
            }
          }
        : (resolve as (v: unknown) => void);
      const timeoutMs = opts.timeoutMs ?? decl?.timeoutMs ?? this.opts.defaultTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
      const timed = timeoutMs > 0 && Number.isFinite(timeoutMs);
      const p: Pending = { method, resolve: settled, reject, deadline: timed ? this.timers.now() + timeoutMs : 0, timeoutMs, straysBefore: this.strays };
      if (timed && p.deadline < this.sweepAt) this.armSweep(p.deadline);
      if (opts.signal) {
        if (opts.signal.aborted) return reject(new SkillError('CANCELLED', `${method} was cancelled`));
        p.signal = opts.signal;
        p.onAbort = () => this.settle(id)?.reject(new SkillError('CANCELLED', `${method} was cancelled`));
        opts.signal.addEventListener('abort', p.onAbort, { once: true });
      }
      this.pending.set(id, p);
      this.opts.trace?.({ direction: 'out', kind: 'request', method, id, body: msg, line });
      void this.sendLine(line, id);
    });
  }

  notify(method: string, params?: unknown): void {
    if (this.closedWith) return;
    const msg: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) msg.params = params;
    const line = JSON.stringify(msg);
    this.opts.trace?.({ direction: 'out', kind: 'notification', method, body: msg, line });
    void this.sendLine(line);
  }

  /** Feeds one line received from the other side. Never throws. */
  receive(line: string): void {
    // Order is kept: once anything waits, everything after it waits too (an answer never overtakes its events).
    if (this.backlog.length || this.full) {
      this.backlog.push(line);
      this.congest(true);
      return;
    }
    this.read(line);
  }

  /** Answers a request whose body could not be read (over the line limit), when its id is known. */
  refuse(id: RpcId | null, method: string | undefined, err: RpcError): void {
    if (this.closedWith) return;
    const out = { jsonrpc: '2.0', id, error: { code: err.code, message: err.message } };
    const line = JSON.stringify(out);
    this.opts.trace?.({ direction: 'out', kind: 'response', method, id, body: out, line });
    void this.sendLine(line);
  }

  private get full(): boolean {
    return this.serving >= this.maxIncoming;
  }

  private read(line: string): void {
    let msg: unknown;
    let cut = 0;
    try {
      const parsed = parseBounded(line);
      msg = parsed.value;
      if (parsed.replaced) {
        line = JSON.stringify(msg);
        cut = parsed.depth;
        this.opts.onTooDeep?.(parsed.depth, line);
      }
    } catch {
      this.noise(line, 'not JSON');
      return;
    }
    if (Array.isArray(msg) && this.opts.noBatches) {
      this.noise(line, 'a batch');
      return;
    }
    if (Array.isArray(msg)) {
      // A batch: each element is handled as if it came alone, through the same limit as lines.
      for (let i = 0; i < msg.length; i++) {
        if (this.full) {
          this.backlog.unshift(...msg.slice(i).map((m: unknown) => ({ msg: m, line: JSON.stringify(m), cut })));
          this.congest(true);
          return;
        }
        this.dispatch(msg[i], JSON.stringify(msg[i]), cut);
      }
      return;
    }
    this.dispatch(msg, line, cut);
  }

  /** One request or notification of the other side is done: take what waited, resume reading when all did. */
  private served(): void {
    this.serving--;
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.backlog.length && !this.full && !this.closedWith) {
        const next = this.backlog.shift()!;
        if (typeof next === 'string') this.read(next);
        else this.dispatch(next.msg, next.line, next.cut);
      }
    } finally {
      this.draining = false;
    }
    if (!this.backlog.length) this.congest(false);
  }

  private congest(on: boolean): void {
    if (this.congested === on) return;
    this.congested = on;
    this.opts.onCongestion?.(on);
  }

  /** Rejects one pending request (its answer was lost, e.g. over the line limit). */
  fail(id: RpcId, err: Error): boolean {
    const p = this.settle(id);
    p?.reject(err);
    return p !== undefined;
  }

  /** The ids of our requests still waiting for an answer. */
  get pendingIds(): RpcId[] {
    return [...this.pending.keys()];
  }

  methodOf(id: RpcId): string | undefined {
    return this.pending.get(id)?.method;
  }

  /** Rejects every pending request with `reason`; later requests reject at once. */
  close(reason: Error): void {
    if (this.closedWith) return;
    this.closedWith = reason;
    this.backlog = [];
    this.congest(false);
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(reason);
    if (this.sweep) this.timers.clearTimeout(this.sweep);
    this.sweep = null;
  }

  private dispatch(msg: unknown, line: string, cut = 0): void {
    if (msg === null || typeof msg !== 'object') {
      this.noise(line, 'not a JSON-RPC message');
      return;
    }
    const m = msg as Record<string, unknown>;
    if (typeof m.method === 'string') {
      if ('id' in m && m.id !== undefined && m.id !== null) {
        if (this.opts.maxIdChars !== undefined && !usableId(m.id, this.opts.maxIdChars)) return this.refuseId(m, line);
        this.handleRequest(m, line, cut);
      }
      else this.handleNotification(m, line);
      return;
    }
    if ('result' in m || 'error' in m) {
      this.handleResponse(m, line);
      return;
    }
    this.noise(line, 'not a JSON-RPC message');
  }

  private refuseId(m: Record<string, unknown>, line: string): void {
    this.opts.trace?.({ direction: 'in', kind: 'request', method: m.method as string, id: null, body: m, line, note: 'unusable id' });
    const what = Array.isArray(m.id) ? 'a list' : typeof m.id === 'string' ? 'a long text' : typeof m.id === 'object' ? 'an object' : `a ${typeof m.id}`;
    this.refuse(null, m.method as string, new RpcError(JSONRPC.INVALID_REQUEST, `The id must be a number or a text of at most ${this.opts.maxIdChars} characters, not ${what}.`));
  }

  private handleResponse(m: Record<string, unknown>, line: string): void {
    const id = m.id as RpcId | null | undefined;
    const note = m.jsonrpc === '2.0' ? undefined : 'no "jsonrpc": "2.0" member';
    if (id === null || id === undefined) {
      this.opts.trace?.({ direction: 'in', kind: 'response', id: null, body: m, line, note: 'response with id null: matched to nothing' });
      this.noise(line, 'response with id null');
      return;
    }
    const p = this.settle(id);
    this.opts.trace?.({ direction: 'in', kind: 'response', id, method: p?.method, body: m, line, note });
    if (!p) {
      this.noise(line, `response to unknown id ${JSON.stringify(id)} (late, duplicate or timed out)`);
      return;
    }
    if ('error' in m && m.error) {
      const e = m.error as { code?: unknown; message?: unknown; data?: unknown };
      const code = typeof e.code === 'number' ? e.code : JSONRPC.INTERNAL_ERROR;
      const message = typeof e.message === 'string' ? e.message : JSON.stringify(m.error);
      p.reject(new RpcError(code, message, e.data));
    } else {
      p.resolve(m.result);
    }
  }

  private handleNotification(m: Record<string, unknown>, line: string): void {
    const method = m.method as string;
    this.opts.trace?.({ direction: 'in', kind: 'notification', method, body: m, line });
    let r: unknown;
    try {
      r = this.opts.onNotification?.(method, m.params);
    } catch (err) {
      this.noise(line, `notification handler failed: ${(err as Error).message}`);
      return;
    }
    if (r instanceof Promise) {
      this.serving++;
      r.catch(() => undefined).finally(() => this.served());
    }
  }

  private handleRequest(m: Record<string, unknown>, line: string, cut = 0): void {
    const id = m.id as RpcId;
    const method = m.method as string;
    this.opts.trace?.({ direction: 'in', kind: 'request', method, id, body: m, line });
    this.serving++;
    let answered = false;
    const respond = (body: Record<string, unknown>) => {
      if (answered) return;
      answered = true;
      if (this.closedWith) return this.served();
      const out = { jsonrpc: '2.0', id, ...body };
      let outLine: string;
      try {
        outLine = JSON.stringify(out);
      } catch (err) {
        // A result that cannot be written as JSON (a cycle, a BigInt): the skill still gets an answer.
        outLine = JSON.stringify({ jsonrpc: '2.0', id, error: { code: JSONRPC.INTERNAL_ERROR, message: `The host could not write its answer: ${(err as Error).message}` } });
      }
      this.opts.trace?.({ direction: 'out', kind: 'response', method, id, body: out, line: outLine });
      // Served once the answer is handed over: a skill that does not read its answers fills the limit.
      const sent = this.sendLine(outLine);
      if (sent) void sent.finally(() => this.served());
      else this.served();
    };
    const fail = (err: unknown) => {
      const e = err instanceof RpcError ? err : new RpcError(JSONRPC.INTERNAL_ERROR, (err as Error)?.message ?? String(err));
      const error: Record<string, unknown> = { code: e.code, message: e.message };
      if (e.data !== undefined) error.data = e.data;
      respond({ error });
    };
    if (!this.opts.onRequest) {
      fail(new RpcError(JSONRPC.METHOD_NOT_FOUND, `Method not found: ${method}`));
      return;
    }
    if (cut && this.opts.refuseTooDeep) {
      fail(this.opts.refuseTooDeep(method, cut));
      return;
    }
    try {
      const r = this.opts.onRequest(method, m.params);
      if (r instanceof Promise) r.then((result) => respond({ result: result ?? null }), fail);
      else respond({ result: r ?? null });
    } catch (err) {
      fail(err);
    }
  }

  private armSweep(at: number): void {
    if (this.sweep) this.timers.clearTimeout(this.sweep);
    this.sweepAt = at;
    // Past a timer's longest delay (about 24.8 days) Node would fire at once: wait the longest, then look again.
    this.sweep = this.timers.setTimeout(() => this.expire(), Math.min(MAX_TIMER_MS, Math.max(0, Math.ceil(at - this.timers.now()))));
  }

  /** Rejects every request past its deadline, and sets the timer for the next one due. */
  private expire(): void {
    this.sweep = null;
    this.sweepAt = Infinity;
    // A timer may fire up to a millisecond early by the clock: what is due within it is due.
    const now = this.timers.now() + 1;
    let next = Infinity;
    for (const [id, p] of this.pending) {
      if (!p.deadline) continue;
      if (p.deadline <= now) this.settle(id)?.reject(new TimeoutError(`JSON-RPC timeout: ${p.method} got no answer within ${formatMs(p.timeoutMs)}${this.straysSince(p)}`));
      else if (p.deadline < next) next = p.deadline;
    }
    if (next < Infinity && !this.closedWith) this.armSweep(next);
  }

  private settle(id: RpcId): Pending | undefined {
    const p = this.pending.get(id);
    if (!p) return undefined;
    this.pending.delete(id);
    if (p.signal && p.onAbort) p.signal.removeEventListener('abort', p.onAbort);
    return p;
  }

  /** Hands a line to the transport; returns the hand-over when it is asynchronous (never rejects). */
  private sendLine(line: string, id?: RpcId): Promise<void> | undefined {
    try {
      const r = this.opts.send(line);
      if (r instanceof Promise && id !== undefined) return r.catch((err: Error) => void this.settle(id)?.reject(err));
      if (r instanceof Promise) return r.catch(() => undefined);
    } catch (err) {
      if (id !== undefined) this.settle(id)?.reject(err as Error);
    }
    return undefined;
  }

  private noise(line: string, reason: string): void {
    if (reason === 'not JSON' || reason === 'not a JSON-RPC message') {
      this.strays++;
      this.lastStray = line;
    }
    this.opts.onNoise?.(line, reason);
  }

  /** What the other side wrote instead of an answer while a request waited, for its timeout's message. */
  private straysSince(p: Pending): string {
    const n = this.strays - p.straysBefore;
    if (!n) return '';
    const last = this.lastStray.length > 200 ? `${this.lastStray.slice(0, 200)}…` : this.lastStray;
    return `. Meanwhile it wrote ${n === 1 ? 'a line' : `${n} lines`} that ${n === 1 ? 'is' : 'are'} not JSON-RPC${n === 1 ? '' : ', the last'}: ${JSON.stringify(last)}. An answer must be one JSON-RPC line; a skill's own output goes to stderr`;
  }
}

function usableId(id: unknown, maxChars: number): boolean {
  return (typeof id === 'number' && Number.isFinite(id)) || (typeof id === 'string' && id.length <= maxChars);
}

export function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
