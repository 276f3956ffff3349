/**
 * Knows the secrets of one skill (password setup fields, secret variables) and scrubs them, in every
 * spelling (secret-forms.ts), from any text before it reaches a log, a message history, a recording or
 * the UI. A short secret is scrubbed only where it stands alone: over-redacting "Qz7" in "Qz7x" would be
 * harmless, but scrubbing every "a" of a 1-letter password would make every log unreadable.
 *
 * A redactor may pass what it learns on (`also`): each skill's redactor teaches the workbench's, which
 * scrubs everything that leaves the workbench.
 */
import { REDACTED } from '../contract';
import { depthOf, tooDeepMarker, WALK_DEPTH } from './json-depth';
import { SHORT_SECRET, spellings, standAlonePattern } from './secret-forms';

export class Redactor {
  /** Longest first, so an escaped form is replaced before a shorter form inside it. */
  private needles: string[] = [];
  private short: RegExp | null = null;
  private readonly shortNeedles = new Set<string>();
  /** Secrets that are numbers (a PIN), matched against numbers in values: exactly, never inside one. */
  private readonly numbers = new Set<number>();

  constructor(private readonly also?: Redactor) {}

  add(secret: unknown): void {
    if (typeof secret !== 'string' || secret.length === 0) return;
    this.also?.add(secret);
    const forms = spellings(secret);
    if (secret.length >= SHORT_SECRET && /^\d+$/.test(secret)) this.numbers.add(Number(secret));
    if (secret.length < SHORT_SECRET) {
      for (const f of forms) this.shortNeedles.add(f);
      this.short = new RegExp(standAlonePattern([...this.shortNeedles].sort((a, b) => b.length - a.length)), 'g');
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
