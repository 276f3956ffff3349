/** Tools, as a user runs them: one tool per protocol through its form, nested and array forms, validation. */
import os from 'node:os';
import path from 'node:path';
import { expect, ROOT, test } from './fixtures';
import { openFixtureFolder, openSkill, openTool, openTab, removeFixtureFolders, run, shot, shotBothThemes } from './helpers';

test.afterEach(removeFixtureFolders);

test('a JSON-RPC tool runs through its form (gas-estimator estimate_gas_cost)', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'gas-estimator');
  await openTool(page, 'estimate_gas_cost');
  await page.locator('#args-estimate_gas_cost_operation').selectOption({ label: 'swap' });
  await page.locator('#args-estimate_gas_cost_gas_price_gwei').fill('30');
  const result = await run(page);
  // 150000 gas at 30 gwei is 0.0045 ETH, at the default 3000 USD per ETH 13.5 USD.
  await expect(result).toContainText('150000');
  await expect(result).toContainText('0.0045');
  await expect(result).toContainText('13.5');
  await shotBothThemes(wb, 'tools-result');
});

test('a namel3ss tool runs through its form (greeter-app)', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'greeter-app', /ready|stopped|idle/);
  await openTool(page, 'greet someone');
  await page.getByLabel('name').fill('Grace');
  const result = await run(page);
  await expect(result).toContainText('Grace');
});

test('an action skill runs through its form (build-analysis analyze)', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'build_analysis');
  await openTool(page, 'analyze');
  await expect(page.locator('#args-analyze_target')).toHaveValue('ci_builds');
  const result = await run(page);
  await expect(result).toContainText(/success|builds/i);
});

test('a SkillDefinition tool runs before setup (price-alerts get_price); one that raises shows its own line first', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'Price alerts');
  await openTool(page, 'get_price');
  await page.locator('#args-get_price_symbol').selectOption({ label: 'ETH' });
  const result = await run(page);
  await expect(result).toContainText('Ether');
  await expect(result).toContainText("USD");

  // A tool that raises in the skill's own code, while handling another exception: the stderr box opens on the
  // exception and the skill's frames, the SDK's folded; the raw lines are a click away and Copy copies them all.
  await openFixtureFolder(page, 'raises', path.join(ROOT, 'tests', 'fixtures', 'skilldef'));
  await openSkill(page, 'raises');
  await openTool(page, 'convert_fallback');
  const failed = await run(page, false);
  const box = failed.getByTestId('stderr-tail');
  await expect(box).toHaveAttribute('data-view', 'traceback');
  await expect(box.getByTestId('traceback-exception').first()).toHaveText("ValueError: could not convert string to float: 'n/a'");
  const frames = box.getByTestId('traceback-frame');
  await expect(frames.first()).toHaveAttribute('data-owner', 'skill');
  await expect(frames.first()).toContainText('skill.py:13 in parse_amount');
  await expect(frames.nth(1)).toContainText('skill.py:34 in convert_fallback');
  await expect(box.getByTestId('traceback-fold').first()).toHaveText('6 frames in the SDK');
  await expect(box).toContainText('It was raised while handling:');
  await expect(box.getByTestId('traceback-exception').nth(1)).toHaveText("KeyError: 'XYZ'");
  await expect(box).not.toContainText('server.py');
  await shotBothThemes(wb, 'tools-traceback');
  await box.getByTestId('traceback-fold').first().getByRole('button').click();
  await expect(box).toContainText('server.py');
  await box.getByTestId('stderr-raw-toggle').click();
  await expect(box.locator('pre').first()).toContainText('Traceback (most recent call last):');
  if (wb.url) await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(wb.url).origin });
  await box.getByTestId('stderr-copy').click();
  let copied = '';
  await expect.poll(async () => (copied = await page.evaluate<string>('navigator.clipboard.readText()'))).toContain('During handling of the above exception');
  expect(copied).toContain('skillbench: tools/call failed:');
  expect(copied).toContain(`File "${path.join(os.tmpdir())}`);
});

