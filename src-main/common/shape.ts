/**
 * Untrusted shapes (a skill's answers and reverse calls, files people edit, what the renderer sends) are
 * checked with zod schemas, and what is wrong is said in plain words, naming the field.
 *
 * A schema may word its own refusal with `need(...)` or `says(...)`; where it does not, `problemOf` words
 * zod's issue itself ("limit" must be a whole number, got text). The first problem is enough: the person
 * fixes it and tries again.
 */
import { z } from 'zod';
import { isObject } from './values';

export { z };

/** What a value is, in a few words, for "(got ...)". */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return v === '' ? 'an empty text' : 'text';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** A refusal worded as what is needed, followed by what came: `"partial": an object (got a list)`. */
export function need(what: string): { error: (iss: { input?: unknown }) => string } {
  return { error: (iss) => `${what} (got ${describe(iss.input)})` };
}

/** A refusal with a fixed sentence. */
export function says(message: string): { error: () => string } {
  return { error: () => message };
}

/** A plain object taken as it came (not copied, so keys such as "__proto__" stay data). */
export function plainObject(opts?: { error: (iss: { input?: unknown }) => string }): z.ZodType<Record<string, unknown>> {
  return z.custom<Record<string, unknown>>(isObject, opts);
}

/** `"environments.dev"`, `"types" item 2`: where in the value the problem is. */
export function fieldOf(path: readonly PropertyKey[]): string {
  const names = path.filter((p) => typeof p !== 'number').map(String);
  const index = path.length && typeof path[path.length - 1] === 'number' ? ` item ${(path[path.length - 1] as number) + 1}` : '';
  return names.length ? `"${names.join('.')}"${index}` : index ? `item ${(path[path.length - 1] as number) + 1}` : '';
}

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  record: 'an object',
  null: 'null',
};

/**
 * zod's issue in plain words, starting with the field it is about: `"limit" must be a number (got text)`,
 * or, worded as what is needed (after "<method> needs"), `"limit" to be a number (got text)`.
 */
function plainIssue(iss: z.core.$ZodRawIssue, style: Style): string {
  const field = fieldOf(iss.path ?? []) || (style === 'needs' ? 'its params' : 'it');
  const must = style === 'needs' ? `${field} to` : `${field} must`;
  switch (iss.code) {
    case 'invalid_type': {
      const kind = KIND[iss.expected] ?? iss.expected;
      if (iss.input !== undefined) return `${must} be ${kind} (got ${describe(iss.input)})`;
      return style === 'needs' ? `${field} as ${kind} (it is missing)` : `${field} is missing: it must be ${kind}`;
    }
    case 'too_small':
      if (iss.origin === 'string' && Number(iss.minimum) === 1) return `${must} be a non-empty text`;
      if (iss.origin === 'array' && Number(iss.minimum) === 1) return `${must} list at least one item`;
      return `${must} be at least ${String(iss.minimum)}`;
    case 'too_big':
      return `${must} be at most ${String(iss.maximum)}`;
    case 'invalid_value':
      return `${must} be one of ${iss.values.map((v) => String(v)).join(', ')}`;
    default:
      return `${must} be in the expected form`;
  }
}

/** How a problem is worded when the schema does not word it: "... must be ..." or, after "<method> needs", "... to be ...". */
export type Style = 'must' | 'needs';

const WORDING: Record<Style, { error: (iss: z.core.$ZodRawIssue) => string }> = {
  must: { error: (iss) => plainIssue(iss, 'must') },
  needs: { error: (iss) => plainIssue(iss, 'needs') },
};

/** Checks `value` against `schema`: the value as the schema gives it back, or the first problem in plain words. */
export function check<S extends z.ZodType>(schema: S, value: unknown, style: Style = 'must'): { ok: true; value: z.output<S> } | { ok: false; problem: string } {
  const r = schema.safeParse(value, WORDING[style]);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, problem: r.error.issues[0]?.message ?? 'it is not valid' };
}

/** Like `check`, throwing `fail(problem)` when the value does not fit. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, fail: (problem: string) => Error): z.output<S> {
  const r = check(schema, value);
  if (!r.ok) throw fail(r.problem);
  return r.value;
}
