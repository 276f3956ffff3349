/**
 * The stores a home keeps for all its skills (secrets, entities), opened by whoever owns the home (the
 * workbench, or one CLI command) with its own log, and handed to every runtime it makes; and the per-skill
 * bundle a SkillDefinition skill's reverse calls are served from. Nothing here is cached per process:
 * two owners of one home each open their own.
 */
import type { EntitySchemaInfo, TimelineEntry } from '../contract';
import type { Redactor } from '../engine/redactor';
import { DataStore } from '../host/data-store';
import { EntityStore } from '../host/entity-store';
import { prepareHome } from '../host/home-folder';
import { createHostServices } from '../protocols/skilldef';
import { SecretStore, type SecretStoreOptions } from '../host/secret-store';
import { StateStore } from '../host/state-store';
import type { HostServices, SkillInterop } from '../protocols/adapter';

export interface HomeStores {
  readonly home: string;
  readonly secrets: SecretStore;
  readonly entities: EntityStore;
  /** Folds the entity journal into entities.json (the owner closing). */
  flush(): Promise<void>;
}

export interface HomeStoreOptions {
  /** Where the stores' warnings go (a secret that cannot be read, a file that was corrupt). */
  log?: (line: string) => void;
  /** The desktop app's OS keychain; the local key file otherwise. */
  secrets?: Partial<SecretStoreOptions>;
}

export function openHomeStores(home: string, opts: HomeStoreOptions = {}): HomeStores {
  prepareHome(home);
  const secrets = SecretStore.open(home, { ...opts.secrets, log: opts.log });
  const entities = EntityStore.open(home, { log: opts.log });
  return { home, secrets, entities, flush: () => entities.flush() };
}

export interface SkillStores {
  state: StateStore;
  data: DataStore;
  secrets: SecretStore;
  entities: EntityStore;
  host: HostServices;
}

export function skillStores(
  shared: HomeStores,
  skillId: string,
  redactor: Redactor,
  hooks: {
    log: (line: string) => void;
    mark: (e: Omit<TimelineEntry, 'seq' | 'time'>) => void;
    interop?: SkillInterop;
    /** The entity schema the skill declared, once it started (its upserts are checked against it). */
    entitySchema?: () => EntitySchemaInfo | null;
  },
): SkillStores {
  const { home, secrets, entities } = shared;
  const own = secrets.forSkill(skillId);
  secrets.registerWith(skillId, redactor);
  const state = StateStore.forSkill(home, skillId, { secrets: own, log: hooks.log });
  const data = DataStore.forSkill(home, skillId, { secrets: own });
  const host = createHostServices({
    skillId,
    state,
    data,
    entities,
    secrets: own,
    log: hooks.log,
    onEvent: (eventType, payload) => hooks.mark({ kind: 'event', label: eventType, data: payload }),
    onTrigger: (fired) => hooks.mark({ kind: 'trigger', label: fired.triggerName || fired.triggerId, data: fired }),
    entitySchema: hooks.entitySchema,
    onSchemaWarning: (method, problems, data) =>
      hooks.mark({ kind: 'note', label: `Entity schema: ${problems.join('; ')}`, outcome: 'error', data: { schemaWarning: method, problems, ...(data as object) } }),
    interop: hooks.interop,
  });
  return { state, data, secrets, entities, host };
}
