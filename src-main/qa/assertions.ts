/**
 * Checking a call's outcome against a saved request's assertions. Paths resolve against
 * `{ok, text, data, error}` of the outcome: `data.items.0.id`, `text`, `error.code` (a leading `$.` and
 * `[0]` are accepted). Without a path an assertion looks at the result: `data` when the call returned
 * structured data, else `text`. Every result says in plain words what was expected and what came.
 *
 *   {"is_error": false}                       the call succeeded (true: it failed)
 *   {"equals": 150000, "path": "data.gas_limit"}   deep equality (numbers, strings, objects, lists)
 *   {"contains": "Hello"}                     text contains it; a list has an item equal to it;
 *                                             an object's JSON text contains it
 *   {"matches": "^Hello \\w+"}               a regular expression matches the text
 *   {"path": "data.items.0.id"}               the value exists ("exists": false: it does not)
 *
 * A request without assertions passes when the call succeeds.
 */
import type { Assertion, AssertionResult, CallOutcome } from '../contract';
import { parsePath } from './compare';

export type { Assertion, AssertionResult } from '../contract';

const KEYS = new Set(['is_error', 'path', 'exists', 'equals', 'contains', 'matches']);

/** Why an assertion is malformed, in plain words, or null when it is fine. */
export function checkAssertion(a: unknown): string | null {
  if (!a || typeof a !== 'object' || Array.isArray(a)) return 'an assertion is an object such as {"equals": 1, "path": "data.n"}';
  const o = a as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => !KEYS.has(k));
  if (extra) return `an assertion has no "${extra}" (it takes ${[...KEYS].join(', ')})`;
  if ('is_error' in o) {
    if (typeof o.is_error !== 'boolean') return '"is_error" must be true or false';
    if (Object.keys(o).length > 1) return '"is_error" stands alone in its assertion';
    return null;
  }
  const kinds = ['equals', 'contains', 'matches', 'exists'].filter((k) => k in o);
  if (kinds.length > 1) return `an assertion checks one thing; this one has ${kinds.join(' and ')}: split it in two`;
  if (kinds.length === 0 && !('path' in o)) return 'an assertion needs "equals", "contains", "matches", "exists", "is_error" or a "path" that must exist';
  if ('path' in o && (typeof o.path !== 'string' || !o.path.trim())) return '"path" must be a path such as "data.items.0.id"';
  if ('exists' in o && typeof o.exists !== 'boolean') return '"exists" must be true or false';
  if ('contains' in o && o.contains === undefined) return '"contains" needs a value';
  if ('matches' in o) {
    if (typeof o.matches !== 'string') return '"matches" must be a regular expression, as text';
    try {
      new RegExp(o.matches);
    } catch (err) {
      return `"matches" is not a valid regular expression (${(err as Error).message})`;
    }
  }
  return null;
}

export function evaluateAssertion(a: Assertion, o: CallOutcome): AssertionResult {
  const r = (pass: boolean, expected: string, actual: string, message: string): AssertionResult => ({ assertion: a, pass, expected, actual, message });
  if (a.is_error !== undefined) {
    const failed = !o.ok;
    const actual = o.ok ? 'succeeded' : `failed (${o.error?.code ?? 'error'}: ${o.error?.message ?? 'no reason given'})`;
    if (a.is_error) return r(failed, 'fails', actual, failed ? 'The call failed, as expected.' : 'The call should have failed, but it succeeded.');
    return r(!failed, 'succeeds', actual, failed ? `The call should have succeeded, but it ${actual}.` : 'The call succeeded.');
  }
  const where = a.path ?? 'the result';
  const Where = a.path ?? 'The result'; // paths keep their case at the start of a sentence
  const value = a.path ? valueAt(o, a.path) : o.data !== undefined ? o.data : o.text;
  const found = value !== undefined;
  const actual = found ? short(value) : 'nothing';

  if ('equals' in a) {
    if (!found) return r(false, short(a.equals), actual, `${Where} should equal ${short(a.equals)}, but there is nothing at ${where}.`);
    const pass = deepEqual(value, a.equals);
    return r(pass, short(a.equals), actual, pass ? `${Where} equals ${short(a.equals)}.` : `${Where} should equal ${short(a.equals)}, but it is ${actual}.`);
  }
  if ('contains' in a) {
    const subject = a.path ? value : o.text ?? (o.data !== undefined ? JSON.stringify(o.data) : undefined);
    const pass = found && contains(subject, a.contains);
    const what = short(a.contains);
    const shown = subject === undefined ? 'nothing' : short(subject);
    return r(pass, `contains ${what}`, shown, pass ? `${Where} contains ${what}.` : `${Where} should contain ${what}, but it is ${shown}.`);
  }
  if (a.matches !== undefined) {
    const subject = a.path ? value : o.text ?? (o.data !== undefined ? JSON.stringify(o.data) : undefined);
    const text = typeof subject === 'string' ? subject : subject === undefined ? undefined : JSON.stringify(subject);
    const pass = text !== undefined && new RegExp(a.matches).test(text);
    const shown = text === undefined ? 'nothing' : short(text);
    return r(pass, `matches /${a.matches}/`, shown, pass ? `${Where} matches /${a.matches}/.` : `${Where} should match /${a.matches}/, but it is ${shown}.`);
  }
  const want = a.exists ?? true;
  if (want) return r(found, 'exists', actual, found ? `${Where} exists.` : `${Where} should exist, but there is nothing there.`);
  return r(!found, 'does not exist', actual, found ? `${Where} should not exist, but it is ${actual}.` : `${Where} does not exist, as expected.`);
}

/** The value at a dotted path of `{ok, text, data, error}`; undefined when there is none. */
export function valueAt(o: CallOutcome, path: string): unknown {
  let cur: unknown = { ok: o.ok, text: o.text, data: o.data, error: o.error };
  for (const seg of parsePath(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(seg)) return undefined;
      cur = cur[Number(seg)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(cur, seg)) return undefined;
      cur = (cur as Record<string, unknown>)[seg];
    }
  }
  return cur;
}

function contains(subject: unknown, needle: unknown): boolean {
  if (typeof subject === 'string') return typeof needle === 'string' ? subject.includes(needle) : subject.includes(JSON.stringify(needle));
  if (Array.isArray(subject)) return subject.some((x) => deepEqual(x, needle));
  if (subject && typeof subject === 'object') return JSON.stringify(subject).includes(typeof needle === 'string' ? needle : JSON.stringify(needle));
  return subject !== undefined && String(subject).includes(String(needle));
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b) || (a === 0 && b === 0)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as never)[k], (b as never)[k]));
  }
  return false;
}

function short(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 200 ? `${s.slice(0, 197)}...` : s;
}
