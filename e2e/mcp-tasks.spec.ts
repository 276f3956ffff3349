/**
 * MCP Tasks and URL-mode elicitation in the app, against the real server-everything: a task tool shows its
 * task's status live on the call (and on the timeline), asks its clarification through the usual request
 * dialog, can be cancelled from the Run bar; the server's own elicitation asked as a task is answered in the
 * same dialog; the Server tab lists the server's tasks; a URL elicitation shows its address with an Open
 * link (never opened for the user) and "I did it".
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './fixtures';
import { expect, openServer, openTab, openTool, test } from './mcp-fixture';
import { allowAxe, violationsInBothThemes } from './axe-check';
import { scaled } from './machine';

test('a task tool: live status on the call, its clarification asked in the dialog, the result, the timeline and the task list', async ({ mcp }) => {
  test.setTimeout(scaled(120_000));
  const { page } = mcp;
  await allowAxe(page);
  await openServer(page);
  const request = await openTool(page, 'simulate-research-query');
  await expect(request.getByTestId('tool-hints')).toContainText('Runs as a task');
  await request.getByLabel(/^topic/i).fill('python');
  await request.getByRole('switch', { name: /^ambiguous/i }).click();
  await page.getByTestId('run-tool').click();

  const task = page.getByTestId('call-task');
  await expect(task).toHaveAttribute('data-status', 'working');
  await expect(task.getByTestId('call-task-message')).toContainText(/Gathering sources|Analyzing content/);
  await mcp.shot('mcp-task-working');
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await mcp.shot('mcp-task-working-dark-1024');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1400, height: 900 });

  const ask = page.getByTestId('mcp-request');
  await expect(ask).toHaveAttribute('data-kind', 'elicitation', { timeout: scaled(20_000) });
  await expect(ask.getByTestId('elicitation-message')).toContainText('multiple interpretations');
  await mcp.shot('mcp-task-clarification');
  await ask.getByLabel(/^Clarification/).selectOption({ label: 'Python snake species' });
  await ask.getByTestId('elicitation-accept').click();
  await expect(ask).toBeHidden();

  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', 'true', { timeout: scaled(30_000) });
  await expect(result).toContainText('Research Report: python (snake)');

  await openTab(page, 'timeline');
  const entries = page.getByRole('listbox', { name: 'Timeline entries, newest first' });
  await expect(entries.getByRole('option').filter({ hasText: 'Task of simulate-research-query: input required' }).first()).toBeVisible();
  await expect(entries.getByRole('option').filter({ hasText: 'Task of simulate-research-query: completed' }).first()).toBeVisible();

  await openTab(page, 'server');
  await expect(page.getByTestId('server-capabilities')).toContainText('runs tools as tasks');
  const rows = page.getByTestId('mcp-task-row');
  await expect(rows.first()).toHaveAttribute('data-status', 'completed');
  await page.getByTestId('mcp-tasks').scrollIntoViewIfNeeded();
  await mcp.shot('mcp-task-list');
  expect(await violationsInBothThemes(page, 'Server tab with tasks')).toEqual([]);
});

test('a task call is cancelled from the Run bar (tasks/cancel), and the server\'s elicitation asked as a task is answered in the dialog', async ({ mcp }) => {
  test.setTimeout(scaled(120_000));
  const { page } = mcp;
  await openServer(page);
  const request = await openTool(page, 'simulate-research-query');
  await request.getByLabel(/^topic/i).fill('tides');
  await page.getByTestId('run-tool').click();
  await expect(page.getByTestId('call-task')).toBeVisible();
  await page.getByTestId('cancel-tool').click();
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result).toContainText(/cancelled/i);
  await openTab(page, 'messages');
  await expect(page.locator('.messages-tab, [data-testid="messages-tab"]').first()).toContainText('tasks/cancel');

  await openTool(page, 'trigger-elicitation-request-async');
  await page.getByTestId('run-tool').click();
  const ask = page.getByTestId('mcp-request');
  await expect(ask).toHaveAttribute('data-kind', 'elicitation', { timeout: scaled(20_000) });
  await expect(ask.getByTestId('mcp-request-task')).toBeVisible();
  await ask.getByLabel(/^Your Name/).fill('Ada');
  await mcp.shot('mcp-task-async-elicitation');
  await ask.getByTestId('elicitation-accept').click();
  await expect(result).toHaveAttribute('data-ok', 'true', { timeout: scaled(30_000) });
  await expect(result).toContainText('[COMPLETED]');
  await expect(result).toContainText('Name: Ada');
});

test('a URL elicitation: the message, the address and an Open link that opens nothing by itself; "I did it" and Decline', async ({ mcp }) => {
  test.setTimeout(scaled(90_000));
  const { page } = mcp;
  await allowAxe(page);
  await openServer(page);
  const request = await openTool(page, 'trigger-url-elicitation');
  await request.getByLabel(/^url/i).fill('https://example.com/authorize?step=1');
  await request.getByLabel(/^message/i).fill('Sign in to your account to continue.');
  const pagesBefore = page.context().pages().length;
  await page.getByTestId('run-tool').click();

  const ask = page.getByTestId('mcp-request');
  const url = ask.getByTestId('url-elicitation');
  await expect(url).toBeVisible({ timeout: scaled(20_000) });
  await expect(url.getByTestId('elicitation-message')).toHaveText('Sign in to your account to continue.');
  await expect(url.getByTestId('elicitation-url')).toHaveText('https://example.com/authorize?step=1');
  const open = url.getByTestId('elicitation-open');
  await expect(open).toHaveAttribute('href', 'https://example.com/authorize?step=1');
  await expect(open).toHaveAttribute('rel', /noopener/);
  await expect(open).toHaveAttribute('target', '_blank');
  expect(page.context().pages().length).toBe(pagesBefore);
  await mcp.shot('mcp-url-elicitation');
  expect(await violationsInBothThemes(page, 'URL elicitation')).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await mcp.shot('mcp-url-elicitation-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await url.getByTestId('elicitation-accept').click();
  await expect(ask).toBeHidden();
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText('User completed the URL elicitation flow');

  await page.getByTestId('run-tool').click();
  await page.getByTestId('mcp-request').getByTestId('elicitation-decline').click();
  await expect(result).toContainText('declined to open the URL');
});

test('a slow resource read and prompt get are cancelled from their views', async ({ mcp }) => {
  test.setTimeout(scaled(90_000));
  const { page, folder } = mcp;
  // A second server of our own, beside server-everything, whose resource and prompt take 20 s.
  const slow = path.join(ROOT, 'tests', 'fixtures', 'mcp-url-complete', 'server.mjs');
  await page.getByTestId('add-mcp-server').first().click();
  const dialog = page.getByTestId('add-mcp-dialog');
  await dialog.getByTestId('add-server-name').fill('slow');
  await dialog.getByTestId('add-server-command').fill(process.execPath);
  await dialog.getByTestId('add-server-args').fill(slow);
  await dialog.getByTestId('add-server-submit').click();
  await expect(dialog).toBeHidden();
  expect(JSON.parse(fs.readFileSync(path.join(folder, '.mcp.json'), 'utf8')).mcpServers.slow).toBeTruthy();
  await openServer(page, 'slow');
  await openTab(page, 'resources');
  await page.getByTestId('resource-item').filter({ hasText: 'slow' }).first().click();
  await page.getByTestId('resource-cancel').click();
  await expect(page.getByTestId('resource-detail')).toContainText(/cancelled/);
  await openTab(page, 'prompts');
  await page.getByTestId('prompt-item').filter({ hasText: 'slow-prompt' }).first().click();
  await page.getByTestId('prompt-get').click();
  await page.getByTestId('prompt-cancel').click();
  await expect(page.getByTestId('prompt-result')).toContainText(/cancelled/);
  await openTab(page, 'logs');
  await expect(page.getByText('heard the cancel').first()).toBeVisible();
});
