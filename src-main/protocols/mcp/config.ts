/**
 * MCP server configurations as users already have them, read into one shape (`McpServerConfig`):
 * a project's `.mcp.json` and Claude Desktop's `claude_desktop_config.json` and Cursor's `.cursor/mcp.json`
 * (`mcpServers`), and VS Code's `.vscode/mcp.json` (`servers`, with `type`, and `inputs` referenced as
 * `${input:id}`). And the one file the workbench writes: a folder's `.mcp.json`, merged and written atomically.
 *
 * Values may name variables as `${NAME}` (Claude Code's form): they are filled in at launch from the
 * skill's settings and secrets, then the workbench's environment (`expandVars`). A VS Code input becomes a
 * variable of the same name in capitals (`${input:api-key}` → `${API_KEY}`), to be set as a secret in the
 * skill's settings: the workbench does not ask for inputs itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { McpConfigShape, McpServerConfig } from '../../contract';
import { writeFileAtomicSync } from '../../host/atomic-write';
import { SkillError } from '../../common/errors';
import { isObject } from '../../common/values';

export const MCP_JSON = '.mcp.json';

export interface ParsedConfig {
  shape: McpConfigShape;
  servers: McpServerConfig[];
  skipped: { name: string; reason: string }[];
  notes: string[];
}

/** Which kind of file this is, from its name and, failing that, its keys. */
export function shapeOf(file: string, raw: unknown): McpConfigShape {
  const base = path.basename(file);
  const parent = path.basename(path.dirname(file));
  if (base === 'claude_desktop_config.json') return 'claude-desktop';
  if (base === 'mcp.json' && parent === '.cursor') return 'cursor';
  if ((base === 'mcp.json' && parent === '.vscode') || (isObject(raw) && isObject(raw.servers) && !isObject(raw.mcpServers))) return 'vscode';
  return 'mcp.json';
}

/** Reads a config file; a missing or broken file is a plain-words error. */
export function readMcpConfigFile(file: string): ParsedConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new SkillError('NOT_FOUND', code === 'ENOENT' ? `There is no file ${file}.` : `${file} could not be read: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(stripJsonComments(text));
  } catch (err) {
    throw new SkillError('VALIDATION', `${file} is not valid JSON: ${(err as Error).message}`);
  }
  return parseMcpConfig(raw, shapeOf(file, raw), file);
}

/** The servers a parsed config holds, each checked; what cannot be used is skipped with its reason. */
export function parseMcpConfig(raw: unknown, shape: McpConfigShape, file = 'the file'): ParsedConfig {
  const out: ParsedConfig = { shape, servers: [], skipped: [], notes: [] };
  const key = shape === 'vscode' ? 'servers' : 'mcpServers';
  const table = isObject(raw) ? raw[key] : undefined;
  if (!isObject(table)) {
    throw new SkillError('VALIDATION', `${file} has no "${key}" object: it is not ${shape === 'vscode' ? "VS Code's" : 'an'} MCP configuration.`);
  }
  const inputs = shape === 'vscode' && isObject(raw) && Array.isArray(raw.inputs) ? raw.inputs.filter(isObject) : [];
  for (const [name, entry] of Object.entries(table)) {
    const checked = serverOf(name, entry);
    if (typeof checked === 'string') out.skipped.push({ name, reason: checked });
    else out.servers.push(shape === 'vscode' ? withInputs(checked, inputs, out.notes) : checked);
  }
  return out;
}

function serverOf(name: string, entry: unknown): McpServerConfig | string {
  if (!/^[\w.@-]{1,64}$/.test(name)) return 'its name may use only letters, digits, ".", "-", "_" and "@" (at most 64).';
  if (!isObject(entry)) return 'its entry is not an object.';
  const type = typeof entry.type === 'string' ? entry.type : undefined;
  const strings = (v: unknown) => (Array.isArray(v) && v.every((a) => typeof a === 'string') ? v : undefined);
  const table = (v: unknown) => (isObject(v) && Object.values(v).every((x) => typeof x === 'string') ? (v as Record<string, string>) : undefined);
  if (type === 'sse') return 'it uses the older SSE transport, which the workbench does not speak: use its Streamable HTTP address.';
  if (entry.disabled === true) return 'it is disabled in the file.';
  if (typeof entry.url === 'string' || type === 'http' || type === 'streamable-http' || type === 'streamableHttp') {
    if (typeof entry.url !== 'string' || !entry.url) return 'it is an HTTP server without a "url".';
    if (!/^https?:\/\//i.test(entry.url) && !entry.url.startsWith('${')) return `its url "${entry.url}" is not an http(s) address.`;
    if (entry.headers !== undefined && !table(entry.headers)) return '"headers" must be an object of texts.';
    return { name, transport: 'http', url: entry.url, ...(entry.headers ? { headers: table(entry.headers) } : {}) };
  }
  if (typeof entry.command !== 'string' || !entry.command.trim()) return 'it has neither a "command" nor a "url".';
  if (entry.args !== undefined && !strings(entry.args)) return '"args" must be a list of texts.';
  if (entry.env !== undefined && !table(entry.env)) return '"env" must be an object of texts.';
  const server: McpServerConfig = { name, transport: 'stdio', command: entry.command };
  if (entry.args) server.args = strings(entry.args);
  if (entry.env && Object.keys(entry.env).length) server.env = table(entry.env);
  if (typeof entry.cwd === 'string') server.cwd = entry.cwd;
  return server;
}

/** VS Code's `${input:id}` becomes `${ID}`, a variable the user sets (as a secret, when the input is a password). */
function withInputs(server: McpServerConfig, inputs: Record<string, unknown>[], notes: string[]): McpServerConfig {
  const swap = (s: string) =>
    s.replace(/\$\{input:([^}]+)\}/g, (_m, id: string) => {
      const name = inputName(id);
      const input = inputs.find((i) => i.id === id);
      const what = input?.password ? 'a secret' : 'a variable';
      const note = `${server.name}: set ${name} as ${what} in the skill's settings (VS Code asked for "${typeof input?.description === 'string' ? input.description : id}").`;
      if (!notes.includes(note)) notes.push(note);
      return `\${${name}}`;
    });
  const map = (t?: Record<string, string>) => (t ? Object.fromEntries(Object.entries(t).map(([k, v]) => [k, swap(v)])) : undefined);
  return {
    ...server,
    ...(server.command ? { command: swap(server.command) } : {}),
    ...(server.args ? { args: server.args.map(swap) } : {}),
    ...(server.env ? { env: map(server.env) } : {}),
    ...(server.url ? { url: swap(server.url) } : {}),
    ...(server.headers ? { headers: map(server.headers) } : {}),
  };
}

