import type { TimelineEntry } from '@contract';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { RingSet, type SeqRing } from './seq-ring';
import { useStore } from '../store';

export const timelineRings = new RingSet<TimelineEntry>(5000);

/** Fetches the backlog; `force` (after a reconnect) replaces what the ring holds, as for messages. */
export function loadTimeline(skillId: string, force = false): Promise<void> {
  const ring = timelineRings.of(skillId);
  if ((ring.loaded && !force) || ring.loading) return ring.loading ?? Promise.resolve();
  ring.loading = api()
    .getTimeline(skillId)
    .then(({ entries, ticks }) => {
      if (force) ring.clear();
      ring.loaded = true;
      ring.add(entries);
      ring.bump();
      useStore.getState().setTicks(skillId, ticks);
    })
    .finally(() => {
      ring.loading = null;
    });
  return ring.loading;
}

export function useTimelineRing(skillId: string): { ring: SeqRing<TimelineEntry>; version: number } {
  const ring = timelineRings.of(skillId);
  const version = useSyncExternalStore(ring.subscribe, ring.getVersion);
  useEffect(() => {
    loadTimeline(skillId).catch((err: Error) => useStore.getState().pushToast('error', err.message));
  }, [skillId]);
  return { ring, version };
}
