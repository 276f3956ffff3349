/**
 * Checking a call's outcome against a saved request's assertions. Paths resolve against
 * `{ok, text, data, error}` of the outcome: `data.items.0.id`, `text`, `error.code` (a leading `$.` and
 * `[0]` are accepted); where nothing is there, against the result as the workbench shows it, so
 * `items.0.id` works too (the rule and its one ambiguity: result-paths.ts). Without a path an assertion
 * looks at the result: `data` when the call returned structured data, else `text`. Every result says in
 * plain words what was expected and what came; a path that finds nothing is told with the value where
 * it stopped and the nearest path that exists.
 *
 *   {"is_error": false}                       the call succeeded (true: it failed)
 *   {"equals": 150000, "path": "data.gas_limit"}   deep equality (numbers, strings, objects, lists)
 *   {"equals": {...}, "ignore": ["data.timestamp"], "numeric": {"abs": 0.01}}
 *                                             the same, some fields left out, numbers within a tolerance
 *   {"contains": "Hello"}                     text contains it; a list has an item equal to it;
 *                                             an object's JSON text contains it
 *   {"matches": "^Hello \\w+"}               a regular expression matches the text
 *   {"path": "data.items.0.id"}               the value exists ("exists": false: it does not)
 *
 * A request without assertions passes when the call succeeds. A failure says which fields differ
 * (`differences`, dotted from the outcome as a replay names them), for a field-by-field view.
 */
import type { Assertion, AssertionResult, CallOutcome, Difference } from '../contract';
import { asText } from '../common/values';
import { compareExpected } from './compare';
import { deepestFound, nearestPath, preview, resolvePath } from './result-paths';
import { checkTolerance } from './tolerance';

export type { Assertion, AssertionResult } from '../contract';

const KEYS = new Set(['is_error', 'path', 'exists', 'equals', 'contains', 'matches', 'ignore', 'numeric']);

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
  if (('ignore' in o || 'numeric' in o) && !('equals' in o)) return '"ignore" and "numeric" go with "equals"';
  if ('ignore' in o || 'numeric' in o) {
    const problem = checkTolerance({ ignore: o.ignore, numeric: o.numeric });
    if (problem) return problem;
  }
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
  const Where = a.path ?? 'The result'; // paths keep their case at the start of a sentence
  const resolved = a.path ? resolvePath(o, a.path) : undefined;
  const value = resolved ? resolved.value : o.data !== undefined ? o.data : o.text;
  const found = value !== undefined;
  const actual = found ? short(value) : 'nothing';
  const missing = a.path && !found ? nothingAt(o, a.path) : undefined;
  const hint = missing?.suggestion ? { suggestion: missing.suggestion } : {};

  // Without a path, equals looks at the data first; contains and matches at the text first.
  const textFirst = !('equals' in a) && o.text !== undefined;
  const at = resolved ? resolved.at : o.data !== undefined && !textFirst ? 'data' : 'text';
  if ('equals' in a) {
    const base = resolved ? resolved.segs : [at];
    const loose = a.ignore?.length || a.numeric ? ` (${looseWords(a)})` : '';
    if (missing) {
      const differences: Difference[] = [{ path: at, recorded: a.equals, replayed: undefined, why: 'there is nothing there' }];
      return { ...r(false, short(a.equals), actual, `${Where} should equal ${short(a.equals)}${loose}, but ${missing.words}.`), at, differences, ...hint };
    }
    const differences = compareExpected(base, a.equals, value, { ignore: a.ignore, numeric: a.numeric });
    if (!differences.length) return { ...r(true, short(a.equals), actual, `${Where} equals ${short(a.equals)}${loose}.`), at };
    const exact = !loose && (differences.length === 1 && differences[0].path === at);
    const message = exact
      ? `${Where} should equal ${short(a.equals)}, but it is ${actual}.`
      : `${Where} should equal ${short(a.equals)}${loose}, but ${fieldsDiffer(differences)}.`;
    return { ...r(false, short(a.equals), actual, message), at, differences };
  }
  if ('contains' in a) {
    const subject = a.path ? value : o.text ?? (o.data !== undefined ? JSON.stringify(o.data) : undefined);
    const pass = found && contains(subject, a.contains);
    const what = short(a.contains);
    const shown = subject === undefined ? 'nothing' : short(subject);
    const res = r(pass, `contains ${what}`, shown, pass ? `${Where} contains ${what}.` : `${Where} should contain ${what}, but ${missing ? missing.words : `it is ${shown}`}.`);
    return pass ? { ...res, at } : { ...res, at, differences: [{ path: at, recorded: `contains ${what}`, replayed: subject, why: `it does not contain ${what}` }], ...hint };
  }
  if (a.matches !== undefined) {
    const subject = a.path ? value : o.text ?? (o.data !== undefined ? JSON.stringify(o.data) : undefined);
    const text = typeof subject === 'string' ? subject : subject === undefined ? undefined : JSON.stringify(subject);
    const pass = text !== undefined && new RegExp(a.matches).test(text);
    const shown = subject === undefined ? 'nothing' : short(subject);
    const res = r(pass, `matches /${a.matches}/`, shown, pass ? `${Where} matches /${a.matches}/.` : `${Where} should match /${a.matches}/, but ${missing ? missing.words : `it is ${shown}`}.`);
    return pass ? { ...res, at } : { ...res, at, differences: [{ path: at, recorded: `/${a.matches}/`, replayed: subject, why: `it does not match the pattern /${a.matches}/` }], ...hint };
  }
  const want = a.exists ?? true;
  if (want) return found ? r(true, 'exists', actual, `${Where} exists.`) : { ...r(false, 'exists', actual, `${Where} should exist, but ${missing!.words}.`), ...hint };
  return r(!found, 'does not exist', actual, found ? `${Where} should not exist, but it is ${actual}.` : `${Where} does not exist, as expected.`);
}

