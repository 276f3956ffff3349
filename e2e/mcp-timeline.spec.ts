/**
 * An MCP server's life on its timeline and in its messages, in the app: resource reads and prompts are marked
 * on the timeline with their outcome, and the protocol's own messages (initialize, resources/read, ping) are
 * in the Messages tab, from our process layer under the SDK.
 */
import { expect, openServer, openTab, test } from './mcp-fixture';
import { scaled } from './machine';

test('timeline and messages: reads and prompts are marked with their outcome; the MCP messages are listed', async ({ mcp }) => {
  test.setTimeout(scaled(90_000));
  const { page } = mcp;
  await openServer(page);
  await openTab(page, 'resources');
  await page.getByTestId('template-item').filter({ hasText: 'text' }).click();
  await page.getByTestId('template-var-resourceId').fill('5');
  await page.getByTestId('template-read').click();
  await expect(page.getByTestId('resource-detail').getByTestId('mcp-text')).toContainText('Resource 5');
  await openTab(page, 'prompts');
  await page.getByTestId('prompt-item').filter({ hasText: 'args-prompt' }).click();
  await page.getByTestId('prompt-arg-city').fill('Faro');
  await page.getByTestId('prompt-get').click();
  await expect(page.getByTestId('prompt-message').first()).toContainText('Faro');
  await openTab(page, 'server');
  await page.getByTestId('mcp-ping').click();
  await expect(page.getByTestId('ping-result')).toBeVisible();

  await openTab(page, 'timeline');
  const entries = page.getByRole('listbox', { name: 'Timeline entries, newest first' });
  await expect(entries.getByRole('option').filter({ hasText: 'Read demo://resource/dynamic/text/5' })).toContainText('ok');
  await expect(entries.getByRole('option').filter({ hasText: 'Got the prompt args-prompt' })).toContainText('ok');
  await mcp.shot('mcp-timeline');

  await openTab(page, 'messages');
  for (const method of ['initialize', 'resources/read', 'prompts/get', 'ping']) {
    await expect(page.locator('.messages-tab, [data-testid="messages-tab"]').first()).toContainText(method);
  }
  // An MCP server never ticks: no Ticks filter beside the kinds it does have.
  await expect(page.getByTestId('kind-call')).toBeVisible();
  await expect(page.getByTestId('kind-tick')).toHaveCount(0);
});
