/**
 * What a skill keeps under the home (state, data files, entities), as the Data tab shows it (secret
 * references masked; any other secret is scrubbed as the answer leaves the workbench), and the vault its
 * adapter is handed for setup.
 */
import type { Entity, SkillData, SkillRef } from '../contract';
import { redactSecretRefs } from '../host/state-store';
import { skillFolder } from '../host/workbench-home';
import type { SkillVault } from '../protocols/adapter';
import { setupMarker } from './setup-marker';
import type { SkillStores } from './stores';

export function vaultOf(stores: SkillStores, dir: string, skillId: string): SkillVault {
  const marker = setupMarker(dir);
  return {
    dataDir: stores.data.dir,
    remember: (key, secret) => stores.secrets.set(skillId, key, secret),
    rescrub: async () => {
      await stores.state.rescrub();
      await stores.data.rescrub();
    },
    setupComplete: () => marker.done(),
    markSetupComplete: (answers) => marker.mark(answers),
  };
}

/** State, data files and entities for the Data tab, secrets redacted. */
export async function dataOf(ref: SkillRef, stores: SkillStores | null, home: string): Promise<SkillData> {
  if (!stores) return { state: {}, files: [], entities: [], dataDir: skillFolder(home, ref.id) };
  const state = redactSecretRefs(stores.state.getForDisplay());
  const entities = stores.entities.list({ owner: ref.id }) as Entity[];
  return { state, files: await stores.data.list(), entities, dataDir: stores.data.dir };
}

export async function replaceState(ref: SkillRef, stores: SkillStores | null, state: Record<string, unknown>): Promise<void> {
  if (!stores) throw new Error(`${ref.name} keeps no state.`);
  if (!state || typeof state !== 'object' || Array.isArray(state)) throw new Error('State must be a JSON object, like {"key": "value"}.');
  await stores.state.replace(state);
}

export async function readDataFile(ref: SkillRef, stores: SkillStores | null, name: string): Promise<string> {
  if (!stores) throw new Error(`${ref.name} has no data files.`);
  return stores.data.readForDisplay(name);
}
