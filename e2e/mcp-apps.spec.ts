/**
 * An MCP App (SEP-1865) in the Tools tab, against our fixture server (tests/fixtures/mcp-apps-server): the tool's
 * `ui://` app renders in its sandboxed frame before the call and after it with the call's input and result; a click
 * inside the app asks the workbench to call a tool, the user allows it, the call goes through the workbench's call
 * path (its History), and the result reaches the app. The Server tab says who the workbench connected as, and the
 * server's settings make it connect as Claude Code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, ROOT, test } from './fixtures';
import { openServer, openTab, openTool } from './mcp-fixture';
import { scaled } from './machine';

test('an MCP App renders beside its call, and its tool call is shown, allowed, made and answered', async ({ openServed }, testInfo) => {
  testInfo.skip(testInfo.project.name === 'electron', 'The MCP views are tested in browser mode (the same renderer).');
  test.setTimeout(scaled(90_000));
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-home-'));
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-apps-'));
  fs.copyFileSync(path.join(ROOT, 'tests', 'fixtures', 'mcp-apps-server', 'server.mjs'), path.join(folder, 'server.mjs'));
  // The server imports the MCP SDK: found through the repository's packages.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(folder, 'node_modules'));
  fs.writeFileSync(path.join(folder, '.mcp.json'), JSON.stringify({ mcpServers: { 'counter-app': { command: process.execPath, args: ['server.mjs'] } } }));
  const { page } = await openServed({ folders: [folder], home, remove: [folder, home] });
  await openServer(page, 'counter-app');

  // Before the call: the app, with no input yet, in a frame sandboxed to scripts alone.
  await openTool(page, 'show-counter');
  const panel = page.getByTestId('mcp-app');
  await expect(panel).toContainText('Run the tool to give the app its input and result');
  await expect(page.getByTestId('mcp-app-frame')).toHaveAttribute('sandbox', 'allow-scripts');
  const app = page.frameLocator('[data-testid="mcp-app-frame"]');
  await expect(app.locator('#host')).toHaveText('host: Skill Workbench');

  // After it: the call's input and result, sent to the app by the workbench.
  await page.locator('.tool-request input').first().fill('5');
  await page.getByTestId('run-tool').click();
  await expect(page.getByTestId('tool-result')).toHaveAttribute('data-ok', 'true');
  await expect(app.locator('#input')).toHaveText('input: {"start":5}');
  await expect(app.locator('#result')).toHaveText('result: {"count":5}');

  // A click in the app asks to call a tool: nothing happens until the user allows it.
  await app.getByRole('button', { name: 'Add one' }).click();
  const ask = page.getByTestId('mcp-app-ask');
  await expect(ask).toHaveAttribute('data-ask', 'tools/call');
  await expect(ask).toContainText('increment {"by":1}');
  await expect(app.locator('#status')).toHaveText('asking the host…');
  await ask.getByTestId('mcp-app-allow').click();
  await expect(app.locator('#result')).toHaveText('result: {"count":6}');
  await expect(app.locator('#status')).toHaveText('added');
  await expect(ask).toHaveCount(0);

  // The app's call is the workbench's own: in the History, as any call.
  await page.getByTestId('result-tab-history').click();
  await expect(page.getByTestId('history-row').filter({ hasText: 'increment' })).toHaveCount(1);

  // The Server tab says who the workbench introduced itself as; the server's settings choose another client.
  await openTab(page, 'server');
  await expect(page.getByTestId('server-connected-as')).toContainText('Connected as Skill Workbench');
  await page.locator('.skill-header').getByTestId('skill-settings').click();
  await page.getByTestId('process-host-profile').selectOption('claude-code');
  await page.getByTestId('process-save').click();
  await page.getByTestId('process-restart-now').click();
  await page.getByTestId('process-close').click();
  await expect(page.getByTestId('server-connected-as')).toContainText('Connected as Claude Code (claude-code 2.1.221, asking for protocol 2025-11-25)');
});
