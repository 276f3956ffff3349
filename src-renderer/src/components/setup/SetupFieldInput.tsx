import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import type { SetupField } from '@contract';
import { Switch } from '../common/Switch';
import { isNumberPrefix, isNumberText } from '../form/number-text';
import { asText } from '../../../../src-main/common/values';
import styles from './SetupFieldInput.module.css';
import setupStyles from './setup.module.css';
import formStyles from '../form/form.module.css';

/** One wizard field, rendered for someone who has never seen JSON: a label, a hint, the input, and any problem under it. */
export function SetupFieldInput({ field, value, kept = false, error, onChange, idPrefix }: {
  field: SetupField;
  value: unknown;
  /** A secret typed before Back, held by the wizard: the field stays empty and says so. */
  kept?: boolean;
  error?: string;
  onChange(value: unknown): void;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${field.name}`;
  const descId = field.description ? `${id}-desc` : undefined;
  const errId = error ? `${id}-err` : undefined;
  const keptShown = kept && field.type === 'password' && (value === undefined || value === '');
  const keptId = keptShown ? `${id}-kept` : undefined;
  const describedBy = [keptId, descId, errId].filter(Boolean).join(' ') || undefined;
  const [reveal, setReveal] = useState(false);
  const testId = `setup-field-${field.name}`;
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required || undefined,
    'data-testid': testId,
  } as const;

  let control: React.ReactNode;
  switch (field.type) {
    case 'boolean':
      control = (
        <Switch id={id} checked={value === true} onChange={onChange} label={field.label} testId={testId} describedBy={describedBy} />
      );
      break;
    case 'select':
      control = (
        <select {...common} className="input" value={value === undefined || value === null ? '' : asText(value)} onChange={(e) => onChange(e.target.value || undefined)}>
          <option value="">{field.placeholder || 'Choose…'}</option>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>{o.label}</option>
          ))}
        </select>
      );
      break;
    case 'multiselect': {
      const selected = Array.isArray(value) ? (value as string[]) : [];
      control = (
        <div className={setupStyles.checkboxList} role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy} data-testid={testId}>
          {(field.options ?? []).map((o) => {
            const cid = `${id}-${o.value}`;
            return (
              <label key={o.value} htmlFor={cid} className={setupStyles.checkboxRow}>
                <input
                  id={cid}
                  type="checkbox"
                  checked={selected.includes(o.value)}
                  onChange={(e) => onChange(e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value))}
                />
                {o.label}
              </label>
            );
          })}
          {!field.options?.length && <span className="muted">No choices offered.</span>}
        </div>
      );
      break;
    }
    case 'password':
      control = (
        <div className={styles.secretInput}>
          <input
            {...common}
            className="input"
            type={reveal ? 'text' : 'password'}
            autoComplete="new-password"
            spellCheck={false}
            placeholder={keptShown ? 'kept; type to replace' : (field.placeholder ?? '')}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className="icon-btn icon-btn-md"
            aria-label={reveal ? 'Hide what you typed' : 'Show what you typed'}
            title={reveal ? 'Hide' : 'Show'}
            aria-pressed={reveal}
            disabled={!value}
            onClick={() => setReveal(!reveal)}
          >
            {reveal ? <EyeOff size={14} /> : <Eye size={14} />}
          </button>
        </div>
      );
      break;
    case 'number':
      control = <NumberInput common={common} placeholder={field.placeholder ?? undefined} value={value} onChange={onChange} hasError={!!error} />;
      break;
    default:
      control = (
        <input
          {...common}
          className="input"
          type="text"
          placeholder={field.placeholder ?? ''}
          value={value === undefined || value === null ? '' : asText(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }

  return (
    <div className={`setup-field${error ? ' has-error' : ''}`}>
      {field.type !== 'boolean' && (
        <label className="field-label" htmlFor={field.type === 'multiselect' ? undefined : id} id={`${id}-label`}>
          {field.label}
          {field.required ? <span className={formStyles.fldRequired} aria-label="required">*</span> : <span className="optional">optional</span>}
        </label>
      )}
      {control}
      {keptShown && (
        <p className="field-help secret-kept" id={keptId} data-testid={`${testId}-kept`}>
          What you typed before is kept; type to replace it.
        </p>
      )}
      {error && <p className="field-error" id={errId} role="alert">{error}</p>}
      {field.description && <p className="field-help" id={descId}>{field.description}</p>}
      {field.type === 'password' && (
        <p className={`field-help ${setupStyles.secretNote}`}>Stored in the workbench’s secret store and not shown again after you continue.</p>
      )}
    </div>
  );
}

/**
 * A number as text: what was typed stays (a browser's number input empties itself on a letter), a number goes
 * to the wizard as a number, and anything else as the text itself, which the wizard refuses to send.
 */
function NumberInput({ common, placeholder, value, onChange, hasError }: {
  common: Record<string, unknown>;
  placeholder?: string;
  value: unknown;
  onChange(value: unknown): void;
  /** The wizard already shows a problem under the field: say nothing twice. */
  hasError: boolean;
}) {
  const shown = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : '';
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  // Keep the text typed while it means the value held; follow the value when it changes from outside.
  const current = (isNumberText(text) ? Number(text) : text === '' ? undefined : text) === value || (text === '' && value == null) ? text : shown;
  const bad = current !== '' && !isNumberText(current) && !(editing && isNumberPrefix(current));
  return (
    <>
      <input
        {...common}
        className="input"
        type="text"
        inputMode="decimal"
        placeholder={placeholder ?? ''}
        value={current}
        aria-invalid={bad || common['aria-invalid'] ? true : undefined}
        onFocus={() => setEditing(true)}
        onBlur={() => setEditing(false)}
        onChange={(e) => {
          const t = e.target.value;
          setText(t);
          onChange(t.trim() === '' ? undefined : isNumberText(t) ? Number(t) : t);
        }}
      />
      {bad && !hasError && (
        <p className="field-error" role="status">
          Not a number
        </p>
      )}
    </>
  );
}
