import { useState } from 'react';
import type { CollectionDetails, SavedRequest } from '@contract';
import { useStore } from '../../store';
import { Dialog } from '../common/Dialog';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { AssertionEditor, PathsHint } from './AssertionEditor';
import { assertionsOf, draftOfAssertion, type CheckDraft } from './assertion-drafts';
import { saveRequest } from '../../actions/collections';
import { useAction } from '../../data';
import styles from './ChecksDialog.module.css';
import authoringStyles from './authoring.module.css';

/** The checks of one saved request, edited and written back to its file. */
export function ChecksDialog({ skillId, collection, request, onClose }: { skillId: string; collection: CollectionDetails; request: SavedRequest; onClose(): void }) {
  const [checks, setChecks] = useState<CheckDraft[]>(() => request.assertions.map(draftOfAssertion));
  const { busy, error, setError, act } = useAction();

  const save = async () => {
    const parsed = assertionsOf(checks);
    if ('problem' in parsed) {
      setError(parsed.problem);
      return;
    }
    const { name, tool, args, timeoutMs } = request;
    const saved: SavedRequest = { name, tool, args, assertions: parsed.assertions };
    if (timeoutMs !== undefined) saved.timeoutMs = timeoutMs;
    const res = await act(() => saveRequest(skillId, { collection: { dir: collection.dir }, request: saved }));
    if (!res) return;
    useStore.getState().pushToast('success', `Saved the checks of “${name}”.`);
    onClose();
  };

  return (
    <Dialog size="wide"
      open
      onClose={onClose}
      title={`Checks of “${request.name}”`}
      labelId="checks-title"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={() => void save()} busy={busy} disabled={busy} data-testid="checks-save">Save checks</Button>
        </>
      }
    >
      <div className={`${authoringStyles.wideDialog} ${styles.checksDialog}`}>
        <p className="field-help">
          A run of <strong>{collection.name}</strong> calls <code>{request.tool}</code> and passes this request when every check passes.
        </p>
        <PathsHint />
        <AssertionEditor drafts={checks} onChange={setChecks} idPrefix="edit-check" />
        {error && <ErrorNote message={error} />}
      </div>
    </Dialog>
  );
}
