/**
 * An elicitation's `requestedSchema` (a flat object of plain fields, as MCP allows) as the setup wizard's
 * fields, with the schema's defaults applied, and the user's answers checked in plain words.
 */
import type { McpJsonSchema, SetupField } from '@contract';

type Prop = { [k: string]: unknown };
export type Answers = Record<string, unknown>;

/** `camelCase` / `snake_case` names in words: "firstName" → "First name". */
export function words(name: string): string {
  const w = name.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function choices(p: Prop): { label: string; value: string }[] | null {
  if (Array.isArray(p.enum)) {
    const names = Array.isArray(p.enumNames) ? (p.enumNames as unknown[]) : [];
    return p.enum.map((v, i) => ({ value: String(v), label: String(names[i] ?? v) }));
  }
  const alts = (Array.isArray(p.oneOf) ? p.oneOf : Array.isArray(p.anyOf) ? p.anyOf : null) as Prop[] | null;
  if (alts && alts.every((a) => a && 'const' in a)) return alts.map((a) => ({ value: String(a.const), label: String(a.title ?? a.const) }));
  return null;
}

const FORMAT_HINT: Record<string, string> = { email: 'name@example.com', uri: 'https://…', date: 'YYYY-MM-DD', 'date-time': 'YYYY-MM-DDThh:mm' };

export function fieldsOf(schema: McpJsonSchema): SetupField[] {
  const props = (schema.properties ?? {}) as Record<string, Prop>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(props).map(([name, p]) => {
    const base = {
      name,
      label: typeof p.title === 'string' ? p.title : words(name),
      description: typeof p.description === 'string' ? p.description : null,
      required: required.has(name),
      default: p.default,
    };
    if (p.type === 'boolean') return { ...base, type: 'boolean' };
    if (p.type === 'number' || p.type === 'integer') return { ...base, type: 'number' };
    if (p.type === 'array') {
      const items = (p.items ?? {}) as Prop;
      return { ...base, type: 'multiselect', options: choices(items) ?? [] };
    }
    const opts = choices(p);
    if (opts) return { ...base, type: 'select', options: opts };
    return { ...base, type: 'text', placeholder: typeof p.format === 'string' ? FORMAT_HINT[p.format] ?? null : null };
  });
}

export function defaultsOf(schema: McpJsonSchema): Answers {
  const props = (schema.properties ?? {}) as Record<string, Prop>;
  // A switch left alone means "no": a yes/no field without a default starts at false.
  return Object.fromEntries(
    Object.entries(props)
      .filter(([, p]) => p.default !== undefined || p.type === 'boolean')
      .map(([n, p]) => [n, p.default ?? false]),
  );
}

/** Problems with the answers, by field name, in plain words; empty when they can be sent. */
export function problemsOf(schema: McpJsonSchema, answers: Answers): Record<string, string> {
  const props = (schema.properties ?? {}) as Record<string, Prop>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Record<string, string> = {};
  for (const [name, p] of Object.entries(props)) {
    const v = answers[name];
    const empty = v === undefined || v === '' || (Array.isArray(v) && !v.length);
    if (empty) {
      if (required.has(name) && p.type !== 'boolean') out[name] = 'Please fill this in.';
      continue;
    }
    if (p.type === 'number' || p.type === 'integer') {
      if (typeof v !== 'number') out[name] = 'Type a number.';
      else if (p.type === 'integer' && !Number.isInteger(v)) out[name] = 'Type a whole number.';
      else if (typeof p.minimum === 'number' && v < p.minimum) out[name] = `The smallest allowed is ${p.minimum}.`;
      else if (typeof p.maximum === 'number' && v > p.maximum) out[name] = `The largest allowed is ${p.maximum}.`;
    } else if (Array.isArray(v)) {
      if (typeof p.minItems === 'number' && v.length < p.minItems) out[name] = `Choose at least ${p.minItems}.`;
      else if (typeof p.maxItems === 'number' && v.length > p.maxItems) out[name] = `Choose at most ${p.maxItems}.`;
    } else if (typeof v === 'string') {
      if (typeof p.minLength === 'number' && v.length < p.minLength) out[name] = `At least ${p.minLength} characters, please.`;
      else if (typeof p.maxLength === 'number' && v.length > p.maxLength) out[name] = `At most ${p.maxLength} characters, please.`;
      else if (p.format === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) out[name] = 'That does not look like an email address.';
    }
  }
  return out;
}

/** The answers to send: only the fields asked for, without empty ones. */
export function contentOf(schema: McpJsonSchema, answers: Answers): Record<string, string | number | boolean | string[]> {
  const props = Object.keys(schema.properties ?? {});
  const out: Record<string, string | number | boolean | string[]> = {};
  for (const n of props) {
    const v = answers[n];
    if (v === undefined || v === '') continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || Array.isArray(v)) out[n] = v as string[];
  }
  return out;
}
