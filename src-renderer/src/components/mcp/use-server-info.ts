import { useEffect, useState } from 'react';
import type { McpServerInfo } from '@contract';
import { api } from '../../api/client';
import { messageOf } from '../../actions/errors';
import { useMcp } from './mcp-store';

/** The server's identity and capabilities (starting it if needed), kept fresh by `mcpServer` events. */
export function useServerInfo(skillId: string): { info: McpServerInfo | null; error: string | null; retry(): void } {
  const told = useMcp((s) => s.servers[skillId]);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let live = true;
    api()
      .mcpServerInfo(skillId)
      .then((info) => {
        if (!live) return;
        useMcp.getState().setServer(info);
        setError(null);
      })
      .catch((err) => live && setError(messageOf(err)));
    return () => {
      live = false;
    };
  }, [skillId, asked]);
  return { info: told ?? null, error, retry: () => setAsked((n) => n + 1) };
}
