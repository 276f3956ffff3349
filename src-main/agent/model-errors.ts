/**
 * A model request that failed, in one sentence a person can act on: the server could not be reached, it refused
 * the key, it kept rate limiting after the retries it asked for, or it answered an error of its own (its message
 * quoted). The AI SDK's errors (APICallError and what wraps it) are read by shape, so this also reads errors
 * from a plain fetch (the model list).
 */
import type { ModelConfig } from '../contract';
import { baseUrlOf } from './model-config';
import type { RetryTally } from './model-fetch';

export type ModelErrorKind = 'unreachable' | 'auth' | 'rate-limit' | 'not-found' | 'http' | 'cancelled' | 'config';

export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly kind: ModelErrorKind,
    /** The server's HTTP status, where it answered one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ModelCallError';
  }
}

interface ErrorShape {
  name?: string;
  message?: string;
  statusCode?: number;
  responseBody?: string;
  cause?: unknown;
  code?: string;
  lastError?: unknown;
}

/** The kind of a failure, for callers that react to it (the window offering to set a key on `auth`). */
export function modelErrorKind(err: unknown): ModelErrorKind {
  if (err instanceof ModelCallError) return err.kind;
  const e = innermost(err);
  if (isAbort(err) || isAbort(e)) return 'cancelled';
  const status = e?.statusCode;
  if (status === 401 || status === 403) return 'auth';
  if (status === 429 || status === 529) return 'rate-limit';
  if (status === 404) return 'not-found';
  if (status) return 'http';
  return networkCode(e) || /cannot connect|fetch failed/i.test(e?.message ?? '') ? 'unreachable' : 'http';
}

export function describeModelError(err: unknown, config: ModelConfig, ctx: { tally?: RetryTally; key?: string } = {}): string {
  if (err instanceof ModelCallError) return err.message;
  const e = innermost(err);
  const where = baseUrlOf(config);
  const said = providerMessage(e?.responseBody) ?? e?.message ?? String(err);
  switch (modelErrorKind(err)) {
    case 'cancelled':
      return 'Stopped before the model answered.';
    case 'auth':
      return `The model's server at ${where} refused the key (${e!.statusCode}): ${said}. Check ${ctx.key ?? 'the key'}.`;
    case 'rate-limit': {
      const tries = ctx.tally?.retries ? ` and still did after ${ctx.tally.retries} ${ctx.tally.retries === 1 ? 'retry' : 'retries'}` : '';
      const wait = ctx.tally?.refusedWaitMs !== undefined ? ` It asked to wait ${Math.ceil(ctx.tally.refusedWaitMs / 1000)} s, longer than the workbench waits.` : '';
      return `The model's server at ${where} is limiting requests (${e!.statusCode})${tries}: ${said}.${wait} Try again later.`;
    }
    case 'not-found':
      return `The model's server at ${where} has no model "${config.model}" or no such endpoint (404): ${said}. Check the model name and the base URL.`;
    case 'unreachable':
      return `Cannot reach the model's server at ${where}${networkCode(e) ? ` (${networkCode(e)})` : ''}. Is it running, and is the base URL right?`;
    default:
      return e?.statusCode ? `The model's server at ${where} answered ${e.statusCode}: ${said}.` : `The model request failed: ${said}.`;
  }
}

/** The error the others wrap (a retry's last error, a cause), down to one with a status where there is one. */
function innermost(err: unknown): ErrorShape | undefined {
  let e = err as ErrorShape | undefined;
  for (let i = 0; i < 5 && e; i++) {
    if (e.statusCode) return e;
    const next = (e.lastError ?? e.cause) as ErrorShape | undefined;
    if (!next || typeof next !== 'object') return e;
    e = next;
  }
  return e;
}

function isAbort(e: unknown): boolean {
  const name = (e as ErrorShape | undefined)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

/** ECONNREFUSED, ENOTFOUND and their kin, wherever in the chain of causes. */
function networkCode(e: ErrorShape | undefined): string | undefined {
  for (let i = 0; i < 5 && e; i++) {
    if (typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code)) return e.code;
    e = e.cause as ErrorShape | undefined;
  }
  return undefined;
}

/** The message in an OpenAI (`{error:{message}}`) or Anthropic (`{type:'error',error:{message}}`) error body. */
function providerMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const m = (JSON.parse(body) as { error?: { message?: unknown } | string })?.error;
    if (typeof m === 'string') return m;
    if (typeof m?.message === 'string') return m.message.replace(/\.$/, '');
  } catch {
    /* not JSON: the text itself, short */
  }
  return body.length <= 200 ? body.trim() : undefined;
}
