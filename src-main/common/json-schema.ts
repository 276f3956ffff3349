/**
 * JSON Schema validation of values, one validator for the engine and the window: @cfworker/json-schema, an
 * interpreting validator (drafts 4, 7, 2019-09, 2020-12; $ref/$defs, anyOf/oneOf/allOf, formats). Ajv compiles
 * schemas to JavaScript with `new Function`, which the window's Content-Security-Policy forbids (`script-src
 * 'self'`, no 'unsafe-eval'). Its output is turned into short, plain messages, one per field.
 * The doctor uses the same validator to check a tool's schema against its draft's meta-schema
 * (authoring/checks/meta-schemas.ts, with the meta-schemas shipped in resources/json-schema).
 */
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { unescapeSegment } from './json-pointer';

const ROOT_URI = 'https://skillbench.invalid/root.json';

export interface FieldProblem {
  /** Dotted path ('' for the whole value), as rjsf expects in `property`. */
  property: string;
  message: string;
  keyword: string;
  schemaPath: string;
}

function draftOf(schema: unknown): SchemaDraft {
  const s = schema && typeof schema === 'object' ? String((schema as Schema).$schema ?? '') : '';
  if (s.includes('draft-04') || s.includes('draft-03')) return '4';
  if (s.includes('draft-06') || s.includes('draft-07')) return '7';
  if (s.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** Deep copy (the validator annotates what it is given) with local refs pointed at the root document. */
function rebase(value: unknown, toRoot: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => rebase(v, toRoot));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && toRoot && typeof v === 'string' && v.startsWith('#')) out[k] = ROOT_URI + v;
    else out[k] = rebase(v, toRoot);
  }
  return out;
}

const cache = new WeakMap<object, WeakMap<object, Validator> | Validator>();

export function validatorFor(schema: object | boolean, root?: object): Validator {
  if (typeof schema === 'boolean') return new Validator(schema);
  const sameRoot = !root || root === schema;
  const hit = cache.get(schema);
  if (sameRoot && hit instanceof Validator) return hit;
  if (!sameRoot && hit instanceof WeakMap) {
    const v = hit.get(root);
    if (v) return v;
  }
  const draft = draftOf(root ?? schema);
  let v: Validator;
  if (sameRoot) {
    v = new Validator(rebase(schema, false) as Schema, draft, false);
    cache.set(schema, v);
  } else {
    v = new Validator(rebase(schema, true) as Schema, draft, false);
    v.addSchema(rebase(root, false) as Schema, ROOT_URI);
    let m = hit instanceof WeakMap ? hit : undefined;
    if (!m) cache.set(schema, (m = new WeakMap()));
    m.set(root, v);
  }
  return v;
}

/** What would actually be sent: JSON has no `undefined` (rjsf leaves such keys in its form data). */
export function asJson(value: unknown): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(value));
  } catch {
    return value;
  }
}

// ---------- from raw output to plain problems ----------

