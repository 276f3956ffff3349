/** Shape checks for values that came from outside (JSON from a skill, YAML and TOML files, a window's message). */

/** A plain object: not null, not an array. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
