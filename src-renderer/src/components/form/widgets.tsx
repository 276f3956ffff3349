import { useState } from 'react';
import type { BaseInputTemplateProps, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds, descriptionId } from '@rjsf/utils';
import CoreBaseInputTemplate from '@rjsf/core/lib/components/templates/BaseInputTemplate.js';
import { isNumberPrefix, isNumberText, isNumericSchema } from './number-text';
// Global class names kept beside the module classes: tests select .fld-errors.
import formStyles from './form.module.css';

export const NOT_A_NUMBER = 'Not a number';

/**
 * Inputs as rjsf draws them, except numbers: a plain text box that keeps what was typed. A browser's number input
 * empties itself on a letter, and the form then says nothing; here "12abc" stays, the field says it is not a number,
 * and the value stays text, so Run refuses it (the schema wants a number) and says why.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, schema, options, type, rawErrors, onFocus, onBlur } = props;
  const value: unknown = props.value;
  const [focused, setFocused] = useState(false);
  const numeric = (type === undefined || type === 'number' || type === 'integer') && isNumericSchema(schema);
  if (!numeric) return <CoreBaseInputTemplate {...props} />;
  const text = typeof value === 'string' ? value : '';
  const wrong = text.trim() !== '' && !isNumberText(text) && !(focused && isNumberPrefix(text));
  // Once the form is validated, rjsf lists the same message under the field: say it once.
  const inline = wrong && !rawErrors?.includes(NOT_A_NUMBER);
  const messageId = `${id}__nan`;
  return (
    <>
      <CoreBaseInputTemplate
        {...props}
        type="text"
        options={{ ...options, inputType: 'text' }}
        inputMode={schema.type === 'integer' ? 'numeric' : 'decimal'}
        aria-invalid={wrong || undefined}
        aria-errormessage={inline ? messageId : undefined}
        onFocus={(fid: string, v: unknown) => {
          setFocused(true);
          onFocus(fid, v);
        }}
        onBlur={(fid: string, v: unknown) => {
          setFocused(false);
          onBlur(fid, v);
        }}
      />
      {inline && (
        <p className={`${formStyles.fldErrors} fld-errors`} id={messageId} role="alert" data-testid="not-a-number">
          {NOT_A_NUMBER}
        </p>
      )}
    </>
  );
}

/** Booleans as a labelled switch, with the description under it. */
function CheckboxWidget({ id, value, onChange, onBlur, onFocus, label, hideLabel, disabled, readonly, required, schema, autofocus, options }: WidgetProps) {
  const description = options.description ?? schema.description;
  return (
    <div className={formStyles.fldSwitch}>
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
            {required && <span className={formStyles.fldRequired} aria-label="required">*</span>}
          </label>
        )}
      </span>
      {!hideLabel && description && <div className={formStyles.fldDesc} id={descriptionId(id)}>{String(description)}</div>}
    </div>
  );
}

export const widgets: RegistryWidgetsType = {
  CheckboxWidget,
};
