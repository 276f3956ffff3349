import { useState } from 'react';
import { Bookmark, ChevronDown, ChevronRight, ListChecks, Play, RefreshCw, Trash2, Variable } from 'lucide-react';
import type { CollectionDetails, SavedRequest } from '@contract';
import { toastError } from '../../actions/errors';
import { useStore } from '../../store';
import { IconButton } from '../common/Button';
import { useSkillCollections } from '../../data/collections';
import { deleteRequest } from '../../actions/collections';
import { ChecksDialog } from './ChecksDialog';
import { CollectionRunDialog } from './CollectionRunDialog';
import { EnvironmentDialog } from './EnvironmentDialog';
import { EvalSuites } from './EvalSuites';
import styles from './SavedRequests.module.css';

/** Puts a saved request back into the form: its tool selected, its arguments filled in. */
function reopen(skillId: string, r: SavedRequest): void {
  const s = useStore.getState();
  s.setSelectedTool(skillId, r.tool);
  s.setDraft(skillId, r.tool, structuredClone(r.args ?? {}));
  s.setRunError(skillId, undefined);
}

/** The skill's saved requests by collection, beside its tools: reopen one, run a collection, edit its variables. */
export function SavedRequests({ skillId }: { skillId: string }) {
  const { list, error, reload } = useSkillCollections(skillId);
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const [running, setRunning] = useState<CollectionDetails | null>(null);
  const [editing, setEditing] = useState<CollectionDetails | null>(null);
  const [checking, setChecking] = useState<{ c: CollectionDetails; r: SavedRequest } | null>(null);
  const total = list?.reduce((n, c) => n + c.requests.length, 0) ?? 0;

  const remove = async (c: CollectionDetails, name: string) => {
    try {
      await deleteRequest(skillId, c.dir, name);
    } catch (err) {
      toastError(err, 'Could not delete the request');
    }
  };

  return (
    <section className={styles.savedPanel} aria-label="Saved requests" data-testid="saved-panel">
      <div className={styles.savedHead}>
        <Bookmark size={13} aria-hidden="true" />
        <span>Saved</span>
        {total > 0 && <span className="count">{total}</span>}
        <span className="spacer" />
        <IconButton size="sm" label="Read the saved requests again (after a git pull, say)" icon={<RefreshCw size={12} />} onClick={reload} />
      </div>
      <div className={styles.savedBody}>
        {error && <p className={`${styles.savedNote} is-error`}>{error}</p>}
        {list && !list.length && <p className={styles.savedNote}>Save a call with <strong>Save</strong> next to Run to keep it in a collection you can rerun.</p>}
        {list?.map((c) => {
          const open = !closed.has(c.dir);
          return (
            <div key={c.dir} className="saved-collection" data-testid="saved-collection" data-name={c.name}>
              <div className={styles.savedCollectionHead}>
                <button
                  type="button"
                  className={styles.savedCollectionToggle}
                  aria-expanded={open}
                  title={c.dir}
                  onClick={() => setClosed((s) => {
                    const n = new Set(s);
                    if (open) n.add(c.dir);
                    else n.delete(c.dir);
                    return n;
                  })}
                >
                  {open ? <ChevronDown size={13} aria-hidden="true" /> : <ChevronRight size={13} aria-hidden="true" />}
                  <span className={styles.savedCollectionName}>{c.name}</span>
                </button>
                <IconButton size="sm" label={`Variables of ${c.name}`} icon={<Variable size={13} />} onClick={() => setEditing(c)} data-testid="collection-vars" />
                <IconButton size="sm" tone="accent" label={`Run the collection ${c.name}`} icon={<Play size={13} />} onClick={() => setRunning(c)} disabled={!c.requests.length} data-testid="collection-run" />
              </div>
              {c.error && <p className={`${styles.savedNote} is-error`}>{c.error}</p>}
              {open && (
                <ul className={styles.savedItems}>
                  {c.requests.map((r) => (
                    <li key={r.file} className={styles.savedItemRow}>
                      <button type="button" className={styles.savedItem} onClick={() => reopen(skillId, r)} data-testid="saved-request" title={`Open "${r.name}" in the form (${r.tool})`}>
                        <span className={styles.savedItemName}>{r.name}</span>
                        <span className={styles.savedItemTool}>{r.tool}</span>
                      </button>
                      <IconButton
                        size="sm"
                        className={styles.savedItemChecks}
                        label={`Checks of "${r.name}" (${r.assertions.length ? `${r.assertions.length} check${r.assertions.length === 1 ? '' : 's'}` : 'none: passes when the call succeeds'})`}
                        icon={<ListChecks size={12} />}
                        onClick={() => setChecking({ c, r })}
                        data-testid="saved-request-checks"
                        data-count={r.assertions.length}
                      />
                      <IconButton size="sm" tone="danger" className={styles.savedItemDelete} label={`Delete "${r.name}"`} icon={<Trash2 size={12} />} onClick={() => void remove(c, r.name)} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
        <EvalSuites skillId={skillId} />
      </div>
      {running && <CollectionRunDialog skillId={skillId} collection={running} onClose={() => setRunning(null)} />}
      {checking && <ChecksDialog skillId={skillId} collection={checking.c} request={checking.r} onClose={() => setChecking(null)} />}
      {editing && <EnvironmentDialog skillId={skillId} collectionDir={editing.dir} onClose={() => setEditing(null)} />}
    </section>
  );
}
