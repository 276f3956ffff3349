/**
 * The setup wizard of price-alerts, as someone who has never seen JSON goes through it: in the simple view a skill
 * that needs setup opens in, with the developer view one switch away.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { GOOD_KEY, openSkill, openTab, shot, shotBothThemes, startSetup } from './helpers';

async function expectKeyNowhere(page: Page, key: string): Promise<void> {
  expect(await page.content()).not.toContain(key);
  expect(await page.locator('body').innerText()).not.toContain(key);
}

test('the setup wizard in the simple view: a rejected key inline, a good one kept through Back, the finish; the state follows by itself; the key shown nowhere', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'Price alerts', /needs setup/);
  // A skill that needs setup opens calm: what it does, its state in plain words, its setup and options; no tabs.
  const main = page.locator('main.skill-view');
  const plain = page.locator('.skill-header').getByTestId('skill-status');
  await expect(main).toHaveAttribute('data-view', 'simple');
  await expect(plain).toHaveAttribute('data-state', 'needs-setup');
  await expect(plain).toContainText('Needs setup');
  await expect(main).toContainText('Simulated crypto prices with alerts');
  await expect(page.getByTestId('options-panel')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  for (const developerWords of ['SkillDefinition', 'bundled SDK', 'differs from the real host', 'tick:']) await expect(main).not.toContainText(developerWords);
  await startSetup(page);
  await expect(page.getByRole('heading', { name: 'Connect your price feed' })).toBeVisible();

  const key = page.getByLabel('API key');
  await expect(key).toHaveAttribute('type', 'password');
  await key.fill('pk_tooshort');
  await page.getByLabel('Account label').fill('Savings');
  await page.getByTestId('setup-next').click();
  // The skill's own words, next to the field; still on step 1.
  const keyError = page.locator('.setup-field').filter({ has: key }).locator('.field-error');
  await expect(keyError).toHaveText('After pk_ a key has exactly 24 letters and digits; this one has 8.');
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await shotBothThemes(wb, 'setup-step-error');

  await key.fill(GOOD_KEY);
  await page.getByTestId('setup-next').click();
  await expect(page.getByRole('heading', { name: 'What to watch' })).toBeVisible();
  // Back keeps what was typed: the label as it was, the key held (not shown) and sent again unless replaced.
  await page.getByTestId('setup-back').click();
  await expect(page.getByRole('heading', { name: 'Connect your price feed' })).toBeVisible();
  await expect(page.getByLabel('Account label')).toHaveValue('Savings');
  await expect(key).toHaveValue('');
  await expect(key).toHaveAttribute('placeholder', 'kept; type to replace');
  await expect(page.getByTestId('setup-field-api_key-kept')).toHaveText('What you typed before is kept; type to replace it.');
  await page.getByTestId('setup-next').click();
  await expect(page.getByRole('heading', { name: 'What to watch' })).toBeVisible();
  await expect(page.getByLabel('Currency')).toHaveValue('USD');
  await page.getByLabel('Currency').selectOption({ label: 'Euro' });
  await page.getByRole('checkbox', { name: 'SOL' }).check();
  await shot(wb, 'setup-step-2');
  await page.getByTestId('setup-next').click();

  await expect(page.getByTestId('setup-complete')).toBeVisible();
  // No Refresh pressed: the plain state and the skill's own status both say it is set up.
  await expect(plain).toHaveAttribute('data-state', 'ready');
  await expect(plain).toContainText('Ready');
  await shotBothThemes(wb, 'setup-finish');
  await expectKeyNowhere(page, GOOD_KEY);
  await page.getByTestId('developer-view').click();
  await expect(main).toHaveAttribute('data-view', 'developer');
  await expect(page.getByTestId('skill-report')).toContainText('configured: yes');
  await expect(page.locator('.skill-header').getByTestId('skill-status')).toContainText('ready');
  // The choice is remembered.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Price alerts');
  await expect(main).toHaveAttribute('data-view', 'developer');

  // The preferences reached the skill's state; the key did not reach the page.
  await openTab(page, 'data');
  const state = page.locator('section.card').filter({ has: page.getByRole('heading', { name: 'State' }) });
  await expect(state).toContainText('EUR');
  await expect(state).toContainText('SOL');
  await shotBothThemes(wb, 'data');
  await expectKeyNowhere(page, GOOD_KEY);
  await page.getByTestId('state-edit').click();
  await expect(page.getByTestId('state-save')).toBeVisible();
  await expectKeyNowhere(page, GOOD_KEY);

  // Nor the protocol messages of the setup, nor the logs.
  await openTab(page, 'messages');
  await page.getByLabel('Filter by method, tool or id').fill('setup');
  const rows = page.getByTestId('message-row');
  await expect(rows.first()).toBeVisible();
  for (let i = 0; i < Math.min(await rows.count(), 8); i++) {
    await rows.nth(i).click();
    await expect(page.getByRole('complementary', { name: 'Message details' })).toBeVisible();
    await expectKeyNowhere(page, GOOD_KEY);
  }
  await openTab(page, 'logs');
  await expect(page.getByTestId('log-view')).toBeVisible();
  await expectKeyNowhere(page, GOOD_KEY);
});

test('someone who has used the tabs lands on the Setup tab; cancelling the wizard says nothing was saved, and it can start again', async ({ wb }) => {
  const { page } = wb;
  // Tabs used once (on another skill, with no switch touched): a skill that needs setup opens with its tabs too.
  await openSkill(page, 'build_analysis');
  await openTab(page, 'logs');
  await openSkill(page, 'Price alerts', /needs setup/);
  await expect(page.locator('main.skill-view')).toHaveAttribute('data-view', 'developer');
  await expect(page.getByTestId('tab-setup')).toHaveAttribute('aria-selected', 'true');
  await startSetup(page);
  await page.getByLabel('API key').fill(GOOD_KEY);
  await page.getByTestId('setup-next').click();
  await expect(page.getByRole('heading', { name: 'What to watch' })).toBeVisible();
  await page.getByTestId('setup-back').click();
  await expect(page.getByRole('heading', { name: 'Connect your price feed' })).toBeVisible();
  await page.getByTestId('setup-cancel').click();
  await expect(page.getByText(/Setup cancelled/)).toBeVisible();
  await expect(page.locator('.skill-header').getByTestId('skill-status')).toContainText('needs setup');
  await page.getByRole('button', { name: 'Start setup' }).click();
  await expect(page.getByRole('heading', { name: 'Connect your price feed' })).toBeVisible();
});
