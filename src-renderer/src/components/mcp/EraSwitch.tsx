import type { McpEraMode } from '@contract';
import { queries, useCommand, useQuery } from '../../data';
import { ErrorNote } from '../common/ErrorNote';
import styles from './SamplingModeSwitch.module.css';

const CHOICES: { mode: McpEraMode; label: string }[] = [
  { mode: 'auto', label: 'Find out (server/discover, then initialize)' },
  { mode: 'modern', label: 'Modern only (2026-07-28)' },
  { mode: 'legacy', label: 'Legacy only (2025-11-25)' },
];

/** Which era of the protocol the workbench speaks to this server; a running server reconnects in the one chosen. */
export function EraSwitch({ skillId }: { skillId: string }) {
  const saved = useQuery('mcpEraMode', [skillId]);
  const setter = useCommand('mcpSetEraMode');
  const mode = saved.data;
  const error = setter.error ?? saved.error;
  if (!mode) return error ? <ErrorNote message={error} /> : null;
  const choose = async (next: McpEraMode) => {
    queries.set('mcpEraMode', [skillId], next);
    const now = await setter.run(skillId, next);
    if (now) queries.set('mcpEraMode', [skillId], now);
    else queries.invalidate(['mcpEraMode'], skillId);
    queries.invalidate(['mcpServerInfo'], skillId);
  };
  return (
    <div data-testid="era-mode">
      <fieldset className={styles.samplingMode} disabled={setter.busy}>
        <legend className="field-label">Protocol era</legend>
        {CHOICES.map((c) => (
          <label key={c.mode}>
            <input type="radio" name={`era-mode-${skillId}`} checked={mode === c.mode} onChange={() => void choose(c.mode)} data-testid={`era-mode-${c.mode}`} /> {c.label}
          </label>
        ))}
      </fieldset>
      <p className="field-help">A server of the 2026-07-28 revision answers server/discover; an older one only initialize. Changing it reconnects a running server.</p>
      {error && <ErrorNote message={error} />}
    </div>
  );
}
