import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds, descriptionId } from '@rjsf/utils';

/** Booleans as a labelled switch, with the description under it. */
function CheckboxWidget({ id, value, onChange, onBlur, onFocus, label, hideLabel, disabled, readonly, required, schema, autofocus, options }: WidgetProps) {
  const description = options.description ?? schema.description;
  return (
    <div className="fld-switch">
      <span className="switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={value === true}
          aria-checked={value === true}
          disabled={disabled || readonly}
          autoFocus={autofocus}
          onChange={(e) => onChange(e.target.checked)}
          onBlur={(e) => onBlur(id, e.target.checked)}
          onFocus={(e) => onFocus(id, e.target.checked)}
          aria-describedby={ariaDescribedByIds(id)}
        />
        <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
        {!hideLabel && (
          <label htmlFor={id} className="switch-label">
            {label}
            {required && <span className="fld-required" aria-label="required">*</span>}
          </label>
        )}
      </span>
      {!hideLabel && description && <div className="fld-desc" id={descriptionId(id)}>{String(description)}</div>}
    </div>
  );
}

export const widgets: RegistryWidgetsType = {
  CheckboxWidget,
};
