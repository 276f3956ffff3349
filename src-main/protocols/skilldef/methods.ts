/**
 * The SkillDefinition protocol's methods, one declaration each (see engine/rpc-method.ts): those the host
 * sends to the skill, and those the skill may call on the host (served by host-services.ts).
 *
 * Answers are read the way real skills send them: a field of the wrong type is left out rather than fatal
 * where the old SDKs were loose (`.catch`), and snake_case twins (`is_error`, `next_step`) are accepted.
 */
import type { SetupField, SetupFieldError, SetupStep } from '../../contract';
import { rpcMethod } from '../../common/rpc-method';
import { need, plainObject, z } from '../../common/shape';
import { isObject } from '../../common/values';
import { anything, HOOK_TIMEOUT_MS, namedOnly, none } from './method-shapes';

const ok = z.object({ ok: z.boolean() });

/** A text the skill may send to describe itself: anything else, or an empty text, counts as not given. */
const shownText = z
  .string()
  .optional()
  .catch(undefined)
  .transform((s) => s || undefined);

// ---- Host -> skill ----

/** A tool as `tools/list` describes it; entries without a name are skipped by the caller. */
export const skillTool = z.object({ name: z.string(), description: shownText, inputSchema: z.unknown().optional(), parameters: z.unknown().optional() });

/** A setup step, passed through as the skill wrote it (the doctor judges its id and fields); `fields` that is not a list counts as none. */
const setupStep = z
  .looseObject({ fields: z.array(z.custom<SetupField>()).optional().catch(undefined) })
  .transform((s) => ({ ...s, fields: Array.isArray(s.fields) ? s.fields : [] }) as SetupStep);

export const skillLoad = rpcMethod('skill/load', z.object({ manifest: z.unknown().optional(), dataDir: z.string() }), anything, HOOK_TIMEOUT_MS);
export const skillUnload = rpcMethod('skill/unload', none, anything, 5000);
export const skillShutdown = rpcMethod('skill/shutdown', none, anything);

export const toolsList = rpcMethod(
  'tools/list',
  none,
  // A skill without tools may answer anything: it simply has none.
  z.object({ tools: z.array(z.unknown()).optional().catch(undefined) }).catch({ tools: undefined }),
  HOOK_TIMEOUT_MS,
);

// `skill/status` and the rest of the newer SDK's lifecycle and triggers: newer-methods.ts.
export { skillStatus } from './newer-methods';

/** `content`, with `isError` (or `is_error`) honoured. */
function toolResult(r: unknown): { content: unknown; isError: boolean } | undefined {
  return isObject(r) ? { content: r.content, isError: r.isError === true || r.is_error === true } : undefined;
}

export const toolsCall = rpcMethod(
  'tools/call',
  z.object({ name: z.string(), arguments: z.unknown().optional() }),
  // The hot path reads the answer with toolResult alone; the schema, built from it, words a refusal.
  plainObject(need('it must be an object')).transform((r) => toolResult(r)!),
  undefined,
  toolResult,
);

export const sessionStart = rpcMethod('skill/sessionStart', z.object({ sessionId: z.string() }), anything, HOOK_TIMEOUT_MS);
export const sessionEnd = rpcMethod('skill/sessionEnd', z.object({ sessionId: z.string() }), anything, HOOK_TIMEOUT_MS);
export const tick = rpcMethod('skill/tick', none, anything, HOOK_TIMEOUT_MS);

/** A message hook answers the text changed (null: leave it as it was, whatever else it answered). */
const changedText = z.string().nullable().catch(null);
export const beforeMessage = rpcMethod(
  'skill/beforeMessage',
  z.object({ message: z.string() }),
  z.object({ message: changedText }).catch({ message: null }).transform((r) => r.message),
  HOOK_TIMEOUT_MS,
);
export const afterResponse = rpcMethod(
  'skill/afterResponse',
  z.object({ response: z.string() }),
  z.object({ response: changedText }).catch({ response: null }).transform((r) => r.response),
  HOOK_TIMEOUT_MS,
);

