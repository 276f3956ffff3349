import type { MessageEntry } from '@contract';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { RingSet, type SeqRing } from './seq-ring';
import { useStore } from '../store';

export const MESSAGE_CAP = 5000;

/** Responses carry pairSeq to their request; requests learn their response here too. */
function pair(entry: MessageEntry, ring: SeqRing<MessageEntry>): void {
  if (entry.kind !== 'response' || entry.pairSeq === undefined) return;
  const req = ring.get(entry.pairSeq);
  if (req && req.pairSeq !== entry.seq) {
    ring.replace({ ...req, pairSeq: entry.seq, durationMs: req.durationMs ?? entry.durationMs });
  }
}

export const messageRings = new RingSet<MessageEntry>(MESSAGE_CAP, pair);

const countTimers = new Map<string, ReturnType<typeof setTimeout>>();

export function pushMessages(skillId: string, entries: MessageEntry[]): void {
  const ring = messageRings.of(skillId);
  ring.add(entries);
  // The count is only meaningful once the backlog is in, and need not change more than a few times a second.
  if (ring.loaded && !countTimers.has(skillId)) {
    countTimers.set(
      skillId,
      setTimeout(() => {
        countTimers.delete(skillId);
        useStore.getState().setMessageCount(skillId, ring.list.length);
      }, 250),
    );
  }
}

/**
 * Fetches the backlog. `force` (after a reconnect) replaces what the ring holds: the server may be a new process,
 * whose seqs start again, so merging would mix two histories.
 */
export function loadMessages(skillId: string, force = false): Promise<void> {
  const ring = messageRings.of(skillId);
  if ((ring.loaded && !force) || ring.loading) return ring.loading ?? Promise.resolve();
  ring.loading = api()
    .getMessages(skillId)
    .then((entries) => {
      if (force) ring.clear();
      ring.loaded = true;
      pushMessages(skillId, entries);
      useStore.getState().setMessageCount(skillId, ring.list.length);
      ring.bump();
    })
    .finally(() => {
      ring.loading = null;
    });
  return ring.loading;
}

/** The ring for a skill, re-rendering when it changes; fetches the backlog the first time. */
export function useMessageRing(skillId: string): { ring: SeqRing<MessageEntry>; version: number; error?: string } {
  const ring = messageRings.of(skillId);
  const version = useSyncExternalStore(ring.subscribe, ring.getVersion);
  useEffect(() => {
    loadMessages(skillId).catch((err: Error) => useStore.getState().pushToast('error', err.message));
  }, [skillId]);
  return { ring, version };
}
