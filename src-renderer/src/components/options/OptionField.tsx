import { useState } from 'react';
import { Check, RotateCcw } from 'lucide-react';
import type { SkillOption } from '@contract';
import { Switch } from '../common/Switch';
import { isNumberText } from '../form/number-text';
import type { SaveNote } from './useOptions';
import { asText } from '../../../../src-main/common/values';
import styles from './OptionField.module.css';
import optionsStyles from './options.module.css';

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

const draftOf = (v: unknown) => (v === null || v === undefined ? '' : asText(v));

function defaultWords(o: SkillOption): string {
  if (o.type === 'boolean') return o.default ? 'on' : 'off';
  if (o.type === 'select') return o.choices?.find((c) => c.value === o.default)?.label ?? String(o.default);
  return o.default === null || o.default === undefined || o.default === '' ? 'empty' : asText(o.default);
}

/** One option: the control for its type, saved as soon as it changes (text and numbers when you leave the field or press Enter). */
export function OptionField({ option: o, saving, note, onSet, onReset, idPrefix }: {
  option: SkillOption;
  /** This option is being saved. */
  saving: boolean;
  /** What its last save said. */
  note: SaveNote | null;
  onSet(value: unknown): void;
  onReset(): void;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${o.name}`;
  const helpId = `${id}-help`;
  const noteId = `${id}-note`;
  const describedBy = [helpId, note ? noteId : ''].filter(Boolean).join(' ');
  const testId = `option-${o.name}`;
  const [draft, setDraft] = useState(draftOf(o.value));
  // The saved value wins when it changes (a reset, another window).
  const [draftFor, setDraftFor] = useState(o.value);
  if (!Object.is(draftFor, o.value)) {
    setDraftFor(o.value);
    setDraft(draftOf(o.value));
  }
  const notNumber = o.type === 'number' && draft.trim() !== '' && !isNumberText(draft);

  const commit = () => {
    if (o.type === 'number') {
      if (!isNumberText(draft)) return;
      if (Number(draft) !== o.value) onSet(Number(draft));
    } else if (draft !== (o.value ?? '')) onSet(draft);
  };
  const common = {
    id,
    className: 'input',
    disabled: saving,
    'aria-describedby': describedBy,
    'data-testid': testId,
  } as const;

  let control: React.ReactNode;
  if (o.type === 'boolean') {
    control = <Switch id={id} checked={o.value === true} onChange={(v) => onSet(v)} label={o.label} disabled={saving} testId={testId} describedBy={describedBy} />;
  } else if (o.type === 'select') {
    const known = (o.choices ?? []).some((c) => c.value === o.value);
    control = (
      <select {...common} value={known ? String(o.value) : ''} onChange={(e) => e.target.value && onSet(e.target.value)}>
        {!known && <option value="">Choose…</option>}
        {(o.choices ?? []).map((c) => (
          <option key={c.value} value={c.value}>{c.label}</option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type="text"
        inputMode={o.type === 'number' ? 'decimal' : undefined}
        aria-invalid={notNumber || undefined}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setDraft(draftOf(o.value));
        }}
      />
    );
  }

  const hint = [
    o.description ?? '',
    o.toolFilter?.length ? `${o.toolFilter.length === 1 ? 'Shows the tool' : 'Shows the tools'} ${o.toolFilter.join(', ')} while on.` : '',
    `Default: ${defaultWords(o)}.`,
  ].filter(Boolean).join(' ');

  return (
    <div className={optionsStyles.optionField} data-option={o.name}>
      {o.type !== 'boolean' && (
        <label className="field-label" htmlFor={id}>{o.label}</label>
      )}
      <div className={optionsStyles.optionControl}>
        {control}
        {!same(o.value, o.default) && (
          <button type="button" className={`btn btn-ghost btn-sm ${styles.optionReset}`} onClick={onReset} disabled={saving} data-testid={`${testId}-reset`}>
            <RotateCcw size={12} aria-hidden="true" /> Use default
          </button>
        )}
      </div>
      {notNumber && <p className="field-error" role="status">Type a number, such as 5.</p>}
      <p className="field-help" id={helpId}>{hint}</p>
      {note && (
        <p className={`${optionsStyles.optionNote} tone-${note.tone}`} id={noteId} role={note.tone === 'error' ? 'alert' : 'status'} data-testid="option-note">
          {note.tone === 'success' && <Check size={13} aria-hidden="true" />}
          {note.text}
        </p>
      )}
    </div>
  );
}
