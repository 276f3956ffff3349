/**
 * The outcome a failed `equals` check expected: the actual one with the expected value put where the check
 * looked (`at`, dotted from the outcome). Shown beside the actual outcome, the fields that differ line up.
 */
import type { CallOutcome } from '@contract';
import { isObject } from '../../../../src-main/common/values';

export function expectedOutcome(actual: CallOutcome, at: string, value: unknown): CallOutcome {
  // Not a call that ran: no duration to show.
  const out = { ...structuredClone(actual), durationMs: Number.NaN };
  const expected = inOrderOf(value, valueAt(actual, at));
  const [root, ...rest] = at.split('.');
  if (root === 'text') {
    if (!rest.length) out.text = typeof expected === 'string' ? expected : JSON.stringify(expected, null, 2);
    return out;
  }
  if (root !== 'data') return out;
  if (!rest.length) {
    out.data = expected;
    return out;
  }
  if (out.data === null || typeof out.data !== 'object') out.data = {};
  let cur = out.data as Record<string, unknown>;
  for (const [i, key] of rest.entries()) {
    if (i === rest.length - 1) {
      cur[key] = expected;
      break;
    }
    const next = cur[key];
    if (next === null || typeof next !== 'object') cur[key] = /^\d+$/.test(rest[i + 1]) ? [] : {};
    cur = cur[key] as Record<string, unknown>;
  }
  return out;
}

/** `v` (a copy) with its object keys in the order `like` has them, so the two sides line up; keys `like` lacks go last. */
function inOrderOf(v: unknown, like: unknown): unknown {
  if (Array.isArray(v)) return v.map((x, i) => inOrderOf(x, Array.isArray(like) ? like[i] : undefined));
  if (!isObject(v)) return v;
  const order = isObject(like) ? Object.keys(like).filter((k) => k in v) : [];
  const keys = [...order, ...Object.keys(v).filter((k) => !order.includes(k))];
  return Object.fromEntries(keys.map((k) => [k, inOrderOf(v[k], isObject(like) ? like[k] : undefined)]));
}

function valueAt(o: CallOutcome, at: string): unknown {
  let cur: unknown = { data: o.data, text: o.text };
  for (const key of at.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Which side-by-side view a check's place allows: the result's data or its text, else none. */
export function shownRoot(at: string | undefined): 'data' | 'text' | null {
  const root = at?.split('.')[0];
  return root === 'data' || root === 'text' ? root : null;
}
