/**
 * Where a check's path points in a call's outcome, and what to say when it points at nothing.
 *
 * The rule, one for the engine and the UI's hint: a path names the call's outcome first (`ok`, `text`,
 * `data`, `error` and what is under them); when nothing is there, it names a field of the result as the
 * workbench shows it: the call's data, or its text read as JSON when there is no data. So `cost_usd` and
 * `data.cost_usd` are the same field. Where a result has a field named like one of the outcome's own
 * (`text`, `data`, ...), the outcome's wins: write `data.text` for the result's field. A path through
 * `text` looks inside the text when it is JSON (`text.items.0`).
 */
import type { CallOutcome } from '../contract';
import { parsePath } from './compare';

export interface Resolved {
  /** Undefined when nothing is there. */
  value: unknown;
  found: boolean;
  /** Dotted from the outcome (`data.cost_usd`), whichever way the path was written. */
  at: string;
  /** The same, step by step (a key may hold a dot). */
  segs: string[];
}

const OWN = ['ok', 'text', 'data', 'error'] as const;
/** Bounds on the paths listed for a suggestion: a huge result costs no more than this. */
const MAX_PATHS = 5000;
const MAX_DEPTH = 12;

function record(o: CallOutcome): Record<string, unknown> {
  return { ok: o.ok, text: o.text, data: o.data, error: o.error };
}

const parsedText = new WeakMap<CallOutcome, unknown>();

/** The text read as JSON (an object or a list), else undefined; read once per outcome. */
function textAsJson(o: CallOutcome): unknown {
  if (parsedText.has(o)) return parsedText.get(o);
  let v: unknown;
  const t = o.text?.trim();
  if (t && (t[0] === '{' || t[0] === '[')) {
    try {
      v = JSON.parse(t);
    } catch {
      v = undefined;
    }
  }
  parsedText.set(o, v);
  return v;
}

/** The result as the workbench shows it, and its place in the outcome. */
export function shownResult(o: CallOutcome): { root: 'data' | 'text'; value: unknown } | null {
  if (o.data !== undefined) return { root: 'data', value: o.data };
  const t = textAsJson(o);
  return t !== undefined ? { root: 'text', value: t } : null;
}

/** Steps down `segs` from `start`; how many steps held and the value reached. */
function walk(start: unknown, segs: string[], o: CallOutcome, fromOutcome: boolean): { value: unknown; depth: number } {
  let cur = start;
  for (const [i, seg] of segs.entries()) {
    // The outcome's text, when it is JSON, is looked into like data.
    if (fromOutcome && i === 1 && segs[0] === 'text' && typeof cur === 'string') cur = textAsJson(o) ?? cur;
    const next = child(cur, seg);
    if (next === undefined) return { value: cur, depth: i };
    cur = next;
  }
  return { value: cur, depth: segs.length };
}

function child(cur: unknown, seg: string): unknown {
  if (cur === null || typeof cur !== 'object') return undefined;
  if (Array.isArray(cur)) return /^\d+$/.test(seg) ? cur[Number(seg)] : undefined;
  return Object.prototype.hasOwnProperty.call(cur, seg) ? (cur as Record<string, unknown>)[seg] : undefined;
}

/** The value a path names (see the rule above). */
export function resolvePath(o: CallOutcome, path: string): Resolved {
  const segs = parsePath(path);
  const direct = walk(record(o), segs, o, true);
  if (direct.depth === segs.length) return { value: direct.value, found: direct.value !== undefined, at: segs.join('.'), segs };
  const shown = shownResult(o);
  if (shown) {
    const inShown = walk(shown.value, segs, o, false);
    const full = [shown.root, ...segs];
    if (inShown.depth === segs.length) return { value: inShown.value, found: true, at: full.join('.'), segs: full };
  }
  return { value: undefined, found: false, at: segs.join('.'), segs };
}

