import { useCallback, useEffect, useState } from 'react';
import { CircleCheck, KeyRound, Lock, Settings2 } from 'lucide-react';
import type { SetupConfiguration } from '@contract';
import * as setup from '../../actions/setup';
import { messageOf } from '../../actions/errors';
import { formatWhen } from '../../lib/format';
import { useStore } from '../../store';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { asText } from '../../../../src-main/common/values';
// Global class names kept beside the module classes: .setup-card is styled in its context by common.module.css,
// TriggersTab.module.css.
import styles from './SetupOverview.module.css';
import setupStyles from './setup.module.css';

export interface ConfigState {
  loading: boolean;
  value: SetupConfiguration | null;
  error: string | null;
  reload(): void;
}

/** What the last completed setup set, as the workbench remembers it (reading it starts nothing). */
export function useSetupConfiguration(skillId: string): ConfigState {
  const [state, setState] = useState<Omit<ConfigState, 'reload'>>({ loading: true, value: null, error: null });
  const reload = useCallback(() => {
    let live = true;
    setup.getSetupConfiguration(skillId)
      .then((value) => live && setState({ loading: false, value, error: null }))
      .catch((err) => live && setState({ loading: false, value: null, error: messageOf(err) }));
    return () => {
      live = false;
    };
  }, [skillId]);
  useEffect(() => reload(), [reload]);
  const again = useCallback(() => void reload(), [reload]);
  return { ...state, reload: again };
}

function shown(v: unknown): string {
  if (v === undefined || v === null || v === '') return 'not set';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.length ? v.map((x) => String(x)).join(', ') : 'none';
  if (typeof v === 'object') return JSON.stringify(v);
  return asText(v);
}

/** The Setup tab at rest: "Configured" with what was set and Reconfigure, or what setting up is and Start. */
export function SetupOverview({ config, onStart, note }: {
  config: ConfigState;
  onStart(): void;
  note?: { tone: 'success' | 'info'; text: string };
}) {
  const name = useStore((s) => (s.selectedSkillId ? s.skills.find((k) => k.id === s.selectedSkillId)?.name : undefined));
  if (config.loading) return <div className="panel-loading"><Spinner /> Reading what was set up…</div>;
  const c = config.value;
  return (
    <div className={setupStyles.setupWrap}>
      <div className={`${setupStyles.setupCard} setup-card setup-overview`} data-testid="setup-overview" data-configured={c ? 'true' : 'false'}>
        {note && (
          <div className={`${styles.setupNote} tone-${note.tone}`} role="status" data-testid={note.tone === 'success' ? 'setup-complete' : 'setup-note'}>
            {note.tone === 'success' && <CircleCheck size={16} aria-hidden="true" />}
            <span>{note.text}</span>
          </div>
        )}
        {config.error && <ErrorNote message={config.error} />}
        {c ? (
          <>
            <div className={setupStyles.setupOverviewHead}>
              <CircleCheck size={22} className={setupStyles.setupCompleteIcon} aria-hidden="true" />
              <div>
                <h2 className={setupStyles.setupStepTitle}>Configured</h2>
                <p className={setupStyles.setupStepDesc}>Set up at {formatWhen(c.completedAt)}. Secrets are kept encrypted and shown as ••••.</p>
              </div>
            </div>
            {c.steps.length ? (
              c.steps.map((s) => (
                <section key={s.id} className={styles.setupConfigStep} aria-label={s.title}>
                  <h3 className={setupStyles.setupConfigTitle}>{s.title}</h3>
                  <dl className={styles.setupConfigList}>
                    {s.fields.map((f) => (
                      <div key={f.name} className={styles.setupConfigRow} data-testid="setup-config-field" data-field={f.name}>
                        <dt>{f.label}</dt>
                        <dd className={f.value === null || f.value === undefined || f.value === '' ? 'muted' : f.secret ? 'mono' : undefined}>
                          {f.secret && f.value !== null && <Lock size={11} aria-label="secret" className={styles.setupConfigLock} />}
                          {shown(f.value)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </section>
              ))
            ) : (
              <p className="muted">The answers of this setup were not kept (it was done with an older version of the workbench).</p>
            )}
            <div className={setupStyles.setupActions}>
              <span className="spacer" />
              <Button icon={<Settings2 size={13} />} onClick={onStart} data-testid="setup-reconfigure">Reconfigure</Button>
            </div>
          </>
        ) : (
          <>
            <div className={setupStyles.setupOverviewHead}>
              <KeyRound size={22} className={setupStyles.setupIntroIcon} aria-hidden="true" />
              <div>
                <h2 className={setupStyles.setupStepTitle}>Not set up yet</h2>
                <p className={setupStyles.setupStepDesc}>
                  {name ?? 'This skill'} asks a few questions before it can work (for example an API key). Nothing is sent to it until you start.
                </p>
              </div>
            </div>
            <div className={setupStyles.setupActions}>
              <span className="spacer" />
              <Button variant="primary" icon={<KeyRound size={13} />} onClick={onStart} data-testid="setup-start">Start setup</Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
