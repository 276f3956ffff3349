/**
 * Reads tool declarations from namel3ss `.ai` files, without running anything:
 *
 *   use "inventory" as inv          # a capsule: modules/inventory/*.ai
 *   packs:
 *     "builtin.text"
 *   capabilities:                   # http tools need http
 *     http
 *
 *   tool "greet someone":
 *     implemented using python
 *     purity is "pure"
 *     timeout_seconds is 10
 *     input:
 *       name is text
 *       age is optional number
 *     output:
 *       message is text
 *
 *   foreign python function "calculate_tax"
 *     input
 *       amount is number
 *     output is number
 *
 * A tool may be `implemented using python`, `node` or `http` (the kinds the workbench runs) or anything else
 * (listed, not run). Only these top-level blocks (and an optional `app "name"` line) matter here; flows, pages, records and
 * the rest are skipped by indentation. Field types are exactly namel3ss's: text, number, boolean, json
 * (and the legacy aliases string, str, int, integer, bool); foreign functions take text, number, boolean
 * or `list of` those. Anything else (`list`, `map`, `list<text>`) is refused as namel3ss refuses it, with
 * the file and line. Problems come back instead of throwing, so one bad block never hides the app's other
 * tools; a tool whose declaration namel3ss would refuse carries its problems and cannot be called.
 */

export type BaseType = 'text' | 'number' | 'boolean';
export type FieldType = BaseType | 'json' | `list of ${BaseType}`;

export interface ToolField {
  name: string;
  type: FieldType;
  required: boolean;
  line: number;
}

export interface AiTool {
  /** The name a binding uses: `<capsule>.<tool>` for a capsule's tools. */
  name: string;
  /** The capsule (module folder) that declares it, for tools of `modules/<capsule>/`. */
  capsule?: string;
  /** `tool` blocks, or `foreign python|js function` declarations (sandboxed, no network, a bare result). */
  declaredAs: 'tool' | 'foreign';
  /** Why namel3ss would refuse this declaration (file:line), when it would: the tool cannot be called. */
  invalid?: string[];
  /** From `implemented using X`, lower-cased; undefined when the block never says. */
  kind?: string;
  purity: 'pure' | 'impure';
  timeoutSeconds?: number;
  description?: string;
  input: ToolField[];
  output: ToolField[];
  file: string;
  line: number;
}

export interface AiProblem {
  file: string;
  line: number;
  message: string;
}

export interface AiUse {
  module: string;
  alias?: string;
  line: number;
}

export interface AiFile {
  appName?: string;
  tools: AiTool[];
  problems: AiProblem[];
  /** `use "x" as y` lines: the capsules this program loads. */
  uses: AiUse[];
  /** The `packs:` block: the tool packs this program allows. */
  packs: string[];
  /** A `capsule "x":` header (a module's capsule.ai). */
  capsule?: string;
  /** The `capabilities:` block (http, secrets, files, …), lower-cased; null when the file has none. */
  capabilities: string[] | null;
  /** The file has a `flow`, `page` or `spec is` line: it is a program of its own. */
  isProgram: boolean;
}

/** namel3ss's type keywords, case-sensitive as its lexer is (`Text` is not a type). */
const TYPE_WORDS: Record<string, BaseType | 'json'> = {
  text: 'text', number: 'number', boolean: 'boolean', json: 'json',
  string: 'text', str: 'text', int: 'number', integer: 'number', bool: 'boolean',
};
const TYPE_HINT = 'Use text, number, boolean, or json.';
const FOREIGN_HINT = 'Use text, number, boolean, or a list of those (list of text).';

