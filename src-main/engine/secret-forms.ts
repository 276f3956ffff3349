/**
 * How a secret is spelled out in the text the workbench handles, known in this one place: the redactor
 * (which hides every spelling) and the home's placeholders (which hide the reversible ones and give them
 * back) both use it. Most text here is JSON, often JSON carried inside JSON (a tool returning
 * `json.dumps(...)`), so a secret appears raw, escaped once, or escaped twice, with non-ASCII both as is
 * and as Python's `\uXXXX`.
 *
 * A secret shorter than SHORT_SECRET characters would match ordinary text anywhere, so it is matched only
 * where it stands alone: not next to a letter, digit or underscore.
 */

export const SHORT_SECRET = 4;

/** The string as it stands inside a JSON string literal. */
export function jsonForm(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

/** The same, with everything past ASCII as `\uXXXX` (what Python's json.dumps writes by default). */
export function asciiForm(s: string): string {
  return jsonForm(s).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/** Every spelling of a secret to hide: raw, escaped once (both ways) and escaped twice. */
export function spellings(secret: string): string[] {
  const out = new Set<string>([secret]);
  for (const once of [jsonForm(secret), asciiForm(secret)]) {
    out.add(once);
    out.add(jsonForm(once));
  }
  return [...out];
}

export type Spelling = 'raw' | 'json' | 'ascii';

/** The spellings a placeholder can name and give back exactly: raw, inside a JSON string, inside an ASCII-only one. */
export function reversibleSpellings(value: string): [Spelling, string][] {
  const json = jsonForm(value);
  const ascii = asciiForm(value);
  const out: [Spelling, string][] = [['raw', value]];
  if (json !== value) out.push(['json', json]);
  if (ascii !== json) out.push(['ascii', ascii]);
  return out;
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A regular-expression source matching `needle`, only where it stands alone when it is short. */
export function needlePattern(needle: string): string {
  const p = escapeRegExp(needle);
  return needle.length < SHORT_SECRET ? `(?<![A-Za-z0-9_])${p}(?![A-Za-z0-9_])` : p;
}

/** A regular-expression source matching any of `needles` only where it stands alone (a short secret's spellings). */
export function standAlonePattern(needles: string[]): string {
  return `(?<![A-Za-z0-9_])(?:${needles.map(escapeRegExp).join('|')})(?![A-Za-z0-9_])`;
}
