/**
 * A saved request's checks as the editor shows them (one kind per row, every field as typed) and back.
 * Each kind is one of the engine's assertions (src-main/qa/assertions.ts): nothing here invents a new one,
 * and any assertion read from a file comes back unchanged when its row is not edited.
 */
import type { Assertion } from '@contract';

export type CheckKind = 'succeeds' | 'fails' | 'equals' | 'number' | 'contains' | 'matches' | 'exists';

export const KIND_LABELS: Record<CheckKind, string> = {
  succeeds: 'The call succeeds',
  fails: 'The call fails',
  equals: 'Equals',
  number: 'A number close to',
  contains: 'Contains',
  matches: 'Matches a pattern',
  exists: 'A field exists',
};

export interface CheckDraft {
  /** Stable across edits (React key). */
  id: number;
  kind: CheckKind;
  /** Dotted JSON path (`data.gas_limit`); empty: the whole result. */
  path: string;
  /** Expected value as typed: JSON where it parses as JSON, else text. */
  value: string;
  /** Fields to leave out, one a line or comma-separated. */
  ignore: string;
  abs: string;
  rel: string;
  pattern: string;
  exists: boolean;
  /** Added by "Expect the result of the last run". */
  fromLast?: boolean;
  /** The assertion as read, kept when the row is not edited (keys the editor has no field for survive). */
  original?: Assertion;
}

let nextId = 1;

export function newDraft(kind: CheckKind, init: Partial<CheckDraft> = {}): CheckDraft {
  return { id: nextId++, kind, path: '', value: '', ignore: '', abs: '', rel: '', pattern: '', exists: true, ...init };
}

/** Shows a value as the user would type it: text as itself where it cannot be read as JSON, else JSON. */
function typed(v: unknown): string {
  if (typeof v === 'string' && v.trim() === v && v !== '' && !parsesAsJson(v)) return v;
  return JSON.stringify(v, null, 2) ?? '';
}

function parsesAsJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

/** What the user typed as a value: JSON when it parses (`30`, `"30"`, `{"a": 1}`), else the text itself. */
export function valueOf(text: string): unknown {
  const t = text.trim();
  if (!t) return '';
  try {
    return JSON.parse(t);
  } catch {
    return text;
  }
}

export function draftOfAssertion(a: Assertion): CheckDraft {
  const base = { original: a, path: a.path ?? '' };
  if (a.is_error !== undefined) return newDraft(a.is_error ? 'fails' : 'succeeds', base);
  if ('equals' in a) {
    const n = a.numeric;
    if (n && typeof a.equals === 'number') {
      return newDraft('number', { ...base, value: String(a.equals), abs: n.abs !== undefined ? String(n.abs) : '', rel: n.rel !== undefined ? String(n.rel) : '' });
    }
    return newDraft('equals', {
      ...base,
      value: typed(a.equals),
      ignore: (a.ignore ?? []).join('\n'),
      abs: n?.abs !== undefined ? String(n.abs) : '',
      rel: n?.rel !== undefined ? String(n.rel) : '',
    });
  }
  if ('contains' in a) return newDraft('contains', { ...base, value: typed(a.contains) });
  if (a.matches !== undefined) return newDraft('matches', { ...base, pattern: a.matches });
  return newDraft('exists', { ...base, exists: a.exists ?? true });
}

