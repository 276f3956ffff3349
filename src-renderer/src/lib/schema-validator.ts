/**
 * rjsf's validator interface on the workbench's one JSON Schema validator (common/json-schema.ts), whose messages
 * are short and plain.
 */
import {
  type Experimental_DefaultFormStateBehavior,
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { asJson, describePath, validateValue, validatorFor, type FieldProblem } from '../../../src-main/common/json-schema';

function toRjsfErrors(problems: FieldProblem[]): RJSFValidationError[] {
  return problems.map((p) => ({
    name: p.keyword,
    property: p.property,
    message: p.message,
    params: {},
    stack: p.property ? `${describePath(p.property)}: ${p.message}` : p.message,
    schemaPath: p.schemaPath,
  }));
}

/** rjsf's validator interface, backed by the interpreting validator above. */
export const rjsfValidator: ValidatorType<unknown, RJSFSchema> = {
  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator<unknown, RJSFSchema>,
    transformErrors?: ErrorTransformer<unknown, RJSFSchema>,
    uiSchema?: UiSchema<unknown, RJSFSchema>,
  ): ValidationData<unknown> {
    let errors = toRjsfErrors(validateValue(schema, formData));
    if (typeof transformErrors === 'function') errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema<unknown>(errors);
    if (typeof customValidate !== 'function') return { errors, errorSchema };
    const newFormData = getDefaultFormState(rjsfValidator, schema, formData, schema, true);
    const handler = customValidate(newFormData, createErrorHandler(newFormData), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  },
  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    try {
      return validatorFor(schema, rootSchema).validate(asJson(formData) ?? null).valid;
    } catch {
      return false;
    }
  },
  rawValidation<Result = unknown>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    try {
      const r = validatorFor(schema).validate(asJson(formData) ?? null);
      return { errors: r.valid ? undefined : (r.errors as unknown as Result[]) };
    } catch (err) {
      return { validationError: err as Error };
    }
  },
};

/**
 * How the form fills defaults. `allOf: 'populateDefaults'` matters: with rjsf's default ('skipDefaults') a field
 * declared through allOf loses the user's value on every change (seen with rjsf 6.11).
 */
export const FORM_DEFAULTS_BEHAVIOR: Experimental_DefaultFormStateBehavior = {
  allOf: 'populateDefaults',
  emptyObjectFields: 'skipEmptyDefaults',
};
