import { useId } from 'react';

/** A boolean as an on/off switch (a checkbox with role="switch", so it is labelled and keyboard-operable). */
export function Switch({ checked, onChange, label, id, disabled, testId, describedBy, ariaLabel }: {
  checked: boolean;
  onChange(value: boolean): void;
  label?: string;
  id?: string;
  disabled?: boolean;
  testId?: string;
  describedBy?: string;
  /** The name a screen reader gives it where the visible label alone would not tell it apart (several "On"s). */
  ariaLabel?: string;
}) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <span className="switch">
      <input
        id={inputId}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-checked={checked}
        aria-describedby={describedBy}
        aria-label={ariaLabel}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      {label && <label htmlFor={inputId} className="switch-label">{label}</label>}
    </span>
  );
}
