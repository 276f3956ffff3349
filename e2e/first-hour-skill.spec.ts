/**
 * What a user trips on in the first hour with a skill: a setup that remembers it finished, a crash that does
 * not go unseen, and a skill process's own environment variables and arguments, set from the UI.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, ROOT } from './fixtures';
import { atSmallSize, developerView, GOOD_KEY, openFixtureFolder, openSkill, openTab, openTool, removeFixtureFolders, run, shotBothSizes, skillItem, startSetup } from './helpers';
import { scaled } from './machine';

test.afterEach(removeFixtureFolders);

const header = (page: Page) => page.locator('.skill-header');

/** The pid of the process running in `dir` (the skill's folder is its working directory). */
function pidIn(dir: string): number | null {
  const want = fs.realpathSync(dir);
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p) || Number(p) === process.pid) continue;
    try {
      if (fs.readlinkSync(`/proc/${p}/cwd`) === want && fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('skill.py')) return Number(p);
    } catch {
      /* gone, or not ours to read */
    }
  }
  return null;
}

/** Runs the open tool and waits for this call's own answer (one more in the history), not the last one shown. */
async function runFresh(page: Page) {
  const badge = page.getByTestId('result-tab-history').locator('.tab-badge');
  const before = (await badge.count()) ? Number(await badge.textContent()) : 0;
  const result = await run(page);
  await expect(badge).toHaveText(String(before + 1));
  return result;
}

/** Every file under `dir` whose bytes hold `secret`. */
function filesWith(dir: string, secret: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesWith(p, secret));
    else if (fs.readFileSync(p, 'latin1').includes(secret)) out.push(p);
  }
  return out;
}

test('setup: nothing starts until asked; once done it shows "Configured" with what was set (the key masked), after a reload too', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'Price alerts', /needs setup/);
  // In the developer view, landing on the Setup tab says what setup is and waits for the user.
  await developerView(page);
  await expect(page.getByTestId('tab-setup')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('setup-overview')).toHaveAttribute('data-configured', 'false');
  await expect(page.getByTestId('setup-next')).toHaveCount(0);
  await shotBothSizes(wb, 'setup-not-yet');

  await startSetup(page);
  await page.getByLabel('API key').fill(GOOD_KEY);
  await page.getByLabel('Account label').fill('Savings');
  await page.getByTestId('setup-next').click();
  await page.getByLabel('Currency').selectOption({ label: 'Euro' });
  await page.getByTestId('setup-next').click();
  await expect(page.getByTestId('setup-complete')).toBeVisible();

  const overview = page.getByTestId('setup-overview');
  const field = (name: string) => page.locator(`[data-testid="setup-config-field"][data-field="${name}"] dd`);
  await expect(overview).toHaveAttribute('data-configured', 'true');
  await expect(field('api_key')).toHaveText('••••');
  await expect(field('account_label')).toHaveText('Savings');
  await expect(field('currency')).toHaveText('EUR');
  await expect(field('symbols')).toHaveText('BTC, ETH');
  await expect(page.getByTestId('setup-reconfigure')).toBeVisible();
  expect(await page.content()).not.toContain(GOOD_KEY);
  await shotBothSizes(wb, 'setup-configured');

  // A reload: still configured, not an empty step 1; visiting the tab again and again starts nothing.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Price alerts');
  for (let i = 0; i < 3; i++) {
    await openTab(page, 'tools');
    await openTab(page, 'setup');
    await expect(overview).toHaveAttribute('data-configured', 'true');
  }
  await expect(field('api_key')).toHaveText('••••');
  await expect(page.getByTestId('setup-next')).toHaveCount(0);
  await openTab(page, 'timeline');
  await expect(page.locator('.tl-entry').filter({ hasText: 'Setup complete' })).toHaveCount(1);
  await expect(page.locator('.tl-entry').filter({ hasText: 'Setup started' })).toHaveCount(1);

  // Reconfigure fills in what was set (never the key); cancelling keeps the configuration.
  await openTab(page, 'setup');
  await page.getByTestId('setup-reconfigure').click();
  await expect(page.getByRole('heading', { name: 'Connect your price feed' })).toBeVisible();
  await expect(page.getByLabel('Account label')).toHaveValue('Savings');
  await expect(page.getByLabel('API key')).toHaveValue('');
  await page.getByTestId('setup-cancel').click();
  await expect(page.getByTestId('setup-note')).toContainText('Reconfiguring was cancelled');
  await expect(field('account_label')).toHaveText('Savings');
  expect(await page.content()).not.toContain(GOOD_KEY);
});

