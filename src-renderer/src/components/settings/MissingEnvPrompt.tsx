import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import type { SkillInfo, SkillSummary } from '@contract';
import * as settings from '../../actions/settings';
import { loadInfo, restartSkill } from '../../actions/workspace';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { useAction } from '../../data';
import styles from './MissingEnvPrompt.module.css';

/** Names that usually hold keys, tokens or passwords: their value goes to the encrypted store unless the user says otherwise. */
const SECRET_NAME = /TOKEN|KEY|SECRET|PASSW|HASH|CREDENTIAL|AUTH/i;

/**
 * A skill's manifest asks for variables (`env[]`) that neither the workbench's environment nor the skill's
 * settings give: one field each, saved into the skill's settings (secret ones encrypted), then the skill
 * restarts to get them.
 */
export function MissingEnvPrompt({ summary, info }: { summary: SkillSummary; info: SkillInfo }) {
  const names = info.missingEnv ?? [];
  const [values, setValues] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<Record<string, boolean>>({});
  const { busy, error, act } = useAction();
  if (!names.length) return null;
  const isSecret = (n: string) => secret[n] ?? SECRET_NAME.test(n);
  const given = names.filter((n) => values[n]?.trim());

  const save = async () => {
    const done = await act(async () => {
      const before = await settings.getSkillSettings(summary.id);
      const env = { ...before.env };
      const secretValues: Record<string, string> = {};
      for (const n of given) {
        if (isSecret(n)) secretValues[n] = values[n];
        else env[n] = values[n];
      }
      await settings.updateSkillSettings(summary.id, { env, ...(Object.keys(secretValues).length ? { secretValues } : {}) });
      await restartSkill(summary.id);
      await loadInfo(summary.id, true);
      return true;
    });
    if (done) setValues({});
  };

  return (
    <form
      className={`callout ${styles.missingEnv}`}
      aria-labelledby={`missing-env-${summary.id}`}
      data-testid="missing-env"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <KeyRound size={14} aria-hidden="true" className={styles.missingEnvIcon} />
      <div className={styles.missingEnvBody}>
        <p id={`missing-env-${summary.id}`}>
          {summary.name} asks for {names.length === 1 ? 'a setting' : `${names.length} settings`} that {names.length === 1 ? 'is' : 'are'} not given yet. Fill{' '}
          {names.length === 1 ? 'it' : 'them'} in to start it with {names.length === 1 ? 'it' : 'them'}; keys and tokens are kept encrypted.
        </p>
        {names.map((n) => (
          <div className={styles.missingEnvRow} key={n} data-testid="missing-env-row" data-name={n}>
            <label className={`mono ${styles.missingEnvName}`} htmlFor={`missing-env-${summary.id}-${n}`}>{n}</label>
            <input
              id={`missing-env-${summary.id}-${n}`}
              className="input input-sm mono"
              type={isSecret(n) ? 'password' : 'text'}
              autoComplete="off"
              spellCheck={false}
              value={values[n] ?? ''}
              onChange={(e) => setValues({ ...values, [n]: e.target.value })}
              data-testid="missing-env-value"
            />
            <label className={styles.missingEnvSecret}>
              <input type="checkbox" checked={isSecret(n)} onChange={(e) => setSecret({ ...secret, [n]: e.target.checked })} aria-label={`${n} is a secret`} data-testid="missing-env-secret" />
              Secret
            </label>
          </div>
        ))}
        {error && <ErrorNote message={error} />}
        <div>
          <Button size="sm" variant="primary" type="submit" disabled={busy || !given.length} busy={busy} data-testid="missing-env-save">
            Save and restart
          </Button>
        </div>
      </div>
    </form>
  );
}
