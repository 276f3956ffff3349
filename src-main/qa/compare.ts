/**
 * Does a replayed call give what the recording says it gave? Compared: `ok`; the error code when the call
 * failed; and the result: `data` when either side has it, else `text` (parsed first when both sides' text
 * is JSON, so spacing and key order do not count). Durations, traces and stderr never count.
 *
 * Exact by default. A tolerance loosens it:
 * - `ignore`: paths left out, dotted from the outcome (`data.timestamp`, `text`) or from the result
 *   (`items.0.id`); a leading `$.` is accepted, `[0]` means `.0`, `*` matches any one step, and ignoring
 *   a path ignores everything below it.
 * - `numeric`: two numbers match when they differ by at most `abs`, or by at most `rel` times the larger
 *   of the two in size (either is enough, as in Python's math.isclose).
 * - `pattern`: the replayed text (or the JSON text of its data, where it has no text) must match this
 *   regular expression (anywhere in it, unless anchored with ^ and $) instead of being equal.
 */
import type { CallOutcome, Difference, Tolerance } from '../contract';
import { boundDepth, parseBounded, stringifyBounded, WALK_DEPTH } from '../common/json-depth';
import { isObject } from '../common/values';

export type { Difference };

export interface Comparison {
  match: boolean;
  differences: Difference[];
}

const MAX_DIFFERENCES = 100;

/** How a difference is put, from the side of whoever compares. */
interface Words {
  missing: string;
  extra: string;
  itemMissing: string;
  itemExtra: string;
  kinds(was: string, now: string): string;
}

const REPLAY_WORDS: Words = {
  missing: 'it is missing on replay',
  extra: 'it is new on replay',
  itemMissing: 'the item is missing on replay',
  itemExtra: 'an item was added on replay',
  kinds: (was, now) => `it was ${was} and is now ${now}`,
};

const EXPECTED_WORDS: Words = {
  missing: 'it is missing from the result',
  extra: 'it is not expected',
  itemMissing: 'the item is missing from the result',
  itemExtra: 'there is an item more than expected',
  kinds: (was, now) => `it is ${now}, where ${was} was expected`,
};

export function compareOutcome(recorded: CallOutcome, replayed: CallOutcome, tolerance?: Tolerance | null): Comparison {
  const t = tolerance ?? {};
  const ignore = (t.ignore ?? []).map(parsePath);
  const out: Difference[] = [];
  const ignored = (segs: string[], root?: string) =>
    ignore.some((p) => prefixMatches(p, segs) || (root !== undefined && segs[0] === root && prefixMatches(p, segs.slice(1))));

  if (recorded.ok !== replayed.ok) {
    if (!ignored(['ok'])) {
      const why = recorded.ok
        ? `the call succeeded when recorded but failed on replay: ${replayed.error?.message ?? 'no reason given'}`
        : `the call failed when recorded (${recorded.error?.message ?? 'no reason given'}) but succeeded on replay`;
      out.push({ path: 'ok', recorded: recorded.ok, replayed: replayed.ok, why });
      return { match: false, differences: out };
    }
  } else if (!recorded.ok && recorded.error?.code !== replayed.error?.code && !ignored(['error', 'code'])) {
    out.push({
      path: 'error.code',
      recorded: recorded.error?.code,
      replayed: replayed.error?.code,
      why: `it failed differently: ${replayed.error?.message ?? 'no reason given'}`,
    });
  }

  const root = recorded.data !== undefined || replayed.data !== undefined ? 'data' : 'text';
  if (t.pattern !== undefined) {
    if (!ignored([root], root)) comparePattern(t.pattern, root, replayed, out);
  } else {
    const walker = new Walker(out, t.numeric, (segs) => ignored(segs, root), REPLAY_WORDS);
    walker.walk([root], resultOf(recorded, root), resultOf(replayed, root));
  }
  return { match: out.length === 0, differences: out };
}

/**
 * An expected value against the actual one found at `base` (path segments from the outcome): the fields
 * that differ, dotted from the outcome (`recorded` holds what was expected, `replayed` what came). An
 * `ignore` path may be dotted from the outcome or from `base`; `numeric` as in a tolerance.
 */
export function compareExpected(base: string[], expected: unknown, actual: unknown, t: Pick<Tolerance, 'ignore' | 'numeric'> & { partial?: boolean } = {}): Difference[] {
  const ignore = (t.ignore ?? []).map(parsePath);
  const ignored = (segs: string[]) => ignore.some((p) => prefixMatches(p, segs) || prefixMatches(p, segs.slice(base.length)));
  const out: Difference[] = [];
  new Walker(out, t.numeric, ignored, EXPECTED_WORDS, t.partial).walk(base, expected, actual);
  return out;
}

/** Two values as a replay sees them (`recorded` against `replayed`), every field that differs, dotted from `base`. */
export function compareValues(base: string[], recorded: unknown, replayed: unknown): Difference[] {
  const out: Difference[] = [];
  new Walker(out, undefined, () => false, REPLAY_WORDS).walk(base, recorded, replayed);
  return out;
}

/** The value compared for an outcome: its data, or its text (parsed when it is JSON). */
function resultOf(o: CallOutcome, root: 'data' | 'text'): unknown {
  if (root === 'data') return o.data !== undefined ? o.data : parsedText(o.text);
  return parsedText(o.text);
}

