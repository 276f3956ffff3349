/**
 * What a SkillDefinition skill may ask of the host (reverse JSON-RPC calls), for one skill: its state,
 * its data folder, events for its timeline, and the shared entity graph.
 *
 * Params are checked and refused in plain words (-32602); unknown methods get -32601. Every refusal and
 * failure is also told through `log`, since the skill usually swallows the error it receives.
 */
import { JSONRPC, RpcError } from '../engine/errors';
import { Redactor } from '../engine/redactor';
import type { DataStore } from './data-store';
import type { EntityStore } from './entity-store';
import { isObject } from '../engine/values';
import type { SkillSecrets } from './secret-store';
import type { StateStore } from './state-store';

/** Services the host offers a skill's reverse calls. */
export interface HostServices {
  handle(method: string, params: unknown): Promise<unknown>;
}

export interface HostServicesOptions {
  skillId: string;
  state: StateStore;
  data: DataStore;
  /** One store for the whole workbench, shared by every skill's services. */
  entities: EntityStore;
  /** Called for `intelligence/emitEvent`; the caller records it on the skill's timeline. */
  onEvent?: (eventType: string, data: unknown) => void;
  log?: (line: string) => void;
  /** The skill's secrets, kept out of the shared entity graph (replaced by the redaction mark). */
  secrets?: SkillSecrets;
  /** Answers `skills/list`; without it the list is empty. */
  listSkills?: () => unknown[] | Promise<unknown[]>;
}

type Params = Record<string, unknown>;
type Handler = (p: Params) => Promise<unknown>;

export const SEARCH_LIMIT_MAX = 1000;
const DIRECTIONS = ['outgoing', 'incoming', 'both'] as const;

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return v === '' ? 'an empty text' : 'text';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

function invalid(method: string, what: string, got: unknown): never {
  throw new RpcError(JSONRPC.INVALID_PARAMS, `${method} needs ${what} (got ${describe(got)})`);
}

/** A required, non-empty text field. */
function text(method: string, p: Params, field: string): string {
  const v = p[field];
  if (typeof v !== 'string' || v === '') invalid(method, `"${field}" as non-empty text`, v);
  return v;
}

/** An optional text field: absent and null both mean "not given"; numbers are taken as their text. */
function optText(method: string, p: Params, field: string): string | undefined {
  const v = p[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') invalid(method, `"${field}" to be text when given`, v);
  return v;
}

function optObject(method: string, p: Params, field: string): Record<string, unknown> | undefined {
  const v = p[field];
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) invalid(method, `"${field}" to be an object when given`, v);
  return v;
}

export function createHostServices(opts: HostServicesOptions): HostServices {
  const log = opts.log ?? (() => undefined);
  const { skillId, state, data, entities } = opts;

  /** Secrets of this skill must not travel to other skills through the shared graph. */
  const scrub = <T>(method: string, value: T): T => {
    const secrets = Object.values(opts.secrets?.all() ?? {});
    if (!secrets.length) return value;
    const r = new Redactor();
    for (const s of secrets) r.add(s);
    const clean = r.value(value);
    if (JSON.stringify(clean) !== JSON.stringify(value)) log(`${method}: a secret of the skill was replaced by the redaction mark before it entered the shared entity graph.`);
    return clean;
  };

  const handlers: Record<string, Handler> = {
    'state/get': async () => ({ state: state.get() }),

    'state/set': async (p) => {
      if (!isObject(p.partial)) invalid('state/set', '"partial": an object of state keys to change', p.partial);
      await state.merge(p.partial);
      return { ok: true };
    },

    'data/read': async (p) => ({ content: await data.read(p.filename) }),

    'data/write': async (p) => {
      await data.write(p.filename, p.content as string);
      return { ok: true };
    },

    'intelligence/emitEvent': async (p) => {
      const eventType = text('intelligence/emitEvent', p, 'eventType');
      try {
        opts.onEvent?.(eventType, p.data ?? null);
      } catch (err) {
        log(`intelligence/emitEvent: recording the event "${eventType}" failed: ${(err as Error).message}`);
      }
      return { ok: true };
    },

    'entities/upsert': async (p) => {
      const m = 'entities/upsert';
      const entity = {
        type: text(m, p, 'type'),
        source: text(m, p, 'source'),
        id: optText(m, p, 'id'),
        sourceId: optText(m, p, 'sourceId'),
        title: optText(m, p, 'title'),
        summary: optText(m, p, 'summary'),
        metadata: optObject(m, p, 'metadata'),
      };
      for (const k of Object.keys(entity) as (keyof typeof entity)[]) if (entity[k] === undefined) delete entity[k];
      await entities.upsert(scrub(m, entity), skillId);
      return { ok: true };
    },

    'entities/search': async (p) => {
      const m = 'entities/search';
      const query = p.query === undefined || p.query === null ? '' : p.query;
      if (typeof query !== 'string') invalid(m, '"query" as text', query);
      const types = p.types ?? undefined;
      if (types !== undefined && (!Array.isArray(types) || !types.every((t) => typeof t === 'string'))) {
        invalid(m, '"types" to be a list of texts when given', types);
      }
      const limit = p.limit ?? undefined;
      if (limit !== undefined && (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > SEARCH_LIMIT_MAX)) {
        throw new RpcError(JSONRPC.INVALID_PARAMS, `${m} needs "limit" to be a whole number from 1 to ${SEARCH_LIMIT_MAX} when given (got ${JSON.stringify(limit)})`);
      }
      return { results: entities.search({ query, types: types as string[] | undefined, limit: limit as number | undefined }) };
    },

    'entities/upsertRelationship': async (p) => {
      const m = 'entities/upsertRelationship';
      const rel = {
        sourceId: text(m, p, 'sourceId'),
        targetId: text(m, p, 'targetId'),
        type: text(m, p, 'type'),
        source: text(m, p, 'source'),
        metadata: optObject(m, p, 'metadata'),
      };
      if (rel.metadata === undefined) delete rel.metadata;
      await entities.upsertRelationship(scrub(m, rel), skillId);
      return { ok: true };
    },

    'entities/getRelationships': async (p) => {
      const m = 'entities/getRelationships';
      const direction = p.direction ?? 'outgoing';
      if (!DIRECTIONS.includes(direction as (typeof DIRECTIONS)[number])) invalid(m, `"direction" to be one of ${DIRECTIONS.join(', ')}`, direction);
      const results = entities.getRelationships({
        entityId: text(m, p, 'entityId'),
        type: optText(m, p, 'type'),
        direction: direction as (typeof DIRECTIONS)[number],
      });
      return { results };
    },

    'skills/list': async () => ({ skills: (await opts.listSkills?.()) ?? [] }),
  };

  return {
    async handle(method: string, params: unknown): Promise<unknown> {
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
      if (!handler) {
        log(`The skill called "${method}", which the workbench does not offer; answered -32601 (method not found).`);
        throw new RpcError(JSONRPC.METHOD_NOT_FOUND, `Method not found: ${method}`);
      }
      if (params !== undefined && params !== null && !isObject(params)) {
        log(`${method} refused: its params are ${describe(params)}, not an object.`);
        throw new RpcError(JSONRPC.INVALID_PARAMS, `${method} needs its params as an object (got ${describe(params)})`);
      }
      try {
        return await handler((params ?? {}) as Params);
      } catch (err) {
        if (err instanceof RpcError) {
          log(`${method} refused: ${err.message}`);
          throw err;
        }
        const message = `${method} failed: ${(err as Error)?.message ?? String(err)}`;
        log(message);
        throw new RpcError(JSONRPC.INTERNAL_ERROR, message);
      }
    },
  };
}
