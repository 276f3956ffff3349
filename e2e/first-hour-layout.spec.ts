/**
 * The rough edges of a first hour, smoothed: every view at a large and a small window (light and dark), the skills
 * list folded away and back, same-named skills told apart, JSON typed fast, and letters in a number field.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { GOOD_KEY, openSkill, openTab, openTool, run, shot, shotBothThemes, skillItem, startSetup } from './helpers';
import { tourEveryView } from './view-tour';
import { shotsOn } from './shots';
import { scaled } from './machine';

const SIZES = [
  { width: 1400, height: 900 },
  { width: 1024, height: 700 },
];

/**
 * Elements that hide part of their content with no way to scroll to it: overflow hidden and more inside than shows.
 * Text cut with an ellipsis (a long path, a clamped description) is meant; editors and terminals manage their own.
 */
async function cutOff(page: Page): Promise<string[]> {
  // A string: this spec is type-checked without the DOM's types, and the function runs in the page.
  return page.evaluate(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('.monaco-editor, .xterm, .sr-only, svg')) continue;
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.visibility === 'hidden') continue;
      const clips = (o) => o === 'hidden' || o === 'clip';
      const x = clips(cs.overflowX) && el.scrollWidth > el.clientWidth + 2 && cs.textOverflow !== 'ellipsis';
      const y = clips(cs.overflowY) && el.scrollHeight > el.clientHeight + 2 && !/\\d/.test(cs.webkitLineClamp);
      if (x || y) out.push(el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ': ' + el.scrollWidth + 'x' + el.scrollHeight + ' in ' + el.clientWidth + 'x' + el.clientHeight);
    }
    const title = document.querySelector('main h1');
    if (title && title.scrollWidth > title.clientWidth + 1) out.push("the skill's name is cut: " + title.textContent);
    return out;
  })()`);
}

test('every view at 1400x900 and 1024x700, light and dark: nothing cut off, the form whole, the replay readable', async ({ wb }) => {
  test.setTimeout(scaled(300_000));
  const { page } = wb;
  const problems: string[] = [];
  await tourEveryView(wb, async (view) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const at = `${view} at ${size.width}x${size.height}`;
      for (const c of await settledCutOff(page)) problems.push(`${at}: ${c}`);
      if (view === 'tools-result') {
        // The whole form of estimate_gas_cost in view at once, with Run.
        for (const field of ['operation', 'gas_limit', 'gas_price_gwei', 'eth_price_usd']) {
          if (!(await page.locator(`#args-estimate_gas_cost_${field}`).isVisible()) || !(await inViewport(page, `#args-estimate_gas_cost_${field}`))) {
            problems.push(`${at}: the field ${field} is not in view`);
          }
        }
        if (!(await inViewport(page, '[data-testid="run-tool"]'))) problems.push(`${at}: Run is not in view`);
      }
      // The developer view's tabs keep to one row; in the small window its header leaves the tab most of the height.
      if (await page.locator('main.skill-view[data-view="developer"]').count()) {
        // The small-window layout follows a media query, a render after the resize: give it that render.
        const height = async () => (await page.locator('.skill-tabs').boundingBox())!.height;
        await expect.poll(height, { timeout: scaled(2000) }).toBeLessThanOrEqual(40).catch(() => undefined);
        const tabs = await height();
        if (tabs > 40) problems.push(`${at}: the tabs take ${tabs}px (more than one row)`);
        const panelTop = (await page.locator('.skill-view > .tab-panel').boundingBox())!.y;
        if (size.width === 1024 && view.startsWith('tools') && panelTop > 160) problems.push(`${at}: the tab starts ${panelTop}px down`);
      }
      if (view === 'recordings-replay') {
        // Each result of the side-by-side diff gets a readable width, next to the other or under it.
        for (const side of ['sbs-recorded', 'sbs-replayed']) {
          const box = await page.getByTestId(side).boundingBox();
          if (!box || box.width < 280) problems.push(`${at}: ${side} is ${box?.width ?? 0}px wide`);
        }
      }
      // The themes change colours, not the layout: they are switched for the pictures alone.
      for (const theme of shotsOn() ? (['light', 'dark'] as const) : []) {
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await wb.shot(`layout-${view}-${size.width}x${size.height}-${theme}`);
      }
    }
    await page.setViewportSize(SIZES[0]);
    await page.emulateMedia({ colorScheme: 'light' });
  });
  expect(problems, problems.join('\n')).toEqual([]);
});

/**
 * What is cut off once the layout has settled after a resize: the terminal refits itself a moment later (and
 * later still on a busy machine), so a view gets a few seconds to come right before what remains counts.
 */
async function settledCutOff(page: Page): Promise<string[]> {
  let found = await cutOff(page);
  for (let i = 0; i < 15 && found.length; i++) {
    await page.waitForTimeout(200);
    found = await cutOff(page);
  }
  return found;
}

