/**
 * An MCP server's own view and its logs, against the real server-everything: identity, its protocol era, capabilities and
 * instructions; Ping with its round trip; the roots (the skill's folder by default) changed by the user and
 * seen by the server; log messages in Logs at the level picked (logging/setLevel).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import os from 'node:os';
import { expect, openServer, openTab, openTool, test } from './mcp-fixture';
import { scaled } from './machine';

test('server: who it is, its era and why, what it offers, its instructions, and a ping with its round trip', async ({ mcp }) => {
  const { page } = mcp;
  await openServer(page);
  await openTab(page, 'server');
  const tab = page.getByTestId('server-tab');
  await expect(tab.getByTestId('server-name')).toContainText(/everything/i);
  await expect(tab).toContainText(/MCP \d{4}-\d\d-\d\d/);
  // server-everything is of the legacy era: it does not take server/discover, asked first.
  await expect(tab.getByTestId('server-era')).toContainText('Legacy era initialize answered 2025-11-25; the server did not take server/discover');
  await expect(tab.getByTestId('era-mode-auto')).toBeChecked();
  const caps = tab.getByTestId('server-capabilities');
  for (const c of ['tools', 'resources (with subscriptions)', 'prompts', 'completions', 'logging']) await expect(caps.getByText(c, { exact: true })).toBeVisible();
  await expect(tab.getByTestId('server-instructions')).not.toBeEmpty();
  await tab.getByTestId('mcp-ping').click();
  await expect(tab.getByTestId('ping-result')).toContainText(/Answered in [\d.]+ ms/);
  await mcp.shot('mcp-server');
});

test('server: no roots until the user gives some; then the server has them, and its roots tool says so', async ({ mcp }) => {
  const { page } = mcp;
  await openServer(page);
  await openTab(page, 'server');
  const roots = page.getByTestId('roots-editor');
  // A server may take roots as all it may reach: none is given unasked, not even the skill's folder.
  await expect(roots.getByTestId('no-roots')).toBeVisible();
  await expect(page.getByTestId('tool-item').filter({ has: page.locator('.tool-item-name', { hasText: /^get-roots-list$/ }) })).toHaveCount(0);

  const other = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-root-'));
  try {
    await roots.getByTestId('root-add').click();
    await roots.getByTestId('root-path').first().fill(other);
    await roots.getByTestId('roots-save').click();
    await expect(roots.getByRole('status')).toContainText('Saved');

    // The server restarts with roots, offers its roots tool again, and sees the folder.
    await openTool(page, 'get-roots-list');
    await page.getByTestId('run-tool').click();
    const result = page.getByTestId('tool-result');
    await expect(result).toHaveAttribute('data-ok', 'true');
    await expect(result).toContainText(pathToFileURL(other).href);
  } finally {
    fs.rmSync(other, { recursive: true, force: true });
  }
});

test('logs: the server log messages appear in Logs, at the level picked', async ({ mcp }) => {
  test.setTimeout(scaled(90_000));
  const { page } = mcp;
  await openServer(page);
  await openTab(page, 'logs');
  const level = page.getByTestId('log-level');
  await level.selectOption('warning');
  await expect(page.locator('.logs-tab')).toContainText(/log messages at level warning/, { timeout: scaled(10_000) });
  await expect(level).toHaveValue('warning');

  await openTool(page, 'toggle-simulated-logging');
  await page.getByTestId('run-tool').click();
  await expect(page.getByTestId('tool-result')).toHaveAttribute('data-ok', 'true');
  await openTab(page, 'logs');
  // A message comes every 5 s at a random level (5 of its 8 levels are warning or above): only those may show.
  await expect(page.locator('.logs-tab')).toContainText(/\[(warning|error|critical|alert|emergency)\]/, { timeout: scaled(45_000) });
  const after = ((await page.locator('.logs-tab').textContent()) ?? '').split('at level warning and above.').pop()!;
  expect(after).not.toMatch(/\[(debug|info|notice)\]/);
  await expect(page.getByTestId('log-level')).toHaveValue('warning');
  await mcp.shot('mcp-logs');
});
