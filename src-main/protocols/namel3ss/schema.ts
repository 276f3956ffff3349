/**
 * Declared tool fields as JSON Schema (what the inspector and the form generator show), and validation
 * of a payload or a result against them with messages in plain words, checked the way namel3ss checks
 * them: the value must be an object, no undeclared fields, every required field present, each of its type.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../../contract';
import type { FieldType, ToolField } from './ai-file';
import { isObject } from '../../engine/values';
import { pointerSegments } from '../../engine/json-pointer';

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
  const validate = validator(typeSchema(type));
  return validate(value) ? [] : [`The result of "${tool}" must be ${TYPE_WORDS[type]}, not ${kindOf(value)}.`];
}

export function fieldsSchema(fields: ToolField[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const f of fields) properties[f.name] = { ...TYPE_SCHEMA[f.type] };
  const required = fields.filter((f) => f.required).map((f) => f.name);
  const schema: JsonSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length) schema.required = required;
  return schema;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 200;

function validator(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let fn = compiled.get(key);
  if (!fn) {
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    fn = ajv.compile(schema);
    compiled.set(key, fn);
  }
  return fn;
}

/** Every problem with `value`, in plain words (empty when it is valid). */
export function fieldProblems(fields: ToolField[], value: unknown, phase: Phase, tool: string): string[] {
  const label = phase === 'input' ? 'Input' : 'Output';
  if (!isObject(value)) {
    const what = phase === 'input' ? `The input of "${tool}"` : `The output of "${tool}"`;
    return [`${what} must be a JSON object, not ${kindOf(value)}.`];
  }
  const validate = validator(fieldsSchema(fields));
  if (validate(value)) return [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const unknown: string[] = [];
  const missing: string[] = [];
  const wrong: string[] = [];
  for (const e of validate.errors ?? []) {
    const field = fieldOf(e);
    if (e.keyword === 'additionalProperties') {
      const extra = String((e.params as { additionalProperty?: string }).additionalProperty);
      const known = fields.map((f) => f.name).join(', ');
      unknown.push(`Unknown ${phase} field "${extra}"${known ? ` (declared: ${known})` : ` ("${tool}" declares no ${phase} fields)`}.`);
    } else if (e.keyword === 'required') {
      const name = String((e.params as { missingProperty?: string }).missingProperty);
      missing.push(`Missing required ${phase} field "${name}".`);
    } else if (e.keyword === 'type' && field !== undefined) {
      const f = byName.get(field);
      const words = f ? TYPE_WORDS[f.type] : String((e.params as { type?: string }).type);
      wrong.push(`${label} "${field}" must be ${words}, not ${kindOf(value[field])}.`);
    } else {
      wrong.push(`${label}${field ? ` "${field}"` : ''}: ${e.message ?? 'is not valid'}.`);
    }
  }
  return [...unknown, ...missing, ...wrong];
}

function fieldOf(e: ErrorObject): string | undefined {
  if (!e.instancePath) return undefined;
  return pointerSegments(e.instancePath)[0];
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

