/**
 * Keeping secrets out of the files under the home: exact values become {"$secret": key} in JSON state, and
 * occurrences inside text become {{skillbench:secret:key}} (naming the spelling, see engine/secret-forms.ts),
 * which reads back as the secret for the skill and stays hidden everywhere else.
 */
import { isObject } from '../common/values';
import { needlePattern, reversibleSpellings, type Spelling } from '../engine/secret-forms';

export const PLACEHOLDER = /\{\{skillbench:secret:([^:{}]+)(?::(json|ascii))?\}\}/g;

const formOf = (value: string, form: Spelling): string => (reversibleSpellings(value).find(([f]) => f === form) ?? reversibleSpellings(value)[0])[1];

/** Replaces every occurrence of a secret (in any of its forms) with a placeholder naming its key. */
export function concealText(text: string, secrets: Record<string, string>): string {
  const tokens = new Map<string, string>();
  for (const key of Object.keys(secrets).sort()) {
    const value = secrets[key];
    if (typeof value !== 'string' || value.length === 0) continue;
    for (const [form, needle] of reversibleSpellings(value)) {
      if (!tokens.has(needle)) tokens.set(needle, `{{skillbench:secret:${encodeURIComponent(key)}${form === 'raw' ? '' : ':' + form}}}`);
    }
  }
  if (tokens.size === 0) return text;
  // One pass, longest first: a placeholder already written is never matched again.
  // A short secret is concealed only where it stands alone (see Redactor): "ab" must not eat every "about".
  // Concealing is reversible, so a look-alike that is not the secret reads back unchanged anyway.
  const needles = [...tokens.keys()].sort((a, b) => b.length - a.length);
  const re = new RegExp(needles.map(needlePattern).join('|'), 'g');
  return text.replace(re, (m) => tokens.get(m)!);
}

/** Puts secrets back where `concealText` left placeholders; unknown keys are left as they are. */
export function revealText(text: string, secrets: Record<string, string>): string {
  if (!text.includes('{{skillbench:secret:')) return text;
  return text.replace(PLACEHOLDER, (m, enc: string, form?: Spelling) => {
    let key: string;
    try {
      key = decodeURIComponent(enc);
    } catch {
      return m; // not one of ours
    }
    const v = Object.prototype.hasOwnProperty.call(secrets, key) ? secrets[key] : undefined;
    return v === undefined ? m : formOf(v, form ?? 'raw');
  });
}

/** A deep copy where strings equal to a secret become {"$secret": key} and secrets inside strings become placeholders. */
export function concealValue(v: unknown, secrets: Record<string, string>): unknown {
  const byValue = new Map<string, string>();
  for (const key of Object.keys(secrets).sort()) if (secrets[key] !== '' && !byValue.has(secrets[key])) byValue.set(secrets[key], key);
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') return byValue.has(x) ? { $secret: byValue.get(x) } : concealText(x, secrets);
    if (Array.isArray(x)) return x.map(walk);
    if (isObject(x)) return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, walk(y)]));
    return x;
  };
  return walk(v);
}

/** The inverse of `concealValue`; references to unknown keys stay as they are, so nothing is lost. */
export function revealValue(v: unknown, secrets: Record<string, string>): unknown {
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') return revealText(x, secrets);
    if (Array.isArray(x)) return x.map(walk);
    if (isObject(x)) {
      const keys = Object.keys(x);
      if (keys.length === 1 && keys[0] === '$secret' && typeof x.$secret === 'string' && Object.prototype.hasOwnProperty.call(secrets, x.$secret)) {
        return secrets[x.$secret];
      }
      return Object.fromEntries(keys.map((k) => [k, walk(x[k])]));
    }
    return x;
  };
  return walk(v);
}
