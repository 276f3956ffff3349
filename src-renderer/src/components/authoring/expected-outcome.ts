/**
 * The outcome a failed `equals` check expected: the actual one with the expected value put where the check
 * looked (`at`, dotted from the outcome). Shown beside the actual outcome, the fields that differ line up.
 */
import type { CallOutcome } from '@contract';

export function expectedOutcome(actual: CallOutcome, at: string, expected: unknown): CallOutcome {
  const out = structuredClone(actual);
  const [root, ...rest] = at.split('.');
  if (root === 'text') {
    if (!rest.length) out.text = typeof expected === 'string' ? expected : JSON.stringify(expected, null, 2);
    return out;
  }
  if (root !== 'data') return out;
  if (!rest.length) {
    out.data = structuredClone(expected);
    return out;
  }
  if (out.data === null || typeof out.data !== 'object') out.data = {};
  let cur = out.data as Record<string, unknown>;
  for (const [i, key] of rest.entries()) {
    if (i === rest.length - 1) {
      cur[key] = structuredClone(expected);
      break;
    }
    const next = cur[key];
    if (next === null || typeof next !== 'object') cur[key] = /^\d+$/.test(rest[i + 1]) ? [] : {};
    cur = cur[key] as Record<string, unknown>;
  }
  return out;
}

/** Which side-by-side view a check's place allows: the result's data or its text, else none. */
export function shownRoot(at: string | undefined): 'data' | 'text' | null {
  const root = at?.split('.')[0];
  return root === 'data' || root === 'text' ? root : null;
}