/** "fields left out: data.timestamp; numbers within 0.01" */
function looseWords(a: Assertion): string {
  const parts: string[] = [];
  if (a.ignore?.length) parts.push(`leaving out ${a.ignore.join(', ')}`);
  const n = a.numeric;
  if (n && (n.abs !== undefined || n.rel !== undefined)) {
    const within = [n.abs !== undefined ? `${n.abs}` : '', n.rel !== undefined ? `${Number((n.rel * 100).toPrecision(6))}%` : ''].filter(Boolean).join(' or ');
    parts.push(`numbers within ${within}`);
  }
  return parts.join('; ');
}

/** "data.gas_limit differs (it differs by 2, more than the allowed 0.5)", "3 fields differ: a, b, c" */
function fieldsDiffer(d: Difference[]): string {
  if (d.length === 1) return `${d[0].path} ${d[0].why === 'it differs' ? 'differs' : `differs: ${d[0].why}`}`;
  const names = d.slice(0, 3).map((x) => x.path).join(', ');
  return `${d.length} fields differ: ${names}${d.length > 3 ? ', …' : ''}`;
}

/**
 * "there is nothing at cost_usdd (did you mean cost_usd?); the result is {"gas_limit":150000,…}": where the
 * path stopped, what is there, and the nearest path that exists (in the form the check wrote its own).
 */
function nothingAt(o: CallOutcome, path: string): { words: string; suggestion?: string } {
  const near = nearestPath(o, path);
  const deep = deepestFound(o, path);
  const there = deep
    ? `${deep.at === 'data' || (deep.at === 'text' && o.data === undefined) ? 'the result' : deep.at} is ${preview(deep.value)}`
    : o.ok ? 'the call returned nothing' : `the call failed (${o.error?.code ?? 'error'}: ${o.error?.message ?? 'no reason given'})`;
  const words = `there is nothing at ${path}${near ? ` (did you mean ${near}?)` : ''}; ${there}`;
  return near ? { words, suggestion: near } : { words };
}

function contains(subject: unknown, needle: unknown): boolean {
  if (typeof subject === 'string') return typeof needle === 'string' ? subject.includes(needle) : subject.includes(JSON.stringify(needle));
  if (Array.isArray(subject)) return subject.some((x) => deepEqual(x, needle));
  if (subject && typeof subject === 'object') return JSON.stringify(subject).includes(typeof needle === 'string' ? needle : JSON.stringify(needle));
  return subject !== undefined && asText(subject).includes(String(needle));
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
