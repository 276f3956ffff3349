import { RotateCcw, SlidersHorizontal } from 'lucide-react';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { OptionField } from './OptionField';
import { useOptions } from './useOptions';
import { useDomId } from '../../lib/use-dom-id';
// Global class names kept beside the module classes: .setup-card is styled in its context by common.module.css,
// TriggersTab.module.css; .options-group is styled in its context by setup.module.css.
import styles from './OptionsTab.module.css';
import setupStyles from '../setup/setup.module.css';
import optionsStyles from './options.module.css';

/** The Options tab: the settings a skill declares, by group, each saved as soon as it changes. */
export function OptionsTab({ skillId }: { skillId: string }) {
  return <OptionsView key={skillId} skillId={skillId} />;
}

function OptionsView({ skillId }: { skillId: string }) {
  const o = useOptions(skillId);
  const idPrefix = useDomId('options');
  if (o.loading) return <div className="panel-loading"><Spinner /> Asking the skill for its options…</div>;
  // Options without a group come first, then each group in the order the skill declared it.
  const groups = [...new Set(o.options.map((x) => x.group ?? ''))].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : 0));
  const changed = o.options.some((x) => JSON.stringify(x.value ?? null) !== JSON.stringify(x.default ?? null));
  return (
    <div className={setupStyles.setupWrap}>
      <div className={`${setupStyles.setupCard} setup-card options-card`} data-testid="options-panel">
        <div className={setupStyles.setupOverviewHead}>
          <SlidersHorizontal size={20} className={setupStyles.setupIntroIcon} aria-hidden="true" />
          <div>
            <h2 className={setupStyles.setupStepTitle}>Options</h2>
            <p className={setupStyles.setupStepDesc}>Settings this skill offers. A change is saved at once and kept for next time.</p>
          </div>
        </div>
        {o.error && <ErrorNote title="The options could not be read" message={o.error} />}
        {!o.error && !o.options.length && <p className="muted">This skill has no options.</p>}
        {groups.map((g) => (
          <section key={g || '(none)'} className={`${styles.optionsGroup} options-group`} aria-label={g || 'General'}>
            {g && <h3 className={setupStyles.setupConfigTitle}>{g}</h3>}
            <div className={setupStyles.setupFields}>
              {o.options
                .filter((x) => (x.group ?? '') === g)
                .map((x) => (
                  <OptionField
                    key={x.name}
                    option={x}
                    saving={o.saving === x.name || o.saving === ''}
                    note={o.note?.name === x.name ? o.note : null}
                    onSet={(v) => o.set(x.name, v)}
                    onReset={() => o.reset(x.name)}
                    idPrefix={idPrefix}
                  />
                ))}
            </div>
          </section>
        ))}
        {o.note && o.note.name === null && (
          <p className={`${optionsStyles.optionNote} tone-${o.note.tone}`} role={o.note.tone === 'error' ? 'alert' : 'status'} data-testid="option-note">{o.note.text}</p>
        )}
        {o.options.length > 0 && (
          <div className={setupStyles.setupActions}>
            <span className="spacer" />
            <Button size="sm" icon={<RotateCcw size={13} />} onClick={() => o.reset()} disabled={!changed || o.saving !== null} busy={o.saving === ''} data-testid="options-reset-all">
              Reset all to defaults
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
