/**
 * The first hour with a busy skill: logs older than the Logs tab holds, messages drowned by ticks, and the
 * browser-mode server going away under the page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, ROOT, stopServe, test } from './fixtures';
import { finishPriceAlertsSetup, openFixtureFolder, openSkill, openTab, openTool, removeFixtureFolders, atSmallSize, run, shotBothThemes } from './helpers';
import { scaled } from './machine';

test.afterEach(removeFixtureFolders);

/** The lines of a log file as the workbench numbers them: every line but its `--- <time> <stream>` headers. */
function logLines(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, -1)
    .filter((l) => !/^--- \d{4}-\d\d-\d\dT[\d:.]+Z (stdout|stderr|system)$/.test(l));
}

test('the Logs tab says when older lines are only in the complete log file, searches it, views it, and filters by stream', async ({ wb }) => {
  const { page } = wb;
  await openFixtureFolder(page, 'loud');
  await openSkill(page, 'loud');
  await openTool(page, 'shout');
  // 6,000 lines on stderr, then a few on both streams: more than the 5,000 the tab is given.
  await page.locator('#args-shout_lines').fill('6000');
  await expect(await run(page)).toContainText('printed 6000 lines');
  await page.locator('#args-shout_lines').fill('20');
  await page.locator('#args-shout_stream').selectOption('both');
  await page.locator('#args-shout_text').fill('late line');
  await expect(await run(page)).toContainText('printed 20 lines');

  await openTab(page, 'logs');
  const terminal = page.getByTestId('log-view');
  await expect(terminal).toContainText('late line 20 of 20 on stdout');
  // The tab got the newest 5,000 lines: the notice counts the others, exactly as the file on disk has them.
  const notice = page.getByTestId('earlier-lines');
  await expect(notice).toContainText(/[\d,]+ earlier lines are in the complete log file/);
  const file = (await notice.locator('.log-notice-path').textContent())!;
  expect(fs.existsSync(file)).toBe(true);
  const lines = logLines(file);
  const earlier = lines.length - 5000;
  expect(earlier).toBeGreaterThan(1000);
  await expect(notice).toContainText(`${earlier.toLocaleString('en-US')} earlier lines are in the complete log file`);

  // An old line is not in view; the complete log file has it, with its line number there.
  const search = page.getByLabel('Search the log');
  await search.fill('loud line 12 of 6000');
  await expect(page.locator('.search-count')).toHaveText('Not in view');
  await page.getByTestId('search-log-file').click();
  const results = page.getByTestId('log-file-results');
  await expect(results).toContainText('1 matching line in the complete log file');
  const match = results.getByTestId('log-file-match');
  await expect(match).toHaveCount(1);
  await expect(match).toContainText('loud line 12 of 6000 on stderr');
  await expect(match).toContainText(`line ${(lines.indexOf('loud line 12 of 6000 on stderr') + 1).toLocaleString('en-US')}`);
  await expect(match.locator('mark')).toHaveText('loud line 12 of 6000');

  // A regular expression, over the stderr lines only (the stream filter applies to the search too).
  await page.getByRole('button', { name: 'Use a regular expression' }).click();
  await search.fill('late line 1\\d of 20');
  await search.press('Alt+Enter');
  await expect(results).toContainText('10 matching lines in the complete log file');
  await page.getByTestId('stream-out').click();
  await expect(page.getByTestId('stream-out')).toHaveAttribute('aria-pressed', 'false');
  await search.press('Alt+Enter');
  await expect(results).toContainText('5 matching lines in the complete log file');
  await expect(match).toHaveText([11, 13, 15, 17, 19].map((n) => new RegExp(`late line ${n} of 20 on stderr$`)));
  await shotBothThemes(wb, 'logs-complete-file-search');
  await atSmallSize(page, () => shotBothThemes(wb, 'logs-complete-file-search-1024'));

  // The legend filters: stdout hidden, only stderr shown; and back.
  // (By the lines' stream marks: the workbench's own note on the first stray stdout line quotes it.)
  await expect(terminal).toContainText('late line 19 of 20 on stderr');
  await expect(terminal).not.toContainText('out│');
  await page.getByTestId('stream-out').click();
  await page.getByTestId('stream-err').click();
  await expect(terminal).toContainText('late line 20 of 20 on stdout');
  await expect(terminal).not.toContainText('err│');
  await page.getByTestId('stream-err').click();
  await expect(terminal).toContainText('late line 19 of 20 on stderr');
  await expect(terminal).toContainText('late line 20 of 20 on stdout');
  await results.getByRole('button', { name: 'Close the search results' }).click();
  await expect(results).toHaveCount(0);

  // Browser mode shows the whole file, numbered as the search numbers it (the desktop app shows its path to open).
  await expect(notice.getByRole('button', { name: 'Copy the log file’s path' })).toBeEnabled();
  if (wb.server) {
    const [view] = await Promise.all([page.context().waitForEvent('page'), notice.getByTestId('view-log-file').click()]);
    await expect(view.locator('body')).toContainText('The complete log of loud');
    const first = lines.indexOf('loud line 1 of 6000 on stderr') + 1;
    await expect(view.locator('body')).toContainText(new RegExp(`\\b${first}  \\d\\d:\\d\\d:\\d\\d\\.\\d{3} err  loud line 1 of 6000 on stderr`));
    await view.close();
  } else {
    await expect(notice.getByTestId('view-log-file')).toHaveCount(0);
  }
  await shotBothThemes(wb, 'logs-earlier-lines');
  await atSmallSize(page, () => shotBothThemes(wb, 'logs-earlier-lines-1024'));

  // Cleared, the view starts afresh: what came before is in the file, and the notice says why it is not here.
  await page.getByTestId('clear-logs').click();
  await expect(notice).toHaveCount(0);
  await openTool(page, 'shout');
  await page.locator('#args-shout_lines').fill('3');
  await page.locator('#args-shout_text').fill('after clearing');
  await run(page);
  await openTab(page, 'logs');
  await expect(terminal).toContainText('after clearing 3 of 3');
  await expect(terminal).not.toContainText('late line');
  await expect(notice).toContainText('not here since the view was cleared');
  await expect(notice).toContainText(`${(logLines(file).length - 3).toLocaleString('en-US')} earlier lines are in the complete log file`);
});

