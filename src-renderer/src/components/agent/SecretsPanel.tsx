import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import type { AgentSecret } from '@contract';
import { Button } from '../common/Button';
import { saveSecrets } from '../../actions/agents';
import styles from './SecretsPanel.module.css';
import agentStyles from './agent.module.css';

/**
 * The agent's `secrets:`: each one set or not, and a field to give (or replace) its value. Values go to
 * the encrypted store and reach the skill as environment variables; they are never shown again.
 */
export function SecretsPanel({ skillId, secrets }: { skillId: string; secrets: AgentSecret[] }) {
  const missing = secrets.filter((s) => s.required && !s.set);
  const [editing, setEditing] = useState<Record<string, boolean>>({});
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const open = (name: string) => !secrets.find((s) => s.name === name)?.set || editing[name];
  const filled = Object.fromEntries(Object.entries(values).filter(([k, v]) => v && open(k)));

  const save = async () => {
    setBusy(true);
    const ok = await saveSecrets(skillId, filled);
    setBusy(false);
    if (ok) {
      setValues({});
      setEditing({});
    }
  };

  return (
    <section className={`${agentStyles.secretsPanel}${missing.length ? ' needs' : ''}`} aria-label="Secrets" data-testid="agent-secrets">
      <div className={agentStyles.secretsHead}>
        <KeyRound size={13} aria-hidden="true" />
        {missing.length
          ? <span>This agent needs {missing.length === 1 ? 'a secret' : `${missing.length} secrets`} before its skills can work: {missing.map((s) => s.name).join(', ')}.</span>
          : <span>Secrets</span>}
      </div>
      <ul className={styles.secretsList}>
        {secrets.map((s) => (
          <li key={s.name} data-testid={`secret-${s.name}`}>
            <label className={agentStyles.secretName} htmlFor={`secret-${skillId}-${s.name}`}>
              <code>{s.name}</code>
              {s.description && <span className="muted"> — {s.description}</span>}
            </label>
            {open(s.name) ? (
              <input
                id={`secret-${skillId}-${s.name}`}
                type="password"
                autoComplete="off"
                placeholder={s.set ? 'New value' : s.required ? 'Needed' : 'Optional'}
                value={values[s.name] ?? ''}
                onChange={(e) => setValues({ ...values, [s.name]: e.target.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && Object.keys(filled).length) void save();
                }}
              />
            ) : (
              <span className={styles.secretSet}>
                <span className="pill pill-ok">set</span>
                <button type="button" className="link-btn small" onClick={() => setEditing({ ...editing, [s.name]: true })}>Change</button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {Object.keys(filled).length > 0 && (
        <div className={styles.secretsActions}>
          <Button size="sm" variant="primary" busy={busy} onClick={() => void save()}>Save {Object.keys(filled).length === 1 ? 'secret' : 'secrets'}</Button>
          <span className="muted small">Kept encrypted; passed to the scripts as environment variables.</span>
        </div>
      )}
    </section>
  );
}