/** Entirely inside the window (Playwright's check, as a value to collect rather than an assertion). */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  return expect(page.locator(selector).first()).toBeInViewport({ ratio: 1, timeout: scaled(2000) }).then(() => true, () => false);
}

test('the skills list folds to a rail and back, and stays as it was left after a reload', async ({ wb }) => {
  const { page } = wb;
  await page.setViewportSize(SIZES[1]);
  await openSkill(page, 'gas-estimator');
  const sidebar = page.getByTestId('sidebar');
  const main = page.getByRole('main', { name: 'gas-estimator' });
  const wide = (await main.boundingBox())!.width;
  await page.getByRole('button', { name: 'Hide the skills list' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await expect(page.getByTestId('skill-item')).toHaveCount(0);
  expect((await sidebar.boundingBox())!.width).toBeLessThanOrEqual(48);
  expect((await main.boundingBox())!.width).toBeGreaterThan(wide + 180);
  await openTool(page, 'estimate_gas_cost');
  await page.locator('#args-estimate_gas_cost_operation').selectOption({ label: 'swap' });
  await page.locator('#args-estimate_gas_cost_gas_price_gwei').fill('30');
  await run(page);
  expect(await cutOff(page)).toEqual([]);
  await shotBothThemes(wb, 'sidebar-collapsed-1024x700');
  // Remembered: a reload keeps it folded, and the rail still opens a folder.
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
  await expect(page.getByTestId('open-folder')).toBeVisible();
  await page.getByRole('button', { name: 'Show the skills list' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  await expect(skillItem(page, 'gas-estimator')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');
});

test('JSON typed fast into the arguments editor arrives whole, in order, in the editor and in the form', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'gas-estimator');
  await openTool(page, 'estimate_gas_cost');
  await page.getByRole('group', { name: 'How to edit the arguments' }).getByRole('button', { name: 'Both' }).click();
  const editor = page.getByTestId('args-json');
  // Monaco is a large bundle, loaded when first shown: give a busy machine time.
  await expect(editor.locator('.view-lines')).toContainText('eth_price_usd', { timeout: scaled(30_000) });
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  const typed = '{"gas_price_gwei": 25, "eth_price_usd": 2000.5, "operation": "nft_mint", "gas_limit": 52000}';
  await page.keyboard.type(typed, { delay: 10 });
  // Monaco draws spaces as no-break spaces.
  await expect.poll(async () => (await editor.locator('.view-lines').textContent())?.replace(/\u00a0/g, ' ')).toBe(typed);
  await expect(page.locator('#args-estimate_gas_cost_gas_price_gwei')).toHaveValue('25');
  await expect(page.locator('#args-estimate_gas_cost_eth_price_usd')).toHaveValue('2000.5');
  // rjsf's select holds the option's index; what it shows is the option's text.
  await expect(page.locator('#args-estimate_gas_cost_operation option:checked')).toHaveText('nft_mint');
  await expect(page.locator('#args-estimate_gas_cost_gas_limit')).toHaveValue('52000');
  // Run from the editor sends what was typed: 52000 gas at 25 gwei is 0.0013 ETH, at 2000.5 USD 2.6 USD.
  await page.keyboard.press('ControlOrMeta+Enter');
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText('52000');
  await expect(result).toContainText('2.6');
  // Once the caret leaves the editor, the form leads again: a change there rewrites the JSON.
  await page.locator('#args-estimate_gas_cost_gas_price_gwei').fill('40');
  await expect(editor.locator('.view-lines')).toContainText(/"gas_price_gwei":\s*40/);
});

test('letters in a number field stay as typed, the field says it is not a number, and Run refuses it', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'gas-estimator');
  await openTool(page, 'estimate_gas_cost');
  await page.getByRole('group', { name: 'How to edit the arguments' }).getByRole('button', { name: 'Form' }).click();
  await page.locator('#args-estimate_gas_cost_operation').selectOption({ label: 'swap' });
  const price = page.locator('#args-estimate_gas_cost_gas_price_gwei');
  await price.click();
  await page.keyboard.type('12abc', { delay: 10 });
  await expect(price).toHaveValue('12abc');
  const field = page.locator('.fld').filter({ has: price });
  await expect(field.getByText('Not a number')).toBeVisible();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('run-tool').click();
  // The problem is said above the form and under the field (once), and nothing is sent.
  await expect(page.locator('.problem-list')).toContainText('gas_price_gwei Not a number');
  await expect(field.getByText('Not a number')).toHaveCount(1);
  await expect(page.getByTestId('tool-result')).toHaveCount(0);
  await expect(price).toHaveValue('12abc');
  await shot(wb, 'tools-not-a-number');
  await openTab(page, 'messages');
  await expect(page.getByTestId('message-row').filter({ hasText: 'estimate_gas_cost' })).toHaveCount(0);

  // Corrected, the error goes and the call runs with the number.
  await openTab(page, 'tools');
  await price.fill('12');
  await expect(field.getByText('Not a number')).toHaveCount(0);
  const result = await run(page);
  await expect(result).toContainText('0.0018'); // 150000 gas at 12 gwei
});

test('letters in the setup wizard\'s number field and in the Timeout box stay as typed, and are never sent as a number', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'Price alerts');
  await openTab(page, 'setup');
  await startSetup(page);
  await page.getByLabel('API key').fill(GOOD_KEY);
  await page.getByTestId('setup-next').click();
  await expect(page.getByRole('heading', { name: 'What to watch' })).toBeVisible();
  const threshold = page.getByTestId('setup-field-threshold_pct');
  await threshold.fill('');
  await threshold.pressSequentially('7x', { delay: 10 });
  await expect(threshold).toHaveValue('7x');
  await threshold.blur();
  await expect(page.locator('.setup-field').filter({ has: threshold }).getByText('Not a number')).toBeVisible();
  await page.getByTestId('setup-next').click();
  await expect(page.getByText('Some answers need fixing.')).toBeVisible();
  await expect(page.getByTestId('setup-complete')).toHaveCount(0);
  await threshold.fill('7');
  await page.getByTestId('setup-next').click();
  await expect(page.getByTestId('setup-complete')).toBeVisible();

  await openTab(page, 'tools');
  const timeout = page.getByTestId('timeout-input');
  await timeout.pressSequentially('5s', { delay: 10 });
  await expect(timeout).toHaveValue('5s');
  await expect(timeout).toHaveAttribute('aria-invalid', 'true');
  await timeout.fill('5');
  await expect(timeout).not.toHaveAttribute('aria-invalid', 'true');
});

