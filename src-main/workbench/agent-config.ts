/**
 * The one place the "use this skill from an agent" configuration is made: `skillbench mcp --print-config`
 * prints it, the app's "Use from an agent" dialog shows it, and "Add to …" writes it (agent-install.ts), so the
 * three never differ. The agent runs `<this Node> <absolute path of bin/skillbench.cjs> mcp <the skill's folder>
 * --skill <its name>`.
 *
 * The Node is named by its absolute path: an app started from a dock or a menu (Claude Desktop, Cursor) gets no
 * shell PATH, and a `node` found there may be too old to run the workbench. No secret is ever in the entry: the
 * process it starts reads the skill's settings and secrets from the workbench's own home, which the entry names
 * when it is not the default one.
 */
import path from 'node:path';
import type { AgentConfig, AgentConfigSnippet, SkillRef } from '../contract';
import { shellWord, singleFileExecutable, skillbenchBin } from '../host/cli-command';
import { defaultHome } from '../host/paths';

export { skillbenchBin };

/** A name for the server in the agent's list: the skill's name in lower-case words joined by "-". */
export function serverName(skill: string): string {
  return skill.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'skill';
}

export interface AgentConfigOptions {
  /** The folder's Agent Skills, served as the Skills extension serves them. */
  skills?: boolean;
  /** The workbench home whose settings and secrets the agent's process must use. */
  home?: string;
  /** The environment the default home is worked out from (this process's). */
  env?: NodeJS.ProcessEnv;
}

/** How this install is started by another program: the executable, the words before `mcp`, and its environment. */
function launcher(bin: string): { command: string; prefix: string[]; env: Record<string, string> } {
  const single = singleFileExecutable();
  if (single) return { command: single, prefix: [], env: {} };
  // In the desktop app this process is Electron's binary, which runs as plain Node when told so.
  if (process.versions.electron) return { command: process.execPath, prefix: [bin], env: { ELECTRON_RUN_AS_NODE: '1' } };
  return { command: process.execPath, prefix: [bin], env: {} };
}

export function agentConfig(ref: Pick<SkillRef, 'name' | 'dir'>, bin = skillbenchBin(), opts: AgentConfigOptions = {}): AgentConfig {
  const name = serverName(ref.name);
  const run = launcher(bin);
  // --skill always: a folder may hold several skills (an agent's actions), and naming it never hurts.
  // --skills: the folder's Agent Skills, served as the Skills extension serves them.
  const args = [...run.prefix, 'mcp', path.resolve(ref.dir), ...(opts.skills ? ['--skills'] : ['--skill', ref.name])];
  const env = { ...run.env };
  const { SKILLBENCH_HOME: _given, ...baseEnv } = opts.env ?? process.env;
  if (opts.home && path.resolve(opts.home) !== defaultHome(baseEnv)) env.SKILLBENCH_HOME = path.resolve(opts.home);
  const entry = { command: run.command, args, ...(Object.keys(env).length ? { env } : {}) };
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  const snippets: AgentConfigSnippet[] = [
    { client: 'claude', label: 'Claude Desktop', where: 'claude_desktop_config.json (Settings, Developer, Edit Config)', text: json({ mcpServers: { [name]: entry } }) },
    { client: 'claude-code', label: 'Claude Code', where: '~/.claude.json for every project, or .mcp.json in your project', text: json({ mcpServers: { [name]: { type: 'stdio', ...entry } } }) },
    { client: 'cursor', label: 'Cursor', where: '.cursor/mcp.json in your project, or ~/.cursor/mcp.json for every project', text: json({ mcpServers: { [name]: entry } }) },
    { client: 'vscode', label: 'VS Code', where: '.vscode/mcp.json in your workspace, or your user mcp.json', text: json({ servers: { [name]: { type: 'stdio', ...entry } } }) },
  ];
  const envWords = Object.entries(env).map(([k, v]) => `${k}=${shellWord(v)}`);
  return { name, command: run.command, args, env, commandLine: [...envWords, ...[run.command, ...args].map(shellWord)].join(' '), snippets };
}
