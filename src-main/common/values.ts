/**
 * Shape checks for values that came from outside (JSON from a skill, YAML and TOML files, a window's message).
 * Pure, with no imports, so the renderer may use it too (tsconfig.web.json lists it beside the contract).
 */

/** A plain object: not null, not an array. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A non-empty string as written (blank kept), else undefined. */
export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}

/** A string with something besides white space, as written (not trimmed), else undefined. */
export function nonBlank(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v : undefined;
}

/** A string's trimmed text when something is left, else undefined. */
export function trimmed(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** A value as text for a message or a field: JSON for a plain object (never "[object Object]"), String for the rest. */
export function asText(v: unknown): string {
  return isObject(v) ? JSON.stringify(v) : String(v);
}
