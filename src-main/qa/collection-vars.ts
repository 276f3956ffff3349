/**
 * Filling `{{name}}` placeholders from an environment's variables and secrets. A string that is exactly
 * one placeholder takes the variable's own JSON value (`"{{n}}"` with n = 30 gives 30); a placeholder
 * inside a longer string is replaced by the value's text. Only strings are filled, never keys.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}$/;

export class VariableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VariableError';
  }
}

/**
 * A copy of `v` with placeholders filled from `vars`. `unknown` is called for a name `vars` lacks and
 * must throw (it knows the request and environment to name in the error).
 */
export function fillVariables(v: unknown, vars: Record<string, unknown>, unknown: (name: string) => never): unknown {
  const get = (name: string) => (Object.prototype.hasOwnProperty.call(vars, name) ? vars[name] : unknown(name));
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') {
      const whole = WHOLE.exec(x);
      if (whole) return get(whole[1]);
      return x.replace(PLACEHOLDER, (_m, name: string) => {
        const val = get(name);
        return typeof val === 'string' ? val : JSON.stringify(val);
      });
    }
    if (Array.isArray(x)) return x.map(walk);
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, walk(y)]));
    return x;
  };
  return walk(v);
}

/** The placeholder names used anywhere in `v` (strings only, as fillVariables fills them). */
export function placeholdersIn(v: unknown, into = new Set<string>()): Set<string> {
  if (typeof v === 'string') for (const m of v.matchAll(PLACEHOLDER)) into.add(m[1]);
  else if (Array.isArray(v)) for (const x of v) placeholdersIn(x, into);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) placeholdersIn(x, into);
  return into;
}
