/**
 * Authoring end to end, on real skills in the fixture's temporary copy: hot reload (a file changed on disk
 * during the test, the still-filled form's next call shows the new code; a syntax error reported, not
 * reloaded), the doctor panel, the New skill dialog, and saved requests with collections (save, reopen,
 * variables and secrets, a collection run with its assertion results).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type Workbench } from './fixtures';
import { openSkill, openTool, run, shot } from './helpers';

async function fillEstimate(page: Page, operation: string, gwei: string): Promise<void> {
  await openTool(page, 'estimate_gas_cost');
  await page.locator('#args-estimate_gas_cost_operation').selectOption({ label: operation });
  await page.locator('#args-estimate_gas_cost_gas_price_gwei').fill(gwei);
}

/**
 * Runs the tool in the form and waits for a new call (the History tab counts it) to finish: a rerun may
 * give the same answer as the call before, so the result alone does not say the call was made.
 */
async function runAgain(page: Page): Promise<void> {
  const history = page.getByTestId('result-tab-history');
  const before = await history.textContent();
  await page.getByTestId('run-tool').click();
  await expect(history).not.toHaveText(before ?? '');
  await expect(page.getByTestId('run-tool')).toBeVisible();
  await expect(page.getByTestId('tool-result')).toBeVisible();
}

/** A screenshot with a modal dialog open: toasts under its backdrop cannot be closed, so they stay. */
async function dialogShot(wb: Workbench, name: string): Promise<void> {
  await expect(wb.page.locator('dialog[open]')).toBeVisible();
  await wb.shot(name);
}

test('hot reload: a change on disk shows in the next call from the same, still-filled form; a syntax error does not reload', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'gas-estimator');
  await fillEstimate(page, 'swap', '30');
  await run(page);
  await expect(page.getByTestId('tool-result')).not.toContainText('reloaded_at');

  const py = path.join(wb.skills, 'gas-estimator', 'skill.py');
  const original = fs.readFileSync(py, 'utf8');
  fs.writeFileSync(py, original.replace('return {"gas_limit": gas,', 'return {"reloaded_at": "v2", "gas_limit": gas,'));
  await expect(page.getByTestId('reload-notice')).toHaveAttribute('data-kind', 'reloaded');
  await expect(page.getByTestId('reload-notice')).toContainText('Reloaded after a change to skill.py');
  await expect(page.locator('.skill-header').getByTestId('skill-status')).toContainText('ready');
  // The form kept its values through the restart: run it again as it stands.
  await expect(page.locator('#args-estimate_gas_cost_gas_price_gwei')).toHaveValue('30');
  await runAgain(page);
  await expect(page.getByTestId('tool-result')).toContainText('reloaded_at');
  await expect(page.getByTestId('tool-result')).toContainText('150000');
  await shot(wb, 'authoring-hot-reload');

  // A broken save: the file and line are named, the skill keeps running the code it had.
  const broken = original.replace('def estimate(args):', 'def estimate(args)');
  const line = broken.split('\n').findIndex((l) => l.startsWith('def estimate(args)')) + 1;
  fs.writeFileSync(py, broken);
  await expect(page.getByTestId('reload-notice')).toHaveAttribute('data-kind', 'syntax-error');
  await expect(page.getByTestId('reload-notice')).toContainText(`Syntax error in skill.py line ${line}`);
  await expect(page.locator('.skill-header').getByTestId('skill-status')).toContainText('ready');
  await runAgain(page);
  await expect(page.getByTestId('tool-result')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('tool-result')).toContainText('reloaded_at');
  await shot(wb, 'authoring-syntax-error');
});

