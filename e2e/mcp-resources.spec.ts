/**
 * An MCP server's resources in the app, against the real server-everything: the list and the templates,
 * reading text and binary resources, a template's variables as a form with the server's completions, and a
 * subscription whose updates arrive live.
 */
import { expect, openServer, openTab, openTool, test } from './mcp-fixture';
import { scaled } from './machine';

test('resources: listed with templates; text and binary resources read', async ({ mcp }) => {
  const { page } = mcp;
  await openServer(page);
  await openTab(page, 'resources');
  const tab = page.getByTestId('resources-tab');
  const items = tab.getByTestId('resource-item');
  await expect(items.first()).toBeVisible();
  await expect(tab.getByTestId('template-item')).toHaveCount(2);

  // A text resource: its text.
  await items.first().click();
  const detail = page.getByTestId('resource-detail');
  await expect(detail.getByTestId('mcp-resource-contents')).toBeVisible();
  await expect(detail.getByTestId('mcp-text')).not.toBeEmpty();
  await mcp.shot('mcp-resources');

  // A binary resource from its template: described, with its first bytes.
  await tab.getByTestId('template-item').filter({ hasText: 'blob' }).click();
  await page.getByTestId('template-var-resourceId').fill('2');
  await expect(page.getByTestId('template-uri')).toHaveText('demo://resource/dynamic/blob/2');
  await page.getByTestId('template-read').click();
  await expect(detail.getByTestId('mcp-blob')).toContainText(/Binary content, \d+ bytes/);
});

test('resources: a template variable is completed as you type', async ({ mcp }) => {
  const { page } = mcp;
  await openServer(page);
  await openTab(page, 'resources');
  await page.getByTestId('template-item').filter({ hasText: 'text' }).click();
  const input = page.getByTestId('template-var-resourceId');
  await input.fill('7');
  const suggestions = page.getByTestId('template-var-resourceId-suggestions');
  // server-everything suggests the id typed when it is a valid one; a wrong one gets nothing.
  await expect(suggestions.getByRole('option')).toHaveText(['7']);
  await input.fill('x');
  await expect(suggestions).toBeHidden();
  await input.fill('4');
  await suggestions.getByRole('option', { name: '4' }).click();
  await page.getByTestId('template-read').click();
  await expect(page.getByTestId('resource-detail').getByTestId('mcp-text')).toContainText('Resource 4');
  await mcp.shot('mcp-template');
});

test('resources: subscribed, an update arrives live and is marked with its time; unsubscribed, the mark goes', async ({ mcp }) => {
  test.setTimeout(scaled(90_000));
  const { page } = mcp;
  await openServer(page);
  // server-everything sends updates of subscribed resources once this tool turns them on.
  await openTool(page, 'toggle-subscriber-updates');
  await page.getByTestId('run-tool').click();
  await expect(page.getByTestId('tool-result')).toHaveAttribute('data-ok', 'true');

  await openTab(page, 'resources');
  await page.getByTestId('resource-item').first().click();
  const detail = page.getByTestId('resource-detail');
  await expect(detail.getByTestId('mcp-resource-contents')).toBeVisible();
  await detail.getByTestId('resource-subscribe').click();
  await expect(detail.getByTestId('resource-subscribe')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('resource-item').first().getByLabel('subscribed', { exact: true })).toBeVisible();
  await expect(detail.getByTestId('resource-updated')).toContainText(/Updated at \d\d:\d\d:\d\d/, { timeout: scaled(30_000) });
  await mcp.shot('mcp-resource-updated');

  await detail.getByTestId('resource-subscribe').click();
  await expect(detail.getByTestId('resource-subscribe')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('resource-item').first().getByLabel('subscribed', { exact: true })).toHaveCount(0);
});

test('resources: the list follows the server when it says its resources changed, without a click', async ({ mcp }) => {
  test.setTimeout(scaled(90_000));
  const { page } = mcp;
  await openServer(page);
  await openTab(page, 'resources');
  await expect(page.getByTestId('resource-item').first()).toBeVisible();
  await expect(page.getByTestId('resource-item').filter({ hasText: 'hello.txt.gz' })).toHaveCount(0);

  // Another window of the same workbench calls the tool that makes a new resource; this one only watches.
  const other = await page.context().browser()!.newPage();
  await other.goto(mcp.url);
  await openServer(other);
  const gzip = await openTool(other, 'gzip-file-as-resource');
  await gzip.locator('input').first().fill('hello.txt.gz');
  await gzip.locator('input').nth(1).fill('data:text/plain;base64,aGVsbG8gd29ybGQ=');
  await other.getByTestId('run-tool').click();
  await expect(other.getByTestId('tool-result')).toHaveAttribute('data-ok', 'true');
  await other.close();

  const made = page.getByTestId('resource-item').filter({ hasText: 'hello.txt.gz' });
  await expect(made).toBeVisible({ timeout: scaled(15_000) });
  await made.click();
  await expect(page.getByTestId('resource-detail').getByTestId('mcp-blob')).toContainText('application/gzip');
});
