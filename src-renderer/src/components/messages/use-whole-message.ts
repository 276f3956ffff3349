import type { MessageEntry } from '@contract';
import { useQuery } from '../../data';

/**
 * The message to show in full: a large one arrives as a preview (`elidedBytes`), and its whole body is read from
 * the skill's message history when it is opened. Until then (or if it can no longer be read) the preview shows,
 * its note saying so.
 */
export function useWholeMessage(skillId: string, entry: MessageEntry | undefined): MessageEntry | undefined {
  const elided = entry?.elidedBytes !== undefined;
  // A restart numbers its messages afresh: a status change drops what was read under the old numbers.
  const { data: found, loading } = useQuery('readMessage', [skillId, entry?.seq ?? -1], { enabled: elided, invalidateOn: ['status'], scope: skillId });
  if (!entry || !elided || loading || found === undefined) return entry;
  if (!found) return { ...entry, note: 'A preview: the whole message is no longer kept.' };
  return { ...entry, body: found.body, note: found.note, elidedBytes: undefined };
}
