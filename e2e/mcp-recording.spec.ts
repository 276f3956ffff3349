/**
 * An MCP server recorded and replayed in the app as any skill is: the recorded calls keep their MCP content
 * (an image stays an image), and replaying the recording against the real server-everything matches.
 */
import { expect, openServer, openTab, openTool, test } from './mcp-fixture';
import { scaled } from './machine';

test('record an MCP session, browse it with its content blocks, and replay it', async ({ mcp }) => {
  test.setTimeout(scaled(120_000));
  const { page } = mcp;
  await openServer(page);
  await page.getByTestId('record-start').click();
  await page.getByTestId('record-name').fill('everything tour');
  await page.getByTestId('record-name-submit').click();
  await expect(page.getByTestId('recording-indicator')).toBeVisible();

  await openTool(page, 'echo');
  await page.locator('.tool-request input').first().fill('recorded');
  await page.getByTestId('run-tool').click();
  await expect(page.getByTestId('tool-result')).toContainText('Echo: recorded');
  await openTool(page, 'get-tiny-image');
  await page.getByTestId('run-tool').click();
  await expect(page.getByTestId('tool-result').getByTestId('mcp-image')).toBeVisible();
  await page.getByTestId('record-stop').click();
  await expect(page.getByTestId('record-start')).toBeVisible();

  await openTab(page, 'recordings');
  await expect(page.getByTestId('recording-row')).toContainText('everything tour');
  const calls = page.getByTestId('recorded-call');
  await expect(calls).toHaveCount(2);
  await calls.filter({ hasText: 'get-tiny-image' }).click();
  await expect(page.getByTestId('recorded-call-detail').getByTestId('mcp-image')).toBeVisible();
  await mcp.shot('mcp-recording');

  await page.getByTestId('replay-run').click();
  await expect(page.getByTestId('replay-summary')).toContainText('All 2 calls match', { timeout: scaled(30_000) });
});
