/**
 * The arguments form as the tools view holds it (ToolRequest): the value in state, defaults filled in first, and a
 * Run that validates and from then on validates live. Only the store and the transport are left out.
 */
import { useRef, useState } from 'react';
import { getDefaultFormState } from '@rjsf/utils';
import { ArgsForm, type ArgsFormHandle } from '../../src-renderer/src/components/form/ArgsForm';
import { prepareFormSchema } from '../../src-main/common/form-schema';
import { FORM_DEFAULTS_BEHAVIOR, rjsfValidator } from '../../src-renderer/src/lib/schema-validator';
import toolsStyles from '../../src-renderer/src/components/tools/tools.module.css';

/** What ToolRequest's Reset and first render put in the form. */
export function defaultsFor(schema: unknown): unknown {
  const s = prepareFormSchema(schema);
  return getDefaultFormState(rjsfValidator, s, undefined, s, false, FORM_DEFAULTS_BEHAVIOR) ?? {};
}

export function FormHarness({ schema, initial, onValue }: { schema: unknown; initial?: unknown; onValue?: (v: unknown) => void }) {
  const [value, setValue] = useState(() => initial ?? defaultsFor(schema));
  const [touched, setTouched] = useState(false);
  const form = useRef<ArgsFormHandle>(null);
  return (
    <main className={`${toolsStyles.toolRequest} tool-request`}>
      <div className={toolsStyles.argsFormScroll}>
        <ArgsForm
          ref={form}
          schema={schema}
          value={value}
          onChange={(v) => {
            setValue(v);
            onValue?.(v);
          }}
          idPrefix="args-t"
          liveValidate={touched}
          onRun={() => undefined}
        />
      </div>
      <button
        type="button"
        className="btn"
        onClick={() => {
          setTouched(true);
          form.current?.validateForm();
        }}
      >
        Run
      </button>
      <output data-testid="args">{JSON.stringify(value)}</output>
    </main>
  );
}
