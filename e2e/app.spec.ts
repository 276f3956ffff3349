/** The app around the skills: the first start with nothing open, and moving around with the keyboard only. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, startServe, stopServe, test } from './fixtures';
import { openSkill, shotBothThemes } from './helpers';

test('a workbench over a folder with no skills says what to do next', async ({ wb }, testInfo) => {
  testInfo.skip(!wb.server, 'A second, empty workbench is started in browser mode; the desktop app opens one window.');
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-empty-'));
  const empty = path.join(home, 'my-skills');
  fs.mkdirSync(empty);
  const { url, proc } = await startServe(empty, home);
  try {
    await wb.page.goto(url);
    await expect(wb.page.getByTestId('skill-item')).toHaveCount(0);
    // It names the folder it looked in and offers the next step, not the "open a folder" of a new workspace.
    const main = wb.page.getByRole('main', { name: 'Workbench' });
    await expect(main.getByText('No skills in my-skills')).toBeVisible();
    await expect(main.getByRole('button', { name: 'New skill' })).toBeVisible();
    // The page's typed client is `window.skillbench` in browser mode too, as in the desktop app: the same commands,
    // and a wrongly typed argument refused with the field named.
    const asked = await wb.page.evaluate(async () => {
      const sb = (window as unknown as { skillbench: { listSkills(): Promise<unknown[]>; getLogs(id: unknown): Promise<unknown> } }).skillbench;
      return { skills: (await sb.listSkills()).length, refused: await sb.getLogs(7).catch((e: Error) => e.message) };
    });
    expect(asked).toEqual({ skills: 0, refused: 'getLogs: params.skillId: expected string, got number' });
    await shotBothThemes(wb, 'empty-state');
  } finally {
    await stopServe(proc);
    fs.rmSync(home, { recursive: true, force: true });
  }
});

test('the keyboard alone selects a skill, moves between tabs and runs a tool', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'gas-estimator');
  // Tabs: arrow keys move along the tab list, as in any tab strip.
  await page.getByTestId('tab-tools').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-chat')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tab-chat')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('tab-chat').press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tab-tools')).toHaveAttribute('aria-selected', 'true');
  // A tool: type the price and run with Ctrl+Enter from the field.
  await page.getByTestId('tool-item').filter({ hasText: 'estimate_gas_cost' }).focus();
  await page.keyboard.press('Enter');
  const price = page.locator('#args-estimate_gas_cost_gas_price_gwei');
  await price.focus();
  await page.keyboard.type('10');
  await page.locator('#args-estimate_gas_cost_operation').selectOption({ label: 'transfer' });
  await price.press('Control+Enter');
  await expect(page.getByTestId('tool-result')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('tool-result')).toContainText('21000');
});
