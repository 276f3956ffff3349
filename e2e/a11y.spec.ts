/**
 * Accessibility: axe-core (the engine behind most accessibility checkers) on every view, in the light and the
 * dark theme. Any serious or critical violation fails the test, each printed with the elements it found.
 */
import { allowAxe, violationsInBothThemes } from './axe-check';
import { expect, test } from './fixtures';
import { tourEveryView } from './view-tour';
import { scaled } from './machine';

test('every view, light and dark, has no serious or critical accessibility violation', async ({ wb }) => {
  test.setTimeout(scaled(240_000));
  const { page } = wb;
  await allowAxe(page);
  const failures: string[] = [];
  await tourEveryView(wb, async (view) => {
    failures.push(...(await violationsInBothThemes(page, view)));
  });
  if (failures.length) console.log(failures.join('\n\n'));
  expect(failures, failures.join('\n\n')).toEqual([]);
});
