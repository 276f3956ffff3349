/**
 * Looking at an MCP server starts nothing: opened and not started, its Resources, Prompts, Skills and Server tabs
 * say it is not running and offer Start, and the server stays stopped (no process is launched for a look). Start
 * from a tab runs it, and the tab then shows what the server offers.
 */
import { expect, test } from './mcp-fixture';
import { scaled } from './machine';

// A folder not chosen to start its skills when opened (the other MCP journeys choose it).
test.use({ runOnOpen: false });

test('the tabs of a server not started say so and offer Start; Start from one shows its resources', async ({ mcp }) => {
  const { page } = mcp;
  await page.getByTestId('skill-item').filter({ has: page.locator('[data-skill-button]', { hasText: 'everything' }) }).locator('[data-skill-button]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('everything');
  const status = page.locator('.skill-header').getByTestId('skill-status');
  await expect(status).toHaveAttribute('data-status', 'stopped');

  for (const [tab, what] of [['resources', 'Its resources'], ['prompts', 'Its prompts'], ['skills', 'The skills it offers'], ['server', 'Its capabilities']]) {
    await page.getByTestId(`tab-${tab}`).click();
    await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    const note = page.getByTestId('not-running');
    await expect(note).toContainText('everything is not running');
    await expect(note).toContainText(`${what}`);
    await expect(note.getByTestId('not-running-start')).toHaveText('Start everything');
  }
  // Every tab looked at, and nothing was started for it.
  await expect(status).toHaveAttribute('data-status', 'stopped');

  await page.getByTestId('tab-resources').click();
  await page.getByTestId('not-running').getByTestId('not-running-start').click();
  await expect(status).toHaveAttribute('data-status', 'ready', { timeout: scaled(30_000) });
  await expect(page.getByTestId('resources-tab').getByTestId('resource-item').first()).toBeVisible();
  await expect(page.getByTestId('not-running')).toHaveCount(0);
});
