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
import { depthOf, tooDeepMarker, WALK_DEPTH } from '../common/json-depth';
import { binaryOf, decodedSpans } from './percent-view';
import { asciiForm, base64Forms, encodedSpellings, jsonForm, SHORT_SECRET, spellings, standAlonePattern } from './secret-forms';

/** The shortest end of a line taken for the start of a split secret: shorter ones are too often innocent. */
const MIN_PARTIAL = 4;

export class Redactor {
  /** Longest first, so an escaped form is replaced before a shorter form inside it. */
  private needles: string[] = [];
  /** Base64 spellings: looked for by their core, replaced with the characters around it that carry its bits. */
  private base64: { core: string; pattern: RegExp }[] = [];
  private short: RegExp | null = null;
  private readonly shortNeedles = new Set<string>();
  /** The spellings as bytes, looked for in text once its percent-encoding is undone (percent-view.ts). */
  private decoded: string[] = [];
  /** Whether a secret has a space, which a form spells `+`. */
  private spaced = false;
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
    this.needles = [...new Set([...this.needles, ...forms, ...encodedSpellings(secret)])].sort((a, b) => b.length - a.length);
    this.decoded = [...new Set([...this.decoded, ...forms.map(binaryOf)])];
    this.spaced ||= secret.includes(' ');
    const known = new Set(this.base64.map((b) => b.core));
    // A token inside base64'd JSON (a JWT's payload) is JSON-escaped first.
    for (const f of new Set([secret, jsonForm(secret), asciiForm(secret)])) {
      for (const b of base64Forms(f)) {
        if (known.has(b.core)) continue;
        known.add(b.core);
        this.base64.push(b);
      }
    }
  }

  get active(): boolean {
    return this.needles.length > 0 || this.short !== null;
  }

  text(s: string): string {
    if (!this.active) return s;
    let out = s;
    for (const n of this.needles) if (out.includes(n)) out = out.split(n).join(REDACTED);
    for (const b of this.base64) if (out.includes(b.core)) out = out.replace(b.pattern, REDACTED);
    if (this.short) out = out.replace(this.short, REDACTED);
    // Percent-encoding of any bytes, mixed with literal characters: found in the decoded text (a URL's path keeps
    // "+" as it is, a form's query spells a space with it, so where both could be, both readings are searched).
    if (this.decoded.length && out.includes('%')) out = this.maskDecoded(out, false);
    if (this.spaced && out.includes('+')) out = this.maskDecoded(out, true);
    return out;
  }

  private maskDecoded(s: string, plusIsSpace: boolean): string {
    const spans = decodedSpans(s, this.decoded, plusIsSpace);
    if (!spans.length) return s;
    const parts: string[] = [];
    let at = 0;
    for (const [from, to] of spans) {
      parts.push(s.slice(at, from), REDACTED);
      at = to;
    }
    parts.push(s.slice(at));
    return parts.join('');
  }

  /**
   * Like `text`, and also where line breaks split a secret (a skill printing a token over two lines, a
   * wrapped base64 block). The cheap test comes first: only text whose lines joined hold a secret is taken apart.
   */
  acrossLines(s: string): string {
    let out = this.text(s);
    if (this.needles.length === 0 || !out.includes('\n')) return out;
    const joined = out.replace(/[\r\n]/g, '');
    if (!this.needles.some((n) => joined.includes(n)) && !this.base64.some((b) => joined.includes(b.core))) return out;
    // Where each character of the joined text stands in `out`.
    const at: number[] = [];
    for (let i = 0; i < out.length; i++) if (out[i] !== '\n' && out[i] !== '\r') at.push(i);
    const spans: [number, number][] = [];
    const mark = (from: number, length: number) => spans.push([at[from], at[from + length - 1] + 1]);
    for (const n of this.needles) for (let i = joined.indexOf(n); i !== -1; i = joined.indexOf(n, i + n.length)) mark(i, n.length);
    for (const b of this.base64) for (const m of joined.matchAll(b.pattern)) mark(m.index, m[0].length);
    // Right to left, so earlier offsets stay true; each line's piece of a secret becomes the mark.
    spans.sort((a, b) => b[0] - a[0]);
    let end = Infinity;
    for (const [from, to] of spans) {
      if (to > end) continue; // overlaps one already replaced
      out = out.slice(0, from) + out.slice(from, to).replace(/[^\r\n]+/g, REDACTED) + out.slice(to);
      end = from;
    }
    return out;
  }

  /**
   * A log line let go before the rest of its piece came (the skill paused, the machine was busy): where its end
   * could be the start of a secret, that end is masked, and what it would take to finish the secret is returned,
   * so the next piece's start is masked too if it does. Neither half of a split secret is ever shown.
   */
  maskPartialEnd(s: string): { text: string; rest: string[] } {
    const body = s.endsWith('\n') ? s.slice(0, -1) : s;
    const last = body[body.length - 1];
    let best = 0;
    const rest: string[] = [];
    if (last === undefined) return { text: s, rest };
    for (const n of this.needles) {
      // Only where the needle has the line's last character can a start of it end the line: few places to try.
      for (let j = n.lastIndexOf(last, Math.min(n.length - 2, body.length - 1)); j >= MIN_PARTIAL - 1; j = n.lastIndexOf(last, j - 1)) {
        if (!body.endsWith(n.slice(0, j + 1))) continue;
        best = Math.max(best, j + 1);
        rest.push(n.slice(j + 1));
        break;
      }
    }
    if (!best) return { text: s, rest: [] };
    return { text: body.slice(0, body.length - best) + REDACTED + s.slice(body.length), rest };
  }

  /** A piece that starts with what a masked partial end was waiting for (`rest`): that start masked too. */
  maskContinuation(s: string, rest: readonly string[]): string {
    const lead = s.length - s.replace(/^[\r\n]+/, '').length;
    for (const r of [...rest].sort((a, b) => b.length - a.length)) {
      if (r && s.startsWith(r, lead)) return s.slice(0, lead) + REDACTED + s.slice(lead + r.length);
    }
    return s;
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
