/**
 * A full disk (issue 15): `skillbench serve` with its home on a small tmpfs that the test fills. Calls go on
 * running, but one whose history line the disk refused answers NOT_KEPT rather than ok; the app says in plain
 * words which of the skill's files are not being kept (a banner that counts the calls not kept, and a line in
 * the skill's log) until a write succeeds again, and nothing written before the disk filled is lost.
 * This spec runs its own browser-mode workbench, since its home must be on the small disk.
 */
import { expect, test as base, chromium, type Page } from '@playwright/test';
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { skillFolder } from '../src-main/host/workbench-home';
import { fillDisk, mountSmallDisk, NO_SMALL_DISK, unmountSmallDisk } from '../tests/small-disk';
import { ROOT, SHOTS, startServe, stopServe, type Workbench } from './fixtures';
import { atSmallSize, openSkill, openTab, openTool, run, shot, shotBothThemes } from './helpers';
import { takeShot } from './shots';
import { scaled } from './machine';

interface FullDisk extends Workbench {
  disk: string;
  server: ChildProcess;
}

const test = base.extend<{ fd: FullDisk }>({
  // eslint-disable-next-line no-empty-pattern
  fd: async ({}, use, testInfo) => {
    testInfo.skip(testInfo.project.name !== 'browser', 'This spec starts its own browser-mode workbench with its home on a small disk; the Electron run shows the same UI.');
    const disk = mountSmallDisk('8m');
    testInfo.skip(!disk, `Skipped: this spec ${NO_SMALL_DISK}.`);
    const skills = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-skills-'));
    fs.cpSync(path.join(ROOT, 'e2e', 'fixtures', 'loud'), path.join(skills, 'loud'), { recursive: true });
    const home = path.join(disk!, 'home');
    const { url, proc } = await startServe(skills, home);
    const browser = await chromium.launch(testInfo.project.use.launchOptions);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    fs.mkdirSync(SHOTS, { recursive: true });
    try {
      await use({ page, skills, home, url, server: proc, disk: disk!, shot: (name) => takeShot(page, `browser-${name}`) });
    } finally {
      await browser.close().catch(() => undefined);
      await stopServe(proc).catch(() => undefined);
      unmountSmallDisk(disk!);
      fs.rmSync(skills, { recursive: true, force: true });
    }
  },
});

/** The log search's count once it found at least one line ("1 of 2"), not "No matches". */
const FOUND = /^\d+ of [1-9]\d*$/;
const lines = (file: string) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
const onlyFile = (dir: string) => path.join(dir, fs.readdirSync(dir)[0]);

/** Runs the open tool and waits for this call's own answer (one more in the history): ok, or, on a full disk, either. */
async function runFresh(page: Page, ok?: boolean): Promise<void> {
  const badge = page.getByTestId('result-tab-history').locator('.tab-badge');
  const before = (await badge.count()) ? Number(await badge.textContent()) : 0;
  if (ok !== undefined) await run(page, ok);
  else {
    await page.getByTestId('run-tool').click();
    await expect(page.getByTestId('tool-result')).toHaveAttribute('data-ok', /^(?:true|false)$/);
  }
  await expect(badge).toHaveText(String(before + 1));
}

