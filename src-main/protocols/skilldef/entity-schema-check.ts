/**
 * Does an upsert fit the entity schema the skill declared (`entity_schema`)? The host stores it either way,
 * as the real host does; what does not fit becomes a warning on the skill's timeline, in plain words:
 * an entity type it does not declare, a declared property that is missing or of the wrong JSON type (the
 * properties are read from the entity's `metadata`), a relationship type it does not declare, or one whose
 * ends are not of the declared source and target types (a relationship the wrong way round says so).
 */
import type { EntitySchemaInfo } from '../../contract';

export interface UpsertedEntity {
  type: string;
  metadata?: Record<string, unknown>;
}

export interface UpsertedRelationship {
  type: string;
  sourceId: string;
  targetId: string;
}

const jsonType = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
const fits = (declared: string, v: unknown): boolean => {
  const t = jsonType(v);
  return declared === t || (declared === 'number' && t === 'integer') || !['string', 'number', 'integer', 'boolean', 'array', 'object'].includes(declared);
};
const names = (xs: { type: string }[]) => xs.map((x) => `"${x.type}"`).join(', ');

export function entityProblems(schema: EntitySchemaInfo | null, e: UpsertedEntity): string[] {
  if (!schema || (!schema.entityTypes.length && !schema.relationshipTypes.length)) return [];
  const declared = schema.entityTypes.find((t) => t.type === e.type);
  if (!declared) {
    return [`entity type "${e.type}" is not in the skill's entity_schema${schema.entityTypes.length ? ` (it declares ${names(schema.entityTypes)})` : ' (it declares no entity types)'}`];
  }
  const meta = e.metadata ?? {};
  const out: string[] = [];
  for (const p of declared.properties) {
    if (!(p.name in meta) || meta[p.name] === undefined || meta[p.name] === null) {
      if (!p.optional) out.push(`a "${e.type}" entity lacks the required property "${p.name}" (${p.type})`);
    } else if (!fits(p.type, meta[p.name])) {
      out.push(`property "${p.name}" of a "${e.type}" entity is ${jsonType(meta[p.name])}, not ${p.type} as declared`);
    }
  }
  return out;
}

/** `typeOf` finds the type of an entity in the graph by its id (or its sourceId); undefined where it is unknown. */
export function relationshipProblems(schema: EntitySchemaInfo | null, r: UpsertedRelationship, typeOf: (id: string) => string | undefined): string[] {
  if (!schema || (!schema.entityTypes.length && !schema.relationshipTypes.length)) return [];
  const candidates = schema.relationshipTypes.filter((t) => t.type === r.type);
  if (!candidates.length) {
    return [`relationship type "${r.type}" is not in the skill's entity_schema${schema.relationshipTypes.length ? ` (it declares ${names(schema.relationshipTypes)})` : ' (it declares no relationship types)'}`];
  }
  const from = typeOf(r.sourceId);
  const to = typeOf(r.targetId);
  // Ends not in the graph (yet) cannot be judged: the relationship may come before its entities.
  if (from === undefined || to === undefined) return [];
  if (candidates.some((t) => t.sourceType === from && t.targetType === to)) return [];
  if (candidates.some((t) => t.sourceType === to && t.targetType === from)) {
    return [`relationship "${r.type}" goes from a "${from}" to a "${to}", the wrong way round: it is declared from "${to}" to "${from}"`];
  }
  const d = candidates[0];
  return [`relationship "${r.type}" joins a "${from}" to a "${to}", but it is declared from "${d.sourceType}" to "${d.targetType}"`];
}
