/**
 * A walk through every view of the workbench with something in it, as a user's first hour fills them: a tool
 * with field errors and with a result, both argument editors, logs, messages, a recording browsed and replayed
 * with a difference, the doctor, a skill's simple view, the setup wizard, timeline, session and data, the dialogs, and the skills list
 * folded to a rail. At each stop `visit(name)` is called with the view on screen; the accessibility and layout
 * specs look at it there.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, type Workbench } from './fixtures';
import { GOOD_KEY, openSkill, openTab, openTool, run, startSetup } from './helpers';
import { scaled } from './machine';

export type Visit = (name: string) => Promise<void>;

async function closeToasts(page: Page): Promise<void> {
  const close = page.locator('.toast-close');
  while ((await close.count()) > 0) await close.first().click({ timeout: scaled(2000) }).catch(() => undefined);
}

async function setMode(page: Page, mode: 'Form' | 'JSON' | 'Both'): Promise<void> {
  await page.getByRole('group', { name: 'How to edit the arguments' }).getByRole('button', { name: mode }).click();
}

async function estimate(page: Page, operation: string, gwei: string): Promise<void> {
  await openTool(page, 'estimate_gas_cost');
  await page.locator('#args-estimate_gas_cost_operation').selectOption({ label: operation });
  await page.locator('#args-estimate_gas_cost_gas_price_gwei').fill(gwei);
  await run(page);
}

async function dialog(page: Page, visit: Visit, name: string, open: () => Promise<void>): Promise<void> {
  await open();
  await expect(page.locator('dialog[open]')).toBeVisible();
  await visit(name);
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
}

export async function tourEveryView(wb: Workbench, visit: Visit): Promise<void> {
  const { page } = wb;
  await expect(page.getByTestId('skill-item').first()).toBeVisible();
  await visit('start');

  // Tools: the form with its field errors, then a result; the JSON editor beside the form.
  await openSkill(page, 'gas-estimator');
  await openTool(page, 'estimate_gas_cost');
  await page.locator('#args-estimate_gas_cost_gas_limit').fill('100');
  await page.getByTestId('run-tool').click();
  await expect(page.locator('#args-estimate_gas_cost_gas_limit__error')).toBeVisible();
  await visit('tools-field-errors');
  await page.locator('#args-estimate_gas_cost_gas_limit').fill('');
  const price = page.locator('#args-estimate_gas_cost_gas_price_gwei');
  await price.fill('3O');
  await expect(page.locator('.fld').filter({ has: price }).getByText('Not a number')).toBeVisible();
  await visit('tools-not-a-number');
  await page.getByTestId('record-start').click();
  await page.getByTestId('record-name').fill('first hour');
  await visit('record-popover');
  await page.getByTestId('record-name-submit').click();
  await expect(page.getByTestId('recording-indicator')).toBeVisible();
  await estimate(page, 'swap', '30');
  await closeToasts(page);
  await visit('tools-result');
  await setMode(page, 'Both');
  // Monaco is a large bundle, loaded when first shown: give a busy machine time.
  await expect(page.getByTestId('args-json').locator('.view-lines')).toContainText('swap', { timeout: scaled(30_000) });
  await visit('tools-form-and-json');
  await setMode(page, 'Form');
  await estimate(page, 'transfer', '20');
  await page.getByTestId('record-stop').click();
  await expect(page.getByTestId('record-start')).toBeVisible();
  await dialog(page, visit, 'dialog-save-request', () => page.getByTestId('save-request').click());

  await openTab(page, 'logs');
  await expect(page.getByTestId('log-view')).toBeVisible();
  await visit('logs');
  await openTab(page, 'messages');
  await page.getByTestId('message-row').filter({ hasText: 'tools/call' }).first().click();
  await expect(page.getByRole('complementary', { name: 'Message details' })).toBeVisible();
  await visit('messages');

  await openTab(page, 'recordings');
  await expect(page.getByTestId('recorded-call')).toHaveCount(2);
  await closeToasts(page);
  await visit('recordings');
  const py = path.join(wb.skills, 'gas-estimator', 'skill.py');
  fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace('"swap": 150000', '"swap": 160000'));
  await page.getByTestId('replay-run').click();
  await expect(page.getByTestId('replay-summary')).toContainText('1 of 2 calls differ');
  await expect(page.getByTestId('replay-case-view').getByTestId('sbs-replayed')).toContainText('160000');
  await closeToasts(page);
  await visit('recordings-replay');

  await openTab(page, 'doctor');
  await expect(page.getByTestId('doctor-verdict')).not.toHaveAttribute('data-verdict', 'pending');
  await visit('doctor');

  await dialog(page, visit, 'dialog-new-skill', () => page.getByTestId('new-skill').click());
  await dialog(page, visit, 'dialog-open-folder', () => page.getByTestId('open-folder').click());

  // A SkillDefinition skill has every tab: the wizard first, then what runs over time.
  await openSkill(page, 'Price alerts', /needs setup/);
  // Its simple view, for someone who only configures it (the tabs were used, so it opened with them).
  const view = page.locator('main.skill-view');
  await page.getByTestId('developer-view').click();
  await expect(view).toHaveAttribute('data-view', 'simple');
  await expect(page.getByTestId('options-panel')).toBeVisible();
  await visit('simple-view');
  await page.getByTestId('developer-view').click();
  await expect(view).toHaveAttribute('data-view', 'developer');
  await openTab(page, 'setup');
  await visit('setup-not-configured');
  await startSetup(page);
  await expect(page.getByLabel('API key')).toBeVisible();
  await visit('setup');
  await page.getByLabel('API key').fill(GOOD_KEY);
  await page.getByTestId('setup-next').click();
  await expect(page.getByRole('heading', { name: 'What to watch' })).toBeVisible();
  await page.getByTestId('setup-next').click();
  await expect(page.getByTestId('setup-complete')).toBeVisible();
  await closeToasts(page);
  await visit('setup-complete');
  await openTool(page, 'add_alert');
  await visit('tools-nested-form');
  await openTab(page, 'timeline');
  await page.getByTestId('tick-now').click();
  await expect(page.getByTestId('timeline-tick').first()).toBeVisible();
  await visit('timeline');
  await openTab(page, 'session');
  await page.getByTestId('session-start').click();
  await expect(page.getByTestId('session-id')).toBeVisible();
  await visit('session');
  await openTab(page, 'data');
  await expect(page.getByTestId('entity-graph')).toBeVisible();
  await visit('data');
  await openTab(page, 'triggers');
  await expect(page.getByTestId('new-trigger')).toBeVisible();
  await visit('triggers');

  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
  await visit('sidebar-folded');
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');
}
