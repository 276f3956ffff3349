/** The Interop tab: what skills expose to each other, and calling an exposed function from a form. */
import { expect, test } from './fixtures';
import { openSkill, openTab, openTool, run, shotBothSizes } from './helpers';

test('price-digest uses price-alerts: the Interop tab lists what price-alerts exposes and calls latest-price from a form', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'Price digest');
  // The skill's own tool asks price-alerts through the workbench (skills/callFunction), starting it.
  await openTool(page, 'digest');
  const result = await run(page);
  await expect(result).toContainText(/BTC: [\d.]+ USD/);

  await openTab(page, 'interop');
  await expect(page.locator('[data-testid^="interop-skill-"][data-testid$="/price-digest"]')).toContainText('It exposes nothing to other skills.');
  const alerts = page.locator('[data-testid^="interop-skill-"][data-testid$="/price-alerts"]');
  // Started by the digest above: listed at once, with its descriptions and who may use each.
  const fn = alerts.getByTestId('exposed-function-latest-price');
  await expect(fn).toContainText('The current simulated price of one asset');
  await expect(fn).toContainText('for skills');
  await expect(alerts.getByTestId('exposed-data-watched-prices')).toContainText('The prices of the assets chosen in setup');

  await fn.getByRole('button', { name: 'Call…' }).click();
  // The form is built from the function's parameter schema; the symbol is required.
  await fn.getByRole('button', { name: 'Call latest-price' }).click();
  await expect(fn.locator('.field-error, .error-detail, [id$="__error"]').first()).toBeVisible();
  await fn.getByLabel(/symbol/).selectOption('SOL');
  await fn.getByRole('button', { name: 'Call latest-price' }).click();
  const answer = fn.getByTestId('interop-answer');
  await expect(answer).toContainText('answered');
  await expect(answer).toContainText('SOL');
  await shotBothSizes(wb, 'interop-call');

  // A skill that exposes something and calls nothing has the tab too; the data item answers there.
  await openSkill(page, 'Price alerts', /ready|needs setup/);
  await openTab(page, 'interop');
  const data = page.locator('[data-testid^="interop-skill-"][data-testid$="/price-alerts"]').getByTestId('exposed-data-watched-prices');
  await data.getByRole('button', { name: 'Ask…' }).click();
  await data.getByRole('button', { name: 'Ask for watched-prices' }).click();
  await expect(data.getByTestId('interop-answer')).toContainText('BTC');
});
