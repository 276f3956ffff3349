/**
 * "Add to …" (workbench/agent-install.ts): the entry that runs a skill through `skillbench mcp` is written into
 * each agent's own file, where that agent keeps it, without disturbing the rest of the file and with no secret
 * in it; then it is started from that file as the agent would start it, and connected to as that agent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { EXAMPLES } from './helpers';
import { agentConfig } from '../src-main/workbench/agent-config';
import { AGENT_HOSTS, checkAgentEntry, installIntoAgent, plainProblem, writeAgentEntry } from '../src-main/workbench/agent-install';
import { Workbench } from '../src-main/workbench/workbench';

const GAS = path.join(EXAMPLES, 'gas-estimator');
const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('writing into an agent’s own file', () => {
  it('finds each agent’s file where that agent keeps it', () => {
    const where = { userHome: '/u', platform: 'linux' as const, env: {} };
    expect(AGENT_HOSTS.claude.file(where)).toBe('/u/.config/Claude/claude_desktop_config.json');
    expect(AGENT_HOSTS['claude-code'].file(where)).toBe('/u/.claude.json');
    expect(AGENT_HOSTS['claude-code'].file({ ...where, env: { CLAUDE_CONFIG_DIR: '/c' } })).toBe('/c/.claude.json');
    expect(AGENT_HOSTS.cursor.file(where)).toBe('/u/.cursor/mcp.json');
    expect(AGENT_HOSTS.vscode.file(where)).toBe('/u/.config/Code/User/mcp.json');
    const mac = { userHome: '/Users/a', platform: 'darwin' as const, env: {} };
    expect(AGENT_HOSTS.claude.file(mac)).toBe('/Users/a/Library/Application Support/Claude/claude_desktop_config.json');
    expect(AGENT_HOSTS.vscode.file({ userHome: 'C:\\Users\\a', platform: 'win32', env: { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' } })).toContain(path.join('Code', 'User', 'mcp.json'));
  });

  it('keeps the rest of the file: other servers, other state, comments and its owner-only mode', ({ cleanup }) => {
    const userHome = cleanup.tempDir();
    const workbenchHome = cleanup.tempDir();
    const config = agentConfig({ name: 'gas-estimator', dir: GAS }, undefined, { home: workbenchHome });
    // Claude Code keeps all its state in ~/.claude.json, readable by its owner alone.
    const claudeJson = path.join(userHome, '.claude.json');
    fs.writeFileSync(claudeJson, JSON.stringify({ numStartups: 7, projects: { '/p': { allowedTools: ['x'] } }, mcpServers: { mine: { command: 'mine' } } }), { mode: 0o600 });
    // Cursor's file may hold comments and trailing commas.
    const cursor = path.join(userHome, '.cursor', 'mcp.json');
    fs.mkdirSync(path.dirname(cursor));
    fs.writeFileSync(cursor, '{\n  // my servers\n  "mcpServers": {\n    "other": { "command": "x" },\n  },\n}\n');

    const where = { userHome, env: {} };
    expect(writeAgentEntry(config, 'claude-code', where)).toEqual({ file: claudeJson, replaced: false });
    const claude = JSON.parse(read(claudeJson));
    expect(claude.numStartups).toBe(7);
    expect(claude.projects).toEqual({ '/p': { allowedTools: ['x'] } });
    expect(claude.mcpServers.mine).toEqual({ command: 'mine' });
    expect(claude.mcpServers['gas-estimator']).toEqual({ type: 'stdio', command: config.command, args: config.args, env: { SKILLBENCH_HOME: workbenchHome } });
    expect(fs.statSync(claudeJson).mode & 0o777).toBe(0o600);

    writeAgentEntry(config, 'cursor', where);
    expect(read(cursor)).toContain('// my servers');
    expect(read(cursor)).toMatch(/"other": \{\s*"command": "x"\s*\}/);
    expect(read(cursor)).toContain('"gas-estimator"');

    // VS Code's user file is made where missing, its table called "servers".
    const vscode = writeAgentEntry(config, 'vscode', where);
    expect(JSON.parse(read(vscode.file)).servers['gas-estimator']).toMatchObject({ type: 'stdio', command: config.command });
    // A second add replaces its own entry, and says so.
    expect(writeAgentEntry(config, 'vscode', where).replaced).toBe(true);
    expect(Object.keys(JSON.parse(read(vscode.file)).servers)).toEqual(['gas-estimator']);
  });

  it('refuses a file that does not parse, and leaves it as it was', ({ cleanup }) => {
    const userHome = cleanup.tempDir();
    const file = path.join(userHome, '.cursor', 'mcp.json');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, '{ "mcpServers": { "a": ');
    const config = agentConfig({ name: 'gas-estimator', dir: GAS });
    expect(() => writeAgentEntry(config, 'cursor', { userHome, env: {} })).toThrow(/is not valid JSON .*fix it in Cursor first; it was left as it is/);
    expect(read(file)).toBe('{ "mcpServers": { "a": ');
    fs.writeFileSync(file, '{ "mcpServers": [] }');
    expect(() => writeAgentEntry(config, 'cursor', { userHome, env: {} })).toThrow(/"mcpServers" in .* is not an object/);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['mcp.json']);
  });
});

describe('checking it as the agent', () => {
  it('starts the entry from the agent’s file and lists the skill’s tools as that agent', async ({ cleanup }) => {
    const userHome = cleanup.tempDir();
    const workbenchHome = cleanup.tempDir();
    const config = agentConfig({ name: 'gas-estimator', dir: GAS }, undefined, { home: workbenchHome });
    const done = await installIntoAgent(config, 'claude', workbenchHome, { userHome, env: {} });
    expect(done).toMatchObject({ client: 'claude', label: 'Claude Desktop', name: 'gas-estimator', replaced: false });
    expect(done.check).toEqual({ ok: true, profile: 'claude-desktop', tools: ['estimate_gas_cost', 'list_operations', 'compare_speeds'] });
    // Nothing secret and nothing of this machine's shell: the absolute Node, the launcher, the folder, the home.
    const entry = JSON.parse(read(done.file)).mcpServers['gas-estimator'];
    expect(path.isAbsolute(entry.command)).toBe(true);
    expect(Object.keys(entry.env)).toEqual(['SKILLBENCH_HOME']);
  });

  it('says plainly when the entry does not start', async ({ cleanup }) => {
    const userHome = cleanup.tempDir();
    const file = path.join(userHome, '.cursor', 'mcp.json');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, JSON.stringify({ mcpServers: { gone: { command: path.join(userHome, 'no-such-program') } } }));
    const check = await checkAgentEntry(file, 'gone', 'cursor', cleanup.tempDir());
    expect(check.ok).toBe(false);
    expect(check.problem).toMatch(/no-such-program/);
    expect((await checkAgentEntry(file, 'other', 'cursor', cleanup.tempDir())).problem).toMatch(/has no usable server "other"/);
  });

  it('says the cause once, though it came through two starts', () => {
    const cause = 'Could not start "python3": the command was not found. Check that it is installed and on PATH.';
    const twice = `gas-estimator did not start: skillbench mcp: gas-estimator did not start: ${cause} (${cause.replace(/\.$/, '')}).`;
    expect(plainProblem(twice)).toBe(cause);
    expect(plainProblem('gas-estimator did not start: Traceback (most recent call last).')).toBe('Traceback (most recent call last).');
  });

  it('is one command of the window’s table, on the workbench’s own home', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [EXAMPLES], namedFolders: true }));
    const skill = (await wb.listSkills()).find((s) => s.name === 'gas-estimator')!;
    expect((await wb.agentConfig(skill.id)).env).toEqual({ SKILLBENCH_HOME: home });
  });
});

describe('skillbench mcp --install', () => {
  it('writes the entry into the named agent’s file and checks it', async ({ cleanup }) => {
    const userHome = cleanup.tempDir();
    const r = await cli(['mcp', GAS, '--install', 'claude-code'], { env: { HOME: userHome, SKILLBENCH_HOME: cleanup.tempDir() } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Added "gas-estimator" in Claude Code's ${path.join(userHome, '.claude.json')}.`);
    expect(r.stdout).toMatch(/Checked as Claude Code \(claude-code\): it started and offers 3 tools: estimate_gas_cost/);
    const bad = await cli(['mcp', GAS, '--install', 'zed'], { env: { HOME: userHome } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--install takes claude, claude-code, cursor, vscode, not "zed"');
    // A server named on the command line lives in a folder removed when the command ends: nothing to point an agent at.
    const named = await cli(['mcp', '--command', 'npx -y some-server', '--install', 'cursor'], { env: { HOME: userHome } });
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('--install needs a skill folder or --mcp-config FILE --server NAME');
    expect(fs.existsSync(path.join(userHome, '.cursor'))).toBe(false);
  });
});
