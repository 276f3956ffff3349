/** The Triggers tab: price-alerts' "price crosses a level" registered from a form, fired from its tick onto the Timeline, turned off, removed. */
import { allowAxe, violationsInBothThemes } from './axe-check';
import { expect, test } from './fixtures';
import { openSkill, openTab, shotBothSizes, shotBothThemes } from './helpers';
import { scaled } from './machine';

test('price-alerts: a trigger registered from the form fires on a tick, shows on the Timeline with what matched, then is changed, turned off and removed', async ({ wb }) => {
  test.setTimeout(scaled(90_000));
  const { page } = wb;
  await allowAxe(page);
  await openSkill(page, 'Price alerts', /needs setup/);
  await openTab(page, 'triggers');
  const panel = page.getByTestId('triggers-panel');
  await expect(panel.getByTestId('no-triggers')).toBeVisible();
  await expect(panel).toContainText('A price crosses a level');

  // Refused where it is typed: a trigger needs a name and a condition.
  await page.getByTestId('register-trigger').click();
  await expect(panel).toContainText('Give the trigger a name, so that you can tell it apart.');
  await panel.getByLabel('Name').fill('BTC at 60k');
  await panel.getByLabel('Field').selectOption('symbol');
  await panel.getByLabel('Words, separated by commas').fill('BTC');
  await panel.getByLabel(/^level/).fill('60000');
  await page.getByTestId('register-trigger').click();
  await expect(page.getByTestId('trigger-note')).toHaveText('Trigger "BTC at 60k" registered.');
  const item = page.getByTestId('trigger-item').filter({ hasText: 'BTC at 60k' });
  await expect(item).toContainText('symbol contains "BTC"');
  await expect(item).toContainText('level: 60000');
  await shotBothSizes(wb, 'triggers');
  expect(await violationsInBothThemes(page, 'triggers')).toEqual([]);

  // BTC swings around 60000: within a few ticks it crosses, and the skill fires the trigger.
  await openTab(page, 'timeline');
  const fired = page.locator('.tl-entry').filter({ has: page.locator('.kind-tl-trigger') });
  await expect(async () => {
    if ((await fired.count()) === 0) await page.getByTestId('tick-now').click({ timeout: scaled(2000) });
    await expect(fired.first()).toBeVisible({ timeout: scaled(1500) });
  }).toPass({ timeout: scaled(60_000) });
  await expect(fired.first()).toContainText('BTC at 60k');
  await fired.first().click();
  await expect(page.locator('.timeline-detail')).toContainText('matchedData');
  await shotBothSizes(wb, 'triggers-fired');
  expect(await violationsInBothThemes(page, 'timeline with a fired trigger')).toEqual([]);

  // Changed from the same form: a new name and level (triggers/update).
  await openTab(page, 'triggers');
  await page.getByRole('button', { name: 'Change the trigger BTC at 60k' }).click();
  const edit = page.getByTestId('edit-trigger');
  await expect(edit.getByLabel('Words, separated by commas')).toHaveValue('BTC');
  await edit.getByLabel('Name').fill('BTC at 61k');
  await edit.getByLabel(/^level/).fill('61000');
  expect(await violationsInBothThemes(page, 'changing a trigger')).toEqual([]);
  await shotBothThemes(wb, 'triggers-edit');
  await page.getByTestId('save-trigger').click();
  await expect(page.getByTestId('trigger-note')).toHaveText('Trigger "BTC at 61k" saved.');
  await expect(page.getByTestId('trigger-item')).toContainText('level: 61000');
  await expect(page.getByTestId('new-trigger')).toBeVisible();

  await page.getByRole('switch', { name: 'BTC at 61k active' }).click();
  await expect(page.getByTestId('trigger-note')).toHaveText('Trigger turned off: it will not fire until you turn it on.');
  await expect(page.getByRole('switch', { name: 'BTC at 61k active' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Remove the trigger BTC at 61k' }).click();
  await expect(page.getByTestId('trigger-note')).toHaveText('Trigger "BTC at 61k" removed.');
  await expect(page.getByTestId('no-triggers')).toBeVisible();
});