/** The row as an assertion, or what is wrong with it in plain words. */
export function assertionOf(d: CheckDraft): { assertion: Assertion } | { problem: string } {
  if (d.original && sameAsRead(d)) return { assertion: d.original };
  const path = d.path.trim();
  const at = path ? { path } : {};
  switch (d.kind) {
    case 'succeeds':
      return { assertion: { is_error: false } };
    case 'fails':
      return { assertion: { is_error: true } };
    case 'equals': {
      const ignore = d.ignore.split(/[\n,]/).map((p) => p.trim()).filter(Boolean);
      const numeric = numericOf(d);
      if ('problem' in numeric) return numeric;
      return { assertion: { ...at, equals: valueOf(d.value), ...(ignore.length ? { ignore } : {}), ...(numeric.numeric ? { numeric: numeric.numeric } : {}) } };
    }
    case 'number': {
      if (!path) return { problem: 'Say which number to check: a path such as data.cost_usd.' };
      const n = Number(d.value);
      if (!d.value.trim() || !Number.isFinite(n)) return { problem: `"${d.value}" is not a number: write the value expected at ${path}, such as 13.5.` };
      const numeric = numericOf(d);
      if ('problem' in numeric) return numeric;
      if (!numeric.numeric) return { problem: `Say how far ${path} may be from ${n}: a difference (0.5) or a fraction (0.05 = 5%).` };
      return { assertion: { path, equals: n, numeric: numeric.numeric } };
    }
    case 'contains':
      if (!d.value.trim()) return { problem: 'Say what the result should contain.' };
      return { assertion: { ...at, contains: valueOf(d.value) } };
    case 'matches':
      if (!d.pattern) return { problem: 'Write the pattern the value should match (a regular expression).' };
      try {
        new RegExp(d.pattern);
      } catch (err) {
        return { problem: `The pattern is not a valid regular expression: ${(err as Error).message}` };
      }
      return { assertion: { ...at, matches: d.pattern } };
    case 'exists':
      if (!path) return { problem: 'Say which field should exist: a path such as data.items.0.id.' };
      return { assertion: d.exists ? { path } : { path, exists: false } };
  }
}

/** The row's numeric tolerance (none when both fields are empty), or what is wrong with it. */
function numericOf(d: CheckDraft): { numeric?: { abs?: number; rel?: number } } | { problem: string } {
  const numeric: { abs?: number; rel?: number } = {};
  for (const [k, text] of [['abs', d.abs], ['rel', d.rel]] as const) {
    if (!text.trim()) continue;
    const v = Number(text);
    if (!Number.isFinite(v) || v < 0) return { problem: `${k === 'abs' ? 'The difference allowed' : 'The fraction allowed'} must be a number of at least 0, not "${text}".` };
    numeric[k] = v;
  }
  return Object.keys(numeric).length ? { numeric } : {};
}

/** Every row as assertions, or the first problem (with the row's number). */
export function assertionsOf(drafts: CheckDraft[]): { assertions: Assertion[] } | { problem: string } {
  const out: Assertion[] = [];
  for (const [i, d] of drafts.entries()) {
    const r = assertionOf(d);
    if ('problem' in r) return { problem: drafts.length > 1 ? `Check ${i + 1}: ${r.problem}` : r.problem };
    out.push(r.assertion);
  }
  return { assertions: out };
}

function sameAsRead(d: CheckDraft): boolean {
  const again = draftOfAssertion(d.original!);
  return (['kind', 'path', 'value', 'ignore', 'abs', 'rel', 'pattern', 'exists'] as const).every((k) => again[k] === d[k]);
}

/**
 * A path picked in a result's tree, as a check writes it: from the call's outcome (`data.items.0.id`,
 * `text.rows.0` for JSON text), so it never depends on the short form's fallback. A key that is not a
 * plain name is quoted: `data["unit price"]`.
 */
export function checkPathOf(root: 'data' | 'text', segs: (string | number)[]): string {
  let out: string = root;
  for (const s of segs) {
    const k = String(s);
    if (/^[A-Za-z_$][\w$-]*$/.test(k) || /^\d+$/.test(k)) out += `.${k}`;
    else out += k.includes('"') ? `['${k}']` : `["${k}"]`;
  }
  return out;
}

/** "Check this" on a picked value: the value there, as shown, must come again. */
export function draftOfPick(path: string, value: unknown): CheckDraft {
  return newDraft('equals', { path, value: typed(value) });
}
