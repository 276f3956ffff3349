/**
 * The tool policies the user kept from a chat's approval strip ("Always allow", "Never allow"), each for one tool
 * of one skill: reviewed here, and reset (the tool is asked about again), one by one or all at once.
 */
import type { KeptToolPolicy } from '@contract';
import { useCommand, useQuery } from '../../data';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import styles from './ModelSettingsDialog.module.css';

export function ToolPolicies() {
  const policies = useQuery('listToolPolicies', []);
  const reset = useCommand('resetToolPolicies', { invalidates: ['listToolPolicies'], toast: 'Could not reset the tool policy' });
  const kept = policies.data ?? [];
  const row = (p: KeptToolPolicy) => (
    <li key={`${p.skillId}\n${p.dir}\n${p.tool}`} className={styles.profile} data-testid="tool-policy" data-policy={p.policy}>
      <span className={styles.profileText}>
        <span className={styles.profileName}>
          <span className="mono">{p.tool}</span> of {p.skillName}
        </span>
        <span className={styles.profileMeta} title={p.dir}>{p.dir}</span>
      </span>
      <span className={`pill ${p.policy === 'always' ? 'pill-ok' : 'pill-muted'}`}>{p.policy === 'always' ? 'always allowed' : 'never allowed'}</span>
      <Button size="sm" variant="ghost" onClick={() => void reset.run({ skillId: p.skillId, dir: p.dir, tool: p.tool })} aria-label={`Reset ${p.tool} of ${p.skillName}`} data-testid="tool-policy-reset">
        Reset
      </Button>
    </li>
  );
  return (
    <fieldset className={styles.profilesBox} data-testid="tool-policies">
      <legend className="field-label">Tool approvals</legend>
      <p className="field-help">
        In a chat, the model’s call of a script, or of a tool of another skill than the one you chat with, waits for your answer.
        What you answered with “Always allow” or “Never allow” is kept here; reset it to be asked again.
      </p>
      {policies.error && <ErrorNote title="The tool policies could not be read" message={policies.error} />}
      {kept.length > 0 ? (
        <>
          <ul className={styles.profiles} aria-label="Kept tool policies">{kept.map(row)}</ul>
          <div>
            <Button size="sm" onClick={() => void reset.run()} busy={reset.busy} data-testid="tool-policies-reset-all">Reset all</Button>
          </div>
        </>
      ) : (
        // One line while it is read too, so the dialog does not move under the pointer when the list comes in.
        <p className="field-help" data-testid={policies.data ? 'tool-policies-none' : undefined}>{policies.data ? 'None kept: every such call is asked about.' : 'Reading the kept policies…'}</p>
      )}
    </fieldset>
  );
}
