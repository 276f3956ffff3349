import { useEffect, useRef, useState } from 'react';
import styles from './CompletingInput.module.css';
import formStyles from '../form/form.module.css';

const WAIT_MS = 150;

/**
 * A text field whose suggestions come from the server as you type (MCP completion): a combobox with its
 * list of choices under it. `complete` is asked with what is typed; a failure just offers nothing.
 */
export function CompletingInput({ id, label, value, onChange, complete, required, description, testId }: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Suggestions for this text; omitted when the server offers no completion. */
  complete?: (text: string) => Promise<string[]>;
  required?: boolean;
  description?: string;
  testId?: string;
}) {
  const [options, setOptions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);
  const listId = `${id}-suggestions`;
  const descId = description ? `${id}-desc` : undefined;

  const ask = (text: string) => {
    if (!complete) return;
    const n = ++asked.current;
    setTimeout(() => {
      if (n !== asked.current) return;
      complete(text)
        .then((values) => {
          if (n !== asked.current) return;
          setOptions(values.slice(0, 100));
          setActive(-1);
        })
        .catch(() => n === asked.current && setOptions([]));
    }, WAIT_MS);
  };
  useEffect(() => () => void (asked.current += 1), []);

  const pick = (v: string) => {
    onChange(v);
    setOpen(false);
    setOptions([]);
  };
  const shown = open && options.length > 0;

  return (
    <div className={`setup-field ${styles.mcpCompleting}`}>
      <label className="field-label" htmlFor={id}>
        {label}
        {required ? <span className={formStyles.fldRequired} aria-label="required">*</span> : <span className="optional">optional</span>}
      </label>
      <input
        id={id}
        className="input"
        role={complete ? 'combobox' : undefined}
        aria-expanded={complete ? shown : undefined}
        aria-controls={complete ? listId : undefined}
        aria-autocomplete={complete ? 'list' : undefined}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-required={required || undefined}
        aria-describedby={descId}
        autoComplete="off"
        spellCheck={false}
        value={value}
        data-testid={testId}
        onFocus={() => {
          setOpen(true);
          ask(value);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          ask(e.target.value);
        }}
        onKeyDown={(e) => {
          if (!shown) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(options.length - 1, a + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === 'Enter' && active >= 0) {
            e.preventDefault();
            pick(options[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {complete && (
        <ul id={listId} role="listbox" aria-label={`Suggestions for ${label}`} className={styles.mcpSuggestions} hidden={!shown} data-testid={testId ? `${testId}-suggestions` : undefined}>
          {options.map((o, i) => (
            <li
              key={o}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(o);
              }}
            >
              {o}
            </li>
          ))}
        </ul>
      )}
      {description && <p className="field-help" id={descId}>{description}</p>}
    </div>
  );
}