export function inputName(id: string): string {
  return id.replace(/[^A-Za-z0-9]+/g, '_').replace(/^(\d)/, '_$1').toUpperCase();
}

/** The servers of a folder's `.mcp.json`, or [] when it has none (or a broken one: discovery never throws). */
export function folderServers(dir: string): McpServerConfig[] {
  const file = path.join(dir, MCP_JSON);
  if (!fs.existsSync(file)) return [];
  try {
    return readMcpConfigFile(file).servers;
  } catch {
    return [];
  }
}

/** One server of a folder's `.mcp.json`, read afresh (at each launch). */
export function folderServer(dir: string, name: string): McpServerConfig {
  const parsed = readMcpConfigFile(path.join(dir, MCP_JSON));
  const found = parsed.servers.find((s) => s.name === name);
  if (!found) {
    const why = parsed.skipped.find((s) => s.name === name)?.reason;
    throw new SkillError('NOT_FOUND', why ? `The server "${name}" in ${MCP_JSON} cannot be used: ${why}` : `${path.join(dir, MCP_JSON)} no longer has a server "${name}".`);
  }
  return found;
}

/** A server as `.mcp.json` keeps it. */
export function entryOf(s: McpServerConfig): Record<string, unknown> {
  if (s.transport === 'http') return { type: 'http', url: s.url, ...(s.headers && Object.keys(s.headers).length ? { headers: s.headers } : {}) };
  return { command: s.command, args: s.args ?? [], ...(s.env && Object.keys(s.env).length ? { env: s.env } : {}), ...(s.cwd ? { cwd: s.cwd } : {}) };
}

/**
 * Merges servers into `folder/.mcp.json` (made when missing), atomically; the file's other keys and other
 * servers are kept. A broken existing file is refused, not overwritten.
 */
export function mergeIntoFolder(folder: string, servers: McpServerConfig[]): { file: string; added: string[]; replaced: string[] } {
  const file = path.join(folder, MCP_JSON);
  let doc: Record<string, unknown> = {};
  if (fs.existsSync(file)) {
    let raw: unknown;
    try {
      raw = JSON.parse(stripJsonComments(fs.readFileSync(file, 'utf8')));
    } catch (err) {
      throw new SkillError('VALIDATION', `${file} is not valid JSON (${(err as Error).message}): fix it first; it was left as it is.`);
    }
    if (!isObject(raw)) throw new SkillError('VALIDATION', `${file} is not a JSON object: fix it first; it was left as it is.`);
    doc = raw;
  }
  const table: Record<string, unknown> = isObject(doc.mcpServers) ? { ...doc.mcpServers } : {};
  const added: string[] = [];
  const replaced: string[] = [];
  for (const s of servers) {
    (s.name in table ? replaced : added).push(s.name);
    table[s.name] = entryOf(s);
  }
  fs.mkdirSync(folder, { recursive: true });
  writeFileAtomicSync(file, JSON.stringify({ ...doc, mcpServers: table }, null, 2) + '\n');
  return { file, added, replaced };
}

/**
 * `${NAME}` (and `${NAME:-default}`) filled in from `vars`, then `fallback`; `${workspaceFolder}` is the
 * folder of the configuration. A variable set nowhere is an error naming it, rather than an empty value.
 */
export function expandVars(s: string, vars: Record<string, string | undefined>, fallback: Record<string, string | undefined>, server: string): string {
  return s.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_m, name: string, dflt?: string) => {
    const v = vars[name] ?? fallback[name] ?? dflt;
    if (v === undefined) {
      throw new SkillError('LAUNCH', `The MCP server "${server}" needs the variable ${name}, which is not set: add it to the skill's settings (as a secret if it is one).`);
    }
    return v;
  });
}

/** VS Code and Cursor files may hold comments and trailing commas. */
function stripJsonComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      i += 2;
      while (i < text.length && !(text[i] === '*' && text[i + 1] === '/')) i++;
      i++;
    } else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}
