/**
 * The saved requests of each skill, as the Saved list, the Save dialog and the collection views share them.
 * Kept beside the components that use it (not in the app store): only authoring views read it.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { CollectionDetails } from '@contract';
import { api } from '../../api/client';
import { messageOf } from '../../actions/errors';

interface CollectionsState {
  bySkill: Record<string, CollectionDetails[] | undefined>;
  errors: Record<string, string | undefined>;
  /** Replaces one collection (after a save, a delete, a variable change), adding it when new. */
  put(skillId: string, c: CollectionDetails): void;
}

export const useCollections = create<CollectionsState>()((set) => ({
  bySkill: {},
  errors: {},
  put: (skillId, c) =>
    set((s) => {
      const list = s.bySkill[skillId] ?? [];
      const i = list.findIndex((x) => x.dir === c.dir);
      const next = i >= 0 ? list.map((x, j) => (j === i ? c : x)) : [...list, c];
      return { bySkill: { ...s.bySkill, [skillId]: next } };
    }),
}));

export async function loadCollections(skillId: string): Promise<void> {
  try {
    const list = await api().listCollections(skillId);
    useCollections.setState((s) => ({ bySkill: { ...s.bySkill, [skillId]: list }, errors: { ...s.errors, [skillId]: undefined } }));
  } catch (err) {
    useCollections.setState((s) => ({ errors: { ...s.errors, [skillId]: messageOf(err) } }));
  }
}

/** The skill's collections, loaded when a view of them first shows. */
export function useSkillCollections(skillId: string): { list: CollectionDetails[] | undefined; error: string | undefined } {
  const list = useCollections((s) => s.bySkill[skillId]);
  const error = useCollections((s) => s.errors[skillId]);
  const loaded = list !== undefined;
  useEffect(() => {
    if (!loaded) void loadCollections(skillId);
  }, [skillId, loaded]);
  return { list, error };
}
