/**
 * `.namel3ss/tools.yaml`: which Python function implements each declared tool, and how it runs.
 *
 *   tools:
 *     "greet someone":
 *       kind: python
 *       entry: "tools.greeting:greet"
 *       runner: local          # local | service | container | node (a node tool's default)
 *       url: http://127.0.0.1:8787/tools
 *       timeout_ms: 5000
 *       env: {"LOG_LEVEL": "info"}
 *
 * namel3ss writes this file with its own line parser; any YAML that means the same is accepted here.
 * Problems are collected per tool (the tool stays listed, a call says what to fix) rather than thrown.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { asText, isObject } from '../../common/values';
import { bindingExample as bindingExampleOf, guidance, moduleNotFound, type N3Message } from './messages';

export const BINDINGS_FILE = path.join('.namel3ss', 'tools.yaml');

export type RunnerKind = 'local' | 'service' | 'container' | 'node';
/** namel3ss's runners; a binding may name another, refused when the tool is called ("Unknown tool runner"). */
export const RUNNERS: readonly RunnerKind[] = ['local', 'service', 'container', 'node'];
/** The binding kinds namel3ss reads (bindings_yaml.SUPPORTED_BINDING_KINDS). */
const KINDS = new Set(['python', 'node']);
const FIELDS = new Set(['kind', 'entry', 'runner', 'url', 'image', 'command', 'env', 'purity', 'timeout_ms', 'sandbox', 'enforcement']);
/** Built-in namel3ss tool packs: allowed as entries, but they need namel3ss installed in the interpreter. */
export const BUILTIN_PACK_PREFIX = 'namel3ss.tool_packs';

export interface ToolBinding {
  tool: string;
  kind: string;
  entry: string;
  /** As written; `local` when not given (a node tool's default, `node`, is the plan's to apply). */
  runner: string;
  /** True when the binding said which runner; false when `local` is the default. */
  runnerGiven: boolean;
  url?: string;
  image?: string;
  command?: string[];
  env: Record<string, string>;
  purity?: string;
  timeoutMs?: number;
  /** `sandbox: true|false`; undefined when the binding does not say (packs are sandboxed by default). */
  sandbox?: boolean;
  /** Container bindings: `declared` or `verified` enforcement of the guarantees. */
  enforcement?: string;
  /** Why this binding cannot be used as written; the call fails with this text. */
  problems: string[];
  /** Forms accepted here that namel3ss itself would not write. */
  notes: string[];
}

export interface BindingsFile {
  exists: boolean;
  file: string;
  bindings: Map<string, ToolBinding>;
  /** Problems with the file as a whole (unreadable, not YAML, no `tools:` mapping). */
  problems: string[];
}

export function bindingExample(tool: string, entry = 'tools.my_tool:run'): string {
  return `tools:\n  "${tool}":\n    kind: python\n    entry: "${entry}"`;
}

export function readBindings(appRoot: string): BindingsFile {
  return readBindingsFile(path.join(appRoot, BINDINGS_FILE), BINDINGS_FILE);
}

/** A tools.yaml anywhere (an app's, or a pack's); `label` is how messages name it. */
export function readBindingsFile(file: string, label: string): BindingsFile {
  const out: BindingsFile = { exists: false, file, bindings: new Map(), problems: [] };
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
    out.exists = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') out.problems.push(`Cannot read ${label}: ${(err as Error).message}`);
    return out;
  }
  return parseBindingsText(text, label, out);
}

