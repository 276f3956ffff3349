import { useEffect, useState } from 'react';
import type { MessageEntry } from '@contract';
import { api } from '../../api/client';

/**
 * The message to show in full: a large one arrives as a preview (`elidedBytes`), and its whole body is read from
 * the skill's message history when it is opened. Until then (or if it can no longer be read) the preview shows,
 * its note saying so.
 */
export function useWholeMessage(skillId: string, entry: MessageEntry | undefined): MessageEntry | undefined {
  const [whole, setWhole] = useState<{ key: string; entry: MessageEntry } | null>(null);
  const key = entry?.elidedBytes !== undefined ? `${skillId}:${entry.seq}:${entry.time}` : null;
  useEffect(() => {
    if (!key || !entry) return;
    let live = true;
    api()
      .readMessage(skillId, entry.seq)
      .then((found) => {
        if (!live) return;
        const note = found ? found.note : 'A preview: the whole message is no longer kept.';
        setWhole({ key, entry: { ...entry, ...(found ? { body: found.body } : {}), note, elidedBytes: found ? undefined : entry.elidedBytes } });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // The key names the entry: a new object for the same message needs no second read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return key && whole?.key === key ? whole.entry : entry;
}
