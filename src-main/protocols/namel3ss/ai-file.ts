/**
 * Reads tool declarations from namel3ss `.ai` files, without running anything:
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
 * Only top-level `tool` blocks (and an optional `app "name"` line) matter here; flows, pages, records and
 * the rest are skipped by indentation. Problems come back with file:line instead of throwing, so one bad
 * block never hides the app's other tools.
 */

export type FieldType = 'text' | 'number' | 'boolean' | 'json' | 'list' | 'map';

export interface ToolField {
  name: string;
  type: FieldType;
  required: boolean;
  line: number;
}

export interface AiTool {
  name: string;
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

export interface AiFile {
  appName?: string;
  tools: AiTool[];
  problems: AiProblem[];
}

const FIELD_TYPES = new Set<FieldType>(['text', 'number', 'boolean', 'json', 'list', 'map']);
/** Older spellings namel3ss still accepts (it calls them legacy aliases). */
const TYPE_ALIASES: Record<string, FieldType> = { string: 'text', str: 'text', int: 'number', integer: 'number', bool: 'boolean' };

const TOOL_HEADER = /^tool\s+(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*:$/i;
const APP_LINE = /^app\s+(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*:?$/i;
const FIELD_LINE = /^(.+?)\s+is\s+(optional\s+)?([A-Za-z_]+)(\s*<.*>)?$/i;

interface Line {
  no: number;
  indent: number;
  text: string;
}

/** True when the text looks like it declares a python tool: a cheap test for detection. */
export function mentionsPythonTool(text: string): boolean {
  return /^\s*implemented\s+using\s+["']?python\b/im.test(text) && /^tool\s/im.test(text);
}

export function parseAiFile(text: string, file: string): AiFile {
  const lines = significantLines(text);
  const out: AiFile = { tools: [], problems: [] };
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
    const header = TOOL_HEADER.exec(l.text);
    if (header) {
      const tool = parseToolBlock(unescape(header[1] ?? header[2]), l, lines.slice(i + 1, end), file, problem);
      if (tool) out.tools.push(tool);
    } else if (/^tool\s+["']/i.test(l.text) || /^tool\s.*:$/i.test(l.text)) {
      problem(l.no, `Expected a tool header like tool "my tool": but found: ${l.text}`);
    } else {
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
  const tool: AiTool = { name, purity: 'impure', input: [], output: [], file, line: header.no };
  if (body.length === 0) {
    problem(header.no, `Tool "${name}" has an empty body; indent its lines under the header.`);
    return null;
  }
  const base = body[0].indent;
  const seen = { input: false, output: false };
  let section: 'input' | 'output' | null = null;
  for (const l of body) {
    if (l.indent > base) {
      if (section) addField(tool, section, l, problem);
      else problem(l.no, `Unexpected indentation in tool "${name}".`);
      continue;
    }
    if (l.indent < base) {
      problem(l.no, `Inconsistent indentation in tool "${name}".`);
      continue;
    }
    section = null;
    const t = l.text;
    let m: RegExpExecArray | null;
    if ((m = /^(input|output)\s*:$/i.exec(t))) {
      const which = m[1].toLowerCase() as 'input' | 'output';
      if (seen[which]) problem(l.no, `Tool "${name}" declares ${which} more than once.`);
      seen[which] = true;
      section = which;
    } else if ((m = /^implemented\s+using\s+(.+)$/i.exec(t))) {
      if (tool.kind !== undefined) problem(l.no, `Tool "${name}" declares its implementation more than once.`);
      tool.kind = unquote(m[1]).toLowerCase();
    } else if ((m = /^purity\s+is\s+(.+)$/i.exec(t))) {
      const purity = unquote(m[1]).toLowerCase();
      if (purity === 'pure' || purity === 'impure') tool.purity = purity;
      else problem(l.no, `purity must be "pure" or "impure" (tool "${name}").`);
    } else if ((m = /^timeout_seconds\s+is\s+(.+)$/i.exec(t))) {
      const n = Number(m[1]);
      if (Number.isInteger(n) && n > 0) tool.timeoutSeconds = n;
      else problem(l.no, `timeout_seconds must be a positive whole number of seconds (tool "${name}").`);
    } else if ((m = /^description\s+is\s+(.+)$/i.exec(t))) {
      tool.description = unquote(m[1]);
    } else if (/^(kind|entry|input_schema|output_schema)\b/i.test(t)) {
      problem(l.no, `Tool "${name}" uses the old tool syntax ("${t.split(/\s/)[0]}"): declare \`implemented using python\` with input:/output: blocks, and put the entry in .namel3ss/tools.yaml.`);
    } else {
      problem(l.no, `Unknown line in tool "${name}": ${t}`);
    }
  }
  if (tool.kind === undefined) {
    problem(header.no, `Tool "${name}" does not say how it is implemented: add \`implemented using python\`.`);
    return null;
  }
  if (!seen.input) problem(header.no, `Tool "${name}" has no input: block (namel3ss requires one; it is treated as taking no fields).`);
  if (!seen.output) problem(header.no, `Tool "${name}" has no output: block (namel3ss requires one; it is treated as returning no fields).`);
  return tool;
}

function addField(tool: AiTool, section: 'input' | 'output', l: Line, problem: (line: number, message: string) => void): void {
  const m = FIELD_LINE.exec(l.text);
  if (!m) {
    problem(l.no, `Expected an ${section} field like "name is text" or "age is optional number" in tool "${tool.name}", found: ${l.text}`);
    return;
  }
  const name = unquote(m[1].trim());
  const raw = m[3].toLowerCase();
  let type = (FIELD_TYPES.has(raw as FieldType) ? raw : TYPE_ALIASES[raw]) as FieldType | undefined;
  if (!type) {
    problem(l.no, `Unsupported ${section} field type "${m[3]}" for "${name}" in tool "${tool.name}": use text, number, boolean, json, list or map. It is treated as json.`);
    type = 'json';
  }
  const list = tool[section];
  if (list.some((f) => f.name === name)) {
    problem(l.no, `Duplicate ${section} field "${name}" in tool "${tool.name}".`);
    return;
  }
  list.push({ name, type, required: !m[2], line: l.no });
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