/** The `tools:` mapping of a tools.yaml text (or of a pack.yaml's `entrypoints:`). */
export function parseBindingsText(text: string, label: string, out: BindingsFile): BindingsFile {
  let doc: unknown;
  try {
    doc = YAML.parse(text, { uniqueKeys: true });
  } catch (err) {
    out.problems.push(`${label} is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
    return out;
  }
  const tools = isObject(doc) ? doc.tools : undefined;
  if (doc == null || (isObject(doc) && tools == null)) {
    if (text.trim()) out.problems.push(`${label} has no "tools:" mapping. Example:\n${bindingExample('greet someone')}`);
    return out;
  }
  if (!isObject(tools)) {
    out.problems.push(`${label}: "tools" must be a mapping of tool names to bindings. Example:\n${bindingExample('greet someone')}`);
    return out;
  }
  for (const [tool, raw] of Object.entries(tools)) out.bindings.set(tool, toBinding(tool, raw, label));
  return out;
}

export function toBinding(tool: string, raw: unknown, label: string = BINDINGS_FILE): ToolBinding {
  const b: ToolBinding = { tool, kind: 'python', entry: '', runner: 'local', runnerGiven: false, env: {}, problems: [], notes: [] };
  const where = `Binding "${tool}" in ${label}`;
  if (typeof raw === 'string') {
    // namel3ss stopped accepting `"tool": "module:function"`; the meaning is plain, so run it and say so.
    b.entry = raw.trim();
    b.notes.push(`${where} is an inline string; namel3ss expects a mapping with kind and entry.`);
    return b;
  }
  if (!isObject(raw)) {
    b.problems.push(`${where} must be a mapping with kind and entry. Example:\n${bindingExample(tool)}`);
    return b;
  }
  for (const key of Object.keys(raw)) {
    if (!FIELDS.has(key)) b.notes.push(`${where} has an unsupported field "${key}" (ignored).`);
  }
  if (raw.kind === undefined) b.problems.push(`${where} is missing "kind: python".`);
  else if (typeof raw.kind !== 'string' || !KINDS.has(raw.kind)) b.problems.push(`${where} has kind "${asText(raw.kind)}"; namel3ss binds "python" and "node" tools.`);
  else b.kind = raw.kind;
  if (typeof raw.entry === 'string' && raw.entry.trim()) b.entry = raw.entry.trim();
  else b.problems.push(`${where} is missing "entry" (module:function under tools/). Example:\n${bindingExample(tool)}`);
  if (raw.runner !== undefined && raw.runner !== null) {
    // Any name is read, as namel3ss reads it; one it has no runner for is refused at the call (plan.ts).
    if (typeof raw.runner === 'string' && raw.runner.trim()) {
      b.runner = raw.runner.trim();
      b.runnerGiven = true;
    } else b.problems.push(`${where} has an invalid runner: it must be a non-empty string (${RUNNERS.join(', ')}).`);
  }
  if (raw.url !== undefined && raw.url !== null) {
    if (typeof raw.url === 'string' && raw.url.trim()) b.url = raw.url.trim();
    else b.problems.push(`${where} has an invalid url: it must be a non-empty string.`);
  }
  if (typeof raw.image === 'string') b.image = raw.image;
  if (Array.isArray(raw.command) && raw.command.every((c) => typeof c === 'string')) b.command = raw.command;
  if (raw.env !== undefined && raw.env !== null) {
    if (isObject(raw.env) && Object.values(raw.env).every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) {
      for (const [k, v] of Object.entries(raw.env)) b.env[k] = String(v);
    } else b.problems.push(`${where} has an invalid env: it must map names to string values, e.g. env: {"LOG_LEVEL": "info"}.`);
  }
  if (raw.purity !== undefined) {
    if (raw.purity === 'pure' || raw.purity === 'impure') b.purity = raw.purity;
    else b.notes.push(`${where} has purity "${asText(raw.purity)}"; namel3ss accepts "pure" or "impure".`);
  }
  if (raw.sandbox !== undefined && raw.sandbox !== null) {
    if (typeof raw.sandbox === 'boolean') b.sandbox = raw.sandbox;
    else b.problems.push(`${where} has sandbox "${asText(raw.sandbox)}"; write true or false.`);
  }
  if (typeof raw.enforcement === 'string') b.enforcement = raw.enforcement;
  if (raw.timeout_ms !== undefined && raw.timeout_ms !== null) {
    if (typeof raw.timeout_ms === 'number' && Number.isInteger(raw.timeout_ms) && raw.timeout_ms > 0) b.timeoutMs = raw.timeout_ms;
    else b.problems.push(`${where} has an invalid timeout_ms: it must be a positive whole number of milliseconds.`);
  }
  return b;
}

const IDENTIFIER = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$/u;

/** Python's str.isidentifier, near enough (Unicode letters, digits after the first, underscores). */
export function isPythonIdentifier(s: string): boolean {
  return IDENTIFIER.test(s);
}

/**
 * Checks an entry as namel3ss does, in the same order: `module:function`, the module under `tools.`
 * (or a built-in pack), each segment an identifier, and the module file present in the app.
 * Returns namel3ss's refusal with the workbench's plainer sentence as its hint, or null when the entry can be run.
 */
export function entryProblem(entry: string, tool: string, appRoot: string, opts: { checkFile?: boolean; external?: boolean } = {}): N3Message | null {
  const example = bindingExampleOf(tool, 'python', entry);
  const hintExample = `Example:\n${bindingExample(tool)}`;
  const colon = entry.indexOf(':');
  const form = (why: string, hint: string): N3Message => ({
    text: guidance(`Tool "${tool}" entry must be "module:function".`, why, 'Bind the tool using `n3 tools bind "tool_name" --entry "tools.my_tool:run"`.', example),
    hint,
  });
  if (colon < 0) return form("The entry string is missing a ':' separator.", `Tool "${tool}" entry "${entry}" must be "module:function" (it has no ":"). ${hintExample}`);
  const modulePath = entry.slice(0, colon).trim();
  const fn = entry.slice(colon + 1).trim();
  if (!modulePath || !fn) return form('The entry string is missing a module or function name.', `Tool "${tool}" entry "${entry}" must be "module:function" (the module or the function is empty). ${hintExample}`);
  const underTools = modulePath === 'tools' || modulePath.startsWith('tools.');
  const pack = modulePath === BUILTIN_PACK_PREFIX || modulePath.startsWith(`${BUILTIN_PACK_PREFIX}.`);
  if (!underTools && !pack && !opts.external) {
    return {
      text: guidance(`Tool "${tool}" entry must point inside tools/ or built-in packs.`, `Entry module '${modulePath}' is not allowed.`, `Use a module under tools/ or a built-in pack under "${BUILTIN_PACK_PREFIX}".`, example),
      hint: `Tool "${tool}" entry module "${modulePath}" is not under tools/: put the code in tools/<module>.py and bind it as "tools.<module>:${fn}".`,
    };
  }
  const bad = modulePath.split('.').find((s) => !isPythonIdentifier(s));
  if (bad !== undefined) {
    return {
      text: guidance(`Tool "${tool}" entry has invalid module path.`, `'${modulePath}' is not a valid Python module path.`, 'Use dot-separated Python identifiers for the module path.', example),
      hint: `Tool "${tool}" entry module "${modulePath}" is not a valid Python module path ("${bad}" is not a Python identifier): use dot-separated names of letters, digits and underscores.`,
    };
  }
  if (!isPythonIdentifier(fn)) {
    return {
      text: guidance(`Tool "${tool}" entry has invalid function name.`, `'${fn}' is not a valid Python identifier.`, 'Rename the function or update the binding entry to a valid name.', example),
      hint: `Tool "${tool}" entry function "${fn}" is not a valid Python identifier: rename the function or fix the entry.`,
    };
  }
  if (pack || !underTools || opts.checkFile === false) return null;
  const parts = modulePath.split('.').slice(1);
  const base = path.join(path.resolve(appRoot), 'tools', ...parts);
  if (fileExists(`${base}.py`) || fileExists(path.join(base, '__init__.py'))) return null;
  const rel = path.relative(appRoot, `${base}.py`).split(path.sep).join('/');
  return {
    text: moduleNotFound(tool, entry, base, path.sep),
    hint: `Tool "${tool}" entry module "${modulePath}" was not found: expected ${rel} in the app. Create the file or fix the entry in ${BINDINGS_FILE}.`,
  };
}

function fileExists(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