test('skills with the same name show the folder that tells them apart, and their full path in the tooltip', async ({ wb }) => {
  const { page } = wb;
  // A team's folder with five copies of one skill, as people keep variants: by team, by age, at the top.
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-clash-'));
  const root = path.join(base, 'shared-skills');
  const copies: Record<string, string> = {
    'team-a': path.join(root, 'team-a', 'gas-estimator'),
    'team-b': path.join(root, 'team-b', 'gas-estimator'),
    tools: path.join(root, 'team-c', 'tools', 'gas-estimator'),
    old: path.join(root, 'team-c', 'old', 'gas-estimator'),
    'shared-skills': path.join(root, 'gas-estimator'),
  };
  for (const dir of Object.values(copies)) fs.cpSync(path.join(wb.skills, 'gas-estimator'), dir, { recursive: true });
  // The workbench's own examples hold a sixth.
  copies[path.basename(wb.skills)] = path.join(wb.skills, 'gas-estimator');
  // One renamed in its manifest: its display name no longer says which folder it is.
  const renamed = path.join(root, 'team-d', 'gas2');
  fs.cpSync(path.join(wb.skills, 'gas-estimator'), renamed, { recursive: true });
  const manifest = path.join(renamed, 'manifest.json');
  fs.writeFileSync(manifest, JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, 'utf8')), name: 'Gas estimator pro' }));
  try {
    await page.getByTestId('open-folder').click();
    await page.locator('#open-folder-path').fill(root);
    await page.locator('#open-folder-path').press('Enter');
    const items = page.getByTestId('skill-item').filter({ has: page.locator('.skill-item-name', { hasText: /^gas-estimator$/ }) });
    await expect(items).toHaveCount(6);
    const seen: Record<string, string> = {};
    for (const item of await items.all()) {
      const place = (await item.getByTestId('skill-place').textContent()) ?? '';
      seen[place] = (await item.locator('[data-skill-button]').getAttribute('title')) ?? '';
    }
    expect(Object.keys(seen).sort()).toEqual(Object.keys(copies).sort());
    for (const [place, dir] of Object.entries(copies)) expect(seen[place].split('\n')[0]).toBe(dir);
    // A name no other skill has needs no folder; its tooltip still gives the path.
    const unique = skillItem(page, 'build_analysis');
    await expect(unique.getByTestId('skill-place')).toHaveCount(0);
    await expect(unique.locator('[data-skill-button]')).toHaveAttribute('title', new RegExp(`^${path.join(wb.skills, 'build-analysis')}`));
    // The display name, with the folder where the name does not say it ("Price alerts" in price-alerts does).
    await expect(skillItem(page, 'Gas estimator pro').getByTestId('skill-place')).toHaveText('gas2');
    await expect(skillItem(page, 'Price alerts').getByTestId('skill-place')).toHaveCount(0);
    await shotBothThemes(wb, 'sidebar-same-names');
    // The filter finds a copy by its folder.
    await page.getByLabel('Filter skills').fill('team-c');
    await expect(page.getByTestId('skill-place')).toHaveText(['old', 'tools']);
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
});
