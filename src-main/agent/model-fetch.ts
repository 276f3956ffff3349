/**
 * The HTTP under every model request: `fetch`, retried where the server asks the workbench to wait (429 Too Many
 * Requests, 503 and Anthropic's 529 Overloaded), as long as its `Retry-After` (or `retry-after-ms`) says, else with
 * a doubling backoff. Nothing else is retried: a refused connection or a 401 will not mend by waiting, and the
 * user hears of it at once. The AI SDK's own retries are turned off (maxRetries 0) so the two never multiply.
 *
 * It is also the seam where a recorder can see each request and answer (`inner`): a cassette wraps the fetch it
 * is given.
 */

import { setTimeout as wait } from 'node:timers/promises';
import { cutResponse, KIB } from '../engine/bounded-body';

export type Fetch = typeof globalThis.fetch;

export interface RetryPolicy {
  /** Retries after the first try (default 3). */
  maxRetries: number;
  /** The first wait when the server names none (ms, default 1000), doubled at each retry. */
  baseDelayMs: number;
  /** A longer wait asked for is not waited: the error is reported (ms, default 60 s). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 60_000 };

/** A retry about to happen, for the turn's event stream ("rate limited, trying again in 2 s"). */
export interface RetryNotice {
  status: number;
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
}

/** What the retrying fetch tells its owner after the fact: how many retries it made, the last status it saw. */
export interface RetryTally {
  retries: number;
  lastStatus?: number;
  /** A wait the server asked for that was longer than the policy allows (ms). */
  refusedWaitMs?: number;
}

const RETRIED = new Set([429, 503, 529]);
/** The most of an error answer kept: its message is at the start, and the AI SDK reads what it is given whole. */
export const ERROR_BODY_MAX = 64 * KIB;

/** How long the response asks to wait (ms), where it says; undefined otherwise. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const after = headers.get('retry-after');
  if (!after) return undefined;
  const seconds = Number.parseFloat(after);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function retryingFetch(inner: Fetch, policy: Partial<RetryPolicy> = {}, hooks: { onRetry?: (n: RetryNotice) => void; tally?: RetryTally } = {}): Fetch {
  const p = { ...DEFAULT_RETRY, ...policy };
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const res = await inner(input, init);
      if (hooks.tally) hooks.tally.lastStatus = res.status;
      if (!RETRIED.has(res.status) || attempt >= p.maxRetries) return res.ok ? res : cutResponse(res, ERROR_BODY_MAX);
      const asked = retryAfterMs(res.headers);
      if (asked !== undefined && asked > p.maxDelayMs) {
        if (hooks.tally) hooks.tally.refusedWaitMs = asked;
        return cutResponse(res, ERROR_BODY_MAX);
      }
      const delayMs = asked ?? p.baseDelayMs * 2 ** attempt;
      await res.body?.cancel().catch(() => undefined);
      hooks.onRetry?.({ status: res.status, attempt: attempt + 1, delayMs });
      if (hooks.tally) hooks.tally.retries = attempt + 1;
      // Stop during the wait ends it (an AbortError, as fetch's own).
      await wait(delayMs, undefined, { signal: init?.signal ?? undefined });
    }
  };
}
