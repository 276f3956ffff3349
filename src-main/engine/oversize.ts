/**
 * What an over-long line was, told from its first and last bytes only (the middle was never kept): a
 * response to one of our requests, a request or notification from the skill, or unknown. Only keys of the
 * top-level object count: an `"id"` nested inside `result` must never pick the wrong request to fail.
 *
 * The top level is visible at the two ends: before the first nested `{`/`[` of the head, and after the
 * last `}`/`]` of the tail that is not the line's own closing brace.
 */
import type { RpcId } from '../common/jsonrpc';

export interface OversizeLine {
  /** The top-level id, where one end shows it. */
  id?: RpcId;
  kind: 'response' | 'request' | 'unknown';
  /** A request's method, where one end shows it. */
  method?: string;
}

const ID = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*"|null)/;
const METHOD = /"method"\s*:\s*("(?:[^"\\]|\\.)*")/;

export function classifyOversize(head: string, tail: string): OversizeLine {
  const ends = [topOfHead(head), topOfTail(tail)];
  let id: RpcId | undefined;
  for (const t of ends) {
    const m = ID.exec(t);
    if (m && m[1] !== 'null') id ??= parsed(m[1]) as RpcId | undefined;
  }
  const has = (key: string) => ends.some((t) => new RegExp(`"${key}"\\s*:`).test(t));
  const kind = has('method') ? 'request' : has('result') || has('error') ? 'response' : 'unknown';
  const out: OversizeLine = id === undefined ? { kind } : { id, kind };
  if (kind === 'request') {
    for (const t of ends) {
      const m = METHOD.exec(t);
      if (m) out.method ??= parsed(m[1]) as string | undefined;
    }
  }
  return out;
}

/** A JSON literal cut from a line's end; undefined for a malformed one (a bad escape). */
function parsed(literal: string): unknown {
  try {
    return JSON.parse(literal);
  } catch {
    return undefined;
  }
}

/** The head up to the first nested object or array (outside strings). */
function topOfHead(head: string): string {
  const start = head.indexOf('{');
  if (start === -1) return '';
  let inString = false;
  for (let i = start + 1; i < head.length; i++) {
    const c = head[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') return head.slice(start, i + 1);
  }
  return head.slice(start);
}

/** The tail after the last nested object or array closed, when the line ends with the outer brace. */
function topOfTail(tail: string): string {
  const t = tail.trimEnd();
  if (!t.endsWith('}')) return '';
  const body = t.slice(0, -1);
  const last = Math.max(body.lastIndexOf('}'), body.lastIndexOf(']'));
  return last === -1 ? '' : body.slice(last + 1) + '}';
}
