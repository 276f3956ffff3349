import { Pencil, Trash2 } from 'lucide-react';
import type { TriggerInstance, TriggerType } from '@contract';
import { Button } from '../common/Button';
import { Switch } from '../common/Switch';
import { conditionWords } from './condition-words';
import styles from './TriggerList.module.css';

/** The triggers registered now: what each watches for, its settings, on or off, and Remove. */
export function TriggerList({ triggers, types, busy, onEnabled, onRemove, onEdit }: {
  triggers: TriggerInstance[];
  types: TriggerType[];
  busy: string | null;
  onEnabled(id: string, enabled: boolean): void;
  onRemove(id: string, name: string): void;
  onEdit(id: string): void;
}) {
  if (!triggers.length) return <p className="muted" data-testid="no-triggers">No triggers yet. Register one below: the skill fires it when its conditions match.</p>;
  return (
    <ul className={styles.triggerList} aria-label="Registered triggers">
      {triggers.map((t) => {
        const kind = types.find((k) => k.type === t.type);
        const config = Object.entries(t.config ?? {});
        return (
          <li key={t.id} className={styles.triggerItem} data-testid="trigger-item">
            <div className={styles.triggerItemHead}>
              <span className={styles.triggerName}>{t.name}</span>
              <span className="pill pill-muted" title={t.type}>{kind?.label ?? t.type}</span>
              <span className={styles.triggerControls}>
                <Switch checked={t.enabled} onChange={(v) => onEnabled(t.id, v)} label={t.enabled ? 'On' : 'Off'} ariaLabel={`${t.name} active`} disabled={busy !== null} testId={`trigger-enabled-${t.name}`} />
                <Button size="sm" variant="ghost" icon={<Pencil size={13} />} onClick={() => onEdit(t.id)} disabled={busy !== null} aria-label={`Change the trigger ${t.name}`}>
                  Change
                </Button>
                <Button size="sm" variant="ghost" icon={<Trash2 size={13} />} onClick={() => onRemove(t.id, t.name)} disabled={busy !== null} busy={busy === t.id} aria-label={`Remove the trigger ${t.name}`}>
                  Remove
                </Button>
              </span>
            </div>
            {t.description && <p className={styles.triggerDesc}>{t.description}</p>}
            <p className={styles.triggerWhen}>
              <span className="muted">Fires when </span>
              {t.conditions.map(conditionWords).join(', and ') || '(no conditions)'}
            </p>
            {config.length > 0 && (
              <p className={`${styles.triggerConfig} muted`}>
                {config.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' · ')}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
