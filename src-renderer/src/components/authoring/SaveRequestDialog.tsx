import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Assertion, CallRecord } from '@contract';
import { useStore } from '../../store';
import { Dialog } from '../common/Dialog';
import { Button } from '../common/Button';
import { useSkillCollections } from '../../data/collections';
import { saveRequest } from '../../actions/collections';
import { useCommand } from '../../data';
import { AssertionEditor, PathsHint } from './AssertionEditor';
import { assertionsOf, draftOfAssertion, newDraft, type CheckDraft } from './assertion-drafts';
import { useAction } from '../../data';
import styles from './SaveRequestDialog.module.css';

const NEW = '\u0000new';

/** What "expect this result" saves: the result the last call of this tool gave. */
function expectation(call: CallRecord | undefined, tool: string): Assertion | null {
  const o = call?.tool === tool && call.status === 'done' ? call.outcome : undefined;
  if (!o?.ok) return null;
  if (o.data !== undefined) return { equals: o.data };
  return o.text !== undefined ? { equals: o.text } : null;
}

/** Saves the call in the form, with a name, into one of the skill's collections or a new one. */
export function SaveRequestDialog({ skillId, tool, args, initialChecks, onClose }: { skillId: string; tool: string; args: unknown; initialChecks?: CheckDraft[]; onClose(): void }) {
  const { list } = useSkillCollections(skillId);
  const { lastCall, canPick } = useStore(useShallow((s) => ({ lastCall: s.shownCall[skillId], canPick: !!s.host?.canPickFolder })));
  const [name, setName] = useState(tool);
  const [target, setTarget] = useState<string>(() => list?.[0]?.dir ?? NEW);
  const [newName, setNewName] = useState('smoke');
  const [where, setWhere] = useState<'skill' | 'folder'>('skill');
  const [folder, setFolder] = useState('');
  const expected = expectation(lastCall, tool);
  // "Check this" on a value of a result opens the dialog with that check in it.
  const [checks, setChecks] = useState<CheckDraft[]>(initialChecks ?? []);
  const expect = checks.some((c) => c.fromLast);
  const { busy, error, setError, act } = useAction();
  const picker = useCommand('pickFolder');
  const creating = target === NEW || !list?.length;

  // "Expect the last result" puts its checks among the others, where fields can be left out of it.
  const setExpect = (on: boolean) => {
    if (!on || !expected) return setChecks(checks.filter((c) => !c.fromLast));
    setChecks([newDraft('succeeds', { fromLast: true }), { ...draftOfAssertion(expected), original: undefined, fromLast: true }, ...checks]);
  };

  const save = async () => {
    const parsed = assertionsOf(checks);
    if ('problem' in parsed) {
      setError(parsed.problem);
      return;
    }
    const assertions: Assertion[] = parsed.assertions;
    const collection = creating ? { name: newName.trim(), folder: where === 'folder' ? folder.trim() : undefined } : { dir: target };
    const res = await act(() => saveRequest(skillId, { collection, request: { name: name.trim(), tool, args, assertions } }));
    if (!res) return;
    useStore.getState().pushToast('success', `Saved “${name.trim()}” in ${res.collection.name}: ${res.file}`);
    onClose();
  };

  return (
    <Dialog size="medium"
      open
      onClose={onClose}
      title="Save this request"
      labelId="save-request-title"
      footer={
        <>
          <Button worksOffline variant="ghost" onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={() => void save()} busy={busy} disabled={busy || !name.trim() || (creating && !newName.trim())} data-testid="save-request-submit">
            Save
          </Button>
        </>
      }
    >
      <form
        className={styles.saveForm}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="field-label" htmlFor="save-name">Name</label>
        <input id="save-name" className="input" autoFocus value={name} onChange={(e) => setName(e.target.value)} data-testid="save-request-name" />
        <p className="field-help">
          Calls <code>{tool}</code> with {initialChecks ? 'the arguments of the call shown' : 'the arguments in the form'}. It is saved as a plain JSON file you can keep in git.
        </p>

        <label className="field-label" htmlFor="save-collection">Collection</label>
        <select id="save-collection" className="input" value={creating ? NEW : target} onChange={(e) => setTarget(e.target.value)} data-testid="save-request-collection">
          {list?.map((c) => (
            <option key={c.dir} value={c.dir}>
              {c.name} ({c.requests.length} request{c.requests.length === 1 ? '' : 's'}{c.place === 'folder' ? `, in ${c.dir}` : ''})
            </option>
          ))}
          <option value={NEW}>New collection…</option>
        </select>

        {creating && (
          <fieldset className={styles.saveNew}>
            <label className="field-label" htmlFor="save-new-name">New collection’s name</label>
            <input id="save-new-name" className="input" value={newName} onChange={(e) => setNewName(e.target.value)} data-testid="save-request-new-name" />
            <div className={styles.saveWhere} role="radiogroup" aria-label="Where to keep it">
              <label>
                <input type="radio" name="save-where" checked={where === 'skill'} onChange={() => setWhere('skill')} /> In the skill’s folder
                <span className="field-help"> (.skillbench/collections/{newName.trim() || '…'})</span>
              </label>
              <label>
                <input type="radio" name="save-where" checked={where === 'folder'} onChange={() => setWhere('folder')} data-testid="save-request-elsewhere" /> In another folder
              </label>
            </div>
            {where === 'folder' && (
              <div className={styles.saveFolder}>
                <input className="input mono" placeholder="/path/to/team/collections" value={folder} onChange={(e) => setFolder(e.target.value)} aria-label="Folder for the collection" data-testid="save-request-folder" />
                {canPick && (
                  <Button size="sm" onClick={() => void picker.run().then((p) => p && setFolder(p))}>Choose…</Button>
                )}
              </div>
            )}
          </fieldset>
        )}

        <fieldset className={styles.saveChecks}>
          <legend className="field-label">Checks</legend>
          <label className={`${styles.saveExpect}${expected ? '' : ` ${styles.isDisabled}`}`}>
            <input type="checkbox" checked={expect && !!expected} disabled={!expected} onChange={(e) => setExpect(e.target.checked)} data-testid="save-request-expect" />
            Expect the result of the last run
            <span className="field-help">
              {expected ? ' (a collection run then fails when the answer changes; leave out the fields that may)' : ' (run the tool first to expect its result)'}
            </span>
          </label>
          <AssertionEditor drafts={checks} onChange={setChecks} idPrefix="save-check" />
          <PathsHint pick />
        </fieldset>
        {error && <p className="field-error" role="alert">{error}</p>}
      </form>
    </Dialog>
  );
}
