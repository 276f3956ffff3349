/**
 * Knows the secrets of one skill (password setup fields, secret variables) and scrubs them from any text
 * before it reaches a log, a message history, a recording or the UI. Most text here is JSON, often JSON
 * carried inside JSON (a tool returning `json.dumps(...)`), so each secret is matched raw, escaped once and
 * escaped twice, with non-ASCII both as is and as Python's `\uXXXX`.
 *
 * A secret of 1 to 3 characters would match ordinary text if scrubbed wherever it occurs, so it is scrubbed
 * only where it stands alone: not next to a letter, digit or underscore. Over-redacting "Qz7" in "Qz7x"
 * would be harmless, but scrubbing every "a" of a 1-letter password would make every log unreadable.
 */
import { REDACTED } from '../contract';
import { depthOf, tooDeepMarker, WALK_DEPTH } from './json-depth';

const SHORT = 4;

export class Redactor {
  /** Longest first, so an escaped form is replaced before a shorter form inside it. */
  private needles: string[] = [];
  private short: RegExp | null = null;
  private readonly shortNeedles = new Set<string>();
  /** Secrets that are numbers (a PIN), matched against numbers in values: exactly, never inside one. */
  private readonly numbers = new Set<number>();

  add(secret: unknown): void {
    if (typeof secret !== 'string' || secret.length === 0) return;
    const forms = new Set<string>();
    for (const once of [jsonEscape(secret), asciiEscape(secret)]) {
      forms.add(once);
      forms.add(jsonEscape(once));
    }
    forms.add(secret);
    if (secret.length >= SHORT && /^\d+$/.test(secret)) this.numbers.add(Number(secret));
    if (secret.length < SHORT) {
      for (const f of forms) this.shortNeedles.add(f);
      const alts = [...this.shortNeedles].sort((a, b) => b.length - a.length).map(escapeRegExp);
      this.short = new RegExp(`(?<![A-Za-z0-9_])(?:${alts.join('|')})(?![A-Za-z0-9_])`, 'g');
      return;
    }
    this.needles = [...new Set([...this.needles, ...forms])].sort((a, b) => b.length - a.length);
  }

  get active(): boolean {
    return this.needles.length > 0 || this.short !== null;
  }

  text(s: string): string {
    if (!this.active) return s;
    let out = s;
    for (const n of this.needles) if (out.includes(n)) out = out.split(n).join(REDACTED);
    if (this.short) out = out.replace(this.short, REDACTED);
    return out;
  }

  /** True for a number that is one of the secrets (a PIN sent back as a number). */
  isSecretNumber(n: number): boolean {
    return this.numbers.has(n);
  }

  /** A deep copy of `v` with every secret string (and secret number) scrubbed; past WALK_DEPTH levels, the marker. */
  value<T>(v: T): T {
    if (!this.active) return v;
    return scrub(v, this, 1) as T;
  }
}

/** The string as it stands inside a JSON string literal. */
function jsonEscape(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

/** The same, with everything past ASCII as `\uXXXX` (what Python's json.dumps writes by default). */
function asciiEscape(s: string): string {
  return jsonEscape(s).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function scrub(v: unknown, r: Redactor, level: number): unknown {
  if (typeof v === 'string') return r.text(v);
  // Only a number equal to a secret goes: scrubbing digits inside numbers would hit times and durations.
  if (typeof v === 'number') return r.isSecretNumber(v) ? REDACTED : v;
  // Values are bounded where they come in; this keeps the walk itself safe whatever it is given.
  if (v && typeof v === 'object' && level > WALK_DEPTH) return tooDeepMarker(level - 1 + depthOf(v));
  if (Array.isArray(v)) return v.map((x) => scrub(x, r, level + 1));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = scrub(x, r, level + 1);
    return out;
  }
  return v;
}
