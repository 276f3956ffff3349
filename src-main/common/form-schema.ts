/**
 * Makes a tool's input schema pleasant for the form generator without changing what it accepts:
 *  - `anyOf: [X, {type: null}]` (Pydantic's Optional) becomes X with a nullable type, so the form shows one input
 *    rather than an "Option 1 / Option 2" chooser; for objects and lists the null branch is titled "Leave empty".
 *  - a one-element `allOf: [{$ref}]` wrapper (Pydantic's way to attach a default) becomes `{$ref, default}`;
 *  - an object without `type` but with `properties` gets `type: "object"`;
 *  - the root title (Pydantic's "fooArguments") is dropped: the tool name is already on screen.
 */
import type { JsonSchema } from '../contract';
import { isObject } from './values';

type S = Record<string, unknown>;

const isNull = (v: unknown) => isObject(v) && (v.type === 'null' || (v.const === null && Object.keys(v).length === 1));
const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

function transform(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(transform);
  if (!isObject(node)) return node;
  const out: S = {};
  for (const [k, v] of Object.entries(node)) out[k] = transform(v);

  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = out[key];
    if (!Array.isArray(branches) || branches.length !== 2) continue;
    const nullIdx = branches.findIndex(isNull);
    if (nullIdx < 0) continue;
    const other: unknown = branches[1 - nullIdx];
    if (!isObject(other)) continue;
    const t = other.type;
    if (typeof t === 'string' && SCALARS.has(t) && !('$ref' in other)) {
      const { [key]: _drop, ...rest } = out;
      void _drop;
      const merged: S = { ...other, ...rest, type: [t, 'null'] };
      if (Array.isArray(other.enum)) merged.enum = [...(other.enum as unknown[]), null];
      return merged;
    }
    // Objects, lists and references keep the choice, with words a person can read.
    out[key] = branches.map((b: unknown, i) =>
      i === nullIdx ? { ...(b as S), title: 'Leave empty' } : isObject(b) && !b.title && !b.$ref ? { ...b, title: 'Set a value' } : b,
    );
  }

  // Pydantic wraps a referenced field in a one-element allOf to attach a default or description:
  // `{allOf: [{$ref}], default}` is the same as `{$ref, default}`, which the form handles far better.
  const all = out.allOf;
  if (Array.isArray(all) && all.length === 1 && isObject(all[0])) {
    const { allOf: _drop, ...rest } = out;
    void _drop;
    const inner = all[0];
    const clash = Object.keys(inner).some((k) => k in rest && k !== 'title' && k !== 'description');
    if (!clash) return { ...inner, ...rest };
  }

  if (out.type === undefined && isObject(out.properties)) out.type = 'object';
  return out;
}

export function prepareFormSchema(schema: unknown): JsonSchema {
  const s = transform(isObject(schema) ? schema : {}) as S;
  delete s.title;
  delete s.$schema;
  if (s.type === undefined && !s.anyOf && !s.oneOf && !s.allOf && !s.$ref) s.type = 'object';
  return s;
}

/** True when the tool takes no arguments at all (an empty object schema). */
export function takesNoArguments(schema: unknown): boolean {
  if (!isObject(schema)) return true;
  const props = schema.properties;
  const noProps = !isObject(props) || Object.keys(props).length === 0;
  return (
    noProps &&
    !schema.anyOf && !schema.oneOf && !schema.allOf && !schema.$ref &&
    (schema.type === undefined || schema.type === 'object') &&
    !schema.additionalProperties && !schema.patternProperties
  );
}
