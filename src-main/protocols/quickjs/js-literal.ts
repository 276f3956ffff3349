/**
 * A JavaScript object or array literal, read as data without running anything: quoted and bare keys, strings in
 * any of the three quotes (a template without `${}`), numbers, true, false, null, comments, trailing commas and
 * TypeScript's `as const`.
 * Anything else (a name, a spread, a call, `${}`) is not data: the read fails, and the caller does without.
 */

export type LiteralRead = { value: unknown; end: number } | null;

class NotData extends Error {}

/** The literal that starts at `text[start]` (a `{` or `[`), and where it ends; null where it is not plain data. */
export function readLiteral(text: string, start: number): LiteralRead {
  const p = new Reader(text, start);
  try {
    const value = p.value();
    return { value, end: p.at };
  } catch (err) {
    if (err instanceof NotData) return null;
    throw err;
  }
}

/** The string literal (quoted, or pieces joined with `+`) that starts at `text[start]`, and where it ends. */
export function readString(text: string, start: number): { value: string; end: number } | null {
  const c = text[start];
  if (c !== '"' && c !== "'" && c !== '`') return null;
  const p = new Reader(text, start);
  try {
    const value = p.string();
    return { value, end: p.at };
  } catch (err) {
    if (err instanceof NotData) return null;
    throw err;
  }
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };
/** Deep enough for any tool's schema; deeper is someone's generated code, not a literal to read. */
const MAX_DEPTH = 64;

class Reader {
  constructor(
    private readonly s: string,
    public at: number,
  ) {}

  value(depth = 0): unknown {
    const v = this.bare(depth);
    // TypeScript's `as const` or `as Type` after a value says nothing of the data.
    const cast = /^\s*(?:as|satisfies)\s+(?:const\b|[A-Za-z_$][\w$.]*(?:<[^<>]*>)?(?:\[\])*)/.exec(this.s.slice(this.at, this.at + 200));
    if (cast) this.at += cast[0].length;
    return v;
  }

  private bare(depth: number): unknown {
    if (depth > MAX_DEPTH) throw new NotData();
    this.space();
    const c = this.s[this.at];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"' || c === "'" || c === '`') return this.string();
    const word = /^(?:-?(?:0x[0-9a-f]+|\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?|\.\d+)|true|false|null|undefined)\b/i.exec(this.s.slice(this.at, this.at + 40));
    if (!word) throw new NotData();
    this.at += word[0].length;
    const w = word[0];
    if (w === 'true' || w === 'false') return w === 'true';
    if (w === 'null' || w === 'undefined') return null;
    return Number(w.replace(/_/g, ''));
  }

  private object(depth: number): Record<string, unknown> {
    this.at++;
    const out: Record<string, unknown> = {};
    for (;;) {
      this.space();
      if (this.s[this.at] === '}') {
        this.at++;
        return out;
      }
      const c = this.s[this.at];
      let key: string;
      if (c === '"' || c === "'") key = this.string();
      else {
        const bare = /^[A-Za-z_$][\w$]*|^\d+/.exec(this.s.slice(this.at, this.at + 200));
        if (!bare) throw new NotData();
        key = bare[0];
        this.at += key.length;
      }
      this.space();
      if (this.s[this.at] !== ':') throw new NotData(); // a shorthand property or a method: not data
      this.at++;
      out[key] = this.value(depth + 1);
      this.comma('}');
    }
  }

  private array(depth: number): unknown[] {
    this.at++;
    const out: unknown[] = [];
    for (;;) {
      this.space();
      if (this.s[this.at] === ']') {
        this.at++;
        return out;
      }
      out.push(this.value(depth + 1));
      this.comma(']');
    }
  }

  private comma(close: string): void {
    this.space();
    if (this.s[this.at] === ',') this.at++;
    else if (this.s[this.at] !== close) throw new NotData();
  }

  /** A string literal; adjacent pieces joined with `+` are one string. */
  string(): string {
    let out = this.piece();
    for (;;) {
      const back = this.at;
      this.space();
      if (this.s[this.at] !== '+') {
        this.at = back;
        return out;
      }
      this.at++;
      this.space();
      const c = this.s[this.at];
      if (c !== '"' && c !== "'" && c !== '`') throw new NotData();
      out += this.piece();
    }
  }

  private piece(): string {
    const quote = this.s[this.at++];
    let out = '';
    while (this.at < this.s.length) {
      const c = this.s[this.at++];
      if (c === quote) return out;
      if (quote === '`' && c === '$' && this.s[this.at] === '{') throw new NotData();
      if ((c === '\n' || c === '\r') && quote !== '`') throw new NotData();
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.s[this.at++];
      if (e === 'u') {
        const hex = this.s[this.at] === '{' ? /^\{([0-9a-fA-F]+)\}/.exec(this.s.slice(this.at)) : /^([0-9a-fA-F]{4})/.exec(this.s.slice(this.at));
        if (!hex) throw new NotData();
        out += String.fromCodePoint(parseInt(hex[1], 16));
        this.at += hex[0].length;
      } else if (e === 'x') {
        out += String.fromCharCode(parseInt(this.s.slice(this.at, this.at + 2), 16));
        this.at += 2;
      } else if (e === '\n') {
        // A line continuation.
      } else out += ESCAPES[e] ?? e;
    }
    throw new NotData();
  }

  /** White space and comments. */
  space(): void {
    for (;;) {
      const m = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)/.exec(this.s.slice(this.at, this.at + 4096));
      if (!m || !m[0].length) return;
      this.at += m[0].length;
    }
  }
}