test('a full disk: calls still run but answer NOT_KEPT, the app says so in plain words until there is room again, and nothing written is lost', async ({ fd }) => {
  test.setTimeout(scaled(240_000));
  const { page } = fd;
  await openSkill(page, 'loud');
  const listed = JSON.parse(execFileSync(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'list', fd.skills, '--json'], { encoding: 'utf8' })) as { id: string }[];
  const dir = skillFolder(fd.home, listed[0].id);
  // The skill prints as many lines as it is asked to before it answers.
  await openTool(page, 'shout');
  await page.locator('#args-shout_lines').fill('5');
  for (let i = 0; i < 2; i++) await runFresh(page, true);
  const historyFile = path.join(dir, 'history.jsonl');
  await expect.poll(() => (fs.existsSync(historyFile) ? lines(historyFile).length : 0)).toBe(2);
  const logFile = onlyFile(path.join(dir, 'logs'));
  await expect.poll(() => fs.readFileSync(logFile, 'utf8')).toContain('loud line 5 of 5 on stderr');
  const logBefore = fs.readFileSync(logFile, 'utf8');
  const historyBefore = fs.readFileSync(historyFile, 'utf8');

  // The resume's toast lasts a few seconds: every success toast shown from here on is kept, to be read later.
  // So is every text the disk banner shows, its count of calls not kept, and the most banners shown at once.
  await page.evaluate(() => {
    const toasts: string[] = ((window as unknown as { successToasts: string[] }).successToasts = []);
    const seen = ((window as unknown as { seen: { banners: string[]; counts: string[]; most: number } }).seen = { banners: [], counts: [], most: 0 });
    const keep = (list: string[], selector: string) => {
      for (const t of document.querySelectorAll(selector)) if (!list.includes(t.textContent ?? '')) list.push(t.textContent ?? '');
    };
    new MutationObserver(() => {
      keep(toasts, '.toast-success .toast-text');
      keep(seen.banners, '[data-testid="disk-trouble-banner"]');
      keep(seen.counts, '[data-testid="disk-not-kept"]');
      seen.most = Math.max(seen.most, document.querySelectorAll('[data-testid="disk-trouble-banner"]').length);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const room = fillDisk(fd.disk, 0);
  // More than a file's last page holds (a tmpfs takes writes into a page a file already has): long lines
  // for the log, long arguments for the message and call histories.
  await page.locator('#args-shout_lines').fill('4');
  await page.locator('#args-shout_text').fill('long '.repeat(1000));
  const banner = page.getByTestId('disk-trouble-banner');
  const seen = () => page.evaluate(() => (window as unknown as { seen: { banners: string[]; counts: string[]; most: number } }).seen);
  // Calls run while the disk is full; the first that meets it brings the news. A file may take its short gap note
  // into the page it already has and resume between calls (more so on a busy machine, with more time between
  // them), and the banner goes until the next call meets the full disk: what it showed is read from what was seen.
  await expect(async () => {
    await runFresh(page);
    // The banner names the files the disk refused in the moment it gathers them (150 ms): on a busy machine the
    // log may be refused after that and is named by the resume below, so any list of files is right here.
    expect((await seen()).banners).toContainEqual(expect.stringMatching(/^The disk is full: loud's .+ (?:is|are) not being kept\. .+ Free some space and it carries on, noting the gap\.(?: \d+ calls? (?:was|were) not kept\.)?$/));
  }).toPass({ timeout: scaled(60_000) });
  // A call whose history line the disk refused says so in its answer (the next line may fit, as the gap note did:
  // calls go on until one is refused), and the banner counts it.
  const result = page.getByTestId('tool-result');
  await expect(async () => {
    await runFresh(page);
    await expect(result).toContainText('shout ran, but its call history could not be written, so this answer is not kept.', { timeout: scaled(1000) });
  }).toPass({ timeout: scaled(60_000) });
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result).toContainText('Not kept');
  await expect.poll(async () => (await seen()).counts).toContainEqual(expect.stringMatching(/^ ?1 call was not kept\.$/));
  // One banner, never a stack; up again for the pictures.
  await expect(async () => {
    if ((await banner.count()) === 0) await runFresh(page);
    await expect(banner).toHaveCount(1, { timeout: scaled(1000) });
  }).toPass({ timeout: scaled(60_000) });
  expect((await seen()).most).toBe(1);
  await shotBothThemes(fd, 'full-disk');
  await atSmallSize(page, () => shot(fd, 'full-disk-small'));
  // Said in the skill's log too, where its output goes on.
  await openTab(page, 'logs');
  await page.getByLabel('Search the log').fill("The disk is full: loud's");
  // Said once a time the disk refused; that is more than once when a file resumed in between (see above).
  await expect(page.locator('.search-count')).toHaveText(FOUND);
  await page.getByLabel('Search the log').fill('');

  room.free();
  await expect(banner).toHaveCount(0, { timeout: scaled(30_000) });
  const toasts = () => page.evaluate(() => (window as unknown as { successToasts: string[] }).successToasts);
  await expect.poll(toasts).toContainEqual(expect.stringMatching(/^Skill Workbench can write loud's (?:.+(?:, | and ))?log(?:(?:, | and ).+)? again\. What it could not write is noted as a gap\.$/));
  await page.getByLabel('Search the log').fill("Skill Workbench can write loud's");
  await expect(page.locator('.search-count')).toHaveText(FOUND);
  await fd.shot('full-disk-resumed');
  await page.emulateMedia({ colorScheme: 'dark' });
  await fd.shot('full-disk-resumed-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await openTab(page, 'tools');
  await page.locator('#args-shout_lines').fill('3');
  await page.locator('#args-shout_text').fill('loud line');
  await runFresh(page, true);

  // The server stops as a user would stop it: everything it wrote is in its files.
  await stopServe(fd.server);
  const log = fs.readFileSync(logFile, 'utf8');
  const history = fs.readFileSync(historyFile, 'utf8');
  expect(log.startsWith(logBefore)).toBe(true);
  expect(history.startsWith(historyBefore)).toBe(true);
  expect(log).toMatch(/\[The disk refused writes from \d\d:\d\d:\d\d to \d\d:\d\d:\d\d UTC: .+ of output are not in this file\.\]/);
  const records = lines(historyFile).map((l) => JSON.parse(l) as { tool?: string; gap?: unknown });
  expect(records.some((r) => r.gap)).toBe(true);
  // The call made once there was room again is in the history, after the gap.
  expect(records.at(-1)!.tool).toBe('shout');
  expect(log.lastIndexOf('loud line 3 of 3 on stderr')).toBeGreaterThan(log.indexOf('[The disk refused writes'));
  expect(records.findIndex((r) => r.gap)).toBeLessThan(records.length - 1);
});
