/**
 * "Confine this skill", end to end: off, a skill writes where the user can; ticked in its Settings and restarted,
 * its header says what the operating system enforces, and the same write outside its data folder is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { openFixtureFolder, openSkill, openTool, removeFixtureFolders, run, shotBothSizes } from './helpers';
import { confineSupport } from '../src-main/host/confine';

test.afterEach(removeFixtureFolders);

test('Confine this skill: the header says what holds, and a write outside the data folder is refused', async ({ wb }) => {
  test.skip(confineSupport().landlockAbi <= 0, 'Confinement is enforced by Landlock on Linux; this machine has none, and the unit suite covers the refusal to start.');
  const { page } = wb;
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-outside-'));
  try {
    await openFixtureFolder(page, 'confine-writer');
    await openSkill(page, 'confine-writer');
    await expect(page.getByTestId('confinement-note')).toHaveCount(0);
    await openTool(page, 'write_note');
    await page.locator('#args-write_note_path').fill(path.join(outside, 'before.txt'));
    await expect(await run(page)).toContainText('written');
    expect(fs.existsSync(path.join(outside, 'before.txt'))).toBe(true);

    await page.locator('.skill-header').getByTestId('skill-settings').click();
    await expect(page.getByTestId('process-confine-help')).toContainText('runs with your rights');
    await page.getByTestId('process-confine').check();
    await expect(page.getByTestId('process-confine-help')).toContainText('may write only to its data folder');
    await expect(page.getByTestId('process-confine-network')).not.toBeChecked();
    await page.getByTestId('process-save').click();
    await expect(page.getByTestId('process-saved')).toBeVisible();
    await page.getByTestId('process-restart-now').click();
    await page.getByTestId('process-close').click();

    const note = page.getByTestId('confinement-note');
    await expect(note).toContainText(/^Confined by Landlock ABI \d+/);
    await expect(note).toContainText('no network');
    await shotBothSizes(wb, 'confined-skill');
    await openTool(page, 'write_note');
    await page.locator('#args-write_note_path').fill(path.join(outside, 'after.txt'));
    await expect(await run(page, false)).toContainText('refused: Permission denied');
    expect(fs.existsSync(path.join(outside, 'after.txt'))).toBe(false);
  } finally {
    fs.rmSync(outside, { recursive: true, force: true });
  }
});