test('the doctor panel groups findings by severity with their fix and place, and gives a clean bill once fixed', async ({ wb }) => {
  const { page } = wb;
  const app = path.join(wb.skills, 'greeter-app');
  const stats = path.join(app, 'tools', 'text_stats.py');
  const good = fs.readFileSync(stats, 'utf8');
  fs.writeFileSync(stats, `${good.trimEnd()}\n\n\ndef broken(payload:\n    return payload\n`);
  const keyFile = path.join(app, 'tools', 'keys.py');
  fs.writeFileSync(keyFile, '# for local testing\nAWS_KEY = "AKIAQ3EGUMZ7X4EXAMPL"\n');
  await openSkill(page, 'greeter-app');
  await page.getByTestId('tab-doctor').click();
  await expect(page.getByTestId('doctor-verdict')).toHaveAttribute('data-verdict', 'error');
  const errors = page.getByTestId('doctor-group-error');
  await expect(errors.getByTestId('finding').filter({ hasText: 'Syntax error in tools/text_stats.py' })).toContainText('tools/text_stats.py:');
  const secret = errors.getByTestId('finding').filter({ hasText: 'an AWS access key ID' });
  await expect(secret).toContainText('tools/keys.py:2');
  await expect(secret).toContainText('revoke it');
  // A namel3ss tool block has no description field, so none is asked for; the note on what ran stays.
  await expect(page.getByTestId('doctor-group-info').getByTestId('finding').filter({ hasText: 'Nothing to start' })).toBeVisible();
  await expect(page.getByTestId('finding').filter({ hasText: 'has no description' })).toHaveCount(0);
  await shot(wb, 'authoring-doctor-findings');

  fs.writeFileSync(stats, good);
  fs.rmSync(keyFile);
  await page.getByTestId('doctor-rerun').click();
  await expect(page.getByTestId('doctor-verdict')).toHaveAttribute('data-verdict', 'ok');
  await expect(page.getByTestId('doctor-clean')).toBeVisible();
  await expect(page.getByTestId('doctor-group-error')).toHaveCount(0);
});

test('the New skill dialog creates a skill, selects it, and its tool runs', async ({ wb }) => {
  const { page } = wb;
  await expect(page.getByTestId('skill-item').first()).toBeVisible();
  await page.getByTestId('new-skill').click();
  await page.getByTestId('new-skill-protocol-skilldef').click();
  await page.getByTestId('new-skill-name').fill('weather-report');
  await expect(page.getByTestId('new-skill-parent')).toHaveValue(fs.realpathSync(wb.skills));
  await dialogShot(wb, 'authoring-new-skill-dialog');
  await page.getByTestId('new-skill-create').click();

  const item = page.getByTestId('skill-item').filter({ hasText: 'weather-report' });
  await expect(item).toHaveClass(/selected/);
  await expect(page.locator('.skill-header')).toContainText('weather-report');
  expect(fs.existsSync(path.join(wb.skills, 'weather-report', 'skill.py'))).toBe(true);
  await page.getByTestId('tool-item').filter({ hasText: 'greet' }).click();
  await page.locator('#args-greet_name').fill('Ada');
  await run(page);
  await expect(page.getByTestId('tool-result')).toContainText('Hello, Ada!');
});

