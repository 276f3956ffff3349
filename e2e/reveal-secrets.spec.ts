/**
 * A secret a skill answers with is masked on screen (••••), in the page and in every frame the page got;
 * Reveal shows it for that one call, on the user's request, and Hide masks it again.
 */
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { openFixtureFolder, openSkill, openTool, removeFixtureFolders, run, shotBothThemes } from './helpers';

test.afterEach(removeFixtureFolders);

const TOKEN = 'tok-reveal-7c1e9a';

test('a secret in a result is masked, revealed on request and hidden again', async ({ wb }) => {
  const { page } = wb;
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.reload(); // so the page's connection is one this test listens to
  await openFixtureFolder(page, 'crashy');
  await openSkill(page, 'crashy');
  await page.locator('.skill-header').getByTestId('skill-settings').click();
  await page.getByTestId('process-env-add').click();
  await page.getByTestId('process-env-name').last().fill('CRASHY_TOKEN');
  await page.getByTestId('process-env-secret').last().check();
  await page.getByTestId('process-env-value').last().fill(TOKEN);
  await page.getByTestId('process-save').click();
  await page.getByTestId('process-restart-now').click();
  await expect(page.getByTestId('process-restart-now')).toHaveCount(0);
  await page.getByTestId('process-close').click();

  await openTool(page, 'show_token');
  const result = await run(page);
  await expect(result).toContainText('token is ••••');
  expect(await page.content()).not.toContain(TOKEN);

  const reveal = result.getByTestId('result-reveal');
  await reveal.click();
  await expect(result).toContainText(`token is ${TOKEN}`);
  await expect(reveal).toHaveAttribute('aria-pressed', 'true');
  await shotBothThemes(wb, 'reveal-secrets');
  await reveal.click();
  await expect(result).toContainText('token is ••••');
  expect(await page.content()).not.toContain(TOKEN);
  // Only the answer to the Reveal itself carried it.
  expect(frames.length).toBeGreaterThan(10);
  expect(frames.filter((f) => f.includes(TOKEN))).toHaveLength(1);
});
