/**
 * One declaration per JSON-RPC method (vscode-jsonrpc's `RequestType<P, R>`): its name, the shape of its
 * params and of its result, and its default timeout. The sending side uses it in `JsonRpcPeer.request`
 * (the result is checked before the caller sees it); the serving side registers its handler against it in
 * a `MethodTable` (the params are checked before the handler runs). Both ends are typed from one place.
 *
 * The declarations themselves live with their protocol (protocols/<name>/methods.ts): this module knows
 * no method.
 */
import { JSONRPC, RpcError, SkillError } from './errors';
import { check, describe, type z } from './shape';

export interface RpcMethod<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly method: string;
  readonly params: P;
  readonly result: R;
  /** Used when the request names no timeout of its own; absent, the peer's default. */
  readonly timeoutMs?: number;
  /**
   * The hot path's reading of a well-formed answer, by hand (a call answered tens of thousands of times a
   * second): the result, or undefined to let the schema decide and word the problem. It must give what the
   * schema gives: build the schema from the same function (see the tools/call declarations).
   */
  readonly fast?: (value: unknown) => z.output<R> | undefined;
}

/** What the sender passes. */
export type ParamsIn<M extends RpcMethod> = z.input<M['params']>;
/** What the handler receives, once checked. */
export type ParamsOf<M extends RpcMethod> = z.output<M['params']>;
/** What the handler returns. */
export type ResultIn<M extends RpcMethod> = z.input<M['result']>;
/** What the sender gets back, once checked. */
export type ResultOf<M extends RpcMethod> = z.output<M['result']>;

/** Sends one typed request and gives its checked answer (a flow's way to ask its skill). */
export type Ask = <H extends RpcMethod>(method: H, params: ParamsIn<H>) => Promise<ResultOf<H>>;

export function rpcMethod<P extends z.ZodType, R extends z.ZodType>(
  method: string,
  params: P,
  result: R,
  timeoutMs?: number,
  fast?: (value: unknown) => z.output<R> | undefined,
): RpcMethod<P, R> {
  return { method, params, result, ...(timeoutMs !== undefined ? { timeoutMs } : {}), ...(fast ? { fast } : {}) };
}

/** The other side's answer to `m`, checked: a plain-words PROTOCOL error when it does not fit. */
export function checkResult<M extends RpcMethod>(m: M, value: unknown): ResultOf<M> {
  const quick = m.fast?.(value);
  if (quick !== undefined) return quick as ResultOf<M>;
  const r = check<M['result']>(m.result, value);
  if (!r.ok) throw new SkillError('PROTOCOL', `The answer to ${m.method} is not usable: ${r.problem}.`, { method: m.method });
  return r.value;
}

/**
 * Params of a request or notification for `m`, checked: absent or null params count as `{}` (JSON-RPC allows
 * leaving them out). Refused with -32602 and a sentence naming the field: `state/set needs "partial": ...`.
 */
export function checkParams<M extends RpcMethod>(m: M, params: unknown): ParamsOf<M> {
  if (params !== undefined && params !== null && (typeof params !== 'object' || Array.isArray(params))) {
    throw new RpcError(JSONRPC.INVALID_PARAMS, `${m.method} needs its params as an object (got ${describe(params)})`);
  }
  const r = check<M['params']>(m.params, params ?? {}, 'needs');
  if (!r.ok) throw new RpcError(JSONRPC.INVALID_PARAMS, `${m.method} needs ${r.problem}`);
  return r.value;
}

export type MethodHandler<M extends RpcMethod> = (params: ParamsOf<M>) => ResultIn<M> | Promise<ResultIn<M>>;

/** Handlers registered against their declarations; `handle` checks the params and answers -32601 for the rest. */
export class MethodTable {
  private readonly handlers = new Map<string, (params: unknown) => Promise<unknown>>();

  on<M extends RpcMethod>(m: M, handler: MethodHandler<M>): this {
    this.handlers.set(m.method, async (params) => handler(checkParams(m, params)));
    return this;
  }

  has(method: string): boolean {
    return this.handlers.has(method);
  }

  /** Serves one request: its result, or a rejection with an RpcError (-32601, -32602) or the handler's error. */
  handle(method: string, params: unknown): Promise<unknown> {
    const h = this.handlers.get(method);
    if (!h) return Promise.reject(new RpcError(JSONRPC.METHOD_NOT_FOUND, `Method not found: ${method}`));
    return h(params);
  }
}