/** What a skill exposes: entries without a name are left out, loose fields read as absent. */
const visibility = z.array(z.string()).catch([]);
const exposedData = z.object({ name: z.string().min(1), description: shownText, visibility, schema: z.unknown().optional() });
const exposedFunction = z.object({
  name: z.string().min(1),
  description: shownText,
  visibility,
  parameters: z.unknown().optional().transform((p) => p ?? { type: 'object', properties: {} }),
  returns: z.unknown().optional(),
});
export const interopListExposed = rpcMethod(
  'interop/listExposed',
  none,
  z.object({ data: namedOnly(exposedData).optional(), functions: namedOnly(exposedFunction).optional() })
    .catch({})
    .transform((r) => ({ data: r.data ?? [], functions: r.functions ?? [] })),
);
/** The answer of an exposed endpoint is the skill's own: `{data}` as the SDK wraps it. */
const interopAnswer = z.unknown().transform((r) => (r && typeof r === 'object' && 'data' in r ? r.data : r));
export const interopGetData = rpcMethod(
  'interop/getData',
  z.object({ callerSkillId: z.string(), dataName: z.string(), params: z.record(z.string(), z.unknown()) }),
  interopAnswer,
  HOOK_TIMEOUT_MS,
);
export const interopCallFunction = rpcMethod(
  'interop/callFunction',
  z.object({ callerSkillId: z.string(), functionName: z.string(), arguments: z.record(z.string(), z.unknown()) }),
  interopAnswer,
  HOOK_TIMEOUT_MS,
);

export const setupStart = rpcMethod('setup/start', none, z.object({ step: setupStep }));
export const setupCancel = rpcMethod('setup/cancel', none, anything);
/** Accepts both the camelCase wire form and snake_case (`next_step`) that hand-written skills send. */
export const setupSubmit = rpcMethod(
  'setup/submit',
  z.object({ stepId: z.string(), values: z.record(z.string(), z.unknown()) }),
  z
    .object({
      status: z.enum(['next', 'error', 'complete']),
      nextStep: setupStep.nullish().catch(undefined),
      next_step: setupStep.nullish().catch(undefined),
      errors: z.array(z.any()).nullish().catch(undefined),
      message: z.string().nullish().catch(undefined),
    })
    .transform((r) => ({
      status: r.status,
      nextStep: r.nextStep ?? r.next_step ?? null,
      errors: (r.errors ?? null) as SetupFieldError[] | null,
      message: r.message ?? null,
    })),
);

/** An option as `options/list` describes it; entries that do not fit are skipped by the caller. */
export const skillOption = z.object({
  name: z.string().min(1),
  type: z.enum(['boolean', 'text', 'number', 'select']),
  label: shownText,
  description: shownText,
  default: z.unknown().optional(),
  value: z.unknown().optional(),
  // A choice's value is text in the SDK; numbers are taken as their text.
  options: z
    .array(z.object({ label: z.union([z.string(), z.number()]).transform(String), value: z.union([z.string(), z.number()]).transform(String) }))
    .nullish()
    .catch(undefined),
  group: shownText,
  toolFilter: z.array(z.string()).nullish().catch(undefined),
});

/** Newer SDKs (options, protocol notes section 5); the original answers -32603 "Unknown method". */
export const optionsList = rpcMethod(
  'options/list',
  none,
  z.object({ options: z.array(z.unknown()).optional().catch(undefined) }).catch({ options: undefined }),
  HOOK_TIMEOUT_MS,
);
export const optionsGet = rpcMethod('options/get', none, z.object({ options: z.record(z.string(), z.unknown()) }), HOOK_TIMEOUT_MS);
/** The skill checks the value, saves it (`data/write` of options.json) and runs on_options_change before it answers. */
export const optionsSet = rpcMethod('options/set', z.object({ name: z.string(), value: z.unknown() }), anything, HOOK_TIMEOUT_MS);
/** Every option back to its default (the SDK takes no name), saved, then on_options_change. */
export const optionsReset = rpcMethod('options/reset', none, anything, HOOK_TIMEOUT_MS);

// ---- Skill -> host (reverse calls) ----

export const SEARCH_LIMIT_MAX = 1000;

