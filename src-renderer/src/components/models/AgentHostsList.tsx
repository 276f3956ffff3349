import type { AgentHostInfo } from '@contract';
import { useQuery } from '../../data';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import styles from './ModelSettingsDialog.module.css';

const NAMES: Record<string, string> = { 'claude-code': 'Claude Code', codex: 'Codex', 'gemini-cli': 'Gemini CLI' };

function where(h: AgentHostInfo): string {
  if (!h.found) return 'not found';
  return h.source === 'home' ? 'installed in the workbench' : 'on PATH';
}

/**
 * The agent hosts the workbench can drive, read-only: each installed version and the one on PATH, or that a host
 * was found nowhere, with how to get one (`skillbench hosts add`).
 */
export function AgentHostsList() {
  const hosts = useQuery('listAgentHosts', []);
  return (
    <fieldset className={styles.profilesBox} data-testid="agent-hosts">
      <legend className="field-label">Agent hosts</legend>
      <p className="field-help">
        Real agents that run a skill headless against the workbench’s model proxy. Install one with <span className="mono">skillbench hosts add claude-code</span>.
      </p>
      {hosts.loading && !hosts.data && <div className="panel-loading"><Spinner /> Looking for agent hosts…</div>}
      {hosts.error && <ErrorNote title="The agent hosts could not be listed" message={hosts.error} />}
      {hosts.data && (
        <ul className={styles.profiles} aria-label="Agent hosts">
          {hosts.data.map((h) => (
            <li key={`${h.id} ${h.path ?? ''}`} className={styles.profile} data-testid="agent-host" data-found={h.found}>
              <span className={styles.profileText}>
                <span className={styles.profileName}>
                  {NAMES[h.id] ?? h.id} {h.version && <span className="mono">{h.version}</span>}
                </span>
                <span className={styles.profileMeta} title={h.path ?? undefined}>
                  {where(h)}
                  {h.path ? <> · <span className="mono">{h.path}</span></> : null}
                </span>
                {!h.proxied && <span className={styles.profileMeta}>{h.note}</span>}
              </span>
              <span className={`pill ${h.found ? 'pill-ok' : 'pill-muted'}`}>{h.found ? 'found' : 'not found'}</span>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
