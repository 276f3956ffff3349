/**
 * A real-world skill package (skills/<id>/__main__.py with relative imports and `from mcp.types import Tool`)
 * opened from a repository without an SDK: the workbench says which package its interpreter lacks and how to
 * point it at one that has it; once the repository's .venv has it, the skill loads as a package by itself.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, ROOT, test } from './fixtures';
import { openSkill, openTool, run, shotBothThemes, skillItem } from './helpers';

const FIXTURE = path.join(ROOT, 'tests', 'fixtures', 'skilldef-current', 'watchlist');
const STAND_IN_MCP = path.join(ROOT, 'tests', 'fixtures', 'stand-ins', 'mcp');
const made: string[] = [];

test.afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A repository (`.git`) with the skill and a virtual environment at its root that lacks `mcp`. */
function repository(): { repo: string; site: string; python: string } {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-repo-'));
  made.push(repo);
  fs.mkdirSync(path.join(repo, '.git'));
  fs.cpSync(FIXTURE, path.join(repo, 'skills-py', 'watchlist'), { recursive: true });
  execFileSync(process.env.SKILLBENCH_PYTHON ?? 'python3', ['-m', 'venv', '--without-pip', path.join(repo, '.venv')]);
  const python = path.join(repo, '.venv', 'bin', 'python');
  const site = execFileSync(python, ['-c', 'import sysconfig; print(sysconfig.get_paths()["purelib"])'], { encoding: 'utf8' }).trim();
  return { repo, site, python };
}

test('a skill package says which package it lacks, then runs from the repository\'s .venv', async ({ wb }) => {
  const { page } = wb;
  const { repo, site, python } = repository();
  await page.getByTestId('open-folder').click();
  await page.locator('#open-folder-path').fill(path.join(repo, 'skills-py'));
  await page.locator('#open-folder-path').press('Enter');
  await expect(skillItem(page, 'Watchlist')).toBeVisible();

  // Its interpreter (the .venv, found by itself) has no `mcp`: one sentence says so, and what to do.
  await skillItem(page, 'Watchlist').locator('[data-skill-button]').click();
  const detail = page.locator('.skill-status-detail');
  await expect(async () => {
    const start = page.locator('.skill-header').getByTestId('skill-start');
    if (await start.isVisible()) await start.click({ timeout: 1000 }).catch(() => undefined);
    await expect(detail).toContainText('needs the Python package "mcp" (mcp>=1.0.0', { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(detail).toContainText(`this interpreter, ${python}`);
  await expect(detail).toContainText('set SKILLBENCH_PYTHON=/path/to/python, or create a virtual environment named .venv');
  await expect(detail).not.toContainText('Traceback');
  await shotBothThemes(wb, 'skill-package-missing-mcp');

  // Installed into that .venv (here a stand-in), a restart loads it as a package.
  fs.cpSync(STAND_IN_MCP, path.join(site, 'mcp'), { recursive: true });
  await page.locator('.skill-header').getByTestId('skill-restart').click();
  await openSkill(page, 'Watchlist');
  const notes = page.locator('.skill-header');
  await expect(notes).toContainText('loaded as package skills.watchlist so its relative imports work');
  await expect(notes).toContainText(`Python: ${python} (the skill's virtual environment)`);
  await openTool(page, 'add-symbol');
  await page.locator('#args-add-symbol_symbol').fill('ada');
  await expect(await run(page)).toContainText('added ADA');
  await shotBothThemes(wb, 'skill-package-loaded');
});
