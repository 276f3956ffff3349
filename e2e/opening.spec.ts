/**
 * Opening a skill runs nothing of it: clicking a skill in a folder the user never chose to "start when opened"
 * reads it (an action script's actions from its source), says it is not started, and offers Start; the choice to
 * start the folder's skills on open is remembered, and the next skill opened from that folder starts by itself.
 */
import { expect, test } from './fixtures';
import { skillItem } from './helpers';

test.use({ runOnOpen: false });

test('a skill opened from a new folder is read, not run, until Start; "start when opened" is remembered', async ({ wb }) => {
  const { page } = wb;
  const status = page.locator('.skill-header').getByTestId('skill-status');

  // An action skill: its actions are read from the script, which does not run.
  await skillItem(page, 'build_analysis').locator('[data-skill-button]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('build_analysis');
  await expect(page.getByTestId('not-started')).toContainText('Not started: opening a skill only reads its files');
  await expect(page.getByTestId('tool-item').first()).toBeVisible();
  await expect(status).toHaveAttribute('data-status', 'stopped');

  // A JSON-RPC skill tells its tools only when running: nothing runs until Start.
  await skillItem(page, 'gas-estimator').locator('[data-skill-button]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('gas-estimator');
  await expect(page.getByTestId('not-started')).toContainText('its tools show once it runs');
  await expect(status).toHaveAttribute('data-status', 'stopped');
  await wb.shot('not-started');
  await page.getByTestId('run-on-open').check();
  await page.getByTestId('not-started-start').click();
  await expect(status).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('not-started')).toHaveCount(0);
  await expect(page.getByTestId('tool-item').filter({ hasText: 'estimate_gas_cost' })).toBeVisible();

  // The folder's other skills now start when opened, after a reload too.
  await page.reload();
  await skillItem(page, 'greeter-app').locator('[data-skill-button]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('greeter-app');
  await expect(status).toHaveAttribute('data-status', /ready|busy/);
  await expect(page.getByTestId('not-started')).toHaveCount(0);
});
