/** The Options tab: a skill's settings, each saved as it changes, and the tool list following a tool_filter option. */
import path from 'node:path';
import { expect, ROOT, test } from './fixtures';
import { openFixtureFolder, openSkill, openTab, shotBothSizes, shotBothThemes } from './helpers';

test('price-alerts: turning "Offer the portfolio tool" off hides portfolio_value from the tools, on brings it back, and it is kept', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'Price alerts', /needs setup/);
  await openTab(page, 'options');
  const panel = page.getByTestId('options-panel');
  await expect(panel.getByRole('heading', { name: 'Tools' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Offer the portfolio tool' });
  await expect(toggle).toBeChecked();
  // The badge counts every tool listed, the SDK's five folded ones among them.
  await expect(page.getByTestId('tab-tools')).toContainText('16');

  await toggle.click();
  await expect(page.getByTestId('option-note')).toHaveText('Saved. Tools now hidden: portfolio_value.');
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId('tab-tools')).toContainText('15');
  await shotBothSizes(wb, 'options-off');

  await openTab(page, 'tools');
  await expect(page.getByTestId('tool-item')).toHaveCount(10);
  await expect(page.getByTestId('tool-item').filter({ hasText: 'portfolio_value' })).toHaveCount(0);

  // Kept: the page loaded afresh still shows it off (the skill read it back from its data folder).
  await page.reload();
  await openSkill(page, 'Price alerts', /needs setup/);
  await openTab(page, 'options');
  await expect(page.getByRole('switch', { name: 'Offer the portfolio tool' })).not.toBeChecked();
  await page.getByTestId('option-show_portfolio_tool-reset').click();
  await expect(page.getByTestId('option-note')).toHaveText('Back to the default. Tools now offered: portfolio_value.');
  await expect(page.getByRole('switch', { name: 'Offer the portfolio tool' })).toBeChecked();
  await openTab(page, 'tools');
  await expect(page.getByTestId('tool-item').filter({ hasText: 'portfolio_value' })).toHaveCount(1);
});

test('every kind of option: a choice, a number (a wrong one refused where it is typed), text, and reset all', async ({ wb }) => {
  const { page } = wb;
  await openFixtureFolder(page, 'reading-list', path.join(ROOT, 'tests', 'fixtures', 'skilldef-options'));
  await openSkill(page, 'reading-list');
  await openTab(page, 'options');
  const panel = page.getByTestId('options-panel');
  await expect(panel.getByRole('heading', { name: 'Display' })).toBeVisible();
  await expect(page.getByTestId('tab-tools')).toContainText('7');

  await page.getByLabel('Sort order').selectOption({ label: 'Z to A' });
  await expect(page.locator('[data-option="sort_order"]').getByTestId('option-note')).toHaveText('Saved.');

  const size = page.getByLabel('Books per page');
  await size.fill('ten');
  await expect(page.locator('[data-option="page_size"]')).toContainText('Type a number, such as 5.');
  await size.fill('3');
  await size.press('Enter');
  await expect(page.locator('[data-option="page_size"]').getByTestId('option-note')).toHaveText('Saved.');

  await page.getByLabel('Greeting').fill('Good morning');
  await page.getByLabel('Greeting').press('Enter');
  await expect(page.locator('[data-option="greeting"]').getByTestId('option-note')).toHaveText('Saved.');

  await page.getByRole('switch', { name: 'Show the clean-up tool' }).click();
  await expect(page.locator('[data-option="show_purge"]').getByTestId('option-note')).toHaveText('Saved. Tools now offered: purge.');
  await expect(page.getByTestId('tab-tools')).toContainText('8');
  await shotBothThemes(wb, 'options-all-kinds');

  // The skill sees them: books come Z to A, three of them, with the greeting.
  await openTab(page, 'tools');
  await page.getByTestId('tool-item').filter({ hasText: 'books' }).first().click();
  await page.getByTestId('run-tool').click();
  await expect(page.getByTestId('tool-result')).toContainText('Walden');
  await expect(page.getByTestId('tool-result')).toContainText('Good morning');

  await openTab(page, 'options');
  await page.getByTestId('options-reset-all').click();
  await expect(page.getByTestId('option-note')).toHaveText('Every option is back to its default. Tools now hidden: purge.');
  await expect(page.getByLabel('Sort order')).toHaveValue('az');
  await expect(page.getByLabel('Books per page')).toHaveValue('10');
  await expect(page.getByLabel('Greeting')).toHaveValue('Hello');
  await expect(page.getByTestId('options-reset-all')).toBeDisabled();
});
