/**
 * Checks every protocol's tools share: each input schema compiles as JSON Schema, names are unique (and,
 * where an AI provider will see them, in the form providers accept), and each tool says what it does.
 */
import type { OutputUnit } from '@cfworker/json-schema';
import type { JsonSchema, ToolInfo } from '../../contract';
import { Findings, shown, type Severity, type Where } from './findings';
import { isObject } from '../../common/values';
import { pointerSegments } from '../../common/json-pointer';
import { metaErrors } from './meta-schemas';

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
 * Why a schema is not usable JSON Schema, or null when it is: checked against the meta-schema of the draft its
 * `$schema` names (2019-09, 2020-12, else draft-07; unknown keywords and formats are allowed, as the forms allow
 * them), then every local `$ref` must point at something in it.
 */
export function schemaProblem(schema: unknown): string | null {
  if (typeof schema === 'boolean') return null;
  if (!isObject(schema)) return `it is ${shown(schema)}, not a JSON Schema object`;
  const draft = typeof schema.$schema === 'string' ? schema.$schema : '';
  let s: JsonSchema = schema;
  if (draft && !/2020-12|2019-09|draft-0[67]/.test(draft)) {
    // An unknown meta-schema cannot be fetched (no network): check the rest against draft-07.
    const { $schema: _ignored, ...rest } = schema;
    s = rest;
  }
  const errors = metaErrors(s, draft);
  if (errors.length) return metaProblems(s, errors);
  return danglingRef(s);
}

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
/** Keywords that only say a subschema failed: the failure itself is reported deeper. */
const WRAPPERS = new Set(['properties', 'items', 'additionalProperties', 'allOf', 'anyOf', 'oneOf', '$ref', '$dynamicRef', '$recursiveRef', 'patternProperties', 'prefixItems', 'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'definitions', '$defs']);

/** One plain sentence per place in the schema (the meta-schema reports every branch of its anyOf). */
function metaProblems(schema: JsonSchema, errors: OutputUnit[]): string {
  const byPath = new Map<string, OutputUnit>();
  for (const e of errors) if (!WRAPPERS.has(e.keyword) && !byPath.has(e.instanceLocation)) byPath.set(e.instanceLocation, e);
  // Deepest first: where the schema is wrong, not every object around it.
  const places = [...byPath.keys()].filter((p) => ![...byPath.keys()].some((q) => q !== p && q.startsWith(`${p}/`)));
  if (!places.length) places.push(errors[0]?.instanceLocation ?? '#');
  const out = places.map((loc) => {
    const ptr = loc.replace(/^#/, '');
    const where = ptr ? pointerSegments(ptr).join('.') : 'the schema';
    const value = valueAt(schema, ptr);
    if (ptr.endsWith('/type')) return `${where} is ${shown(value)}; a type is one of ${JSON_TYPES.join(', ')} (or a list of them)`;
    const e = byPath.get(loc) ?? errors[0];
    const wrongType = e && /type "\w+" is invalid\. Expected "([^"]+)"/.exec(e.error);
    const why = wrongType ? `must be ${wrongType[1].replace(/"/g, '')}` : e ? e.error.replace(/^Instance does not /, 'does not ').replace(/^Instance /, '') : 'is not valid';
    return `${where} ${why}${value !== undefined && typeof value !== 'object' ? ` (it is ${shown(value)})` : ''}`;
  });
  return out.slice(0, 3).join('; ') + (out.length > 3 ? `; and ${out.length - 3} more` : '');
}

/** A `$ref` inside the schema that points at nothing in it (a remote one cannot be fetched here either). */
function danglingRef(root: JsonSchema): string | null {
  const anchors = new Set<string>();
  const refs: { ref: string; at: string }[] = [];
  const walk = (node: unknown, at: string[]) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, [...at, String(i)]));
    if (!isObject(node)) return;
    if (typeof node.$anchor === 'string') anchors.add(node.$anchor);
    if (typeof node.$id === 'string' && node.$id.startsWith('#')) anchors.add(node.$id.slice(1));
    if (typeof node.$ref === 'string') refs.push({ ref: node.$ref, at: at.join('.') || 'the schema' });
    for (const [k, v] of Object.entries(node)) if (k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples') walk(v, [...at, k]);
  };
  walk(root, []);
  const rootId = typeof root.$id === 'string' ? root.$id.replace(/#$/, '') : undefined;
  for (const { ref, at } of refs) {
    const local = rootId && ref.startsWith(rootId) ? ref.slice(rootId.length) : ref;
    if (local === '' || local === '#') continue;
    if (local.startsWith('#/')) {
      if (valueAt(root, local.slice(1)) === undefined) return `${at}.$ref points to ${ref}, which is not in the schema`;
    } else if (local.startsWith('#')) {
      if (!anchors.has(local.slice(1))) return `${at}.$ref points to ${ref}, which is not in the schema`;
    } else {
      return `${at}.$ref points to ${ref}, outside the schema, which the workbench does not fetch`;
    }
  }
  return null;
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