/**
 * Where a path stops finding anything: the deepest place it names that holds a value, dotted from the
 * outcome, with that value (the shown result when not even the first step holds).
 */
export function deepestFound(o: CallOutcome, path: string): { at: string; value: unknown } | null {
  const segs = parsePath(path);
  const direct = walk(record(o), segs, o, true);
  const shown = shownResult(o);
  const inShown = shown ? walk(shown.value, segs, o, false) : { value: undefined, depth: 0 };
  if (shown && inShown.depth > direct.depth) return { at: [shown.root, ...segs.slice(0, inShown.depth)].join('.'), value: inShown.value };
  if (direct.depth > 0) return { at: segs.slice(0, direct.depth).join('.'), value: direct.value };
  return shown ? { at: shown.root, value: shown.value } : null;
}

/** Every path that holds a value, dotted from the outcome, and the shown result's own in the short form. */
export function pathsOf(o: CallOutcome): string[] {
  const out: string[] = [];
  const add = (prefix: string, v: unknown, depth: number) => {
    if (out.length >= MAX_PATHS || v === undefined) return;
    out.push(prefix);
    if (depth >= MAX_DEPTH || v === null || typeof v !== 'object') return;
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    for (const [k, x] of entries) add(`${prefix}.${k}`, x, depth + 1);
  };
  for (const k of OWN) add(k, k === 'text' && textAsJson(o) !== undefined ? textAsJson(o) : record(o)[k], 0);
  const shown = shownResult(o);
  if (shown) for (const p of out.filter((p) => p.startsWith(`${shown.root}.`))) out.push(p.slice(shown.root.length + 1));
  return out;
}

/**
 * The existing path nearest to one that finds nothing, by edit distance, or null when none is near
 * enough to be a likely slip (within a third of the path's length, at least 2).
 */
export function nearestPath(o: CallOutcome, path: string): string | null {
  const want = parsePath(path).join('.');
  const limit = Math.max(2, Math.floor(want.length / 3));
  let best: string | null = null;
  let bestD = limit + 1;
  for (const p of pathsOf(o)) {
    if (Math.abs(p.length - want.length) > bestD) continue;
    const d = distance(want, p, bestD + 1); // a tie must be a real one, not a give-up
    // Ties go to the shorter form: the field as the result shows it.
    if (d < bestD || (d === bestD && best !== null && p.length < best.length)) {
      best = p;
      bestD = d;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `cap`) once every way is at least `cap`. */
export function distance(a: string, b: string, cap = Infinity): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      least = Math.min(least, row[j]);
    }
    if (least >= cap) return cap;
    prev = row;
  }
  return prev[b.length];
}

/**
 * A value in at most `max` characters of JSON: whole when it fits, else one level with what is under it
 * counted (`{…3 fields}`, `[…12 items]`), then cut at a field.
 */
export function preview(v: unknown, max = 240): string {
  const whole = JSON.stringify(v) ?? String(v);
  if (whole.length <= max) return whole;
  if (v === null || typeof v !== 'object') return `${whole.slice(0, max - 1)}…`;
  const inner = (x: unknown): string => {
    if (Array.isArray(x)) return `[…${x.length} item${x.length === 1 ? '' : 's'}]`;
    if (x && typeof x === 'object') {
      const n = Object.keys(x).length;
      return `{…${n} field${n === 1 ? '' : 's'}}`;
    }
    const s = JSON.stringify(x) ?? String(x);
    return s.length > 40 ? `${s.slice(0, 39)}…` : s;
  };
  const parts = Array.isArray(v) ? v.map(inner) : Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${inner(x)}`);
  const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
  let s = open;
  for (const [i, p] of parts.entries()) {
    const more = `,…${parts.length - i} more${close}`;
    if (s.length + 1 + p.length + more.length > max) return `${s}${i ? ',' : ''}…${parts.length - i} more${close}`;
    s += (i ? ',' : '') + p;
  }
  return s + close;
}
