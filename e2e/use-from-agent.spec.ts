/**
 * "Use from an agent": a skill's header opens a dialog with the exact config that runs the skill through
 * `skillbench mcp` for Claude Desktop, Cursor and VS Code; the text is the engine's (the CLI's
 * --print-config prints the same), it copies to the clipboard, and the command it holds really serves
 * the skill to an MCP client.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, ROOT, test } from './fixtures';
import { openSkill, shotBothSizes } from './helpers';

function printConfig(home: string, dir: string, skill: string): { snippets: { client: string; text: string }[]; commandLine: string } {
  const out = execFileSync(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'mcp', dir, '--skill', skill, '--print-config', '--json'], {
    env: { ...process.env, SKILLBENCH_HOME: home },
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

test('Use from an agent shows, copies and means the config that serves the skill over MCP', async ({ wb }) => {
  const { page } = wb;
  await page.setViewportSize({ width: 1400, height: 900 });
  if (wb.url) await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(wb.url).origin });
  await openSkill(page, 'gas-estimator');
  await page.locator('.skill-header').getByTestId('use-from-agent').click();
  const dialog = page.getByTestId('use-from-agent-dialog');
  await expect(dialog).toBeVisible();
  const snippet = page.getByTestId('agent-config-snippet');
  const dir = path.join(wb.skills, 'gas-estimator');
  const engine = printConfig(wb.home, dir, 'gas-estimator');

  // Claude Desktop first: mcpServers, the absolute path of the Node that runs the workbench (an app started from a
  // menu has no shell PATH), the skillbench launcher, the skill's folder, and the workbench's home (not the default).
  await expect(page.getByTestId('agent-config-where')).toContainText('claude_desktop_config.json');
  const claude = JSON.parse((await snippet.textContent())!);
  const command = claude.mcpServers['gas-estimator'].command;
  expect(path.isAbsolute(command)).toBe(true);
  expect(claude).toEqual({ mcpServers: { 'gas-estimator': { command, args: [path.join(ROOT, 'bin', 'skillbench.cjs'), 'mcp', dir, '--skill', 'gas-estimator'], env: { SKILLBENCH_HOME: wb.home } } } });
  expect(await snippet.textContent()).toBe(engine.snippets.find((s) => s.client === 'claude')!.text);
  await expect(page.getByTestId('agent-config-command')).toHaveText(engine.commandLine);
  await shotBothSizes(wb, 'use-from-agent', { keepToasts: true });

  // VS Code's file has "servers" and a type; Cursor's is Claude's shape. Each is the engine's text.
  await page.getByTestId('agent-config-tab-vscode').click();
  await expect(page.getByTestId('agent-config-where')).toContainText('.vscode/mcp.json');
  expect(JSON.parse((await snippet.textContent())!).servers['gas-estimator'].type).toBe('stdio');
  expect(await snippet.textContent()).toBe(engine.snippets.find((s) => s.client === 'vscode')!.text);
  await page.getByTestId('agent-config-tab-cursor').click();
  await expect(page.getByTestId('agent-config-where')).toContainText('.cursor/mcp.json');
  const cursorText = (await snippet.textContent())!;
  expect(cursorText).toBe(engine.snippets.find((s) => s.client === 'cursor')!.text);

  // Copy puts exactly that on the clipboard.
  await page.evaluate('navigator.clipboard.writeText("")');
  await page.getByTestId('copy-agent-config').click();
  await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(cursorText);

  // What it says to run serves the skill: an MCP client started with it lists and calls the skill's tool.
  // The agent gives it only the entry's variables and its own few (no SKILLBENCH_HOME of this test's).
  const entry = JSON.parse(cursorText).mcpServers['gas-estimator'];
  const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args, env: { PATH: process.env.PATH!, HOME: process.env.HOME!, ...entry.env }, stderr: 'pipe' }));
  try {
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('estimate_gas_cost');
    const r = await client.callTool({ name: 'estimate_gas_cost', arguments: { operation: 'transfer', gas_price_gwei: 10 } });
    expect(r.structuredContent).toMatchObject({ gas_limit: 21000 });
  } finally {
    await client.close();
  }

  await page.getByTestId('use-from-agent-close').click();
  await expect(dialog).toBeHidden();
});

test('an agent folder’s skill is named in its config, so the agent runs that one', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'flaky_tests');
  await page.locator('.skill-header').getByTestId('use-from-agent').click();
  const claude = JSON.parse((await page.getByTestId('agent-config-snippet').textContent())!);
  expect(claude.mcpServers['flaky-tests'].args.slice(1)).toEqual(['mcp', path.join(wb.skills, 'build-analysis'), '--skill', 'flaky_tests']);
});

test.describe('Add to an agent', () => {
  // The server's agents keep their files under this folder, so the test writes none of the machine's.
  const agentHome = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-agents-'));
  test.use({ ownServer: true, serveEnv: { CLAUDE_CONFIG_DIR: agentHome, XDG_CONFIG_HOME: path.join(agentHome, 'config') } });
  test.afterAll(() => fs.rmSync(agentHome, { recursive: true, force: true }));

  test('writes the entry into the agent’s own file, keeps what was there, and checks it as that agent', async ({ wb }) => {
    const { page } = wb;
    await page.setViewportSize({ width: 1400, height: 900 });
    // Claude Code's file already holds its own state and another server.
    const file = path.join(agentHome, '.claude.json');
    fs.writeFileSync(file, JSON.stringify({ numStartups: 4, mcpServers: { mine: { command: 'mine' } } }), { mode: 0o600 });
    await openSkill(page, 'gas-estimator');
    await page.locator('.skill-header').getByTestId('use-from-agent').click();
    await page.getByTestId('agent-config-tab-claude-code').click();
    await expect(page.getByTestId('add-to-agent')).toHaveText('Add to Claude Code');
    await page.getByTestId('add-to-agent').click();
    const added = page.getByTestId('agent-added');
    await expect(added).toContainText('Added to Claude Code.');
    await expect(added).toContainText('offers 3 tools: estimate_gas_cost, list_operations, compare_speeds');
    await expect(added).toContainText(file);
    await expect(added).toContainText('No key or secret was written there');
    const written = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(written.numStartups).toBe(4);
    expect(Object.keys(written.mcpServers)).toEqual(['mine', 'gas-estimator']);
    expect(written.mcpServers['gas-estimator'].env).toEqual({ SKILLBENCH_HOME: wb.home });
    await shotBothSizes(wb, 'add-to-agent');

    // A file the agent cannot read either is refused and left as it was, in plain words.
    const desktop = path.join(agentHome, 'config', 'Claude', 'claude_desktop_config.json');
    fs.mkdirSync(path.dirname(desktop), { recursive: true });
    fs.writeFileSync(desktop, '{ "mcpServers": ');
    await page.getByTestId('agent-config-tab-claude').click();
    await page.getByTestId('add-to-agent').click();
    await expect(page.getByRole('alert')).toContainText('Not added to Claude Desktop');
    await expect(page.getByRole('alert')).toContainText('it was left as it is');
    expect(fs.readFileSync(desktop, 'utf8')).toBe('{ "mcpServers": ');
    await shotBothSizes(wb, 'add-to-agent-refused');
  });
});
