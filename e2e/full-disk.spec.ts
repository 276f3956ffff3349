/**
 * A full disk (issue 15): `skillbench serve` with its home on a small tmpfs that the test fills. Calls go on
 * answering, the app says in plain words that the skill's files cannot be written (a banner, and a line in
 * the skill's log), says so again once the disk has room, and nothing written before the disk filled is lost.
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

/** Runs the open tool and waits for this call's own answer (one more in the history). */
async function runFresh(page: Page): Promise<void> {
  const badge = page.getByTestId('result-tab-history').locator('.tab-badge');
  const before = (await badge.count()) ? Number(await badge.textContent()) : 0;
  await run(page);
  await expect(badge).toHaveText(String(before + 1));
}

test('a full disk: calls still answer, the app says so in plain words and again when there is room, and nothing written is lost', async ({ fd }) => {
  test.setTimeout(120_000);
  const { page } = fd;
  await openSkill(page, 'loud');
  const listed = JSON.parse(execFileSync(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'list', fd.skills, '--json'], { encoding: 'utf8' })) as { id: string }[];
  const dir = skillFolder(fd.home, listed[0].id);
  // The skill prints as many lines as it is asked to before it answers.
  await openTool(page, 'shout');
  await page.locator('#args-shout_lines').fill('5');
  for (let i = 0; i < 2; i++) await runFresh(page);
  const historyFile = path.join(dir, 'history.jsonl');
  await expect.poll(() => (fs.existsSync(historyFile) ? lines(historyFile).length : 0)).toBe(2);
  const logFile = onlyFile(path.join(dir, 'logs'));
  await expect.poll(() => fs.readFileSync(logFile, 'utf8')).toContain('loud line 5 of 5 on stderr');
  const logBefore = fs.readFileSync(logFile, 'utf8');
  const historyBefore = fs.readFileSync(historyFile, 'utf8');

  // The resume's toast lasts a few seconds: every success toast shown from here on is kept, to be read later.
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { successToasts: string[] }).successToasts = []);
    new MutationObserver(() => {
      for (const t of document.querySelectorAll('.toast-success .toast-text')) if (!seen.includes(t.textContent ?? '')) seen.push(t.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
  const room = fillDisk(fd.disk, 0);
  // More than a file's last page holds (a tmpfs takes writes into a page a file already has): long lines
  // for the log, long arguments for the message and call histories.
  await page.locator('#args-shout_lines').fill('4');
  await page.locator('#args-shout_text').fill('long '.repeat(1000));
  const banner = page.getByTestId('disk-trouble-banner');
  // Calls answer while the disk is full; the first that meets it brings the news.
  await expect(async () => {
    await runFresh(page);
    await expect(banner).toBeVisible({ timeout: scaled(1000) });
  }).toPass({ timeout: scaled(30_000) });
  // The banner names the files the disk refused in the moment it gathers them (150 ms): on a busy machine the
  // log may be refused after that and is named by the resume below, so any list of files is right here.
  await expect(banner).toContainText(/^The disk is full: Skill Workbench cannot write loud's .+\. Calls still work; free some space and it carries on, noting the gap\.$/);
  for (let i = 0; i < 3; i++) await runFresh(page);
  // One banner, never a stack. A file may take its short gap note into the page it already has and resume
  // between calls (more so on a busy machine, with more time between them): the next call that meets the full
  // disk brings the banner back, so calls go on until it shows.
  await expect(async () => {
    if ((await banner.count()) === 0) await runFresh(page);
    await expect(banner).toHaveCount(1, { timeout: scaled(1000) });
  }).toPass({ timeout: scaled(30_000) });
  await shotBothThemes(fd, 'full-disk');
  await atSmallSize(page, () => shot(fd, 'full-disk-small'));
  // Said in the skill's log too, where its output goes on.
  await openTab(page, 'logs');
  await page.getByLabel('Search the log').fill('The disk is full: Skill Workbench cannot write');
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
  await runFresh(page);

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
