/**
 * A JSON-RPC 2.0 peer over lines: requests, notifications and responses in both directions, correlated
 * by id, answered in any order. It never touches bytes (see framing.ts) and never touches processes.
 *
 * A message with `method` is a request (with an id) or a notification (without); one without `method`
 * is a response. So the other side's request ids never collide with ours, even though both count from 1.
 */
import { JSONRPC, RpcError, SkillError, TimeoutError } from './errors';
import type { MessageKind } from '../contract';

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
}

export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface JsonRpcPeerOptions {
  send: (line: string) => Promise<void> | void;
  onRequest?: (method: string, params: unknown) => unknown;
  onNotification?: (method: string, params: unknown) => void;
  /** Lines that are not JSON-RPC messages (logs printed to stdout, responses with id null, late answers). */
  onNoise?: (line: string, reason: string) => void;
  trace?: (t: RpcTrace) => void;
  defaultTimeoutMs?: number;
}

interface Pending {
  method: string;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export class JsonRpcPeer {
  private nextId = 1;
  private readonly pending = new Map<RpcId, Pending>();
  private closedWith: Error | null = null;
  private readonly opts: JsonRpcPeerOptions;

  constructor(opts: JsonRpcPeerOptions) {
    this.opts = opts;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get closed(): boolean {
    return this.closedWith !== null;
  }

  request<T = unknown>(method: string, params?: unknown, opts: RequestOptions = {}): Promise<T> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    const msg: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (params !== undefined) msg.params = params;
    const line = JSON.stringify(msg);
    return new Promise<T>((resolve, reject) => {
      const p: Pending = { method, resolve: resolve as (v: unknown) => void, reject };
      const timeoutMs = opts.timeoutMs ?? this.opts.defaultTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
      if (timeoutMs > 0 && Number.isFinite(timeoutMs)) {
        p.timer = setTimeout(() => {
          this.settle(id)?.reject(new TimeoutError(`JSON-RPC timeout: ${method} got no answer within ${formatMs(timeoutMs)}`));
        }, timeoutMs);
        p.timer.unref?.();
      }
      if (opts.signal) {
        if (opts.signal.aborted) return reject(new SkillError('CANCELLED', `${method} was cancelled`));
        p.signal = opts.signal;
        p.onAbort = () => this.settle(id)?.reject(new SkillError('CANCELLED', `${method} was cancelled`));
        opts.signal.addEventListener('abort', p.onAbort, { once: true });
      }
      this.pending.set(id, p);
      this.opts.trace?.({ direction: 'out', kind: 'request', method, id, body: msg, line });
      this.sendLine(line, id);
    });
  }

  notify(method: string, params?: unknown): void {
    if (this.closedWith) return;
    const msg: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) msg.params = params;
    const line = JSON.stringify(msg);
    this.opts.trace?.({ direction: 'out', kind: 'notification', method, body: msg, line });
    this.sendLine(line);
  }

  /** Feeds one line received from the other side. Never throws. */
  receive(line: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(line);
    } catch {
      this.noise(line, 'not JSON');
      return;
    }
    if (Array.isArray(msg)) {
      // A batch: each element is handled as if it came alone.
      for (const m of msg) this.dispatch(m, JSON.stringify(m));
      return;
    }
    this.dispatch(msg, line);
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
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(reason);
  }

  private dispatch(msg: unknown, line: string): void {
    if (msg === null || typeof msg !== 'object') {
      this.noise(line, 'not a JSON-RPC message');
      return;
    }
    const m = msg as Record<string, unknown>;
    if (typeof m.method === 'string') {
      if ('id' in m && m.id !== undefined && m.id !== null) this.handleRequest(m, line);
      else this.handleNotification(m, line);
      return;
    }
    if ('result' in m || 'error' in m) {
      this.handleResponse(m, line);
      return;
    }
    this.noise(line, 'not a JSON-RPC message');
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
    try {
      this.opts.onNotification?.(method, m.params);
    } catch (err) {
      this.noise(line, `notification handler failed: ${(err as Error).message}`);
    }
  }

  private handleRequest(m: Record<string, unknown>, line: string): void {
    const id = m.id as RpcId;
    const method = m.method as string;
    this.opts.trace?.({ direction: 'in', kind: 'request', method, id, body: m, line });
    const respond = (body: Record<string, unknown>) => {
      if (this.closedWith) return;
      const out = { jsonrpc: '2.0', id, ...body };
      const outLine = JSON.stringify(out);
      this.opts.trace?.({ direction: 'out', kind: 'response', method, id, body: out, line: outLine });
      this.sendLine(outLine);
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
    try {
      const r = this.opts.onRequest(method, m.params);
      if (r instanceof Promise) r.then((result) => respond({ result: result ?? null }), fail);
      else respond({ result: r ?? null });
    } catch (err) {
      fail(err);
    }
  }

  private settle(id: RpcId): Pending | undefined {
    const p = this.pending.get(id);
    if (!p) return undefined;
    this.pending.delete(id);
    if (p.timer) clearTimeout(p.timer);
    if (p.signal && p.onAbort) p.signal.removeEventListener('abort', p.onAbort);
    return p;
  }

  private sendLine(line: string, id?: RpcId): void {
    try {
      const r = this.opts.send(line);
      if (r instanceof Promise && id !== undefined) r.catch((err: Error) => this.settle(id)?.reject(err));
      else if (r instanceof Promise) r.catch(() => undefined);
    } catch (err) {
      if (id !== undefined) this.settle(id)?.reject(err as Error);
    }
  }

  private noise(line: string, reason: string): void {
    this.opts.onNoise?.(line, reason);
  }
}

export function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
