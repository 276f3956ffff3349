/**
 * Naming an MCP server on the command line without a folder: `--mcp-config FILE --server NAME` (any of the
 * four configuration shapes), `--command "…"` (stdio) or `--url URL --header K:V` (Streamable HTTP). A server
 * given by command or URL is written to a temporary `.mcp.json` (removed when the command ends), so it runs
 * exactly as one from a file would; it runs in, and is given as its root, the current folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { McpEraMode, McpServerConfig, SkillRef } from '../contract';
import { readMcpConfigFile, entryOf, isEraMode } from '../protocols/mcp';
import { projectOf, refsOf } from '../protocols/mcp';
import type { Options } from './args';
import { homeOf, resolvePath, type CommandContext } from './context';
import { UsageError } from './output';

export const MCP_OPTIONS: Options = {
  'mcp-config': { type: 'string' },
  server: { type: 'string' },
  command: { type: 'string' },
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  era: { type: 'string' },
};

/** `--era legacy|modern|auto`: the MCP protocol era to use with the server, over its saved setting. */
export function eraOption(v: unknown): McpEraMode | undefined {
  if (v === undefined) return undefined;
  if (!isEraMode(v)) throw new UsageError(`--era takes auto, legacy or modern, not ${JSON.stringify(v)}`);
  return v;
}

type Values = { 'mcp-config'?: unknown; server?: unknown; command?: unknown; url?: unknown; header?: unknown; skill?: unknown };

/** True when the command line names an MCP server by one of these options (then no skill path is given). */
export function namesMcpServer(values: Values): boolean {
  return values['mcp-config'] !== undefined || values.command !== undefined || values.url !== undefined;
}

export function mcpRef(values: Values, ctx: CommandContext): SkillRef {
  const given = [values['mcp-config'], values.command, values.url].filter((v) => v !== undefined);
  if (given.length > 1) throw new UsageError('name the MCP server one way: --mcp-config FILE, --command "…" or --url URL');
  if (values.header !== undefined && values.url === undefined) throw new UsageError('--header goes with --url');
  const want = (values.server ?? values.skill) as string | undefined;
  if (values['mcp-config'] !== undefined) {
    const file = path.resolve(resolvePath(ctx, values['mcp-config'] as string));
    const parsed = readMcpConfigFile(file);
    const dir = projectOf(file);
    const refs = refsOf(parsed.servers, file, dir, dir);
    if (want) {
      const found = refs.find((r) => r.name === want);
      if (found) return found;
      const why = parsed.skipped.find((s) => s.name === want)?.reason;
      throw new UsageError(why ? `the server "${want}" cannot be used: ${why}` : `${file} has no server "${want}". It has: ${refs.map((r) => r.name).join(', ') || 'none'}`);
    }
    if (refs.length === 1) return refs[0];
    throw new UsageError(`${file} holds ${refs.length} servers (${refs.map((r) => r.name).join(', ')}): pick one with --server NAME`);
  }
  let server: McpServerConfig;
  if (values.command !== undefined) {
    const words = splitCommand(values.command as string);
    if (!words.length) throw new UsageError('--command needs the command that starts the server');
    server = { name: want ?? serverNameOf(words), transport: 'stdio', command: words[0], args: words.slice(1) };
  } else {
    const headers: Record<string, string> = {};
    for (const h of (values.header as string[] | undefined) ?? []) {
      const at = h.indexOf(':');
      if (at <= 0) throw new UsageError(`--header takes NAME:VALUE, not "${h}"`);
      headers[h.slice(0, at).trim()] = h.slice(at + 1).trim();
    }
    const url = String(values.url);
    if (!/^https?:\/\//i.test(url)) throw new UsageError(`--url takes an http(s) address, not "${url}"`);
    server = { name: want ?? 'server', transport: 'http', url, ...(Object.keys(headers).length ? { headers } : {}) };
  }
  if (!/^[\w.@-]{1,64}$/.test(server.name)) throw new UsageError(`"${server.name}" cannot name a server: use --server NAME (letters, digits, ".", "-", "_")`);
  // Under the workbench's home (its folders are its owner's alone): the config may carry a header's token.
  const scratch = path.join(homeOf(ctx), 'tmp');
  fs.mkdirSync(scratch, { recursive: true, mode: 0o700 });
  const tmp = fs.mkdtempSync(path.join(scratch, 'mcp-'));
  const file = path.join(tmp, '.mcp.json');
  fs.writeFileSync(file, JSON.stringify({ mcpServers: { [server.name]: entryOf(server) } }), { mode: 0o600 });
  ctx.atEnd(() => fs.rmSync(tmp, { recursive: true, force: true }));
  return refsOf([server], file, ctx.cwd, ctx.cwd)[0];
}

/** Words of a command as a shell would split them: spaces, '…' and "…" quoting, backslash escapes. */
export function splitCommand(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: '"' | "'" | null = null;
  let has = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < s.length) cur += s[++i];
      else cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      has = true;
    } else if (c === '\\' && i + 1 < s.length) {
      cur += s[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
    } else cur += c;
  }
  if (quote) throw new UsageError('--command has an unclosed quote');
  if (has || cur) out.push(cur);
  return out;
}

/** Programs that run a server named by their first argument: the name is that argument's, not "node" or "npx". */
const RUNNERS = new Set(['node', 'npx', 'bunx', 'bun', 'deno', 'uvx', 'uv', 'python', 'python3', 'py', 'pipx', 'pnpm', 'yarn', 'docker']);
/** Words of a runner's command line that are not the server (`uv run`, `docker run`, `pnpm dlx`). */
const RUNNER_WORDS = new Set(['run', 'exec', 'dlx', 'x', 'tool']);
/** Path parts that name no server (`dist/index.js`). */
const GENERIC = new Set(['index', 'main', 'server', 'cli', '__main__', 'dist', 'build', 'src', 'lib', 'bin', 'node_modules']);

/** A server's name from the command that starts it: `node …/server-everything/dist/index.js` is "server-everything". */
export function serverNameOf(words: string[]): string {
  const program = path.basename(words[0]).replace(/\.(exe|cmd|bat)$/i, '');
  const target = RUNNERS.has(program) ? (words.slice(1).find((w) => !w.startsWith('-') && !RUNNER_WORDS.has(w)) ?? program) : words[0];
  const parts = target
    .replace(/(.)@[^/@]*$/, '$1') // a package's @version
    .split(/[\\/]/)
    .map((p) => p.replace(/\.[a-z]+$/i, ''))
    .filter((p) => p && !p.startsWith('@') && !GENERIC.has(p.toLowerCase()));
  const name = (parts.at(-1) ?? program).replace(/[^\w.@-]/g, '-').slice(0, 64);
  return name || 'server';
}
