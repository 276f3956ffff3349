import { useEffect, useState } from 'react';
import { MCP_LOG_LEVELS, type McpLogLevel } from '@contract';
import { api } from '../../api/client';
import { toastError } from '../../actions/errors';

/** The level from which an MCP server sends its log messages (logging/setLevel); they appear in Logs. */
export function LogLevelPicker({ skillId }: { skillId: string }) {
  const [level, setLevel] = useState<McpLogLevel | ''>('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void api()
      .mcpSession(skillId)
      .then((s) => setLevel(s.logLevel ?? ''))
      .catch(() => undefined);
  }, [skillId]);
  const id = `log-level-${skillId.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return (
    <label className="mcp-log-level" htmlFor={id} title="The server sends its log messages at this level and above; they appear here as system lines">
      <span>Server log level</span>
      <select
        id={id}
        className="input input-sm"
        value={level}
        disabled={busy}
        data-testid="log-level"
        onChange={(e) => {
          const next = e.target.value as McpLogLevel;
          const before = level;
          setLevel(next);
          setBusy(true);
          api()
            .mcpSetLogLevel(skillId, next)
            .catch((err) => {
              setLevel(before);
              toastError(err, 'Could not set the log level');
            })
            .finally(() => setBusy(false));
        }}
      >
        {level === '' && <option value="">server’s default</option>}
        {MCP_LOG_LEVELS.map((l) => <option key={l} value={l}>{l}</option>)}
      </select>
    </label>
  );
}
