/**
 * A flood in the Logs tab (browser mode): the window is sent a capped batch of the newest lines, the lines it was
 * not sent are said in one line there, the complete log file has every line, and calls still answer.
 */
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { openFixtureFolder, openSkill, openTab, openTool, removeFixtureFolders, run } from './helpers';

test.afterEach(removeFixtureFolders);

test('a flood in the open Logs tab: the newest lines, a line saying how many more are only in the log file, and calls still answer', async ({ wb }) => {
  test.skip(!wb.url, 'browser mode only: log batches of their own are how skillbench serve sends a window its logs');
  const { page } = wb;
  await openFixtureFolder(page, 'loud');
  await openSkill(page, 'loud');
  await openTab(page, 'logs');
  const terminal = page.getByTestId('log-view');
  await expect(terminal).toBeVisible();

  // 30,000 lines in one burst while the Logs tab is open, through a socket of the test's own (the page's is left alone).
  const token = new URL(wb.url!).searchParams.get('token')!;
  const answer = await page.evaluate(async (t) => {
    const ws = new WebSocket(`ws://${location.host}/api?token=${encodeURIComponent(t)}`);
    await new Promise((r) => ws.addEventListener('open', r, { once: true }));
    const ask = (id: number, method: string, params: unknown[]) =>
      new Promise<any>((resolve) => {
        ws.addEventListener('message', function on(e) {
          const m = JSON.parse(e.data);
          if (m.id !== id) return;
          ws.removeEventListener('message', on);
          resolve(m);
        });
        ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      });
    const skills = (await ask(1, 'core/listSkills', [])).result as { id: string; name: string }[];
    const id = skills.find((s) => s.name === 'loud')!.id;
    const m = await ask(2, 'core/callTool', [id, 'shout', { lines: 30000 }]);
    const info = await ask(3, 'logs/logFileInfo', [id]);
    ws.close();
    return { answer: JSON.stringify(m.result ?? m.error), file: info.result.path as string };
  }, token);
  expect(answer.answer).toContain('printed 30000 lines');

  await expect(terminal).toContainText('loud line 30000 of 30000 on stderr');
  // The lines the window was not sent are said in the log itself (found by the tab's search, in its scrollback).
  await page.getByLabel('Search the log').fill('more lines not shown here, to keep the window responsive');
  await expect(page.locator('.search-count')).toContainText(/\d+ of \d+|^\d+/);
  await expect(page.locator('.search-count')).not.toHaveText('Not in view');
  await wb.shot('logs-flood-marker');

  // Every line is in the complete log file.
  const text = fs.readFileSync(answer.file, 'utf8');
  expect(text.split('\n').filter((l) => /^loud line \d+ of 30000 on stderr$/.test(l))).toHaveLength(30000);

  await openTab(page, 'tools');
  await openTool(page, 'ping');
  await expect(await run(page)).toBeVisible();
});
