/**
 * Learning an action script's actions by reading it, never running it: `action == "x"` comparisons,
 * `action in (...)`, `match action: case "x"`, dict dispatch (`{"x": handle_x}`), `ACTIONS = [...]`
 * lists and `supported_actions` literals. Where an action leads to a handler function, its docstring
 * becomes the description and the `params.get("k", default)` keys in its body become schema properties.
 * Heuristics on purpose: they only ever add hints; the UNKNOWN_ACTION probe and free-form calls remain.
 */
import type { JsonSchema } from '../../contract';

export interface ScannedAction {
  name: string;
  handler?: string;
  description?: string;
  /** Parameter names (and a type where a literal default says it) read by the handler. */
  params: Record<string, JsonSchema>;
}

export interface ScanResult {
  actions: ScannedAction[];
  /** First line of the module docstring that is not just the script's name. */
  description?: string;
  /** False when the script never mentions `action`: probing it would prove nothing. */
  mentionsAction: boolean;
}

interface Def {
  name: string;
  args: string[];
  body: string;
  doc?: string;
}

const STR = String.raw`(["'])([\w.:/-]+)\1`;
const ACTION_VAR = String.raw`(?:\b\w*action\w*\b|\[\s*["']action["']\s*\]|\.get\(\s*["']action["'][^)\n]*\))`;

