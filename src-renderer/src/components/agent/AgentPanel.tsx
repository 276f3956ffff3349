import { Bot } from 'lucide-react';
import type { AgentDetails } from '@contract';
import { SecretsPanel } from './SecretsPanel';
import { asText } from '../../../../src-main/common/values';
import styles from './AgentPanel.module.css';

/** What agent.yaml says beyond the skill: who the agent is, its secrets, and the fields only its runtime reads. */
export function AgentPanel({ skillId, agent }: { skillId: string; agent: AgentDetails }) {
  const title = agent.name ?? agent.id;
  const hasMeta = !!(title || agent.model || agent.readOnly.length);
  return (
    <div className={styles.agentPanel}>
      {hasMeta && (
        <details className={styles.agentMeta} data-testid="agent-meta">
          <summary>
            <Bot size={13} aria-hidden="true" />
            <span>
              Agent{title ? <> <strong>{title}</strong></> : ''}
              {agent.id && agent.name && agent.id !== agent.name && <span className="muted"> ({agent.id})</span>}
              {agent.model && <span className="muted"> · model {agent.model}</span>}
            </span>
          </summary>
          <dl className={styles.agentFacts}>
            {agent.description && (
              <>
                <dt>Description</dt>
                <dd>{agent.description}</dd>
              </>
            )}
            <dt>Defined in</dt>
            <dd><code>{agent.file}</code></dd>
            {agent.readOnly.map((r) => (
              <ReadOnlyField key={r.key} name={r.key} value={r.value} />
            ))}
          </dl>
          {agent.readOnly.length > 0 && <p className="muted small">These fields are for the agent's own runtime: shown here, not used by the workbench.</p>}
        </details>
      )}
      {agent.secrets.length > 0 && <SecretsPanel skillId={skillId} secrets={agent.secrets} />}
    </div>
  );
}

function ReadOnlyField({ name, value }: { name: string; value: unknown }) {
  const text = Array.isArray(value) && value.every((v) => typeof v !== 'object')
    ? value.join(', ')
    : typeof value === 'object' && value !== null
      ? Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : asText(v)}`).join(' · ')
      : String(value);
  return (
    <>
      <dt>{name}</dt>
      <dd data-testid={`agent-field-${name}`}>{text} <span className={styles.readOnlyTag}>read-only</span></dd>
    </>
  );
}
