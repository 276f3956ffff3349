import { useState } from 'react';
import { MCP_LOG_LEVELS, type McpLogLevel } from '@contract';
import { useCommand, useQuery } from '../../data';
import { useDomId } from '../../lib/use-dom-id';
import styles from './LogLevelPicker.module.css';

/** The level from which an MCP server sends its log messages (logging/setLevel); they appear in Logs. */
export function LogLevelPicker({ skillId }: { skillId: string }) {
  const session = useQuery('mcpSession', [skillId]);
  const setter = useCommand('mcpSetLogLevel', { toast: 'Could not set the log level', invalidates: ['mcpSession'], scope: skillId });
  // What the user picked shows at once; the session's level once it is read (and again after a failed change).
  const [picked, setPicked] = useState<McpLogLevel | null>(null);
  const level: McpLogLevel | '' = picked ?? session.data?.logLevel ?? '';
  const busy = setter.busy;
  const id = useDomId('log-level');
  return (
    <label className={styles.mcpLogLevel} htmlFor={id} title="The server sends its log messages at this level and above; they appear here as system lines">
      <span>Server log level</span>
      <select
        id={id}
        className="input input-sm"
        value={level}
        disabled={busy}
        data-testid="log-level"
        onChange={(e) => {
          const next = e.target.value as McpLogLevel;
          const before = picked;
          setPicked(next);
          void setter.run(skillId, next).then((r) => r === undefined && setPicked(before));
        }}
      >
        {level === '' && <option value="">server’s default</option>}
        {MCP_LOG_LEVELS.map((l) => <option key={l} value={l}>{l}</option>)}
      </select>
    </label>
  );
}
