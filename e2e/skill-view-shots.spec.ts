/**
 * Pictures of a skill that needs setup (price-alerts) in its simple view and its developer view, at 1400x900 and
 * 1024x700, light and dark, for people to look at (test-results/screenshots/browser-skill-*). They check nothing,
 * so the gate (SKILLBENCH_SHOTS=off) skips them; `npm run test:e2e -- e2e/skill-view-shots.spec.ts` makes them again.
 */
import { expect, test } from './fixtures';
import { openSkill } from './helpers';
import { shotsOn } from './shots';

const SIZES = [
  { width: 1400, height: 900 },
  { width: 1024, height: 700 },
];

test('pictures: the simple and the developer view of a skill that needs setup, two sizes, two themes', async ({ wb }) => {
  test.skip(!shotsOn(), 'Pictures only, and SKILLBENCH_SHOTS=off asks for none.');
  const { page } = wb;
  await openSkill(page, 'Price alerts', /needs setup/);
  const view = page.locator('main.skill-view');
  for (const mode of ['simple', 'developer'] as const) {
    if ((await view.getAttribute('data-view')) !== mode) await page.getByTestId('developer-view').click();
    await expect(view).toHaveAttribute('data-view', mode);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await wb.shot(`skill-${mode}-${size.width}x${size.height}-${theme}`);
      }
    }
  }
  // The compact header's details, unfolded.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByTestId('skill-details').locator('> summary').click();
  await expect(page.getByTestId('skill-report')).toBeVisible();
  await wb.shot('skill-developer-1024x700-details-light');
});
