/**
 * Every answer of an authorization server (its metadata, the protected resource's metadata, a registration, the
 * token endpoint) is a small JSON document: the fetch `auth()` is given reads each one into memory up to a
 * ceiling and refuses one that is longer, so a hostile server cannot make the workbench hold hundreds of
 * megabytes, and a token buried in such an answer is never taken.
 */
import { bufferedResponse, MIB, sizeWords } from '../../../engine/bounded-body';
import type { FetchLike } from './sdk';

/** The most an authorization server's answer may hold; real ones are a few kilobytes. */
export const AUTH_ANSWER_MAX = MIB;

/**
 * An answer over the ceiling. A TypeError, as fetch's own network failures are: the SDK's discovery passes those
 * on and quietly skips anything else (a protected-resource metadata document that failed to parse), and a server
 * that answers this way must stop the flow, not be skipped.
 */
export class AnswerTooLarge extends TypeError {
  constructor(readonly url: string, readonly max: number) {
    super(`${url} answered more than ${sizeWords(max)}: an authorization server's answer is a small JSON document, so the workbench stopped reading it and used nothing of it.`);
    this.name = 'AnswerTooLarge';
  }
}

export function cappedFetch(next: FetchLike, max = AUTH_ANSWER_MAX): FetchLike {
  return async (input, init) => {
    const res = await next(input, init);
    const buffered = await bufferedResponse(res, max);
    if (!buffered) throw new AnswerTooLarge(new URL(String(input)).href, max);
    return buffered;
  };
}
