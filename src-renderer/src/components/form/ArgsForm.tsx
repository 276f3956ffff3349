import { forwardRef, useMemo } from 'react';
import Form from '@rjsf/core/lib/components/Form.js';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { FORM_DEFAULTS_BEHAVIOR, rjsfValidator } from '../../lib/schema-validator';
import { prepareFormSchema } from '../../../../src-main/common/form-schema';
import { templates } from './templates';
import { widgets } from './widgets';
import formStyles from './form.module.css';

const UI_SCHEMA: UiSchema = {
  'ui:submitButtonOptions': { norender: true },
  'ui:globalOptions': { copyable: false },
};

export type ArgsFormHandle = Form<unknown, RJSFSchema>;

/**
 * The form generated from a tool's input schema (rjsf). Controlled: the arguments live in the store so the JSON view
 * and history share them. Errors appear next to fields once the user tries to run or after a field was touched.
 */
export const ArgsForm = forwardRef<ArgsFormHandle, {
  schema: unknown;
  value: unknown;
  onChange(value: unknown): void;
  idPrefix: string;
  liveValidate: boolean;
  onRun(): void;
}>(function ArgsForm({ schema, value, onChange, idPrefix, liveValidate, onRun }, ref) {
  const formSchema = useMemo(() => prepareFormSchema(schema), [schema]);
  return (
    <Form<unknown, RJSFSchema>
      ref={ref}
      className={formStyles.swForm}
      schema={formSchema}
      uiSchema={UI_SCHEMA}
      formData={value}
      validator={rjsfValidator}
      templates={templates}
      widgets={widgets}
      idPrefix={idPrefix}
      showErrorList={false}
      noHtml5Validate
      liveValidate={liveValidate ? 'onChange' : undefined}
      onChange={(e) => onChange(e.formData)}
      onSubmit={() => onRun()}
      experimental_defaultFormStateBehavior={FORM_DEFAULTS_BEHAVIOR}
      onError={() => undefined}
    />
  );
});
