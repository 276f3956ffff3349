/**
 * Accessibility: axe-core (the engine behind most accessibility checkers) on every view, in the light and the
 * dark theme. Any serious or critical violation fails the test, each printed with the elements it found.
 */
import { seriousViolations } from './axe-check';
import { expect, test } from './fixtures';
import { tourEveryView } from './view-tour';

test('every view, light and dark, has no serious or critical accessibility violation', async ({ wb }) => {
  test.setTimeout(240_000);
  const { page } = wb;
  // The workbench's Content-Security-Policy (script-src 'self') refuses inline scripts, axe's included: let this
  // page through for the test, as browser extensions that run axe are, and load it again.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setBypassCSP', { enabled: true });
  await page.reload();
  // No transition caught half-way (a button that just turned from primary to plain): the app honours this.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const failures: string[] = [];
  await tourEveryView(wb, async (view) => {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const v of await seriousViolations(page)) {
        failures.push(`${view} (${theme}): ${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target}: ${n.summary}`).join('\n')}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });
  if (failures.length) console.log(failures.join('\n\n'));
  expect(failures, failures.join('\n\n')).toEqual([]);
});
