/**
 * A value printed as indented JSON, one entry per line, each line knowing the path it prints (dotted from
 * a root, as replay differences name them: `data.items.0.id`), so a side-by-side view can mark the lines
 * that differ. Also: which value of an outcome replay compares, decided as the engine's compare.ts does.
 */
import type { CallOutcome } from '@contract';

export interface JsonLine {
  path: string;
  depth: number;
  key?: string;
  /** What the line shows after the key: a scalar as JSON, an opening or closing bracket. */
  text: string;
  kind: 'string' | 'number' | 'boolean' | 'null' | 'open' | 'close' | 'text';
  comma: boolean;
}

const MAX_LINES = 4000;

export function jsonLines(value: unknown, root: string): JsonLine[] {
  const out: JsonLine[] = [];
  const walk = (v: unknown, path: string, depth: number, key: string | undefined, comma: boolean) => {
    if (out.length >= MAX_LINES) return;
    if (v !== null && typeof v === 'object') {
      const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
      const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
      if (!entries.length) {
        out.push({ path, depth, key, text: open + close, kind: 'open', comma });
        return;
      }
      out.push({ path, depth, key, text: open, kind: 'open', comma: false });
      entries.forEach(([k, x], i) => walk(x, `${path}.${k}`, depth + 1, Array.isArray(v) ? undefined : k, i < entries.length - 1));
      out.push({ path, depth, text: close, kind: 'close', comma });
      return;
    }
    const kind = v === null ? 'null' : typeof v === 'string' ? 'string' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'null';
    out.push({ path, depth, key, text: v === undefined ? '(nothing)' : JSON.stringify(v), kind, comma });
  };
  walk(value, root, 0, undefined, false);
  if (out.length >= MAX_LINES) out.push({ path: root, depth: 0, text: '… (cut short here: the rest is in the recording)', kind: 'text', comma: false });
  return out;
}

/** True when the line prints a path that differs, or something inside one. */
export function isMarked(line: JsonLine, paths: string[]): boolean {
  return paths.some((p) => line.path === p || line.path.startsWith(`${p}.`));
}

/** The part of an outcome a replay compares: `data` when either side has it, else the text (parsed when it is JSON). */
export function comparedRoot(a: CallOutcome, b: CallOutcome): 'data' | 'text' {
  return a.data !== undefined || b.data !== undefined ? 'data' : 'text';
}

export function comparedValue(o: CallOutcome, root: 'data' | 'text'): { value: unknown; json: boolean } {
  if (root === 'data' && o.data !== undefined) return { value: o.data, json: true };
  const text = o.text;
  if (text === undefined) return { value: undefined, json: false };
  const s = text.trim();
  if (/^[[{"]|^-?\d|^(true|false|null)$/.test(s)) {
    try {
      return { value: JSON.parse(s), json: true };
    } catch {
      // plain text after all
    }
  }
  return { value: text, json: false };
}
