import { useCallback, useEffect, useState } from 'react';
import type { McpListKind } from '@contract';
import { messageOf } from '../../actions/errors';
import { listKey, useMcp } from './mcp-store';

/**
 * One of a server's lists (resources, templates, prompts), read when the view opens and again whenever the
 * server says the list changed, without a click. `load` must be stable for a skill.
 */
export function useMcpList<T>(skillId: string, list: McpListKind, load: () => Promise<T[]>): { items: T[] | null; error: string | null; loading: boolean; reload(): void } {
  const version = useMcp((s) => s.listVersion[listKey(skillId, list)] ?? 0);
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [asked, setAsked] = useState(0);
  const reload = useCallback(() => setAsked((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a read on mount and on each change the server announces; loading shows as it starts
    setLoading(true);
    load()
      .then((r) => {
        if (!live) return;
        setItems(r);
        setError(null);
      })
      .catch((err) => live && setError(messageOf(err)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [load, version, asked]);
  return { items, error, loading, reload };
}