test('the Messages tab filters by kind: calls, ticks, reverse calls and lifecycle, with counts', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'Price alerts', /needs setup/);
  await finishPriceAlertsSetup(page);
  await openTool(page, 'get_price');
  await page.locator('#args-get_price_symbol').selectOption('BTC');
  await run(page);
  await openTab(page, 'timeline');
  await page.getByTestId('tick-now').click();
  await openTab(page, 'messages');
  const rows = page.getByTestId('message-row');
  const count = (kind: string) => page.getByTestId(`kind-count-${kind}`);
  // Every kind has messages: the load, the call, at least one tick and the state the skill asked for.
  for (const kind of ['call', 'tick', 'reverse', 'lifecycle']) await expect(count(kind)).not.toHaveText('0');

  // Only calls: tools/list and tools/call, their answers paired by method.
  for (const kind of ['tick', 'reverse', 'lifecycle']) await page.getByTestId(`kind-${kind}`).click();
  await expect(page.getByTestId('kind-call')).toHaveAttribute('aria-pressed', 'true');
  const calls = Number((await count('call').textContent())!.replace(/,/g, ''));
  await expect(rows).toHaveCount(calls);
  const methods = await rows.locator('.msg-method').allTextContents();
  expect(methods.every((m) => /^(↳ )?tools\/(call|list)/.test(m))).toBe(true);
  expect(methods.some((m) => m.startsWith('↳ ') || m.includes('get_price'))).toBe(true);
  await expect(rows.filter({ hasText: 'get_price' }).first()).toBeVisible();
  await shotBothThemes(wb, 'messages-calls-only');

  // Only ticks: each skill/tick request and its answer.
  await page.getByTestId('kind-call').click();
  await page.getByTestId('kind-tick').click();
  await expect(rows.first()).toBeVisible();
  expect((await rows.locator('.msg-method').allTextContents()).every((m) => /skill\/tick/.test(m))).toBe(true);
  expect((await rows.locator('.kind-badge').allTextContents()).sort()).toContain('response');

  // Only reverse calls: the skill asking for its state (and more), and the workbench's answers.
  await page.getByTestId('kind-tick').click();
  await page.getByTestId('kind-reverse').click();
  await expect(rows.first()).toBeVisible();
  const reverse = await rows.locator('.msg-method').allTextContents();
  expect(reverse.some((m) => m.includes('state/get'))).toBe(true);
  expect(reverse.every((m) => !/tools\/|skill\/(tick|load)/.test(m))).toBe(true);
  await atSmallSize(page, () => shotBothThemes(wb, 'messages-reverse-only-1024'));

  // Lifecycle: the load and everything else that is not a call, a tick or a reverse call.
  await page.getByTestId('kind-reverse').click();
  await page.getByTestId('kind-lifecycle').click();
  const lifecycle = await rows.locator('.msg-method').allTextContents();
  expect(lifecycle.some((m) => m.includes('skill/load'))).toBe(true);
  expect(lifecycle.every((m) => !/tools\/|skill\/tick|state\//.test(m))).toBe(true);
});

