/**
 * Pictures of a skill that needs setup (price-alerts) in its simple view and its developer view, at 1400x900 and
 * 1024x700, light and dark, for people to look at. They check nothing, so the gate (SKILLBENCH_SHOTS=off) skips them.
 */
import { test } from './fixtures';
import { openSkill } from './helpers';
import { shotsOn } from './shots';

test('pictures: the simple and the developer view of a skill that needs setup, two sizes, two themes', async ({ wb }) => {
  test.skip(!shotsOn(), 'Pictures only: SKILLBENCH_SHOTS=off asks for none.');
  const { page } = wb;
  await openSkill(page, 'Price alerts', /needs setup/);
  for (const view of ['simple', 'developer']) {
    if (view === 'developer') await page.getByTestId('developer-view').click();
    for (const size of [{ width: 1400, height: 900 }, { width: 1024, height: 700 }]) {
      await page.setViewportSize(size);
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.locator(`html[data-theme="${theme}"]`).waitFor();
        await wb.shot(`skill-${view}-${size.width}x${size.height}-${theme}`);
      }
    }
  }
});
