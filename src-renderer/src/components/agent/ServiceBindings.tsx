import { Server } from 'lucide-react';
import type { ServiceBindingInfo } from '@contract';

const LABEL: Record<ServiceBindingInfo['health'], string> = { ok: 'answering', unreachable: 'not reachable', error: 'error', unconfigured: 'no URL' };
const PILL: Record<ServiceBindingInfo['health'], string> = { ok: 'pill-ok', unreachable: 'pill-error', error: 'pill-error', unconfigured: 'pill-muted' };

/** A namel3ss program's tools bound to the service runner: where each call goes, and whether anything answers there. */
export function ServiceBindings({ services }: { services: ServiceBindingInfo[] }) {
  return (
    <section className="service-bindings" aria-label="Service bindings" data-testid="service-bindings">
      <div className="secrets-head">
        <Server size={13} aria-hidden="true" />
        <span>Service bindings (checked when the skill was read)</span>
      </div>
      <ul>
        {services.map((s) => (
          <li key={s.tool}>
            <span className="service-tool">{s.tool}</span>
            <code className="service-url">{s.url ?? '—'}</code>
            <span className={`pill ${PILL[s.health]}`} title={s.detail}>{LABEL[s.health]}</span>
            <span className="muted small service-detail">{s.detail}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