const decode = (seg: string) => decodeURIComponent(unescapeSegment(seg));
const segments = (pointer: string) => pointer.replace(/^#\/?/, '').split('/').filter((s) => s !== '').map(decode);

function resolveRef(root: unknown, ref: string): unknown {
  const local = ref.startsWith(ROOT_URI) ? ref.slice(ROOT_URI.length) : ref;
  if (!local.startsWith('#')) return undefined;
  return walk(root, segments(local), root);
}

function walk(node: unknown, segs: string[], root: unknown): unknown {
  let cur = node;
  for (const seg of segs) {
    if (seg === '$ref' && cur && typeof cur === 'object' && typeof (cur as Schema).$ref === 'string') {
      cur = resolveRef(root, (cur as Schema).$ref!);
      continue;
    }
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

/** The part of a value at a JSON pointer's segments (no $ref to follow in data). */
function valueAt(value: unknown, segs: string[]): unknown {
  let cur = value;
  for (const seg of segs) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'empty',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'a valid email address',
  uri: 'a full web address (like https://example.com)',
  url: 'a full web address (like https://example.com)',
  'uri-reference': 'a web address or path',
  date: 'a date like 2024-05-31',
  'date-time': 'a date and time like 2024-05-31T14:30:00Z',
  time: 'a time like 14:30:00',
  uuid: 'a UUID like 123e4567-e89b-12d3-a456-426614174000',
  ipv4: 'an IPv4 address like 192.168.0.1',
  ipv6: 'an IPv6 address',
  hostname: 'a host name like example.com',
  duration: 'a duration like P1D or PT5M',
};

const brief = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
};

function plain(unit: OutputUnit, parent: Record<string, unknown> | undefined, instance: unknown): string {
  const v = parent?.[unit.keyword];
  switch (unit.keyword) {
    case 'type': {
      const types = Array.isArray(v) ? v : [v];
      // Text where a number belongs: what a number field holds when someone typed letters into it.
      if (typeof instance === 'string' && types.some((t) => t === 'number' || t === 'integer') && !types.includes('string')) {
        return 'Not a number';
      }
      return `Must be ${types.map((t) => TYPE_WORDS[String(t)] ?? String(t)).join(' or ')}`;
    }
    case 'required':
      return 'Required';
    case 'minLength':
      return v === 1 ? 'Cannot be empty' : `Must be at least ${String(v)} characters`;
    case 'maxLength':
      return `Must be at most ${String(v)} characters`;
    case 'minimum':
      return parent?.exclusiveMinimum === true ? `Must be more than ${String(v)}` : `Must be ${String(v)} or more`;
    case 'maximum':
      return parent?.exclusiveMaximum === true ? `Must be less than ${String(v)}` : `Must be ${String(v)} or less`;
    case 'exclusiveMinimum':
      return `Must be more than ${typeof v === 'number' ? v : String(parent?.minimum)}`;
    case 'exclusiveMaximum':
      return `Must be less than ${typeof v === 'number' ? v : String(parent?.maximum)}`;
    case 'multipleOf':
      return `Must be a multiple of ${String(v)}`;
    case 'pattern':
      return `Must match the pattern ${String(v)}`;
    case 'format':
      return `Must be ${FORMAT_WORDS[String(v)] ?? `in the “${String(v)}” format`}`;
    case 'enum':
      return Array.isArray(v) && v.length <= 8
        ? `Must be one of: ${v.map(brief).join(', ')}`
        : 'Must be one of the allowed values';
    case 'const':
      return `Must be ${brief(v)}`;
    case 'minItems':
      return `Add at least ${String(v)} item${v === 1 ? '' : 's'}`;
    case 'maxItems':
      return `At most ${String(v)} item${v === 1 ? '' : 's'}`;
    case 'uniqueItems':
      return 'Items must all be different';
    case 'minProperties':
      return `Needs at least ${String(v)} entr${v === 1 ? 'y' : 'ies'}`;
    case 'maxProperties':
      return `At most ${String(v)} entr${v === 1 ? 'y' : 'ies'}`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'Not a field this tool expects';
    case 'not':
      return 'This value is not allowed';
    case 'anyOf':
      return 'Does not match any of the allowed forms';
    case 'oneOf':
      return unit.error.includes('(0 matches)')
        ? 'Does not match any of the allowed forms'
        : 'Matches more than one of the allowed forms';
    case 'false':
      return 'Not allowed';
    default:
      return unit.error.replace(/^Instance /, 'Value ');
  }
}

const WRAPPERS = new Set([
  'properties', 'items', 'prefixItems', 'additionalItems', '$ref', '$recursiveRef', '$dynamicRef',
  'allOf', 'dependentSchemas', 'patternProperties', 'if', 'then', 'else', 'unevaluatedItems',
]);

const isNullSchema = (s: unknown) =>
  !!s && typeof s === 'object' && ((s as Schema).type === 'null' || (s as Schema).const === null);

/**
 * Turns the validator's nested output into one problem per field, choosing the most plausible union branch.
 * `value` (what was validated) lets a message speak of what is there, not only of what the schema wants.
 */
export function toProblems(units: OutputUnit[], root: unknown, value?: unknown): FieldProblem[] {
  let kept = units.slice();
  const unions = kept
    .filter((u) => u.keyword === 'anyOf' || u.keyword === 'oneOf')
    .sort((a, b) => a.keywordLocation.length - b.keywordLocation.length);
  for (const u of unions) {
    if (!kept.includes(u)) continue;
    const prefix = `${u.keywordLocation}/`;
    const branches = new Map<string, OutputUnit[]>();
    for (const e of kept) {
      if (!e.keywordLocation.startsWith(prefix)) continue;
      const idx = e.keywordLocation.slice(prefix.length).split('/')[0];
      if (!branches.has(idx)) branches.set(idx, []);
      branches.get(idx)!.push(e);
    }
    const branchSchemas = walk(root, segments(u.keywordLocation), root) as unknown[] | undefined;
    let best: string | undefined;
    for (const [idx, errs] of branches) {
      if (isNullSchema(branchSchemas?.[Number(idx)])) continue;
      if (best === undefined || errs.length < branches.get(best)!.length) best = idx;
    }
    const drop = new Set<OutputUnit>();
    for (const [idx, errs] of branches) if (idx !== best) errs.forEach((e) => drop.add(e));
    if (best !== undefined && branches.get(best)!.length) drop.add(u);
    kept = kept.filter((e) => !drop.has(e));
  }
  const out: FieldProblem[] = [];
  const seen = new Set<string>();
  // A "false" schema error repeats what additionalProperties already said: consider it last.
  kept.sort((a, b) => Number(a.keyword === 'false') - Number(b.keyword === 'false'));
  const withProblem = new Set<string>();
  for (const u of kept) {
    if (WRAPPERS.has(u.keyword)) continue;
    const segs = segments(u.keywordLocation);
    const parent = walk(root, segs.slice(0, -1), root) as Record<string, unknown> | undefined;
    let path = segments(u.instanceLocation);
    if (u.keyword === 'required' || u.keyword === 'dependentRequired' || u.keyword === 'dependencies') {
      const m = /does not have (?:required property )?"([^"]+)"/.exec(u.error);
      if (m) path = [...path, m[1]];
    } else if (u.keyword === 'additionalProperties' || u.keyword === 'unevaluatedProperties') {
      const m = /^Property "([^"]+)"/.exec(u.error);
      if (m) path = [...path, m[1]];
    }
    const property = path.length ? `.${path.join('.')}` : '';
    let message = plain(u, parent, valueAt(value, segments(u.instanceLocation)));
    if (u.keyword === 'dependentRequired' || (u.keyword === 'dependencies' && u.error.includes('does not have'))) {
      const m = /has "([^"]+)"/.exec(u.error);
      message = m ? `Required when “${m[1]}” is set` : 'Required';
    }
    const key = `${property}\u0000${message}`;
    if (seen.has(key) || (u.keyword === 'false' && withProblem.has(property))) continue;
    seen.add(key);
    withProblem.add(property);
    out.push({ property, message, keyword: u.keyword, schemaPath: u.keywordLocation });
  }
  return out;
}

/** Validates a value; problems in plain words, or [] when valid. Never throws. */
export function validateValue(schema: unknown, value: unknown): FieldProblem[] {
  if (!schema || typeof schema !== 'object') return [];
  try {
    const instance = asJson(value) ?? {};
    const result = validatorFor(schema).validate(instance);
    return result.valid ? [] : toProblems(result.errors, schema, instance);
  } catch (err) {
    return [{ property: '', message: `The tool’s schema could not be used: ${(err as Error).message}`, keyword: 'schema', schemaPath: '#' }];
  }
}

/** Renders a dotted property path for people: ".addr.street" -> "addr › street". */
export function describePath(property: string): string {
  return property.replace(/^\./, '').split('.').filter(Boolean).join(' › ') || 'the arguments';
}

