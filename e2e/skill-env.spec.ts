/**
 * A skill's environment, end to end: its Settings offer "pass on the workbench's whole environment", off
 * by default with a line saying what the skill gets instead; turned on and saved, it is kept (in the
 * skill's settings file, and shown again after the page is reloaded).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { openSkill, shotBothSizes } from './helpers';
import { safeSkillDir } from '../src-main/host/workbench-home';

test('inheriting the whole environment is a per-skill setting, off by default, kept once saved', async ({ wb }) => {
  const { page } = wb;
  await page.setViewportSize({ width: 1400, height: 900 });
  const settingsFile = path.join(safeSkillDir(wb.home, `${path.basename(wb.skills)}/gas-estimator`), 'settings.json');
  await openSkill(page, 'gas-estimator');

  await page.locator('.skill-header').getByTestId('skill-settings').click();
  const box = page.getByTestId('process-inherit-env');
  const help = page.getByTestId('process-inherit-help');
  await expect(box).not.toBeChecked();
  await expect(page.getByLabel('Pass on the workbench’s whole environment')).toBeVisible();
  await expect(help).toContainText('gets only the basics (PATH, HOME, language), the variables its manifest names and those above');

  await box.check();
  await expect(help).toContainText('gets every variable the workbench was started with, keys and tokens included');
  await shotBothSizes(wb, 'skill-env-inherit-on', { keepToasts: true });
  await page.getByTestId('process-save').click();
  await expect(page.getByTestId('process-saved')).toBeVisible();
  expect(JSON.parse(fs.readFileSync(settingsFile, 'utf8')).inheritEnv).toBe(true);

  // Kept: after a reload the dialog shows it on again; turned off, it is off in the file too.
  await page.reload();
  await openSkill(page, 'gas-estimator');
  await page.locator('.skill-header').getByTestId('skill-settings').click();
  await expect(page.getByTestId('process-inherit-env')).toBeChecked();
  await page.getByTestId('process-inherit-env').uncheck();
  await page.getByTestId('process-save').click();
  await expect(page.getByTestId('process-saved')).toBeVisible();
  expect(JSON.parse(fs.readFileSync(settingsFile, 'utf8')).inheritEnv).toBe(false);
  await expect(page.getByTestId('process-inherit-help')).toContainText('gets only the basics');
});
