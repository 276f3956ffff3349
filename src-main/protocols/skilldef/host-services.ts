/**
 * What a SkillDefinition skill may ask of the host (reverse JSON-RPC calls), for one skill: its state,
 * its data folder, events for its timeline, the shared entity graph, and the other skills (`skills/*`,
 * through the `interop` the host gives).
 *
 * Each handler is registered against its method's declaration (protocols/skilldef/methods.ts), which
 * checks the params and refuses them in plain words (-32602); unknown methods get -32601. Every refusal and
 * failure is also told through `log`, since the skill usually swallows the error it receives.
 */
import { JSONRPC, RpcError } from '../../common/errors';
import { Redactor } from '../../engine/redactor';
import { MethodTable } from '../../common/rpc-method';
import type { HostServices, SkillInterop } from '../adapter';
import * as H from './methods';
import * as N from './newer-methods';
import { entityProblems, relationshipProblems } from './entity-schema-check';
import { HOST_NOT_AVAILABLE, type EntitySchemaInfo, type TriggerFired } from '../../contract';
import type { DataStore } from '../../host/data-store';
import type { EntityStore } from '../../host/entity-store';
import type { SkillSecrets } from '../../host/secret-store';
import type { StateStore } from '../../host/state-store';

export interface HostServicesOptions {
  skillId: string;
  state: StateStore;
  data: DataStore;
  /** One store for the whole workbench, shared by every skill's services. */
  entities: EntityStore;
  /** Called for `intelligence/emitEvent`; the caller records it on the skill's timeline. */
  onEvent?: (eventType: string, data: unknown) => void;
  log?: (line: string) => void;
  /** Called for `triggers/fired`; the caller records it on the skill's timeline (and so in its recording). */
  onTrigger?: (fired: TriggerFired) => void;
  /** The entity schema the skill declared (`entity_schema`), to check its upserts against. */
  entitySchema?: () => EntitySchemaInfo | null;
  /** Called when an upsert does not fit the declared schema (it is stored anyway); the caller warns on the timeline. */
  onSchemaWarning?: (method: string, problems: string[], data: unknown) => void;
  /** The skill's secrets, kept out of the shared entity graph (replaced by the redaction mark). */
  secrets?: SkillSecrets;
  /** Answers `skills/list` where there is no `interop`; without either the list is empty. */
  listSkills?: () => unknown[] | Promise<unknown[]>;
  /**
   * The other skills the host has open (the workbench's), for `skills/*`. Without it (the CLI runs one
   * skill) the lists are empty, `skills/get` answers null, and asking another skill for something is refused.
   */
  interop?: SkillInterop;
}

/** The `skills/*` answers of a host that runs this one skill alone. */
function aloneInterop(skillId: string): SkillInterop {
  const refuse = (_caller: string, other: string): Promise<never> =>
    Promise.reject(
      new RpcError(
        JSONRPC.INVALID_PARAMS,
        `"${other}" cannot be reached: only ${skillId} runs here (the skillbench command runs one skill at a time). Open both skills in the workbench to let one use the other.`,
      ),
    );
  const none = () => Promise.resolve([]);
  return { list: none, get: () => Promise.resolve(null), listData: none, listFunctions: none, requestData: refuse, callFunction: refuse };
}

export { SEARCH_LIMIT_MAX } from './methods';

/** Leaves out the fields the skill did not give, so the stored entity carries no undefined keys. */
function given<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export function createHostServices(opts: HostServicesOptions): HostServices {
  const log = opts.log ?? (() => undefined);
  const { skillId, state, data, entities } = opts;
  const interop = opts.interop ?? aloneInterop(skillId);

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

  /** An upsert that does not fit the declared schema is stored anyway (the real host does), with a warning. */
  const judge = (method: string, problems: string[], data: unknown) => {
    if (!problems.length) return;
    log(`${method}: does not fit the skill's entity_schema: ${problems.join('; ')}.`);
    opts.onSchemaWarning?.(method, problems, data);
  };
  const schema = () => opts.entitySchema?.() ?? null;

  const methods = new MethodTable()
    .on(H.stateGet, () => ({ state: state.get() }))
    .on(H.stateSet, async ({ partial }) => {
      await state.merge(partial);
      return { ok: true };
    })
    .on(H.dataRead, async ({ filename }) => ({ content: await data.read(filename) }))
    .on(H.dataWrite, async ({ filename, content }) => {
      // The data store refuses content that is not text, in its own words.
      await data.write(filename, content as string);
      return { ok: true };
    })
    .on(H.emitEvent, ({ eventType, data: eventData }) => {
      try {
        opts.onEvent?.(eventType, eventData ?? null);
      } catch (err) {
        log(`intelligence/emitEvent: recording the event "${eventType}" failed: ${(err as Error).message}`);
      }
      return { ok: true };
    })
    .on(H.entitiesUpsert, async (entity) => {
      judge(H.entitiesUpsert.method, entityProblems(schema(), entity), { type: entity.type, sourceId: entity.sourceId, id: entity.id });
      await entities.upsert(scrub(H.entitiesUpsert.method, given(entity)), skillId);
      return { ok: true };
    })
    .on(H.entitiesSearch, (q) => ({ results: entities.search(q) }))
    .on(H.entitiesUpsertRelationship, async (rel) => {
      judge(H.entitiesUpsertRelationship.method, relationshipProblems(schema(), rel, (id) => entities.typeOf(id)), { type: rel.type, sourceId: rel.sourceId, targetId: rel.targetId });
      await entities.upsertRelationship(scrub(H.entitiesUpsertRelationship.method, given(rel)), skillId);
      return { ok: true };
    })
    .on(H.entitiesGetRelationships, (q) => ({ results: entities.getRelationships(q) }))
    .on(H.skillsList, async () => ({ skills: opts.interop || !opts.listSkills ? await interop.list(skillId) : await opts.listSkills() }))
    .on(H.skillsGet, async (p) => ({ skill: await interop.get(skillId, p.skillId) }))
    .on(H.skillsListData, async (p) => ({ data: await interop.listData(skillId, p.skillId) }))
    .on(H.skillsListFunctions, async (p) => ({ functions: await interop.listFunctions(skillId, p.skillId) }))
    .on(H.skillsRequestData, async (p) => ({ data: await interop.requestData(skillId, p.skillId, p.dataName, p.params ?? {}) }))
    .on(H.skillsCallFunction, async (p) => ({ data: await interop.callFunction(skillId, p.skillId, p.functionName, p.arguments ?? {}) }))
    .on(N.triggersFired, (fired) => {
      try {
        opts.onTrigger?.(fired);
      } catch (err) {
        log(`triggers/fired: recording the trigger "${fired.triggerName || fired.triggerId}" failed: ${(err as Error).message}`);
      }
      return { ok: true };
    })
    .on(N.intelligenceSummarize, () => {
      throw new RpcError(
        HOST_NOT_AVAILABLE,
        `intelligence/summarize is not available in the workbench: summaries come from the real host's AI, which the workbench does not have. The skill should catch this error (code ${HOST_NOT_AVAILABLE}) and carry on without a summary.`,
      );
    });

  return {
    async handle(method: string, params: unknown): Promise<unknown> {
      if (!methods.has(method)) {
        log(`The skill called "${method}", which the workbench does not offer; answered -32601 (method not found).`);
        throw new RpcError(JSONRPC.METHOD_NOT_FOUND, `Method not found: ${method}`);
      }
      try {
        return await methods.handle(method, params);
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
