/** The Process settings form's model: rows of variables and lines of arguments, to and from SkillSettings. */
import type { SkillSettings, SkillSettingsUpdate } from '@contract';

export interface EnvRow {
  key: number;
  name: string;
  /** What the user typed; for a stored secret, empty means "keep the stored value". */
  value: string;
  secret: boolean;
  /** The name under which a secret value is already in the encrypted store (never its value). */
  storedAs?: string;
}

let nextKey = 1;
export const newRow = (over: Partial<EnvRow> = {}): EnvRow => ({ key: nextKey++, name: '', value: '', secret: false, ...over });

export function rowsOf(s: SkillSettings): EnvRow[] {
  return [
    ...Object.entries(s.env).map(([name, value]) => newRow({ name, value })),
    ...s.secretEnv.map((name) => newRow({ name, secret: true, storedAs: name })),
  ];
}

/** One argument a line, as typed; blank lines at the end are dropped. */
export const argsOf = (text: string): string[] => {
  const lines = text.split('\n');
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  return lines;
};

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The update to send, or a sentence saying what to fix first. */
export function updateOf(rows: EnvRow[], argsText: string): { update: SkillSettingsUpdate } | { error: string } {
  const env: Record<string, string> = {};
  const secretEnv: string[] = [];
  const secretValues: Record<string, string> = {};
  const seen = new Set<string>();
  for (const r of rows) {
    const name = r.name.trim();
    if (!name && !r.value && !r.storedAs) continue;
    if (!name) return { error: 'Give each variable a name, or remove the row.' };
    if (!NAME.test(name)) return { error: `"${name}" cannot be a variable name: use letters, digits and _, not starting with a digit.` };
    if (seen.has(name)) return { error: `${name} is listed twice: keep one.` };
    seen.add(name);
    if (!r.secret) env[name] = r.value;
    else if (r.value) secretValues[name] = r.value;
    else if (r.storedAs === name) secretEnv.push(name);
    else return { error: r.storedAs ? `Type the value of ${name} again: a renamed secret does not take its value along.` : `Give the secret ${name} a value.` };
  }
  return { update: { env, secretEnv, secretValues, args: argsOf(argsText) } };
}