test('a crash does not go unseen: a toast and a badge with the signal and the last stderr lines, and a restart counter', async ({ wb }) => {
  const { page } = wb;
  const dir = await openFixtureFolder(page, 'crashy');
  await openSkill(page, 'crashy');
  // Something on stderr first, so the crash has last words.
  await openTool(page, 'chatter');
  await page.locator('#args-chatter_lines').fill('2');
  await run(page);
  await expect(async () => {
    await openTab(page, 'logs');
    await expect(page.getByTestId('log-view')).toContainText('chatter line 2 of 2', { timeout: scaled(1000) });
  }).toPass({ timeout: scaled(10_000) });
  await openTab(page, 'tools');
  await expect(header(page).getByTestId('crash-header-badge')).toHaveCount(0);

  const pid = pidIn(dir);
  expect(pid, 'the skill process').not.toBeNull();
  process.kill(pid!, 'SIGKILL');

  const toast = page.locator('.toast').filter({ hasText: 'crashy stopped unexpectedly' });
  await expect(toast).toContainText('killed (signal SIGKILL)');
  await expect(toast.locator('.toast-lines')).toContainText('chatter line 2 of 2');
  await expect(header(page).getByTestId('skill-status')).toHaveAttribute('data-status', 'ready');
  const badge = header(page).getByTestId('crash-header-badge');
  await expect(badge).toHaveText('Crashed once · restarted once');
  const chip = skillItem(page, 'crashy').getByTestId('crash-badge');
  await expect(chip).toHaveText('1');
  await expect(chip).toHaveAttribute('title', /SIGKILL/);
  await wb.shot('crash-toast');
  await toast.locator('.toast-close').click();

  await badge.click();
  const details = page.getByTestId('crash-details');
  await expect(details).toContainText('killed (signal SIGKILL)');
  await expect(details.locator('pre')).toContainText('chatter line 2 of 2');
  await shotBothSizes(wb, 'crash-details');
  await page.getByTestId('crash-dismiss').click();
  // Dismissed: the alarm goes, the restart counter stays.
  await expect(badge).toHaveText('Restarted once');
  await expect(chip).toHaveCount(0);

  // A second crash brings the alarm back, counted.
  const again = pidIn(dir);
  expect(again).not.toBe(pid);
  process.kill(again!, 'SIGKILL');
  await expect(badge).toHaveText('Crashed twice · restarted twice');
  await expect(chip).toHaveText('2');
  await expect(header(page).getByTestId('skill-status')).toHaveAttribute('data-status', 'ready');
});

test('process settings: variables (one secret, masked) and arguments reach the skill at the restart the user asks for', async ({ wb }) => {
  const { page } = wb;
  const TOKEN = 'tok-e2e-secret-4242';
  // The engine tests' fixture: it answers with its GREETING, its arguments and a hash of API_TOKEN.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-process-'));
  fs.cpSync(path.join(ROOT, 'tests', 'fixtures', 'process-echo'), path.join(folder, 'process-echo'), { recursive: true });
  try {
    await page.getByTestId('open-folder').click();
    await page.locator('#open-folder-path').fill(folder);
    await page.locator('#open-folder-path').press('Enter');
    await openSkill(page, 'process-echo');
    await openTool(page, 'show');
    await expect(await runFresh(page)).toContainText(/greeting:\s*null/);

    await header(page).getByTestId('skill-settings').click();
    const dialog = page.getByTestId('process-settings');
    await expect(dialog.getByRole('heading', { name: 'Process' })).toBeVisible();
    await page.getByTestId('process-env-add').click();
    await page.getByTestId('process-env-name').last().fill('GREETING');
    await page.getByTestId('process-env-value').last().fill('hello from the UI');
    await page.getByTestId('process-env-add').click();
    await page.getByTestId('process-env-name').last().fill('API_TOKEN');
    await page.getByTestId('process-env-secret').last().check();
    await expect(page.getByTestId('process-env-value').last()).toHaveAttribute('type', 'password');
    await page.getByTestId('process-env-value').last().fill(TOKEN);
    await page.getByTestId('process-args').fill('--mode\nfast lane');
    await page.getByTestId('process-save').click();
    await expect(page.getByTestId('process-saved')).toContainText('uses them from its next start');
    // Saved, shown masked, never sent back.
    const secretValue = page.locator('[data-testid="process-env-row"][data-name="API_TOKEN"] [data-testid="process-env-value"]');
    await expect(secretValue).toHaveValue('');
    await expect(secretValue).toHaveAttribute('placeholder', /••••/);
    expect(await page.content()).not.toContain(TOKEN);
    await shotBothSizes(wb, 'process-settings');

    // Not applied behind the user's back: the running process still has what it started with.
    await page.getByTestId('process-close').click();
    await expect(await runFresh(page)).toContainText(/greeting:\s*null/);
    await header(page).getByTestId('skill-settings').click();
    // "Saved" and Restart now come beside the Save just pressed, in view even where the form scrolls (a small window).
    await atSmallSize(page, async () => {
      await page.getByTestId('process-save').click();
      await expect(page.getByTestId('process-saved')).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('process-restart-now')).toBeInViewport({ ratio: 1 });
    });
    await page.getByTestId('process-restart-now').click();
    await expect(page.getByTestId('process-restart-now')).toHaveCount(0);
    await page.getByTestId('process-close').click();
    await expect(header(page).getByTestId('skill-status')).toHaveAttribute('data-status', 'ready');
    const result = await runFresh(page);
    await expect(result).toContainText('hello from the UI');
    await expect(result).toContainText('fast lane');
    await expect(result).toContainText(crypto.createHash('sha256').update(TOKEN).digest('hex'));

    // After a reload the settings are still there, the secret still masked.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('process-echo');
    await header(page).getByTestId('skill-settings').click();
    await expect(page.locator('[data-testid="process-env-row"][data-name="GREETING"] [data-testid="process-env-value"]')).toHaveValue('hello from the UI');
    await expect(page.locator('[data-testid="process-env-row"][data-name="API_TOKEN"] [data-testid="process-env-secret"]')).toBeChecked();
    await expect(page.getByTestId('process-args')).toHaveValue('--mode\nfast lane');
    expect(await page.content()).not.toContain(TOKEN);
    expect(filesWith(wb.home, TOKEN)).toEqual([]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
