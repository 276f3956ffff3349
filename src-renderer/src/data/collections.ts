/**
 * The saved requests of each skill, as the Saved list, the Save dialog and the collection views share them: the
 * answer of `listCollections`, kept by the query cache, and updated in place by what a save, a delete or a
 * variable change answers (no second read).
 */
import type { CollectionDetails } from '@contract';
import { queries } from './queries';
import { useQuery } from './use-query';

/** Replaces one collection (after a save, a delete, a variable change), adding it when new. */
export function putCollection(skillId: string, c: CollectionDetails): void {
  queries.set('listCollections', [skillId], (list) => {
    const now = list ?? [];
    const i = now.findIndex((x) => x.dir === c.dir);
    return i >= 0 ? now.map((x, j) => (j === i ? c : x)) : [...now, c];
  });
}

/** The skill's collections, read when a view of them first shows. */
export function useSkillCollections(skillId: string): { list: CollectionDetails[] | undefined; error: string | undefined; reload(): void } {
  const q = useQuery('listCollections', [skillId]);
  const { data, error, reload } = q;
  return { list: data, error: error ?? undefined, reload };
}

/** One collection of the skill, as last read or changed. */
export function useCollection(skillId: string, dir: string): CollectionDetails | undefined {
  return useSkillCollections(skillId).list?.find((c) => c.dir === dir);
}