test('saved requests: save a call into a collection, reopen it, set variables and a secret, run the collection', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'gas-estimator');
  await fillEstimate(page, 'swap', '30');
  await run(page);

  // Save it, expecting this very result, into a new collection in the skill's folder.
  await page.getByTestId('save-request').click();
  await page.getByTestId('save-request-name').fill('swap at 30 gwei');
  await page.getByTestId('save-request-new-name').fill('fees');
  await page.getByTestId('save-request-expect').check();
  await dialogShot(wb, 'authoring-save-request');
  await page.getByTestId('save-request-submit').click();
  const file = path.join(wb.skills, 'gas-estimator', '.skillbench', 'collections', 'fees', 'swap-at-30-gwei.json');
  await expect(page.getByTestId('saved-request').filter({ hasText: 'swap at 30 gwei' })).toBeVisible();
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(saved).toMatchObject({ name: 'swap at 30 gwei', tool: 'estimate_gas_cost', args: { operation: 'swap', gas_price_gwei: 30 } });
  expect(saved.assertions[1].equals).toMatchObject({ gas_limit: 150000 });

  // A second one into the same collection: list_operations, no arguments.
  await page.getByTestId('tool-item').filter({ hasText: 'list_operations' }).click();
  await page.getByTestId('save-request').click();
  await page.getByTestId('save-request-name').fill('operations');
  await expect(page.getByTestId('save-request-collection')).toContainText('fees (1 request)');
  await page.getByTestId('save-request-submit').click();
  await expect(page.getByTestId('saved-request')).toHaveCount(2);
  await shot(wb, 'authoring-saved-requests');

  // Reopen the first: its tool and arguments come back into the form.
  await fillEstimate(page, 'transfer', '12');
  await page.getByTestId('tool-item').filter({ hasText: 'compare_speeds' }).click();
  await page.getByTestId('saved-request').filter({ hasText: 'swap at 30 gwei' }).click();
  await expect(page.locator('.tool-request .tool-name')).toHaveText('estimate_gas_cost');
  await expect(page.locator('#args-estimate_gas_cost_gas_price_gwei')).toHaveValue('30');
  await expect(page.locator('#args-estimate_gas_cost_operation option:checked')).toHaveText('swap');

  // Variables: an environment with a plain variable, and a secret whose value never comes back.
  const secret = 'sk-proj-e2eSecretValue1234567890';
  await page.getByTestId('collection-vars').click();
  await page.getByTestId('env-new-name').fill('dev');
  await page.getByTestId('env-new-add').click();
  await page.getByTestId('env-var-add').click();
  await page.getByTestId('env-var-name').fill('price');
  await page.getByTestId('env-var-value').fill('30');
  await page.getByTestId('env-save').click();
  await expect(page.locator('.env-saved')).toBeVisible();
  await page.getByTestId('secret-new-name').fill('apiKey');
  await page.getByTestId('secret-new-value').fill(secret);
  await page.getByTestId('secret-new-add').click();
  const row = page.getByTestId('secret-row').filter({ hasText: 'apiKey' });
  await expect(row.getByTestId('secret-status')).toHaveText('set');
  await expect(row.getByTestId('secret-value')).toHaveValue('');
  await expect(row.getByTestId('secret-value')).toHaveAttribute('type', 'password');
  await dialogShot(wb, 'authoring-variables');
  expect(await page.content()).not.toContain(secret);
  const collectionDir = path.dirname(file);
  const onDisk = JSON.parse(fs.readFileSync(path.join(collectionDir, 'collection.json'), 'utf8'));
  expect(onDisk).toMatchObject({ environments: { dev: { price: 30 } }, secrets: ['apiKey'] });
  for (const f of fs.readdirSync(collectionDir)) expect(fs.readFileSync(path.join(collectionDir, f), 'utf8')).not.toContain(secret);
  await page.getByRole('button', { name: 'Done' }).click();

  // Run the collection: both pass.
  await page.getByTestId('collection-run').click();
  await expect(page.getByTestId('collection-run-env')).toHaveValue('dev');
  await page.getByTestId('collection-run-start').click();
  await expect(page.getByTestId('collection-run-summary')).toContainText('All 2 passed');
  await page.getByRole('button', { name: 'Close' }).click();

  // The skill changes (hot reload); the saved expectation now fails, and says how.
  const py = path.join(wb.skills, 'gas-estimator', 'skill.py');
  fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace('"swap": 150000', '"swap": 160000'));
  await expect(page.getByTestId('reload-notice')).toHaveAttribute('data-kind', 'reloaded');
  await page.getByTestId('collection-run').click();
  await page.getByTestId('collection-run-start').click();
  await expect(page.getByTestId('collection-run-summary')).toContainText('1 of 2 failed');
  const failed = page.getByTestId('run-result').filter({ hasText: 'swap at 30 gwei' });
  await expect(failed).toHaveAttribute('data-pass', 'false');
  await expect(failed.getByTestId('assertion-result').filter({ hasText: '160000' })).toHaveAttribute('data-pass', 'false');
  await expect(failed.getByTestId('assertion-result').first()).toHaveAttribute('data-pass', 'true');
  await expect(page.getByTestId('run-result').filter({ hasText: 'operations' })).toHaveAttribute('data-pass', 'true');
  await dialogShot(wb, 'authoring-collection-run');
});
