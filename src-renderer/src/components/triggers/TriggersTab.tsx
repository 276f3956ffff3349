import { useState } from 'react';
import { Zap } from 'lucide-react';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { NewTrigger } from './NewTrigger';
import { TriggerList } from './TriggerList';
import { useTriggers } from './useTriggers';
import { useDomId } from '../../lib/use-dom-id';
// Global class names kept beside the module classes: .setup-card is styled in its context by common.module.css,
// TriggersTab.module.css.
import styles from './TriggersTab.module.css';
import optionsStyles from '../options/options.module.css';
import setupStyles from '../setup/setup.module.css';

/** The Triggers tab: the triggers a skill keeps (register, turn on or off, remove), by the types it declares. */
export function TriggersTab({ skillId }: { skillId: string }) {
  return <TriggersView key={skillId} skillId={skillId} />;
}

function TriggersView({ skillId }: { skillId: string }) {
  const t = useTriggers(skillId);
  const idPrefix = useDomId('triggers');
  /** The trigger being changed in the form, or null while the form registers a new one. */
  const [editing, setEditing] = useState<string | null>(null);
  if (t.loading) return <div className="panel-loading"><Spinner /> Asking the skill for its triggers…</div>;
  return (
    <div className={setupStyles.setupWrap}>
      <div className={`${setupStyles.setupCard} setup-card ${styles.triggersCard}`} data-testid="triggers-panel">
        <div className={setupStyles.setupOverviewHead}>
          <Zap size={20} className={setupStyles.setupIntroIcon} aria-hidden="true" />
          <div>
            <h2 className={setupStyles.setupStepTitle}>Triggers</h2>
            <p className={setupStyles.setupStepDesc}>Rules the skill watches for. When one matches, the skill fires it: it shows on the Timeline, with what matched.</p>
          </div>
        </div>
        {t.error && <ErrorNote title="The triggers could not be read" message={t.error} />}
        {!t.error && (
          <>
            <section aria-label="Registered triggers">
              <h3 className={setupStyles.setupConfigTitle}>Registered <span className="count">{t.view.triggers.length}</span></h3>
              <TriggerList triggers={t.view.triggers} types={t.view.types} busy={t.busy} onEnabled={t.setEnabled} onRemove={t.remove} onEdit={setEditing} />
            </section>
            {t.note && <p className={`${optionsStyles.optionNote} tone-${t.note.tone}`} role={t.note.tone === 'error' ? 'alert' : 'status'} data-testid="trigger-note">{t.note.text}</p>}
            {editing && t.view.triggers.some((x) => x.id === editing) ? (
              <NewTrigger
                key={editing}
                types={t.view.types}
                editing={t.view.triggers.find((x) => x.id === editing)}
                busy={t.busy === editing}
                idPrefix={`${idPrefix}-edit`}
                onCreate={async (input) => {
                  const saved = await t.update(editing, input);
                  if (saved) setEditing(null);
                  return saved;
                }}
                onCancel={() => setEditing(null)}
              />
            ) : t.view.types.length ? (
              <NewTrigger types={t.view.types} busy={t.busy === ''} idPrefix={idPrefix} onCreate={t.create} />
            ) : (
              <p className="muted">This skill declares no trigger types.</p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