test('a nested-object and array form: items added and removed, nested fields filled, the skill gets exactly that', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'Price alerts');
  await openTool(page, 'add_alert');
  const form = page.locator('.tool-request');
  await form.locator('#args-add_alert_symbol').selectOption({ label: 'BTC' });
  // condition is a nested object: its fields sit in their own box.
  const condition = form.locator('fieldset#args-add_alert_condition');
  await condition.locator('#args-add_alert_condition_direction').selectOption({ label: 'above' });
  await condition.locator('#args-add_alert_condition_price').fill('70000');
  // channels starts with one item (minItems 1); add two more, then remove the first.
  const channels = form.locator('fieldset#args-add_alert_channels');
  await channels.locator('#args-add_alert_channels_0').selectOption({ label: 'in_app' });
  await channels.getByRole('button', { name: 'Add item' }).click();
  await channels.locator('#args-add_alert_channels_1').selectOption({ label: 'email' });
  await channels.getByRole('button', { name: 'Add item' }).click();
  await channels.locator('#args-add_alert_channels_2').selectOption({ label: 'push' });
  await expect(channels.locator('.arr-count')).toHaveText('3 items');
  await channels.locator('.arr-item').first().getByRole('button', { name: 'Remove' }).click();
  await expect(channels.locator('.arr-count')).toHaveText('2 items');
  // tags: an optional list of words, from empty.
  const tags = form.locator('fieldset#args-add_alert_tags');
  await expect(tags.locator('.arr-empty')).toBeVisible();
  await tags.getByRole('button', { name: 'Add item' }).click();
  await tags.locator('#args-add_alert_tags_0').fill('long-term');
  await shot(wb, 'tools-nested-form');

  const result = await run(page);
  await expect(result).toContainText('a1');
  // What the skill received, as the Messages tab shows it.
  await openTab(page, 'messages');
  await page.getByLabel('Filter by method, tool or id').fill('add_alert');
  await page.getByRole('button', { name: '↗ To skill' }).click();
  await page.getByTestId('message-row').filter({ hasText: 'add_alert' }).first().click();
  const detail = page.getByRole('complementary', { name: 'Message details' });
  // The JSON tree quotes strings with typographic quotes and folds short lists onto one line.
  await expect(detail).toContainText(/name:\W*add_alert/);
  await expect(detail).toContainText(/direction:\W*above\W*price:\s*70000/);
  await expect(detail).toContainText(/channels:\[2\]\W*email\W*push/);
  await expect(detail).toContainText(/tags:\[1\]\W*long-term/);
  await expect(detail).not.toContainText('in_app');
  await shotBothThemes(wb, 'messages');
});

test('a validation message shows next to the field before anything is sent', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'gas-estimator');
  await openTool(page, 'estimate_gas_cost');
  await page.locator('#args-estimate_gas_cost_operation').selectOption({ label: 'transfer' });
  await page.locator('#args-estimate_gas_cost_gas_limit').fill('100');
  await page.getByTestId('run-tool').click();
  // The required gas price is empty and the gas limit is under its minimum: both said next to their fields.
  const priceError = page.locator('#args-estimate_gas_cost_gas_price_gwei__error');
  await expect(priceError).toContainText(/required|fill/i);
  await expect(page.locator('#args-estimate_gas_cost_gas_limit__error')).toContainText('21000');
  await expect(page.getByTestId('tool-result')).toHaveCount(0);
  await shot(wb, 'tools-validation');
  // Nothing reached the skill.
  await openTab(page, 'messages');
  await expect(page.getByTestId('message-row').filter({ hasText: 'estimate_gas_cost' })).toHaveCount(0);
  // Fixed, it runs.
  await openTab(page, 'tools');
  await page.locator('#args-estimate_gas_cost_gas_limit').fill('');
  await page.locator('#args-estimate_gas_cost_gas_price_gwei').fill('10');
  await expect(priceError).toHaveCount(0);
  const result = await run(page);
  await expect(result).toContainText('21000');
});
