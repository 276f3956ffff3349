/**
 * The stores one workbench process shares between its skills (secrets, entities), opened once per home,
 * and the per-skill bundle a SkillDefinition skill's reverse calls are served from.
 */
import type { TimelineEntry } from '../contract';
import type { Redactor } from '../engine/redactor';
import { DataStore } from '../host/data-store';
import { EntityStore } from '../host/entity-store';
import { prepareHome } from '../host/home-folder';
import { createHostServices } from '../host/host-services';
import { SecretStore, type SecretStoreOptions } from '../host/secret-store';
import { StateStore } from '../host/state-store';
import type { HostServices } from '../protocols/adapter';

export interface HomeStores {
  secrets: SecretStore;
  entities: EntityStore;
}

const open = new Map<string, HomeStores>();
let secretOptions: Partial<SecretStoreOptions> | undefined;

/** The desktop app plugs in the OS keychain here, before anything opens the stores. */
export function configureSecrets(opts: Partial<SecretStoreOptions>): void {
  secretOptions = opts;
}

export function homeStores(home: string, log?: (line: string) => void): HomeStores {
  let s = open.get(home);
  if (!s) {
    prepareHome(home);
    s = { secrets: SecretStore.open(home, { ...secretOptions, log }), entities: EntityStore.open(home, { log }) };
    open.set(home, s);
  }
  return s;
}

/** Folds the entity journal into entities.json, if this home's stores were opened (a workbench closing). */
export async function flushHomeStores(home: string): Promise<void> {
  await open.get(home)?.entities.flush();
}

export async function closeHomeStores(): Promise<void> {
  await Promise.all([...open.values()].map((s) => s.entities.flush()));
}

export interface SkillStores {
  state: StateStore;
  data: DataStore;
  secrets: SecretStore;
  entities: EntityStore;
  host: HostServices;
}

export function skillStores(
  home: string,
  skillId: string,
  redactor: Redactor,
  hooks: { log: (line: string) => void; mark: (e: Omit<TimelineEntry, 'seq' | 'time'>) => void },
): SkillStores {
  const { secrets, entities } = homeStores(home, hooks.log);
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
  });
  return { state, data, secrets, entities, host };
}
