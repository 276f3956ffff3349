/**
 * What a number field's text means. The field keeps whatever was typed (a browser's number input silently empties
 * itself on a letter); these say whether that text is a number, or on its way to being one.
 */

const COMPLETE = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const PARTIAL = /^\s*[+-]?(\d*\.?\d*)([eE][+-]?\d*)?\s*$/;

export function isNumberText(text: string): boolean {
  return COMPLETE.test(text);
}

/** "-", "1.", "2e-": not a number yet, but typing on can make one, so no error while the caret is there. */
export function isNumberPrefix(text: string): boolean {
  return PARTIAL.test(text);
}

/** True for a schema whose value must be a number (number or integer, perhaps also null) and never text. */
export function isNumericSchema(schema: { type?: unknown } | undefined): boolean {
  const t = schema?.type;
  const types = Array.isArray(t) ? t : [t];
  return types.some((x) => x === 'number' || x === 'integer') && !types.includes('string');
}
