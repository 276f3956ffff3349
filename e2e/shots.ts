/**
 * Screenshots of the views, for people to look at (test-results/screenshots): `npm run test:e2e` takes them;
 * the gate (`npm test`) sets SKILLBENCH_SHOTS=off, since a picture nobody looks at checks nothing and costs time.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';

export const SHOTS_DIR = path.resolve(__dirname, '..', 'test-results', 'screenshots');

export const shotsOn = (): boolean => process.env.SKILLBENCH_SHOTS !== 'off';

/** Writes `name`.png of the page into the screenshots folder, where shots are on. */
export async function takeShot(page: Page, name: string): Promise<void> {
  if (shotsOn()) await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
}
