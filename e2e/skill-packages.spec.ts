/**
 * Real-world skill packages (skills/<id>/__main__.py with relative imports and `from mcp.types import Tool`)
 * opened from a repository without an SDK, whose .venv (found by itself) has no `mcp`: the one that imports only
 * `mcp.types` runs on the workbench's stand-in and its header says so; the one that imports `mcp.server` says in
 * one sentence that it needs the Python package and how to point the workbench at one that has it. Once the .venv
 * has a real `mcp`, that one is used.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, ROOT, test } from './fixtures';
import { openSkill, openTool, run, shotBothThemes, skillItem } from './helpers';
import { scaled } from './machine';

const FIXTURE = path.join(ROOT, 'tests', 'fixtures', 'skilldef-current', 'watchlist');
const SERVES_MCP = path.join(ROOT, 'tests', 'fixtures', 'skilldef-mcp', 'serves-mcp');
const INSTALLED_MCP = path.join(ROOT, 'tests', 'fixtures', 'skilldef-mcp', 'installed', 'mcp');
const made: string[] = [];

test.afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A repository (`.git`) with the skills and a virtual environment at its root that lacks `mcp`. */
function repository(): { repo: string; site: string; python: string } {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-repo-'));
  made.push(repo);
  fs.mkdirSync(path.join(repo, '.git'));
  fs.cpSync(FIXTURE, path.join(repo, 'skills-py', 'watchlist'), { recursive: true });
  fs.cpSync(SERVES_MCP, path.join(repo, 'skills-py', 'serves-mcp'), { recursive: true });
  execFileSync(process.env.SKILLBENCH_PYTHON ?? 'python3', ['-m', 'venv', '--without-pip', path.join(repo, '.venv')]);
  const python = path.join(repo, '.venv', 'bin', 'python');
  const site = execFileSync(python, ['-c', 'import sysconfig; print(sysconfig.get_paths()["purelib"])'], { encoding: 'utf8' }).trim();
  return { repo, site, python };
}

test('skill packages without the MCP SDK: mcp.types from the stand-in, said in the header; mcp.server named as missing', async ({ wb }) => {
  const { page } = wb;
  const { repo, site, python } = repository();
  await page.getByTestId('open-folder').click();
  await page.locator('#open-folder-path').fill(path.join(repo, 'skills-py'));
  await page.locator('#open-folder-path').press('Enter');
  await expect(skillItem(page, 'Watchlist')).toBeVisible();

  // It imports only mcp.types: it runs, and its header says where the types came from.
  await openSkill(page, 'Watchlist');
  const header = page.locator('.skill-header');
  await expect(header).toContainText('loaded as package skills.watchlist so its relative imports work');
  await expect(header).toContainText("mcp.types is the workbench's stand-in");
  await openTool(page, 'add-symbol');
  await page.locator('#args-add-symbol_symbol').fill('ada');
  await expect(await run(page)).toContainText('added ADA');

  // It imports mcp.server: one sentence says the interpreter (the .venv) lacks the package, and what to do.
  await skillItem(page, 'Serves MCP').locator('[data-skill-button]').click();
  const detail = page.locator('.skill-status-detail');
  await expect(async () => {
    const start = page.locator('.skill-header').getByTestId('skill-start');
    if (await start.isVisible()) await start.click({ timeout: scaled(1000) }).catch(() => undefined);
    await expect(detail).toContainText('needs the Python package "mcp" (mcp>=1.0.0', { timeout: scaled(3000) });
  }).toPass({ timeout: scaled(30_000) });
  await expect(detail).toContainText(`this interpreter, ${python}`);
  await expect(detail).toContainText('the skill imports mcp.server');
  await expect(detail).toContainText('set SKILLBENCH_PYTHON=/path/to/python, or create a virtual environment named .venv');
  await expect(detail).not.toContainText('Traceback');
  await shotBothThemes(wb, 'skill-package-missing-mcp');

  // Installed into that .venv (here a real-looking one), it is used: no stand-in any more.
  fs.cpSync(INSTALLED_MCP, path.join(site, 'mcp'), { recursive: true });
  await openSkill(page, 'Watchlist');
  await page.locator('.skill-header').getByTestId('skill-restart').click();
  await openSkill(page, 'Watchlist');
  await expect(header).toContainText(`Python: ${python} (the skill's virtual environment)`);
  await expect(header).not.toContainText('stand-in');
  await shotBothThemes(wb, 'skill-package-loaded');
});