/** A required, non-empty text field. */
const text = (field: string) => z.string(need(`"${field}" as non-empty text`)).min(1, need(`"${field}" as non-empty text`));
/** An optional text field: absent and null both mean "not given"; numbers are taken as their text. */
const optText = (field: string) =>
  z
    .union([z.string(), z.number().transform(String)], need(`"${field}" to be text when given`))
    .nullish()
    .transform((v) => v ?? undefined);
const optObject = (field: string) =>
  plainObject(need(`"${field}" to be an object when given`))
    .nullish()
    .transform((v) => v ?? undefined);

export const stateGet = rpcMethod('state/get', none, z.object({ state: z.record(z.string(), z.unknown()) }));
export const stateSet = rpcMethod('state/set', z.object({ partial: plainObject(need('"partial": an object of state keys to change')) }), ok);
/** The file name is the data store's to check: it refuses in its own words. */
export const dataRead = rpcMethod('data/read', z.object({ filename: z.unknown().optional() }), z.object({ content: z.string() }));
export const dataWrite = rpcMethod('data/write', z.object({ filename: z.unknown().optional(), content: z.unknown().optional() }), ok);
export const emitEvent = rpcMethod('intelligence/emitEvent', z.object({ eventType: text('eventType'), data: z.unknown().optional() }), ok);

export const entitiesUpsert = rpcMethod(
  'entities/upsert',
  z.object({
    type: text('type'),
    source: text('source'),
    id: optText('id'),
    sourceId: optText('sourceId'),
    title: optText('title'),
    summary: optText('summary'),
    metadata: optObject('metadata'),
  }),
  ok,
);

const limitNeed = { error: (iss: { input?: unknown }) => `"limit" to be a whole number from 1 to ${SEARCH_LIMIT_MAX} when given (got ${JSON.stringify(iss.input)})` };
export const entitiesSearch = rpcMethod(
  'entities/search',
  z.object({
    query: z
      .string(need('"query" as text'))
      .nullish()
      .transform((q) => q ?? ''),
    types: z
      .array(z.string(need('"types" to be a list of texts when given')), need('"types" to be a list of texts when given'))
      .nullish()
      .transform((t) => t ?? undefined),
    limit: z
      .number(limitNeed)
      .int(limitNeed)
      .min(1, limitNeed)
      .max(SEARCH_LIMIT_MAX, limitNeed)
      .nullish()
      .transform((n) => n ?? undefined),
  }),
  z.object({ results: z.array(z.unknown()) }),
);

export const entitiesUpsertRelationship = rpcMethod(
  'entities/upsertRelationship',
  z.object({ sourceId: text('sourceId'), targetId: text('targetId'), type: text('type'), source: text('source'), metadata: optObject('metadata') }),
  ok,
);

const DIRECTIONS = ['outgoing', 'incoming', 'both'] as const;
export const entitiesGetRelationships = rpcMethod(
  'entities/getRelationships',
  z.object({
    direction: z
      .enum(DIRECTIONS, need(`"direction" to be one of ${DIRECTIONS.join(', ')}`))
      .nullish()
      .transform((d) => d ?? 'outgoing'),
    entityId: text('entityId'),
    type: optText('type'),
  }),
  z.object({ results: z.array(z.unknown()) }),
);

// One skill using another (the SDK's `ctx.skills`), routed by the host to the other's `interop/*`.
export const skillsList = rpcMethod('skills/list', none, z.object({ skills: z.array(z.unknown()) }));
export const skillsGet = rpcMethod('skills/get', z.object({ skillId: text('skillId') }), z.object({ skill: z.unknown().nullable() }));
export const skillsListData = rpcMethod('skills/listData', z.object({ skillId: optText('skillId') }), z.object({ data: z.array(z.unknown()) }));
export const skillsListFunctions = rpcMethod('skills/listFunctions', z.object({ skillId: optText('skillId') }), z.object({ functions: z.array(z.unknown()) }));
export const skillsRequestData = rpcMethod(
  'skills/requestData',
  z.object({ skillId: text('skillId'), dataName: text('dataName'), params: optObject('params') }),
  z.object({ data: z.unknown() }),
);
export const skillsCallFunction = rpcMethod(
  'skills/callFunction',
  z.object({ skillId: text('skillId'), functionName: text('functionName'), arguments: optObject('arguments') }),
  z.object({ data: z.unknown() }),
);