test.describe('with a server of its own', () => {
  // The test kills the server and starts another at its address: not the worker's shared one.
  test.use({ ownServer: true });

  test('when the server stops, statuses turn unknown and actions grey out; the page comes back with the server', async ({ wb }) => {
    test.skip(!wb.server, 'Only browser mode has a server that can stop under the page.');
    const { page } = wb;
    await openSkill(page, 'gas-estimator');
    await openTool(page, 'estimate_gas_cost');
    const status = page.locator('.skill-header').getByTestId('skill-status');
    await expect(status).toHaveAttribute('data-status', 'ready');
    const runButton = page.getByTestId('run-tool');
    await expect(runButton).toBeEnabled();

    // The server dies without a word (a closed terminal, a crash).
    const url = new URL(wb.url!);
    wb.server!.kill('SIGKILL');
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toContainText('The workbench server stopped.');
    // The command as the engine says it runs on this machine (linked or by the launcher's path), never a bare guess.
    await expect(banner).toContainText(/(skillbench|skillbench\.cjs) serve/);
    await expect(status).toHaveAttribute('data-status', 'unknown');
    await expect(status).toHaveText('unknown');
    await expect(page.getByTestId('skill-item').filter({ hasText: 'gas-estimator' }).getByTestId('skill-status')).toHaveText('unknown');
    await expect(runButton).toBeDisabled();
    await expect(runButton).toHaveAttribute('title', /server stopped/);
    await expect(page.locator('.skill-header').getByTestId('skill-restart')).toBeDisabled();
    await expect(page.getByTestId('save-request')).toBeDisabled();
    // Keyboard users get no call sent into the void either.
    await page.locator('#args-estimate_gas_cost_gas_price_gwei').fill('30');
    await page.locator('#args-estimate_gas_cost_gas_price_gwei').press('Control+Enter');
    await expect(page.locator('.toast')).toContainText('The workbench server stopped');
    // What needs no server still works: switching tabs, the theme.
    await openTab(page, 'logs');
    await openTab(page, 'tools');
    await expect(page.getByTestId('theme-toggle')).toBeEnabled();
    await shotBothThemes(wb, 'connection-lost');
    await atSmallSize(page, () => shotBothThemes(wb, 'connection-lost-1024'));

    // The server is started again at the same address: the page reconnects by itself.
    let again: ChildProcess | undefined;
    try {
      again = spawn(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'serve', wb.skills, '--port', url.port], {
        env: { ...process.env, SKILLBENCH_HOME: wb.home, SKILLBENCH_TOKEN: url.searchParams.get('token')! },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      await expect(banner).toHaveCount(0, { timeout: scaled(30_000) });
      await expect(status).not.toHaveAttribute('data-status', 'unknown');
      await openSkill(page, 'gas-estimator');
      await openTool(page, 'list_operations');
      await expect(runButton).toBeEnabled();
      await expect(await run(page)).toContainText('swap');
    } finally {
      if (again) await stopServe(again);
    }
  });
});
