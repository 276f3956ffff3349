import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { PROTOCOL_LABELS, type Protocol } from '@contract';
import { createSkill } from '../../actions/workspace';
import { useCommand } from '../../data';
import { selectSkill } from '../../actions/workspace';
import { useStore } from '../../store';
import { Dialog } from '../common/Dialog';
import { Button } from '../common/Button';
import { useAction } from '../../data';
import styles from './NewSkillDialog.module.css';

const CHOICES: { protocol: Protocol; line: string }[] = [
  { protocol: 'jsonrpc', line: 'A Python process that answers JSON-RPC on stdin and stdout. The simplest to read and debug.' },
  { protocol: 'skilldef', line: 'Python on the SkillDefinition SDK: typed tools, saved state, a setup wizard, background ticks.' },
  { protocol: 'namel3ss', line: 'Tools declared in a namel3ss .ai app, each a Python function run once per call.' },
  { protocol: 'action', line: 'A script under .claude/skills that reads one JSON request and prints one answer.' },
];

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** A working skill from a template: one tool, a test and a README, opened and selected at once. */
export function NewSkillDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { folders, canPick } = useStore(useShallow((s) => ({ folders: s.folders, canPick: !!s.host?.canPickFolder })));
  const [protocol, setProtocol] = useState<Protocol>('jsonrpc');
  const [name, setName] = useState('');
  const [parent, setParent] = useState(folders[0] ?? '');
  const [picked, setPicked] = useState<string[]>([]);
  const { busy, error, setError, act } = useAction();
  const picker = useCommand('pickFolder');

  // While open, the dialog follows the store's folders: a parent that has gone falls back to the first folder.
  useEffect(() => {
    if (open) {
      setError(null);
      // eslint-disable-next-line react-hooks/set-state-in-effect -- kept in step with the folder list, which changes outside the dialog
      if (!parent || (!folders.includes(parent) && !picked.includes(parent))) setParent(folders[0] ?? '');
    }
  }, [open, folders, parent, picked, setError]);

  const nameProblem = name && !NAME.test(name) ? 'Start with a letter, then letters, digits, "-" and "_" only.' : null;

  const create = async () => {
    if (!name || nameProblem || !parent) return;
    const made = await act(async () => {
      return createSkill({ protocol, name, parent });
    });
    if (!made) return;
    selectSkill(made.skillId, false);
    useStore.getState().setActiveTab(made.skillId, 'tools');
    useStore.getState().pushToast('success', `Created ${made.name} in ${made.dir}`);
    setName('');
    onClose();
  };

  const options = [...folders, ...picked.filter((p) => !folders.includes(p))];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New skill"
      labelId="new-skill-title"
      footer={
        <>
          <Button worksOffline variant="ghost" onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={() => void create()} busy={busy} disabled={busy || !name || !!nameProblem || !parent} data-testid="new-skill-create">
            Create skill
          </Button>
        </>
      }
    >
      <form
        className={styles.newSkillForm}
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <fieldset className={styles.protocolChoices}>
          <legend className="field-label">Protocol</legend>
          {CHOICES.map((c) => (
            <label key={c.protocol} className={`${styles.protocolChoice}${protocol === c.protocol ? ' selected' : ''}`} data-testid={`new-skill-protocol-${c.protocol}`}>
              <input type="radio" name="new-skill-protocol" value={c.protocol} checked={protocol === c.protocol} onChange={() => setProtocol(c.protocol)} />
              <span className={styles.protocolChoiceText}>
                <span className={styles.protocolChoiceName}>{PROTOCOL_LABELS[c.protocol]}</span>
                <span className={styles.protocolChoiceLine}>{c.line}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <label className="field-label" htmlFor="new-skill-name">Name</label>
        <input
          id="new-skill-name"
          className="input"
          autoFocus
          spellCheck={false}
          placeholder="weather-report"
          value={name}
          aria-invalid={nameProblem ? true : undefined}
          onChange={(e) => {
            setName(e.target.value.trim());
            setError(null);
          }}
          data-testid="new-skill-name"
        />
        {nameProblem && <p className="field-error">{nameProblem}</p>}

        <label className="field-label" htmlFor="new-skill-parent">Create it in</label>
        <div className={styles.newSkillParent}>
          <select id="new-skill-parent" className="input mono" value={parent} onChange={(e) => setParent(e.target.value)} data-testid="new-skill-parent" disabled={!options.length}>
            {!options.length && <option value="">Open a folder first</option>}
            {options.map((f) => (
              <option key={f} value={f}>{f}</option>
            ))}
          </select>
          {canPick && (
            <Button
              size="sm"
              onClick={() =>
                void picker
                  .run()
                  .then((p) => {
                    if (!p) return;
                    setPicked((x) => [...x, p]);
                    setParent(p);
                  })
              }
            >
              Other…
            </Button>
          )}
        </div>
        <p className="field-help">
          {name && parent ? <>The skill’s folder will be <code>{parent.replace(/\/+$/, '')}/{name}</code>.</> : 'The skill gets a folder of its own here, with one tool, a test and a README.'}
        </p>
        {error && <p className="field-error" role="alert">{error}</p>}
      </form>
    </Dialog>
  );
}
