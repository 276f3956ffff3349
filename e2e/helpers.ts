/** What the UI specs do again and again, as a user would: open a skill, a tab, a tool; run it; take a shot. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, type Workbench } from './fixtures';
import { shotsOn } from './shots';
import { scaled } from './machine';

/** The price-alerts example accepts any key of this shape. */
export const GOOD_KEY = 'pk_demo1234567890abcdefghij';

export function skillItem(page: Page, name: string): Locator {
  return page.getByTestId('skill-item').filter({ has: page.locator('[data-skill-button]', { hasText: name }) });
}

/**
 * Selects a skill in the sidebar, starts it when it is stopped, and waits for one of `statuses` (the developer view's
 * "needs setup" or the simple view's "Needs setup": either case).
 */
export async function openSkill(page: Page, name: string, statuses = /ready|needs setup/): Promise<void> {
  await skillItem(page, name).locator('[data-skill-button]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const status = page.locator('.skill-header').getByTestId('skill-status');
  const start = page.locator('.skill-header').getByTestId('skill-start');
  // The workbench may start a skill by itself (to read its tools) and stop it again: press Start whenever it
  // says stopped, until it settles in one of the wanted states.
  await expect(async () => {
    if ((await status.getAttribute('data-status')) === 'stopped') await start.click({ timeout: scaled(1000) }).catch(() => undefined);
    await expect(status).toContainText(new RegExp(statuses.source, 'i'), { timeout: scaled(2000) });
  }).toPass({ timeout: scaled(20_000) });
}

/** Turns the "Developer view" switch on, as a user who wants the tabs does (a skill that needs setup opens without them). */
export async function developerView(page: Page): Promise<void> {
  const toggle = page.getByTestId('developer-view');
  if (!(await toggle.isChecked())) await toggle.click();
  await expect(page.locator('main.skill-view')).toHaveAttribute('data-view', 'developer');
}

/** Opens a tab, turning the developer view on first where the skill is in its simple view. */
export async function openTab(page: Page, tab: string): Promise<void> {
  if ((await page.locator('main.skill-view').getAttribute('data-view')) === 'simple') await developerView(page);
  const button = page.getByTestId(`tab-${tab}`);
  // A click can miss where the header grows under it (a skill's status row arriving late on a busy machine): the
  // tab is clicked again until it is the chosen one.
  await expect(async () => {
    if ((await button.getAttribute('aria-selected')) !== 'true') await button.click({ timeout: scaled(2000) });
    await expect(button).toHaveAttribute('aria-selected', 'true', { timeout: scaled(1000) });
  }).toPass({ timeout: scaled(20_000) });
}

export async function openTool(page: Page, tool: string): Promise<void> {
  await openTab(page, 'tools');
  await page.getByTestId('tool-item').filter({ hasText: tool }).first().click();
  await expect(page.locator('.tool-request .tool-name')).toHaveText(tool);
}

/** Presses Run and waits for the answer; returns the result pane. */
export async function run(page: Page, ok = true): Promise<Locator> {
  await page.getByTestId('run-tool').click();
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', String(ok));
  return result;
}

/** Toasts fade on their own; a screenshot should not wait for that. */
export async function shot(wb: Workbench, name: string): Promise<void> {
  if (!shotsOn()) return;
  const close = wb.page.locator('.toast-close');
  while ((await close.count()) > 0) await close.first().click({ timeout: scaled(2000) }).catch(() => undefined);
  await wb.shot(name);
}

/**
 * Shoots the page in the light theme and again in the dark one (`name-dark`); the app follows the system's.
 * `keepToasts` for a dialog: toasts under its backdrop cannot be closed, so none is.
 */
export async function shotBothThemes(wb: Workbench, name: string, opts: { keepToasts?: boolean } = {}): Promise<void> {
  if (!shotsOn()) return;
  const html = wb.page.locator('html');
  const take = opts.keepToasts ? (n: string) => wb.shot(n) : (n: string) => shot(wb, n);
  await wb.page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');
  await take(name);
  await wb.page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await take(`${name}-dark`);
  await wb.page.emulateMedia({ colorScheme: 'light' });
}

/** Runs `fn` in a small window (1024x700), then gives the page its size back. */
export async function atSmallSize(page: Page, fn: () => Promise<void>): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 1024, height: 700 });
  try {
    await fn();
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

/** Both themes at the window's size (`name`), and again in a small window (`name-1024`). */
export async function shotBothSizes(wb: Workbench, name: string, opts: { keepToasts?: boolean } = {}): Promise<void> {
  if (!shotsOn()) return;
  await shotBothThemes(wb, name, opts);
  await atSmallSize(wb.page, () => shotBothThemes(wb, `${name}-1024`, opts));
}

const fixtureFolders: string[] = [];

/** Copies the fixture skill `name` (from e2e/fixtures, or `from`) into a fresh folder and opens that folder through the sidebar. */
export async function openFixtureFolder(page: Page, name: string, from = path.join(__dirname, 'fixtures')): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-fixture-'));
  fixtureFolders.push(folder);
  fs.cpSync(path.join(from, name), path.join(folder, name), { recursive: true });
  await page.getByTestId('open-folder').click();
  await page.locator('#open-folder-path').fill(folder);
  await page.locator('#open-folder-path').press('Enter');
  await expect(skillItem(page, name)).toBeVisible();
  return path.join(folder, name);
}

/** For afterEach: the folders openFixtureFolder made. */
export function removeFixtureFolders(): void {
  for (const f of fixtureFolders.splice(0)) fs.rmSync(f, { recursive: true, force: true });
}

/** Starts a skill's setup wizard from its Setup tab: clicked again until its first step shows (as openTab). */
export async function startSetup(page: Page): Promise<void> {
  const start = page.getByTestId('setup-start');
  const next = page.getByTestId('setup-next');
  await expect(async () => {
    if (!(await next.isVisible())) await start.click({ timeout: scaled(2000) });
    await expect(next).toBeVisible({ timeout: scaled(3000) });
  }).toPass({ timeout: scaled(30_000) });
}

/** Goes through the price-alerts wizard with a good key and the default preferences. */
export async function finishPriceAlertsSetup(page: Page, key = GOOD_KEY): Promise<void> {
  await openTab(page, 'setup');
  // Opening the tab starts nothing: the user starts the wizard.
  await startSetup(page);
  await page.getByLabel('API key').fill(key);
  await page.getByTestId('setup-next').click();
  await expect(page.getByRole('heading', { name: 'What to watch' })).toBeVisible();
  await page.getByTestId('setup-next').click();
  await expect(page.getByTestId('setup-complete')).toBeVisible();
}
