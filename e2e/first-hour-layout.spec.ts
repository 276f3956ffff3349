/** Layout in the first hour: every view at a large and a small window, light and dark. */
import { expect, test } from './fixtures';
import { openSkill, openTool } from './helpers';
import { tourEveryView } from './view-tour';

const SIZES = [
  { width: 1400, height: 900 },
  { width: 1024, height: 700 },
];

test('every view at 1400x900 and 1024x700, light and dark', async ({ wb }) => {
  test.setTimeout(240_000);
  const { page } = wb;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await tourEveryView(wb, async (view) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await wb.shot(`layout-${view}-${size.width}x${size.height}-${theme}`);
      }
    }
    await page.setViewportSize(SIZES[0]);
    await page.emulateMedia({ colorScheme: 'light' });
  });
});

test('JSON typed fast into the arguments editor arrives whole, in order, in the editor and in the form', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'gas-estimator');
  await openTool(page, 'estimate_gas_cost');
  await page.getByRole('group', { name: 'How to edit the arguments' }).getByRole('button', { name: 'Both' }).click();
  const editor = page.getByTestId('args-json');
  await expect(editor.locator('.view-lines')).toContainText('eth_price_usd');
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
