/**
 * The JSON tree (src-renderer/src/components/common/JsonTree.tsx) on a value nested 1,000 levels deep,
 * every level opened, in Chromium (issue 15, item 3): past its bound it shows one marker row saying how
 * deep the value went, instead of one more level of the page per level of the value. The engine already
 * cuts skill data at 256 levels; this is the tree's own bound, for a value that reached the page otherwise.
 */
import { chromium, expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './fixtures';

let bundle = '';

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-jsontree-'));
  const entry = path.join(dir, 'entry.tsx');
  const tree = path.join(ROOT, 'src-renderer', 'src', 'components', 'common', 'JsonTree');
  fs.writeFileSync(
    entry,
    `import { createRoot } from 'react-dom/client';
     import { flushSync } from 'react-dom';
     import { JsonTree } from ${JSON.stringify(tree)};
     (window as any).show = (levels: number) => {
       let v: unknown = 'bottom';
       for (let i = 0; i < levels; i++) v = [v];
       flushSync(() => createRoot(document.getElementById('root')!).render(<JsonTree value={{ result: v }} expandDepth={Infinity} />));
     };`,
  );
  const out = await build({
    entryPoints: [entry], bundle: true, write: false, format: 'iife', jsx: 'automatic', logLevel: 'silent',
    nodePaths: [path.join(ROOT, 'node_modules')], define: { 'process.env.NODE_ENV': '"production"' },
  });
  bundle = out.outputFiles[0].text;
});

// eslint-disable-next-line no-empty-pattern
test('shows a marker past its depth bound, every level open', async ({}, info) => {
  test.skip(info.project.name !== 'browser', 'A component check in Chromium: the desktop app renders the same component.');
  // Its own Chromium, launched after the skip: the electron project has no browser to give.
  const browser = await chromium.launch(info.project.use.launchOptions);
  const page = await browser.newPage();
  try {
    await shows1000Levels(page);
  } finally {
    await browser.close();
  }
});

async function shows1000Levels(page: Page): Promise<void> {
  await page.setContent('<!doctype html><div id="root"></div>');
  await page.addScriptTag({ content: bundle });
  await page.evaluate(() => (globalThis as unknown as { show: (n: number) => void }).show(1000));
  await expect(page.getByText('[too deep: 1001 levels]')).toHaveCount(1);
  // The object, then 319 lists, then the marker: nothing below it was rendered.
  expect(await page.locator('.jt-node').count()).toBe(320);
  await expect(page.getByText('bottom')).toHaveCount(0);
}
