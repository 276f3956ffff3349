/** What happens over time: logs as a skill prints, a crash and a restart, ticks on the timeline, a session. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { finishPriceAlertsSetup, openFixtureFolder, openSkill, openTab, openTool, removeFixtureFolders, run, shot, shotBothThemes } from './helpers';
import { scaled } from './machine';

test.afterEach(removeFixtureFolders);

test('logs appear live in the Logs tab while the skill prints', async ({ wb }) => {
  const { page } = wb;
  await openFixtureFolder(page, 'crashy');
  await openSkill(page, 'crashy');
  await openTool(page, 'chatter');
  await page.locator('#args-chatter_lines').fill('12');
  await expect(await run(page)).toContainText('printing 12 lines');
  // The skill is still printing (a line every 150 ms) when the terminal opens; the lines keep coming.
  await openTab(page, 'logs');
  const terminal = page.getByTestId('log-view');
  await expect(terminal).toContainText(/chatter line \d+ of 12/);
  await expect(terminal).toContainText('chatter line 12 of 12');
  await shotBothThemes(wb, 'logs');

  // Search finds a line; clear empties the terminal.
  await page.getByLabel('Search the log').fill('line 7 of');
  await expect(page.locator('.search-count')).toContainText(/1/);
  await page.getByTestId('clear-logs').click();
  await expect(terminal).not.toContainText('chatter line');
});

test('a crash is shown in plain words with its status, and a restart brings the skill back', async ({ wb }) => {
  const { page } = wb;
  const dir = await openFixtureFolder(page, 'crashy');
  await openSkill(page, 'crashy');
  const status = page.locator('.skill-header').getByTestId('skill-status');

  // A call that kills the skill: the answer says so in plain words, with the skill's last words.
  await openTool(page, 'crash');
  const result = await run(page, false);
  await expect(result).toContainText(/stopped|exited|crashed/i);
  await expect(result).toContainText('fatal error, exiting with code 3');
  await shot(wb, 'tools-crash-result');
  // The supervisor restarts it on its own.
  await expect(status).toContainText('ready');

  // Now it cannot start at all: it says why once, the cause first, and is not restarted (it would fail the same way).
  const broken = path.join(path.dirname(dir), 'crashy.broken');
  fs.writeFileSync(broken, 'remove me');
  await page.locator('.skill-header').getByTestId('skill-restart').click();
  const failure = page.getByTestId('start-failure');
  await expect(failure).toContainText('crashy did not start: crashy: cannot start, crashy.broken is next to my folder (delete it to fix me) (it exited during start-up, with code 3).');
  await expect(status).toHaveAttribute('data-status', 'crashed');
  await expect(failure).not.toContainText(/ENOENT|undefined|stack/);
  // One message: no toast for the failed start, none for its crash; the whole output is behind Details.
  await expect(page.locator('.toast').filter({ hasText: /did not start/ })).toHaveCount(0);
  await failure.getByTestId('start-failure-details').click();
  await expect(failure.getByTestId('start-failure-output')).toContainText('crashy.broken is next to my folder');
  // Longer than the first restart's delay (500 ms): still crashed, restarted only the once the crash tool asked for.
  await page.waitForTimeout(1200);
  await expect(status).toHaveAttribute('data-status', 'crashed');
  await expect(page.getByTestId('crash-header-badge')).toHaveAttribute('data-restarts', '1');
  const sidebarStatus = page.getByTestId('skill-item').filter({ hasText: 'crashy' });
  await expect(sidebarStatus).toContainText('crashed');
  await shotBothThemes(wb, 'crashed');

  // Fixed, one press of Restart and it is ready again.
  fs.rmSync(broken);
  await page.locator('.skill-header').getByTestId('skill-restart').click();
  await expect(status).toHaveAttribute('data-status', 'ready');
  await expect(sidebarStatus).toContainText('ready');
  // The timeline marks the crashes and the restart; the log kept what the skill said while it could not start.
  await openTab(page, 'timeline');
  await expect(page.locator('.tl-entry').filter({ hasText: /crash/i }).first()).toBeVisible();
  await expect(page.locator('.tl-entry').filter({ hasText: /restart/i }).first()).toBeVisible();
  await openTab(page, 'logs');
  await expect(page.getByTestId('log-view')).toContainText('cannot start');
});

test('ticks appear on the timeline, on schedule and on demand', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'Price alerts', /needs setup/);
  await finishPriceAlertsSetup(page);
  await openTab(page, 'timeline');
  const ticks = page.getByTestId('timeline-tick');
  const count = page.getByTestId('tick-count');
  await expect(page.locator('.tick-facts')).toContainText('Every3 s');
  // Tick now adds one at once; the schedule (every 3 s) keeps adding.
  const before = Number(await count.textContent());
  await page.getByTestId('tick-now').click();
  await expect(count).not.toHaveText(String(before));
  await expect(ticks.first()).toBeVisible();
  const shown = await ticks.count();
  await expect(async () => expect(await ticks.count()).toBeGreaterThan(shown)).toPass({ timeout: scaled(8_000) });
  // A tick's details: its outcome and what it did.
  await ticks.last().click();
  await expect(page.locator('.timeline-detail')).toContainText('tick');
  await shotBothThemes(wb, 'timeline');
});

test('a session starts and ends, and the message box shows what the hooks make of a text', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'Price alerts', /needs setup/);
  await finishPriceAlertsSetup(page);
  await openTab(page, 'session');
  await page.getByTestId('session-start').click();
  await expect(page.getByTestId('session-id')).toBeVisible();
  await page.getByTestId('hook-input').fill('What is $BTC doing today?');
  await page.getByTestId('hook-before').click();
  await expect(page.getByTestId('hook-result')).toContainText('BTC');
  await shotBothThemes(wb, 'session');
  await page.getByTestId('session-end').click();
  await expect(page.getByTestId('session-start')).toBeVisible();
});
