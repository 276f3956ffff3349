import { useState } from 'react';
import { Pencil, Save, X } from 'lucide-react';
import { MonacoEditor } from '../../monaco/MonacoEditor';
import { JsonTree } from '../common/JsonTree';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { REDACTED } from '@contract';
import { useCommand } from '../../data';
import { pretty } from '../../lib/format';
import styles from './StateSection.module.css';

const STATE_SCHEMA = { type: 'object' };

export function StateSection({ skillId, state, onSaved }: { skillId: string; state: Record<string, unknown>; onSaved(): void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const { run, busy, error, setError } = useCommand('setState');

  const save = async () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      setError(`The state is not valid JSON: ${(err as Error).message}`);
      return;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      setError('The state must be a JSON object, like {"key": "value"}.');
      return;
    }
    if ((await run(skillId, parsed as Record<string, unknown>)) === undefined) return;
    setEditing(false);
    onSaved();
  };

  return (
    <section className="card" aria-labelledby="state-title">
      <div className="card-head">
        <h2 id="state-title" className="card-title">State</h2>
        <span className="spacer" />
        {editing ? (
          <>
            <Button worksOffline size="sm" variant="ghost" icon={<X size={12} />} onClick={() => { setEditing(false); setError(null); }}>Cancel</Button>
            <Button size="sm" variant="primary" icon={<Save size={12} />} onClick={() => void save()} busy={busy} data-testid="state-save">Save</Button>
          </>
        ) : (
          <Button worksOffline size="sm" icon={<Pencil size={12} />} onClick={() => { setText(pretty(state)); setEditing(true); }} data-testid="state-edit">Edit</Button>
        )}
      </div>
      {error && <ErrorNote message={error} />}
      {editing && text.includes(REDACTED) && (
        <p className={`field-help ${styles.stateSecretNote}`}>
          Values shown as {REDACTED} are secrets the workbench does not reveal. Leave them exactly as they are to keep them.
        </p>
      )}
      {editing ? (
        <MonacoEditor value={text} onChange={setText} schema={STATE_SCHEMA} ariaLabel="Skill state as JSON" onSubmit={() => void save()} className={styles.stateEditor} />
      ) : Object.keys(state).length ? (
        <JsonTree value={state} label="Skill state" />
      ) : (
        <p className="muted">The skill has not stored any state yet. Press Edit to give it some, for example to test how it starts from a given state.</p>
      )}
    </section>
  );
}
