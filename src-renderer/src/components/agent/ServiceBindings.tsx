import { Server } from 'lucide-react';
import type { ServiceBindingInfo } from '@contract';
import styles from './ServiceBindings.module.css';
import agentStyles from './agent.module.css';

const LABEL: Record<ServiceBindingInfo['health'], string> = { ok: 'answering', unreachable: 'not reachable', error: 'error', unconfigured: 'no URL' };
const PILL: Record<ServiceBindingInfo['health'], string> = { ok: 'pill-ok', unreachable: 'pill-error', error: 'pill-error', unconfigured: 'pill-muted' };

/** A namel3ss program's tools bound to the service runner: where each call goes, and whether anything answers there. */
export function ServiceBindings({ services }: { services: ServiceBindingInfo[] }) {
  return (
    <section className={styles.serviceBindings} aria-label="Service bindings" data-testid="service-bindings">
      <div className={agentStyles.secretsHead}>
        <Server size={13} aria-hidden="true" />
        <span>Service bindings (checked when the skill was read)</span>
      </div>
      <ul>
        {services.map((s) => (
          <li key={s.tool}>
            <span className={styles.serviceTool}>{s.tool}</span>
            <code className={styles.serviceUrl}>{s.url ?? '—'}</code>
            <span className={`pill ${PILL[s.health]}`} title={s.detail}>{LABEL[s.health]}</span>
            <span className={`muted small ${styles.serviceDetail}`}>{s.detail}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
