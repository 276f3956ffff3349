import { RotateCcw, SlidersHorizontal } from 'lucide-react';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { OptionField } from './OptionField';
import { useOptions } from './useOptions';
import { useDomId } from '../../lib/use-dom-id';

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
    <div className="setup-wrap">
      <div className="setup-card options-card" data-testid="options-panel">
        <div className="setup-overview-head">
          <SlidersHorizontal size={20} className="setup-intro-icon" aria-hidden="true" />
          <div>
            <h2 className="setup-step-title">Options</h2>
            <p className="setup-step-desc">Settings this skill offers. A change is saved at once and kept for next time.</p>
          </div>
        </div>
        {o.error && <ErrorNote title="The options could not be read" message={o.error} />}
        {!o.error && !o.options.length && <p className="muted">This skill has no options.</p>}
        {groups.map((g) => (
          <section key={g || '(none)'} className="options-group" aria-label={g || 'General'}>
            {g && <h3 className="setup-config-title">{g}</h3>}
            <div className="setup-fields">
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
          <p className={`option-note tone-${o.note.tone}`} role={o.note.tone === 'error' ? 'alert' : 'status'} data-testid="option-note">{o.note.text}</p>
        )}
        {o.options.length > 0 && (
          <div className="setup-actions">
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
