/**
 * "Add to …": the "use from an agent" entry (agent-config.ts) written into the agent's own configuration file,
 * where that agent keeps it, then checked by starting it as the agent starts it and connecting as the agent
 * introduces itself (its host profile).
 *
 * The file is edited, not rewritten: jsonc-parser changes the one entry and keeps everything else as it was
 * (Claude Code's `~/.claude.json` holds all its state; VS Code's and Cursor's files may hold comments). A file that
 * does not parse is refused and left as it is. The write is atomic and keeps the file's mode (`~/.claude.json` is
 * its owner's alone). No secret is written: the entry starts `skillbench mcp`, which reads them from the workbench.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyEdits, modify, parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { AgentClient, AgentConfig, AgentInstall, AgentInstallCheck, SkillRef } from '../contract';
import { SkillError } from '../common/errors';
import { isObject } from '../common/values';
import { writeFileAtomicSync } from '../host/atomic-write';
import { appDataDir, projectOf, readMcpConfigFile, refsOf } from '../protocols/mcp';
import { SkillRuntime } from '../runtime/skill-runtime';

interface AgentHost {
  label: string;
  /** The host profile the check connects as (common/mcp-host-profiles.ts). */
  profile: string;
  /** The key of the servers' table in its file. */
  table: 'mcpServers' | 'servers';
  file(where: Where): string;
}

/** Whose machine: the user's home folder, the platform and the environment the agent's paths depend on. */
export interface Where {
  userHome?: string;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
}

export const AGENT_HOSTS: Record<AgentClient, AgentHost> = {
  claude: { label: 'Claude Desktop', profile: 'claude-desktop', table: 'mcpServers', file: (w) => path.join(appData(w), 'Claude', 'claude_desktop_config.json') },
  // User scope: every project sees it. CLAUDE_CONFIG_DIR moves the whole of Claude Code's state, this file with it.
  'claude-code': { label: 'Claude Code', profile: 'claude-code', table: 'mcpServers', file: (w) => path.join(env(w).CLAUDE_CONFIG_DIR || home(w), '.claude.json') },
  cursor: { label: 'Cursor', profile: 'cursor', table: 'mcpServers', file: (w) => path.join(home(w), '.cursor', 'mcp.json') },
  vscode: { label: 'VS Code', profile: 'vscode', table: 'servers', file: (w) => path.join(appData(w), 'Code', 'User', 'mcp.json') },
};

const home = (w: Where) => w.userHome ?? os.homedir();
const env = (w: Where) => w.env ?? process.env;
const appData = (w: Where) => appDataDir(home(w), w.platform ?? process.platform, env(w));

export function isAgentClient(v: unknown): v is AgentClient {
  return typeof v === 'string' && Object.hasOwn(AGENT_HOSTS, v);
}

/** The entry in the agent's own shape: the snippet's, which is the one the app shows and the CLI prints. */
function entryFor(config: AgentConfig, client: AgentClient): unknown {
  const snippet = config.snippets.find((s) => s.client === client);
  if (!snippet) throw new SkillError('VALIDATION', `There is no configuration for ${client}.`);
  const doc = JSON.parse(snippet.text) as Record<string, Record<string, unknown>>;
  return doc[AGENT_HOSTS[client].table][config.name];
}

/** Writes the entry into the agent's file (made when missing); returns the file and whether an entry was replaced. */
export function writeAgentEntry(config: AgentConfig, client: AgentClient, where: Where = {}): { file: string; replaced: boolean } {
  const host = AGENT_HOSTS[client];
  const file = host.file(where);
  let text = '';
  let mode: number | undefined;
  try {
    text = fs.readFileSync(file, 'utf8');
    mode = fs.statSync(file).mode & 0o777;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new SkillError('VALIDATION', `${file} could not be read (${(err as Error).message}); nothing was written.`);
  }
  const errors: ParseError[] = [];
  const doc: unknown = text.trim() ? parse(text, errors, { allowTrailingComma: true }) : {};
  if (errors.length) {
    const first = errors[0];
    throw new SkillError('VALIDATION', `${file} is not valid JSON (${printParseErrorCode(first.error)} at character ${first.offset}): fix it in ${host.label} first; it was left as it is.`);
  }
  if (!isObject(doc)) throw new SkillError('VALIDATION', `${file} is not a JSON object: fix it in ${host.label} first; it was left as it is.`);
  const table = doc[host.table];
  if (table !== undefined && !isObject(table)) throw new SkillError('VALIDATION', `"${host.table}" in ${file} is not an object: fix it in ${host.label} first; it was left as it is.`);
  const replaced = isObject(table) && Object.hasOwn(table, config.name);
  const edits = modify(text.trim() ? text : '{}\n', [host.table, config.name], entryFor(config, client), { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } });
  const next = applyEdits(text.trim() ? text : '{}\n', edits);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomicSync(file, next.endsWith('\n') ? next : next + '\n', { mode: mode ?? 0o600 });
  return { file, replaced };
}

/**
 * Starts the entry as the agent would (from its file, by its name) and connects as the agent's host profile:
 * it works when the server answers and lists its tools. `home` is the workbench's, for the check's own records.
 */
export async function checkAgentEntry(file: string, name: string, client: AgentClient, workbenchHome: string): Promise<AgentInstallCheck> {
  const profile = AGENT_HOSTS[client].profile;
  let ref: SkillRef | undefined;
  try {
    const dir = projectOf(file);
    ref = refsOf(readMcpConfigFile(file).servers, file, dir, dir).find((r) => r.name === name);
  } catch (err) {
    return { ok: false, profile, tools: [], problem: (err as Error).message };
  }
  if (!ref) return { ok: false, profile, tools: [], problem: `${file} has no usable server "${name}".` };
  const rt = SkillRuntime.withSettings(ref, workbenchHome, { restart: { enabled: false }, hostProfile: profile });
  try {
    const info = await rt.start();
    return { ok: true, profile, tools: info.tools.map((t) => t.name) };
  } catch (err) {
    return { ok: false, profile, tools: [], problem: plainProblem((err as Error).message) };
  } finally {
    await rt.close().catch(() => undefined);
  }
}

/**
 * The cause alone: the check says "it did not start" itself, and the message has come through two starts (the
 * runtime's and `skillbench mcp`'s), each of which said so and quoted the cause again in parentheses.
 */
export function plainProblem(message: string): string {
  const m = message.replace(/^(?:(?:skillbench mcp: )?[^:]{1,80} did not start: )+/, '');
  const quoted = /^([\s\S]*) \(([\s\S]*)\)\.?$/.exec(m);
  return quoted && quoted[2] && quoted[1].startsWith(quoted[2]) ? quoted[1] : m;
}

/** "Add to …": write, then check. */
export async function installIntoAgent(config: AgentConfig, client: AgentClient, workbenchHome: string, where: Where = {}): Promise<AgentInstall> {
  const { file, replaced } = writeAgentEntry(config, client, where);
  const check = await checkAgentEntry(file, config.name, client, workbenchHome);
  return { client, label: AGENT_HOSTS[client].label, file, name: config.name, replaced, check };
}
