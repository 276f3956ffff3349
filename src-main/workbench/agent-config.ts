/**
 * The one place the "use this skill from an agent" configuration is made: `skillbench mcp --print-config`
 * prints it and the app's "Use from an agent" dialog shows it, so the two never differ. The agent runs
 * `node <absolute path of bin/skillbench.cjs> mcp <the skill's folder> --skill <its name>`.
 */
import path from 'node:path';
import type { AgentConfig, AgentConfigSnippet, SkillRef } from '../contract';
import { shellWord, skillbenchBin } from '../host/cli-command';

export { skillbenchBin };

/** A name for the server in the agent's list: the skill's name in lower-case words joined by "-". */
export function serverName(skill: string): string {
  return skill.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'skill';
}

export function agentConfig(ref: Pick<SkillRef, 'name' | 'dir'>, bin = skillbenchBin(), opts: { skills?: boolean } = {}): AgentConfig {
  const name = serverName(ref.name);
  const command = 'node';
  // --skill always: a folder may hold several skills (an agent's actions), and naming it never hurts.
  // --skills: the folder's Agent Skills, served as the Skills extension serves them.
  const args = opts.skills ? [bin, 'mcp', path.resolve(ref.dir), '--skills'] : [bin, 'mcp', path.resolve(ref.dir), '--skill', ref.name];
  const entry = { command, args };
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  const snippets: AgentConfigSnippet[] = [
    { client: 'claude', label: 'Claude Desktop', where: 'claude_desktop_config.json (Settings, Developer, Edit Config)', text: json({ mcpServers: { [name]: entry } }) },
    { client: 'cursor', label: 'Cursor', where: '.cursor/mcp.json in your project, or ~/.cursor/mcp.json for every project', text: json({ mcpServers: { [name]: entry } }) },
    { client: 'vscode', label: 'VS Code', where: '.vscode/mcp.json in your workspace', text: json({ servers: { [name]: { type: 'stdio', ...entry } } }) },
  ];
  return { name, command, args, commandLine: [command, ...args].map(shellWord).join(' '), snippets };
}
