/**
 * Knows the secrets of one skill (password setup fields, secret variables) and scrubs them from any text
 * before it reaches a log, a message history, a recording or the UI. Secrets are matched both raw and
 * in their JSON-escaped form, since most text here is JSON.
 */
import { REDACTED } from '../contract';

export class Redactor {
  private readonly needles = new Set<string>();

  /** Registers a secret; values shorter than 4 characters are too likely to match ordinary text. */
  add(secret: unknown): void {
    if (typeof secret !== 'string' || secret.length < 4) return;
    this.needles.add(secret);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) this.needles.add(escaped);
    const ascii = JSON.stringify(secret).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')).slice(1, -1);
    if (ascii !== secret) this.needles.add(ascii);
  }

  get active(): boolean {
    return this.needles.size > 0;
  }

  text(s: string): string {
    if (this.needles.size === 0) return s;
    let out = s;
    for (const n of this.needles) if (out.includes(n)) out = out.split(n).join(REDACTED);
    return out;
  }

  /** A deep copy of `v` with every secret string scrubbed. */
  value<T>(v: T): T {
    if (this.needles.size === 0) return v;
    return scrub(v, this) as T;
  }
}

function scrub(v: unknown, r: Redactor): unknown {
  if (typeof v === 'string') return r.text(v);
  if (Array.isArray(v)) return v.map((x) => scrub(x, r));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = scrub(x, r);
    return out;
  }
  return v;
}
