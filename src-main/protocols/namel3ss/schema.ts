/**
 * Declared tool fields as JSON Schema (what the inspector and the form generator show), and validation
 * of a payload or a result against them with messages in plain words, checked the way namel3ss checks
 * them: the value must be an object, no undeclared fields, every required field present, each of its type.
 */
import type { JsonSchema } from '../../contract';
import { validateValue } from '../../common/json-schema';
import type { FieldType, ToolField } from './ai-file';
import { isObject } from '../../common/values';

export type Phase = 'input' | 'output';

const TYPE_SCHEMA: Record<FieldType, JsonSchema> = {
  text: { type: 'string' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  json: {},
  'list of text': { type: 'array', items: { type: 'string' } },
  'list of number': { type: 'array', items: { type: 'number' } },
  'list of boolean': { type: 'array', items: { type: 'boolean' } },
};

const TYPE_WORDS: Record<FieldType, string> = {
  text: 'text',
  number: 'a number',
  boolean: 'true or false',
  json: 'any JSON value',
  'list of text': 'a list of text',
  'list of number': 'a list of numbers',
  'list of boolean': 'a list of true/false values',
};

/** The schema of one value of a declared type (a foreign function's bare result). */
export function typeSchema(type: FieldType): JsonSchema {
  return { ...TYPE_SCHEMA[type] };
}

/** Problems with a foreign function's bare result against its declared output type. */
export function valueProblems(type: FieldType, value: unknown, tool: string): string[] {
  return validateValue(typeSchema(type), value).length === 0 ? [] : [`The result of "${tool}" must be ${TYPE_WORDS[type]}, not ${kindOf(value)}.`];
}

export function fieldsSchema(fields: ToolField[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const f of fields) properties[f.name] = { ...TYPE_SCHEMA[f.type] };
  const required = fields.filter((f) => f.required).map((f) => f.name);
  const schema: JsonSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length) schema.required = required;
  return schema;
}

/** Every problem with `value`, in plain words (empty when it is valid). */
export function fieldProblems(fields: ToolField[], value: unknown, phase: Phase, tool: string): string[] {
  const label = phase === 'input' ? 'Input' : 'Output';
  if (!isObject(value)) {
    const what = phase === 'input' ? `The input of "${tool}"` : `The output of "${tool}"`;
    return [`${what} must be a JSON object, not ${kindOf(value)}.`];
  }
  const problems = validateValue(fieldsSchema(fields), value);
  if (!problems.length) return [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const unknown: string[] = [];
  const missing: string[] = [];
  const wrong: string[] = [];
  for (const p of problems) {
    // The validator names the field in `property` (".name"): the extra one, the missing one, or the wrong one.
    const field = p.property.replace(/^\./, '').split('.')[0] || undefined;
    if (p.keyword === 'additionalProperties' || p.keyword === 'false') {
      const known = fields.map((f) => f.name).join(', ');
      unknown.push(`Unknown ${phase} field "${field}"${known ? ` (declared: ${known})` : ` ("${tool}" declares no ${phase} fields)`}.`);
    } else if (p.keyword === 'required') {
      missing.push(`Missing required ${phase} field "${field}".`);
    } else if (p.keyword === 'type' && field !== undefined) {
      const f = byName.get(field);
      wrong.push(`${label} "${field}" must be ${f ? TYPE_WORDS[f.type] : p.message.toLowerCase()}, not ${kindOf(value[field])}.`);
    } else {
      wrong.push(`${label}${field ? ` "${field}"` : ''}: ${p.message}.`);
    }
  }
  return [...unknown, ...missing, ...wrong];
}

export function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return 'text';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'boolean') return 'a boolean';
  if (typeof v === 'object') return 'a map';
  return typeof v;
}

