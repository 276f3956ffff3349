/** The skill's own status in its header (skill/status, on_status), refreshed on request, and its lifecycle requests. */
import path from 'node:path';
import { allowAxe, violationsInBothThemes } from './axe-check';
import { expect, ROOT, test } from './fixtures';
import { openFixtureFolder, openSkill, openTool, removeFixtureFolders, run, shotBothSizes } from './helpers';

test.afterEach(removeFixtureFolders);

test('orders-desk: the header shows what on_status says, Refresh asks again, Disconnect runs on_disconnect; summarize is "not available in the workbench"', async ({ wb }) => {
  const { page } = wb;
  await allowAxe(page);
  await openFixtureFolder(page, 'orders-desk', path.join(ROOT, 'tests', 'fixtures', 'skilldef-panels'));
  await openSkill(page, 'orders-desk');
  const report = page.getByTestId('skill-report');
  // Asked as the skill came up.
  await expect(report).toContainText('connected: yes');
  await expect(report).toContainText('orders: 0');
  await expect(report).toContainText('account: demo shop');

  await openTool(page, 'place-order');
  await page.locator('#args-place-order_amount').fill('12');
  await run(page);
  await expect(report).toContainText('orders: 0');
  await page.getByTestId('refresh-status').click();
  await expect(report).toContainText('orders: 1');

  await page.getByTestId('lifecycle-activate').click();
  await expect(page.getByTestId('lifecycle-note')).toHaveText('Sent skill/activate.');
  await page.getByTestId('lifecycle-disconnect').click();
  await expect(page.getByTestId('lifecycle-note')).toHaveText('Disconnected: the skill ran its on_disconnect.');
  await expect(report).toContainText('connected: no');
  await shotBothSizes(wb, 'skill-status');
  expect(await violationsInBothThemes(page, 'skill status')).toEqual([]);

  // The host's AI is not here: the skill hears so in plain words, not "Method not found".
  await openTool(page, 'summarize');
  const result = await run(page, false);
  await expect(result).toContainText('intelligence/summarize is not available in the workbench');
  await expect(result).toContainText('-32050');
  await expect(result).not.toContainText(/method not found/i);
});

test('a skill without has_disconnect is offered Activate and Deactivate but no Disconnect', async ({ wb }) => {
  const { page } = wb;
  await openFixtureFolder(page, 'reading-list', path.join(ROOT, 'tests', 'fixtures', 'skilldef-options'));
  await openSkill(page, 'reading-list');
  const report = page.getByTestId('skill-report');
  await expect(report).toContainText('None of its own (the skill has no on_status hook).');
  await expect(page.getByTestId('lifecycle-deactivate')).toBeVisible();
  await expect(page.getByTestId('lifecycle-disconnect')).toHaveCount(0);
  await page.getByTestId('lifecycle-deactivate').click();
  await expect(page.getByTestId('lifecycle-note')).toHaveText('Sent skill/deactivate.');
});
