/**
 * The newer SDK's methods beyond options and interop (protocol notes section 5), one declaration each:
 * `skill/status|activate|deactivate|disconnect` and `triggers/*` that the host sends, and `triggers/fired`
 * and `intelligence/summarize` that the skill sends. Answers are read loosely, as in methods.ts: an entry
 * that does not fit is left out rather than fatal.
 */
import type { EntitySchemaInfo, TriggerFired, TriggerInstance, TriggerType } from '../../contract';
import { rpcMethod } from '../../common/rpc-method';
import { need, plainObject, z } from '../../common/shape';
import { anything, HOOK_TIMEOUT_MS, namedOnly, none } from './method-shapes';

const ok = z.object({ ok: z.boolean() });
const optText = z.string().optional().catch(undefined).transform((s) => s || undefined);
const record = z.record(z.string(), z.unknown()).catch({});


// ---- entity_schema, as skill/status describes it (snake_case, from model_dump) ----

const entityType = z.object({
  type: z.string().min(1),
  label: optText,
  description: optText,
  properties: namedOnly(z.object({ name: z.string().min(1), type: z.string().catch('string'), description: optText, optional: z.boolean().catch(false).default(false) })).optional(),
});
const relationshipType = z.object({
  type: z.string().min(1),
  source_type: z.string().min(1),
  target_type: z.string().min(1),
  description: optText,
  cardinality: optText,
});
export const entitySchema = z
  .object({ entity_types: namedOnly(entityType).optional(), relationship_types: namedOnly(relationshipType).optional() })
  .transform(
    (s): EntitySchemaInfo => ({
      entityTypes: (s.entity_types ?? []).map((t) => ({ type: t.type, label: t.label, description: t.description, properties: t.properties ?? [] })),
      relationshipTypes: (s.relationship_types ?? []).map((r) => ({ type: r.type, sourceType: r.source_type, targetType: r.target_type, description: r.description, cardinality: r.cardinality })),
    }),
  );

// ---- host -> skill ----

/** Later SDKs describe themselves; the original answers -32603. Our SDK adds the skill's own description. */
export const skillStatus = rpcMethod(
  'skill/status',
  none,
  z.looseObject({
    name: optText,
    description: optText,
    version: optText,
    hasSetup: z.boolean().optional().catch(undefined),
    hasDisconnect: z.boolean().optional().catch(undefined),
    tickInterval: z.number().optional().catch(undefined),
    /** Which parts of the newer SDK the skill uses (`interop`, `options`...), from our bundled SDK. */
    features: z.array(z.string()).optional().catch(undefined),
    entitySchema: entitySchema.nullish().catch(undefined),
    /** The same under its SDK name, where an SDK answers with the skill's fields as it names them. */
    entity_schema: entitySchema.nullish().catch(undefined),
    /** What on_status returned (our SDK nests it; the original answers the hook's dict itself). */
    status: record.nullish(),
  }).transform(({ entity_schema, ...r }) => ({ ...r, entitySchema: r.entitySchema ?? entity_schema })),
  5000,
);
export const skillActivate = rpcMethod('skill/activate', none, anything, HOOK_TIMEOUT_MS);
export const skillDeactivate = rpcMethod('skill/deactivate', none, anything, HOOK_TIMEOUT_MS);
/** Runs on_disconnect; a skill without `has_disconnect` refuses (-32603). */
export const skillDisconnect = rpcMethod('skill/disconnect', none, anything, HOOK_TIMEOUT_MS);

const triggerType = z.object({
  type: z.string().min(1),
  label: z.string().catch(''),
  description: optText,
  conditionFields: namedOnly(z.object({ name: z.string().min(1), type: z.string().catch('string'), description: optText })).optional(),
  configSchema: record.optional(),
});
const trigger = z.looseObject({
  id: z.string().min(1),
  type: z.string(),
  name: z.string(),
  description: optText,
  conditions: z.array(z.any()).catch([]),
  config: record.default({}),
  enabled: z.boolean().catch(true).default(true),
  createdAt: optText,
  created_at: optText,
  metadata: record.optional(),
}).transform(({ created_at, ...t }): TriggerInstance => ({ ...t, createdAt: t.createdAt ?? created_at }));

export const triggersTypes = rpcMethod(
  'triggers/types',
  none,
  z.object({ triggerTypes: namedOnly(triggerType).optional() }).catch({}).transform((r): TriggerType[] =>
    (r.triggerTypes ?? []).map((t) => ({ ...t, label: t.label || t.type, conditionFields: t.conditionFields ?? [], configSchema: t.configSchema ?? {} })),
  ),
  HOOK_TIMEOUT_MS,
);
export const triggersList = rpcMethod('triggers/list', none, z.object({ triggers: namedOnly(trigger).optional() }).catch({}).transform((r) => r.triggers ?? []), HOOK_TIMEOUT_MS);
export const triggersGet = rpcMethod('triggers/get', z.object({ id: z.string() }), z.object({ trigger }).transform((r) => r.trigger), HOOK_TIMEOUT_MS);
const conditions = z.array(plainObject(need('each condition to be an object')), need('"conditions" to be a list'));
export const triggersCreate = rpcMethod(
  'triggers/create',
  z.object({
    type: z.string().min(1, need('a trigger type')),
    name: z.string().trim().min(1, need('a name for the trigger')),
    description: z.string().optional(),
    conditions,
    config: plainObject(need('"config" to be an object')).optional(),
    enabled: z.boolean().optional(),
  }),
  z.object({ trigger }).transform((r) => r.trigger),
  HOOK_TIMEOUT_MS,
);
export const triggersUpdate = rpcMethod(
  'triggers/update',
  z.object({
    id: z.string().min(1),
    name: z.string().trim().min(1, need('a name for the trigger')).optional(),
    description: z.string().optional(),
    conditions: conditions.optional(),
    config: plainObject(need('"config" to be an object')).optional(),
    enabled: z.boolean().optional(),
  }),
  z.object({ trigger }).transform((r) => r.trigger),
  HOOK_TIMEOUT_MS,
);
export const triggersDelete = rpcMethod('triggers/delete', z.object({ id: z.string().min(1) }), anything, HOOK_TIMEOUT_MS);

// ---- skill -> host ----

const firedText = (field: string) => z.string(need(`"${field}" as text`)).min(1, need(`"${field}" as non-empty text`));
/** A trigger of the skill fired; the SDK sends it as a request (fire-and-forget on its side). */
export const triggersFired = rpcMethod(
  'triggers/fired',
  z.object({
    triggerId: firedText('triggerId'),
    triggerName: z.string().nullish().transform((v) => v ?? ''),
    triggerType: z.string().nullish().transform((v) => v ?? ''),
    firedAt: z.string().nullish().transform((v) => v ?? undefined),
    matchedData: plainObject(need('"matchedData" to be an object when given')).nullish().transform((v) => v ?? {}),
    context: plainObject(need('"context" to be an object when given')).nullish().transform((v) => v ?? {}),
  }).transform((f): TriggerFired => f),
  ok,
);
/** The host's AI summarizing chats for the skill: the workbench has no AI, and says so (HOST_NOT_AVAILABLE). */
export const intelligenceSummarize = rpcMethod('intelligence/summarize', z.looseObject({}), anything);
