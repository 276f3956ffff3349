/**
 * Checks every protocol's tools share: each input schema compiles as JSON Schema, names are unique (and,
 * where an AI provider will see them, in the form providers accept), and each tool says what it does.
 */
import Ajv, { type ErrorObject } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { JsonSchema, ToolInfo } from '../../contract';
import { Findings, shown, type Severity, type Where } from './findings';
import { isObject } from '../../common/values';
import { pointerSegments } from '../../common/json-pointer';

export interface ToolCheckOptions {
  /** How much a missing description matters for this protocol; null where it has no place for one (namel3ss). */
  descriptionSeverity: Severity | null;
  /** Check names against the form AI providers accept (`^[a-zA-Z0-9_-]{1,64}$`). */
  providerNames: boolean;
  /** Where the tools are declared, for findings. */
  where?: Where;
}

const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Why a schema does not compile, or null when it does. Lenient like the workbench's forms (strict mode
 * off, unknown keywords and formats allowed); a `$schema` of draft 2019-09 or 2020-12 gets that draft.
 * A fresh Ajv per schema, so two tools with one `$id` do not collide.
 */
export function schemaProblem(schema: unknown): string | null {
  if (typeof schema === 'boolean') return null;
  if (!isObject(schema)) return `it is ${shown(schema)}, not a JSON Schema object`;
  const draft = typeof schema.$schema === 'string' ? schema.$schema : '';
  const opts = { strict: false, allErrors: true, validateFormats: true } as const;
  const ajv = /2020-12/.test(draft) ? new Ajv2020(opts) : /2019-09/.test(draft) ? new Ajv2019(opts) : new Ajv(opts);
  addFormats(ajv);
  let s: JsonSchema = schema;
  if (draft && !/2020-12|2019-09|draft-0[67]/.test(draft)) {
    // An unknown meta-schema cannot be fetched (no network): check the rest against draft-07.
    const { $schema: _ignored, ...rest } = schema;
    s = rest;
  }
  if (!ajv.validateSchema(s)) return metaProblems(s, ajv.errors ?? []);
  try {
    ajv.compile(s);
    return null;
  } catch (err) {
    // Valid against the meta-schema but still unusable: a $ref that points nowhere, say.
    return (err as Error).message.replace(/^schema is invalid: /, '');
  }
}

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** One plain sentence per place in the schema (Ajv reports every branch of the meta-schema's anyOf). */
function metaProblems(schema: JsonSchema, errors: ErrorObject[]): string {
  const byPath = new Map<string, ErrorObject>();
  for (const e of errors) if (!byPath.has(e.instancePath) && e.keyword !== 'anyOf' && e.keyword !== 'oneOf') byPath.set(e.instancePath, e);
  for (const e of errors) if (!byPath.has(e.instancePath)) byPath.set(e.instancePath, e);
  const out: string[] = [];
  for (const [ptr, e] of byPath) {
    const where = ptr ? pointerSegments(ptr).join('.') : 'the schema';
    const value = valueAt(schema, ptr);
    if (ptr.endsWith('/type')) out.push(`${where} is ${shown(value)}; a type is one of ${JSON_TYPES.join(', ')} (or a list of them)`);
    else out.push(`${where} ${e.message ?? 'is not valid'}${value !== undefined && typeof value !== 'object' ? ` (it is ${shown(value)})` : ''}`);
  }
  return out.slice(0, 3).join('; ') + (out.length > 3 ? `; and ${out.length - 3} more` : '');
}

function valueAt(root: unknown, ptr: string): unknown {
  let v = root;
  for (const key of pointerSegments(ptr)) {
    v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}

export function checkTools(tools: ToolInfo[], f: Findings, opts: ToolCheckOptions): void {
  const shared = opts.where ?? {};
  const count = new Map<string, number>();
  for (const t of tools) count.set(t.name, (count.get(t.name) ?? 0) + 1);
  for (const [name, n] of count) {
    if (n > 1) f.error('DUPLICATE_TOOL', `${n} tools are named "${name}"; a host can reach only one of them.`, 'Give every tool its own name.', { ...shared, field: `tool ${name}` });
  }
  const said = new Set<string>();
  for (const t of tools) {
    const where = { ...shared, field: `tool ${t.name}` };
    const first = !said.has(t.name);
    said.add(t.name);
    if (first && opts.providerNames && !PROVIDER_NAME.test(t.name)) {
      f.warning('TOOL_NAME_FORM', `Tool "${t.name}" has a name AI providers refuse: they accept 1 to 64 letters, digits, "_" and "-".`, `Rename it, e.g. "${t.name.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64) || 'my_tool'}".`, where);
    }
    if (opts.descriptionSeverity && first && !tools.some((x) => x.name === t.name && x.description?.trim())) {
      f.add(opts.descriptionSeverity, 'MISSING_DESCRIPTION', `Tool "${t.name}" has no description.`, 'Add one sentence on what it does and when to use it: agents pick tools by their descriptions.', where);
    }
    const problem = schemaProblem(t.inputSchema);
    if (problem) {
      f.error('SCHEMA_INVALID', `Tool "${t.name}": its input schema is not valid JSON Schema (${problem}).`, 'Fix the schema: the workbench cannot build a form for it and hosts may refuse the tool.', where);
    } else if (isObject(t.inputSchema) && t.inputSchema.type !== undefined && t.inputSchema.type !== 'object') {
      f.warning('SCHEMA_NOT_OBJECT', `Tool "${t.name}": its input schema is of type ${shown(t.inputSchema.type)}; tool arguments are an object.`, 'Use {"type": "object", "properties": {...}} at the top.', where);
    }
  }
}
