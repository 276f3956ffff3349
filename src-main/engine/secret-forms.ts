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

/**
 * A secret as it is spelled when it travels in a URL or a form (percent-encoded the ways JavaScript and
 * Python do it, either case of hex digits, a space as + or %20) and as hex bytes. A form the same as the raw
 * secret (a plain token) adds nothing.
 */
export function encodedSpellings(secret: string): string[] {
  const out = new Set<string>();
  let component: string;
  try {
    component = encodeURIComponent(secret);
  } catch {
    return []; // a lone surrogate: no URL spells it
  }
  // Python's quote(…, safe='') escapes !'()* too; its default quote keeps "/".
  const strict = component.replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  for (const form of [component, strict, strict.replace(/%2F/g, '/')]) {
    for (const spaced of [form, form.replace(/%20/g, '+')]) {
      out.add(spaced);
      out.add(spaced.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
    }
  }
  const hex = Buffer.from(secret, 'utf8').toString('hex');
  out.add(hex);
  out.add(hex.toUpperCase());
  out.delete(secret);
  return [...out];
}

/** Fewer base64 characters than this would match unrelated text: a secret this short is not looked for in base64. */
const MIN_BASE64_CORE = 8;

/**
 * The secret inside base64 (HTTP Basic's `user:secret`, a token in a JWT or a data URL), however it is aligned:
 * what comes before it is unknown, so for each of the three alignments the characters that depend on the
 * secret's bytes alone (the core) are found, and the pattern takes the few characters either side that mix
 * in its neighbours' bits. Both alphabets (base64 and base64url).
 */
export function base64Forms(secret: string): { core: string; pattern: RegExp }[] {
  const bytes = Buffer.from(secret, 'utf8');
  const out = new Map<string, RegExp>();
  for (const skip of [0, 1, 2]) {
    const whole = Math.floor((bytes.length - skip) / 3) * 3;
    if (whole <= 0) continue;
    const std = bytes.subarray(skip, skip + whole).toString('base64');
    if (std.length < MIN_BASE64_CORE) continue;
    out.set(std, new RegExp(`[A-Za-z0-9+/]{0,3}${escapeRegExp(std)}[A-Za-z0-9+/]{0,3}={0,2}`, 'g'));
    const url = bytes.subarray(skip, skip + whole).toString('base64url');
    out.set(url, new RegExp(`[A-Za-z0-9_-]{0,3}${escapeRegExp(url)}[A-Za-z0-9_-]{0,3}={0,2}`, 'g'));
  }
  return [...out].map(([core, pattern]) => ({ core, pattern }));
}