const TOOL_HEADER = /^tool\s+(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*:$/i;
const APP_LINE = /^app\s+(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*:?$/i;
const FIELD_LINE = /^(.+?)\s+is\s+(optional\s+)?(.+)$/;
const FOREIGN_HEADER = /^foreign\s+(\w+)\s+function\s+(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*:?$/;
const USE_LINE = /^use\s+(?:"([^"]+)"|'([^']+)')(?:\s+as\s+([A-Za-z_]\w*))?\s*:?$/;
const CAPSULE_LINE = /^capsule\s+(?:"([^"]+)"|'([^']+)')\s*:$/;
const QUOTED = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')$/;

interface Line {
  no: number;
  indent: number;
  text: string;
}

/** The tool kinds the workbench runs, as namel3ss runs them: python and node on their runners, http as its built-in capability. */
export const RUNNABLE_KINDS = ['python', 'node', 'http'] as const;

/** True when the text looks like it declares a tool the workbench runs (or a foreign function): a cheap test for detection. */
export function mentionsTool(text: string): boolean {
  return (/^\s*implemented\s+using\s+["']?(python|node|http)\b/im.test(text) && /^tool\s/im.test(text)) || /^foreign\s+(python|js)\s+function\b/m.test(text);
}

/** True when the text uses a capsule (whose modules may declare python tools). */
export function usesCapsule(text: string): boolean {
  return /^use\s+["'][^"']+["']/m.test(text);
}

export function parseAiFile(text: string, file: string): AiFile {
  const lines = significantLines(text);
  const out: AiFile = { tools: [], problems: [], uses: [], packs: [], capabilities: null, isProgram: false };
  const problem = (line: number, message: string) => out.problems.push({ file, line, message });
  let i = 0;
  while (i < lines.length) {
    const l = lines[i];
    let end = i + 1;
    while (end < lines.length && lines[end].indent > 0) end++;
    if (l.indent > 0) {
      // Indented text with no block above it: namel3ss would reject it, we only skip it.
      i = end;
      continue;
    }
    const body = lines.slice(i + 1, end);
    const header = TOOL_HEADER.exec(l.text);
    const foreign = FOREIGN_HEADER.exec(l.text);
    let m: RegExpExecArray | null;
    if (header) {
      const tool = parseToolBlock(unescape(header[1] ?? header[2]), l, body, file, problem);
      if (tool) out.tools.push(tool);
    } else if (foreign) {
      const tool = parseForeignBlock(foreign[1], unescape(foreign[2] ?? foreign[3]), l, body, file, problem);
      if (tool) out.tools.push(tool);
    } else if (/^tool\s+["']/i.test(l.text) || /^tool\s.*:$/i.test(l.text)) {
      problem(l.no, `Expected a tool header like tool "my tool": but found: ${l.text}`);
    } else if ((m = USE_LINE.exec(l.text))) {
      out.uses.push({ module: m[1] ?? m[2], ...(m[3] ? { alias: m[3] } : {}), line: l.no });
    } else if ((m = CAPSULE_LINE.exec(l.text))) {
      out.capsule = m[1] ?? m[2];
    } else if ((m = /^capabilities\s*:\s*(?:\[(.*)\])?$/.exec(l.text))) {
      const items = m[1] !== undefined ? m[1].split(',') : body.map((b) => b.text);
      out.capabilities = [...(out.capabilities ?? []), ...items.map((c) => unquote(c).toLowerCase()).filter(Boolean)];
    } else if (/^packs\s*:$/.test(l.text)) {
      for (const p of body) {
        const q = QUOTED.exec(p.text);
        if (q) out.packs.push(unescape(q[1] ?? q[2]));
        else problem(p.no, `Expected a quoted pack id in packs:, like "builtin.text", found: ${p.text}`);
      }
    } else {
      if (/^(flow|page|spec)\b/.test(l.text)) out.isProgram = true;
      const app = APP_LINE.exec(l.text);
      if (app && out.appName === undefined) out.appName = unescape(app[1] ?? app[2]);
    }
    i = end;
  }
  return out;
}

function parseToolBlock(
  name: string,
  header: Line,
  body: Line[],
  file: string,
  problem: (line: number, message: string) => void,
): AiTool | null {
  const tool: AiTool = { name, declaredAs: 'tool', purity: 'impure', input: [], output: [], file, line: header.no };
  const own = (line: number, message: string) => {
    problem(line, message);
    (tool.invalid ??= []).push(`${file}:${line}: ${message}`);
  };
  if (body.length === 0) {
    problem(header.no, `Tool "${name}" has an empty body; indent its lines under the header.`);
    return null;
  }
  const base = body[0].indent;
  const seen = { input: false, output: false };
  let section: 'input' | 'output' | null = null;
  for (const l of body) {
    if (l.indent > base) {
      if (section) addField(tool, section, l, own);
      else own(l.no, `Unexpected indentation in tool "${name}".`);
      continue;
    }
    if (l.indent < base) {
      own(l.no, `Inconsistent indentation in tool "${name}".`);
      continue;
    }
    section = null;
    const t = l.text;
    let m: RegExpExecArray | null;
    if ((m = /^(input|output)\s*:$/i.exec(t))) {
      const which = m[1].toLowerCase() as 'input' | 'output';
      if (seen[which]) own(l.no, `Tool "${name}" declares ${which} more than once.`);
      seen[which] = true;
      section = which;
    } else if ((m = /^implemented\s+using\s+(.+)$/i.exec(t))) {
      if (tool.kind !== undefined) own(l.no, `Tool "${name}" declares its implementation more than once.`);
      tool.kind = unquote(m[1]).toLowerCase();
    } else if ((m = /^purity\s+is\s+(.+)$/i.exec(t))) {
      const purity = unquote(m[1]).toLowerCase();
      if (purity === 'pure' || purity === 'impure') tool.purity = purity;
      else own(l.no, `purity must be "pure" or "impure" (tool "${name}").`);
    } else if ((m = /^timeout_seconds\s+is\s+(.+)$/i.exec(t))) {
      const n = Number(m[1]);
      if (Number.isInteger(n) && n > 0) tool.timeoutSeconds = n;
      else own(l.no, `timeout_seconds must be a positive whole number of seconds (tool "${name}").`);
    } else if (/^description\s+is\b/i.test(t)) {
      // namel3ss's parser has no description in a tool block ("Unknown field in tool declaration").
      own(l.no, `Unknown field in tool declaration (tool "${name}"): namel3ss takes no description in a tool block; say what the tool does in a comment above it.`);
    } else if (/^(kind|entry|input_schema|output_schema)\b/i.test(t)) {
      own(l.no, `Tool "${name}" uses the old tool syntax ("${t.split(/\s/)[0]}"): declare \`implemented using python\` with input:/output: blocks, and put the entry in .namel3ss/tools.yaml.`);
    } else {
      own(l.no, `Unknown line in tool "${name}": ${t}`);
    }
  }
  if (tool.kind === undefined) {
    problem(header.no, `Tool "${name}" does not say how it is implemented: add \`implemented using python\`.`);
    return null;
  }
  if (!seen.input) own(header.no, `Tool "${name}" has no input: block (namel3ss requires one).`);
  if (!seen.output) own(header.no, `Tool "${name}" has no output: block (namel3ss requires one).`);
  return tool;
}

function addField(tool: AiTool, section: 'input' | 'output', l: Line, problem: (line: number, message: string) => void): void {
  const m = FIELD_LINE.exec(l.text);
  if (!m) {
    problem(l.no, `Expected an ${section} field like "name is text" or "age is optional number" in tool "${tool.name}", found: ${l.text}`);
    return;
  }
  const name = unquote(m[1].trim());
  const raw = m[3].trim();
  const type = TYPE_WORDS[raw];
  if (!type) {
    problem(l.no, `Unsupported ${section} field type "${raw}" for "${name}" in tool "${tool.name}". ${TYPE_HINT}`);
    return;
  }
  const list = tool[section];
  if (list.some((f) => f.name === name)) {
    problem(l.no, `Duplicate ${section} field "${name}" in tool "${tool.name}".`);
    return;
  }
  list.push({ name, type, required: !m[2], line: l.no });
}

/**
 * `foreign python function "name"` (js too, kept as a node tool): an `input` block of required fields
 * and an `output is <type>` line. namel3ss runs it sandboxed, without network, and it returns a bare value.
 */
function parseForeignBlock(lang: string, name: string, header: Line, body: Line[], file: string, problem: (line: number, message: string) => void): AiTool | null {
  const language = lang.toLowerCase();
  if (language !== 'python' && language !== 'js') {
    problem(header.no, `Unknown foreign language '${lang}' in "${name}": foreign functions are python or js.`);
    return null;
  }
  const tool: AiTool = { name, declaredAs: 'foreign', kind: language === 'js' ? 'node' : 'python', purity: 'impure', input: [], output: [], file, line: header.no };
  const own = (line: number, message: string) => {
    problem(line, message);
    (tool.invalid ??= []).push(`${file}:${line}: ${message}`);
  };
  if (!body.length) {
    problem(header.no, `Foreign function "${name}" has an empty body; indent its input and output under the header.`);
    return null;
  }
  const base = body[0].indent;
  let inInput = false;
  let sawInput = false;
  for (const l of body) {
    if (l.indent > base) {
      if (!inInput) {
        own(l.no, `Unexpected indentation in foreign function "${name}".`);
        continue;
      }
      const m = FIELD_LINE.exec(l.text);
      if (!m) own(l.no, `Expected an input like "amount is number" in foreign function "${name}", found: ${l.text}`);
      else if (m[2]) own(l.no, `Foreign input fields cannot be optional ("${unquote(m[1])}" in "${name}").`);
      else {
        const type = foreignType(m[3]);
        if (!type) own(l.no, `Unsupported foreign input type '${m[3].trim()}' for "${unquote(m[1])}" in "${name}". ${FOREIGN_HINT}`);
        else if (tool.input.some((f) => f.name === unquote(m[1]))) own(l.no, `Duplicate input field '${unquote(m[1])}' in foreign function "${name}".`);
        else tool.input.push({ name: unquote(m[1].trim()), type, required: true, line: l.no });
      }
      continue;
    }
    inInput = false;
    let m: RegExpExecArray | null;
    if (/^input\s*:?$/.test(l.text)) {
      if (sawInput) own(l.no, `Foreign function "${name}" declares its input more than once.`);
      inInput = sawInput = true;
    } else if ((m = /^output\s+is\s+(.+)$/.exec(l.text))) {
      const type = foreignType(m[1]);
      if (!type) own(l.no, `Unsupported foreign output type '${m[1].trim()}' in "${name}". ${FOREIGN_HINT}`);
      else if (tool.output.length) own(l.no, `Foreign function "${name}" declares its output more than once.`);
      else tool.output.push({ name: 'result', type, required: true, line: l.no });
    } else own(l.no, `Unknown line in foreign function "${name}": ${l.text}`);
  }
  if (!sawInput) own(header.no, `Foreign function "${name}" is missing an input block.`);
  if (!tool.output.length && !tool.invalid?.some((p) => /output/.test(p))) own(header.no, `Foreign function "${name}" is missing an output type (output is text).`);
  return tool;
}

function foreignType(raw: string): FieldType | undefined {
  const text = raw.trim().split(/\s+/).join(' ');
  const list = /^list of (\w+)$/.exec(text);
  const base = TYPE_WORDS[list ? list[1] : text];
  if (!base || base === 'json') return undefined;
  return list ? `list of ${base}` : base;
}

/** Non-blank, non-comment lines with their indentation; `#` comments are cut outside quotes. */
function significantLines(text: string): Line[] {
  const out: Line[] = [];
  const raw = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < raw.length; i++) {
    const body = stripComment(raw[i]).replace(/\s+$/, '');
    if (!body.trim()) continue;
    const lead = /^[ \t]*/.exec(body)![0];
    const indent = lead.replace(/\t/g, '    ').length;
    out.push({ no: i + 1, indent, text: body.slice(lead.length) });
  }
  return out;
}

function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

function unquote(s: string): string {
  const t = s.trim();
  if (t.length >= 2 && (t[0] === '"' || t[0] === "'") && t[t.length - 1] === t[0]) return unescape(t.slice(1, -1));
  return t;
}

function unescape(s: string): string {
  return s.replace(/\\(["'\\])/g, '$1');
}