export function scanScript(src: string): ScanResult {
  const defs = findDefs(src);
  const found = new Map<string, { at: number; handler?: string; description?: string }>();
  const add = (name: string, at: number, handler?: string, description?: string) => {
    if (!name || name.startsWith('__')) return;
    const prev = found.get(name);
    if (!prev) found.set(name, { at, handler, description });
    else {
      prev.handler ??= handler;
      prev.description ??= description;
    }
  };

  // if action == "x": / elif "x" == action: ... the handler is the first known function called soon after.
  for (const re of [new RegExp(`${ACTION_VAR}\\s*==\\s*${STR}`, 'gi'), new RegExp(`${STR}\\s*==\\s*${ACTION_VAR}`, 'gi')]) {
    for (const m of src.matchAll(re)) add(m[2], m.index, handlerAfter(src, m.index + m[0].length, defs));
  }
  for (const m of src.matchAll(new RegExp(`${ACTION_VAR}\\s+in\\s*([\\[({])`, 'gi'))) {
    for (const s of literalStrings(src, m.index + m[0].length - 1).keys) add(s.value, m.index);
  }
  if (new RegExp(`\\bmatch\\s+${ACTION_VAR}\\s*:`, 'i').test(src)) {
    for (const m of src.matchAll(/^\s*case\s+([^:\n]+):/gm)) {
      const handler = handlerAfter(src, m.index + m[0].length, defs);
      for (const s of m[1].matchAll(new RegExp(STR, 'g'))) add(s[2], m.index, handler);
    }
  }
  // {"x": handle_x} only counts where the value is a function defined in this script (not {"type": str}).
  for (const m of src.matchAll(new RegExp(`${STR}\\s*:\\s*(?:self\\.)?(\\w+)\\b(?!\\s*[(.\\[])`, 'g'))) {
    if (defs.has(m[3])) add(m[2], m.index, m[3]);
  }
  // ACTIONS = [...] / SUPPORTED_ACTIONS = {...} / "supported_actions": [...]
  const listRe = /(?:\b[A-Z_]*ACTIONS[A-Z_]*\s*(?::[^=\n]+)?=|["']?supported_actions["']?\s*[:=])\s*([[({])/g;
  for (const m of src.matchAll(listRe)) {
    for (const s of literalStrings(src, m.index + m[0].length - 1).keys) add(s.value, m.index, undefined, s.description);
  }

  const actions = [...found.entries()]
    .sort((a, b) => a[1].at - b[1].at)
    .map(([name, f]): ScannedAction => {
      const def = f.handler ? defs.get(f.handler) : undefined;
      return {
        name,
        handler: f.handler,
        description: f.description ?? def?.doc,
        params: def ? paramsOf(def) : {},
      };
    });
  return { actions, description: moduleDescription(src), mentionsAction: /action/i.test(src) };
}

/** True when a script reads a JSON request from stdin that carries an `action` key. */
export function looksLikeActionScript(src: string): boolean {
  return /\bstdin\b/.test(src) && /["']action["']/.test(src);
}

function findDefs(src: string): Map<string, Def> {
  const defs = new Map<string, Def>();
  const lines = src.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([ \t]*)(?:async\s+)?def\s+(\w+)\s*\(([^)]*)\)?/.exec(lines[i]);
    if (!m) continue;
    const indent = m[1].length;
    let end = i + 1;
    while (end < lines.length && (lines[end].trim() === '' || indentOf(lines[end]) > indent)) end++;
    const body = lines.slice(i + 1, end).join('\n');
    const args = m[3]
      .split(',')
      .map((a) => a.split(/[:=]/)[0].replace(/^\*+/, '').trim())
      .filter((a) => a && a !== 'self' && a !== 'cls');
    const doc = /^\s*(?:[rRuU])?("""|''')\s*([\s\S]*?)\1/.exec(body);
    defs.set(m[2], { name: m[2], args, body, doc: doc ? firstLine(doc[2]) : undefined });
  }
  return defs;
}

function indentOf(line: string): number {
  return /^[ \t]*/.exec(line)![0].length;
}

/** The first function defined in this script that is called within the next three lines. */
function handlerAfter(src: string, from: number, defs: Map<string, Def>): string | undefined {
  const rest = src.slice(from).split('\n').slice(0, 4).join('\n');
  for (const m of rest.matchAll(/\b(\w+)\s*\(/g)) if (defs.has(m[1])) return m[1];
  return undefined;
}

/** `params.get("days", 7)` and `params["target"]` in a handler's body, typed from a literal default. */
function paramsOf(def: Def): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const names = def.args.length ? [def.args[0]] : ['params'];
  for (const v of names) {
    const get = new RegExp(`\\b${v}\\.get\\(\\s*${STR}\\s*(?:,\\s*([^)\\n]*))?\\)`, 'g');
    for (const m of def.body.matchAll(get)) out[m[2]] ??= typed(m[3]);
    const idx = new RegExp(`\\b${v}\\[\\s*${STR}\\s*\\]`, 'g');
    for (const m of def.body.matchAll(idx)) out[m[2]] ??= {};
    // Helpers that take the params and a name: int_param(params, "days", 7, ...), get(params, "x").
    const helper = new RegExp(`\\b\\w+\\(\\s*${v}\\s*,\\s*${STR}\\s*(?:,\\s*([^,)\\n]*))?`, 'g');
    for (const m of def.body.matchAll(helper)) out[m[2]] ??= typed(m[3]);
  }
  return out;
}

function typed(literal: string | undefined): JsonSchema {
  const d = literal?.trim();
  if (!d || d === 'None') return {};
  if (/^-?\d+$/.test(d)) return { type: 'integer', default: Number(d) };
  if (/^-?\d*\.\d+$|^-?\d+\.\d*$/.test(d)) return { type: 'number', default: Number(d) };
  if (d === 'True' || d === 'False') return { type: 'boolean', default: d === 'True' };
  const s = /^(["'])([^"'\\]*)\1$/.exec(d);
  if (s) return { type: 'string', default: s[2] };
  if (d.startsWith('[')) return { type: 'array' };
  if (d.startsWith('{')) return { type: 'object' };
  return {};
}

interface Literal {
  value: string;
  description?: string;
}

/**
 * The strings directly inside the bracket literal opening at `open`: every item of a list/tuple/set, only
 * the keys of a dict (with a string value taken as the key's description).
 */
export function literalStrings(src: string, open: number): { keys: Literal[] } {
  const closer: Record<string, string> = { '[': ']', '(': ')', '{': '}' };
  const stack: string[] = [];
  const keys: Literal[] = [];
  let pendingKey: Literal | null = null;
  let afterColon = false;
  for (let i = open; i < src.length && i < open + 20_000; i++) {
    const c = src[i];
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      const value = src.slice(i + 1, j);
      if (stack.length === 1) {
        const isDict = stack[0] === '{';
        const colon = /^\s*:/.test(src.slice(j + 1, j + 40));
        if (isDict && afterColon && pendingKey) pendingKey.description ??= value;
        else if (!isDict || colon) {
          pendingKey = { value };
          keys.push(pendingKey);
        }
      }
      i = j;
      continue;
    }
    if (c in closer) stack.push(c);
    else if (c === ']' || c === ')' || c === '}') {
      stack.pop();
      if (stack.length === 0) break;
    } else if (stack.length === 1 && c === ':') afterColon = true;
    else if (stack.length === 1 && c === ',') {
      afterColon = false;
      pendingKey = null;
    }
  }
  return { keys };
}

function moduleDescription(src: string): string | undefined {
  const m = /^(?:#![^\n]*\n|#[^\n]*\n|\s)*(?:[rRuU])?("""|''')([\s\S]*?)\1/.exec(src);
  if (!m) return undefined;
  // Paragraphs, each joined into one line (a sentence may wrap).
  const paragraphs = m[2].split(/\n\s*\n/).map((p) => p.split('\n').map((l) => l.trim()).filter(Boolean));
  const first = paragraphs.find((p) => p.length) ?? [];
  // The template puts the skill's name on the first line and a short description after it.
  const named = first.length > 0 && !/[.:]/.test(first[0]) && first[0].split(/\s+/).length <= 4;
  const rest = named ? first.slice(1) : first;
  const text = (rest.length ? rest : named ? paragraphs.slice(1).find((p) => p.length) ?? [] : []).join(' ');
  return text && !/^(输入|input)/i.test(text) ? text : undefined;
}

function firstLine(doc: string): string | undefined {
  return doc.split('\n').map((l) => l.trim()).find(Boolean);
}
