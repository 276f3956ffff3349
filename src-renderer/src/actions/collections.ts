/** Saved requests and their collections: each change is written by the workbench, and its answer kept as the list's. */
import type { CollectionDetails, SaveRequestInput } from '@contract';
import { api } from '../api/client';
import { putCollection } from '../data/collections';

/** Saves a request (a new one, or over one of the same name); the collection as it now is goes into the list. */
export async function saveRequest(skillId: string, input: SaveRequestInput) {
  const res = await api().saveRequest(skillId, input);
  putCollection(skillId, res.collection);
  return res;
}

export async function deleteRequest(skillId: string, dir: string, name: string): Promise<CollectionDetails> {
  const c = await api().deleteRequest(skillId, dir, name);
  putCollection(skillId, c);
  return c;
}

/** Sets an environment's plain variables (null removes the environment). */
export async function setEnvironment(skillId: string, dir: string, env: string, vars: Record<string, unknown> | null): Promise<CollectionDetails> {
  const c = await api().setEnvironment(skillId, dir, env, vars);
  putCollection(skillId, c);
  return c;
}

/** Sets, replaces or clears (null) one secret of an environment: kept encrypted, never shown again. */
export async function setCollectionSecret(skillId: string, dir: string, env: string, name: string, value: string | null): Promise<CollectionDetails> {
  const c = await api().setCollectionSecret(skillId, dir, env, name, value);
  putCollection(skillId, c);
  return c;
}
