/**
 * Host parity, end to end: a SkillDefinition skill's header lists where the workbench differs from the real
 * host; its Settings offer "Behave as the real host", kept once saved; after a restart the skill runs the
 * real host's way (no tools until setup is done, then tools named "<id>__<tool>", the SDK's folded below the skill's own).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { developerView, finishPriceAlertsSetup, openSkill, openTab, shotBothSizes } from './helpers';
import { safeSkillDir } from '../src-main/host/workbench-home';

test('"Behave as the real host" is a per-skill setting; off, the header lists the differences', async ({ wb }) => {
  const { page } = wb;
  await page.setViewportSize({ width: 1400, height: 900 });
  const settingsFile = path.join(safeSkillDir(wb.home, `${path.basename(wb.skills)}/price-alerts`), 'settings.json');
  await openSkill(page, 'Price alerts');
  await developerView(page);

  const differences = page.getByTestId('host-parity-differences');
  await expect(differences).toContainText('Where the workbench differs from the real host');
  await differences.locator('summary').click();
  await expect(differences).toContainText('lists the tools before setup is complete');
  await expect(differences).toContainText('the real host names them "price-alerts__');
  await shotBothSizes(wb, 'host-parity-differences');

  await page.locator('.skill-header').getByTestId('skill-settings').click();
  const box = page.getByTestId('process-host-parity');
  await expect(box).not.toBeChecked();
  await expect(page.getByTestId('process-parity-help')).toContainText('the skill’s notes list each difference');
  await box.check();
  await expect(page.getByTestId('process-parity-help')).toContainText('runs as the real host runs it');
  await shotBothSizes(wb, 'host-parity-setting', { keepToasts: true });
  await page.getByTestId('process-save').click();
  await expect(page.getByTestId('process-saved')).toBeVisible();
  expect(JSON.parse(fs.readFileSync(settingsFile, 'utf8')).hostParity).toBe(true);
  await page.getByTestId('process-restart-now').click();
  await page.getByTestId('process-close').click();

  // The real host's way: no tools while setup is needed, then namespaced ones.
  await expect(page.getByTestId('host-parity-on')).toBeVisible();
  await expect(differences).toHaveCount(0);
  await openTab(page, 'tools');
  await expect(page.getByTestId('tool-item')).toHaveCount(0);
  await finishPriceAlertsSetup(page);
  await openTab(page, 'tools');
  await expect(page.getByTestId('tool-item').first()).toContainText('price-alerts__');
  // The SDK's five interop tools come last, folded under "SDK tools", so the skill's own stay on top.
  const sdkTools = page.getByTestId('sdk-tools');
  await expect(sdkTools.getByRole('button')).toHaveAttribute('aria-expanded', 'false');
  await expect(sdkTools.getByRole('button')).toContainText('SDK tools (5)');
  await sdkTools.getByRole('button').click();
  await expect(sdkTools.getByTestId('tool-item')).toHaveCount(5);
  await expect(sdkTools.getByTestId('tool-item').first()).toContainText('price-alerts__list-skills');

  // Kept: after a reload the box is still ticked.
  await page.reload();
  await openSkill(page, 'Price alerts');
  await developerView(page);
  await page.locator('.skill-header').getByTestId('skill-settings').click();
  await expect(page.getByTestId('process-host-parity')).toBeChecked();
});