function parsedText(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  const s = text.trim();
  if (!/^[[{"]|^-?\d|^(true|false|null)$/.test(s)) return text;
  try {
    return parseBounded(s).value;
  } catch {
    return text;
  }
}

function comparePattern(pattern: string, root: string, replayed: CallOutcome, out: Difference[]): void {
  const subject = replayed.text ?? (replayed.data !== undefined ? JSON.stringify(replayed.data) : '');
  let re: RegExp;
  try {
    re = new RegExp(pattern);
  } catch (err) {
    out.push({ path: root, recorded: pattern, replayed: subject, why: `the tolerance pattern is not a valid regular expression (${(err as Error).message})` });
    return;
  }
  if (!re.test(subject)) out.push({ path: root, recorded: `/${pattern}/`, replayed: subject, why: `it does not match the pattern /${pattern}/` });
}

class Walker {
  constructor(
    private readonly out: Difference[],
    private readonly numeric: Tolerance['numeric'],
    private readonly ignored: (segs: string[]) => boolean,
    private readonly words: Words,
    /** An object's keys beyond the expected ones do not count (an expected value is a part of the actual one). */
    private readonly partial = false,
  ) {}

  walk(segs: string[], a: unknown, b: unknown): void {
    if (this.out.length >= MAX_DIFFERENCES || this.ignored(segs)) return;
    if (Object.is(a, b) || (a === 0 && b === 0)) return;
    const path = segs.join('.');
    // Past the depth bound nothing is walked further: what is left is compared as JSON text.
    if (segs.length > WALK_DEPTH && typeof a === 'object' && typeof b === 'object') {
      if (stringifyBounded(a) !== stringifyBounded(b)) this.out.push({ path, recorded: boundDepth(a, 8).value, replayed: boundDepth(b, 8).value, why: 'it differs (below the depth the comparison walks)' });
      return;
    }
    if (typeof a === 'number' && typeof b === 'number') {
      const diff = Math.abs(a - b);
      const allowed = allowance(this.numeric, a, b);
      if (this.numeric && diff <= allowed) return;
      const why = this.numeric ? `it differs by ${round(diff)}, more than the allowed ${round(allowed)}` : 'it differs';
      this.out.push({ path, recorded: a, replayed: b, why });
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        if (i >= a.length) this.add(segs, String(i), undefined, b[i], this.words.itemExtra);
        else if (i >= b.length) this.add(segs, String(i), a[i], undefined, this.words.itemMissing);
        else this.walk([...segs, String(i)], a[i], b[i]);
      }
      return;
    }
    if (isObject(a) && isObject(b)) {
      const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !Object.prototype.hasOwnProperty.call(a, k))];
      for (const k of keys) {
        const inA = Object.prototype.hasOwnProperty.call(a, k);
        const inB = Object.prototype.hasOwnProperty.call(b, k);
        if (!inB) this.add(segs, k, a[k], undefined, this.words.missing);
        else if (!inA) {
          if (!this.partial) this.add(segs, k, undefined, b[k], this.words.extra);
        }
        else this.walk([...segs, k], a[k], b[k]);
      }
      return;
    }
    const ta = kind(a);
    const tb = kind(b);
    let why = 'it differs';
    if (a === undefined) why = this.words.extra;
    else if (b === undefined) why = this.words.missing;
    else if (ta !== tb) why = this.words.kinds(ta, tb);
    this.out.push({ path, recorded: a, replayed: b, why });
  }

  private add(segs: string[], key: string, a: unknown, b: unknown, why: string): void {
    const at = [...segs, key];
    if (this.out.length >= MAX_DIFFERENCES || this.ignored(at)) return;
    this.out.push({ path: at.join('.'), recorded: a, replayed: b, why });
  }
}

/** How far apart two numbers may be under a numeric tolerance. */
export function allowance(numeric: Tolerance['numeric'], a: number, b: number): number {
  if (!numeric) return 0;
  return Math.max(numeric.abs ?? 0, (numeric.rel ?? 0) * Math.max(Math.abs(a), Math.abs(b)));
}

/** `$.data.items[0].id` -> ['data', 'items', '0', 'id']; a quoted key keeps its dots: `data["a.b"]` -> ['data', 'a.b']. */
export function parsePath(p: string): string[] {
  let s = p.trim();
  if (s === '$') return [];
  if (s.startsWith('$.')) s = s.slice(2);
  else if (s.startsWith('$[')) s = s.slice(1);
  const out: string[] = [];
  for (const m of s.matchAll(/\[\s*(?:'([^']*)'|"([^"]*)"|([^\]]*))\s*\]|([^.[]+)/g)) out.push(m[1] ?? m[2] ?? m[3]?.trim() ?? m[4]);
  return out.filter((x) => x !== '');
}

/** True when `pattern` names `segs` or a path above it (`*` matches any one step). */
function prefixMatches(pattern: string[], segs: string[]): boolean {
  if (pattern.length === 0 || pattern.length > segs.length) return false;
  return pattern.every((p, i) => p === '*' || p === segs[i]);
}


function kind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  if (v === undefined) return 'absent';
  return `a ${typeof v}`;
}

function round(n: number): number {
  return Number(n.toPrecision(6));
}
