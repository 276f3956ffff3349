/**
 * Asking a person for setup values in a terminal: one question per field, defaults in brackets,
 * passwords not echoed (on a TTY). Without a TTY it reads answers line by line from stdin.
 */
import readline from 'node:readline';
import type { SetupField } from '../contract';
import { asText } from '../common/values';

export class Prompter {
  private readonly rl: readline.Interface;
  private readonly lines: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private ended = false;
  private muted = false;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
  ) {
    this.rl = readline.createInterface({ input, output: this.isTty ? (this.maskingOutput()) : undefined, terminal: this.isTty });
    this.rl.on('line', (l) => {
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w(l);
      } else this.lines.push(l);
    });
    this.rl.on('close', () => {
      this.ended = true;
      this.waiting?.(null);
    });
  }

  get isTty(): boolean {
    return !!(this.input as { isTTY?: boolean }).isTTY;
  }

  close(): void {
    this.rl.close();
  }

  async ask(question: string, secret = false): Promise<string | null> {
    this.output.write(question);
    this.muted = secret && this.isTty;
    const line = this.lines.length ? this.lines.shift()! : this.ended ? null : await new Promise<string | null>((r) => (this.waiting = r));
    if (this.muted) this.output.write('\n');
    this.muted = false;
    if (!this.isTty && line !== null) this.output.write(secret ? '••••\n' : `${line}\n`);
    return line;
  }

  /**
   * Asks for one field until the answer has the right form; null when input ended. `previous` (the user's own answer
   * to this field, asked again) takes the place of the field's default; a secret one is kept without being shown.
   */
  async field(field: SetupField, previous?: { value: unknown }): Promise<unknown> {
    const kept = previous !== undefined && field.type === 'password' && previous.value !== '' && previous.value != null;
    const f: SetupField = previous === undefined || kept ? field : { ...field, default: previous.value };
    for (;;) {
      const label = `${f.label}${f.required === false ? ' (optional)' : ''}`;
      if (f.description) this.output.write(`  ${f.description}\n`);
      if ((f.type === 'select' || f.type === 'multiselect') && f.options?.length) {
        f.options.forEach((o, i) => this.output.write(`    ${i + 1}. ${o.label}${o.label !== o.value ? ` (${o.value})` : ''}\n`));
      }
      const def = kept ? 'kept; press Enter to keep' : defaultText(f);
      const hint = f.type === 'boolean' ? ' [y/n]' : f.type === 'multiselect' ? ' (numbers or values, comma-separated)' : '';
      const answer = await this.ask(`${label}${hint}${def ? ` [${def}]` : ''}: `, f.type === 'password');
      if (answer === null) return null;
      if (kept && answer.trim() === '') return previous.value;
      const parsed = parseAnswer(f, answer.trim());
      if (parsed.ok) return parsed.value;
      this.output.write(`  ${parsed.error}\n`);
    }
  }

  /** While muted, typed characters are not echoed (the prompt itself still is). */
  private maskingOutput(): NodeJS.WritableStream {
    const out = this.output;
    return new Proxy(out, {
      get: (target, prop) => {
        if (prop === 'write') return (chunk: string | Uint8Array, ...rest: unknown[]) => (this.muted ? true : (target.write as (...a: unknown[]) => boolean)(chunk, ...rest));
        const v: unknown = Reflect.get(target, prop, target);
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
  }
}

function defaultText(f: SetupField): string {
  if (f.default === undefined || f.default === null || f.type === 'password') return '';
  if (f.type === 'boolean') return f.default ? 'y' : 'n';
  return Array.isArray(f.default) ? f.default.join(', ') : asText(f.default);
}

export function parseAnswer(f: SetupField, text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (text === '') {
    if (f.default !== undefined && f.default !== null) return { ok: true, value: f.default };
    if (f.required === false) return { ok: true, value: f.type === 'multiselect' ? [] : f.type === 'boolean' ? false : '' };
    return { ok: false, error: `${f.label} is required.` };
  }
  const options = f.options ?? [];
  const pick = (t: string) => {
    const n = Number(t);
    if (Number.isInteger(n) && n >= 1 && n <= options.length) return options[n - 1].value;
    return options.find((o) => o.value === t || o.label.toLowerCase() === t.toLowerCase())?.value;
  };
  switch (f.type) {
    case 'number': {
      const n = Number(text);
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, error: `Type a number, like 5 or 2.5.` };
    }
    case 'boolean':
      if (/^(y|yes|true|1)$/i.test(text)) return { ok: true, value: true };
      if (/^(n|no|false|0)$/i.test(text)) return { ok: true, value: false };
      return { ok: false, error: 'Answer y or n.' };
    case 'select': {
      const v = options.length ? pick(text) : text;
      return v !== undefined ? { ok: true, value: v } : { ok: false, error: `Pick one of the numbers above.` };
    }
    case 'multiselect': {
      const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
      const values = parts.map((p) => (options.length ? pick(p) : p));
      return values.every((v) => v !== undefined) ? { ok: true, value: values } : { ok: false, error: 'Pick from the numbers above, separated by commas.' };
    }
    default:
      return { ok: true, value: text };
  }
}
