/**
 * Cancel from the Run bar names the call the app itself made: it works the moment Run is pressed, with no
 * wait for the skill to be told of the call, and the result pane shows the call cancelled.
 */
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { openFixtureFolder, openSkill, openTool, removeFixtureFolders, shotBothThemes } from './helpers';
import { scaled } from './machine';

test.afterEach(removeFixtureFolders);

test('Cancel stops a running call at once, by the id the app gave it', async ({ wb }) => {
  const { page } = wb;
  await openFixtureFolder(page, 'crashy');
  await openSkill(page, 'crashy');
  await openTool(page, 'wait');
  await page.getByTestId('run-tool').click();
  // At once: before this change the app learnt the call's id from an event and said "try again in a moment".
  await page.getByTestId('cancel-tool').click();
  const result = page.getByTestId('tool-result');
  await expect(result).toContainText(/cancel/i, { timeout: scaled(10_000) });
  await expect(page.getByTestId('cancel-tool')).toBeHidden();
  await expect(page.getByText('has not reached the skill')).toHaveCount(0);
  await shotBothThemes(wb, 'cancel-call');
  // The skill is still there for the next call.
  await openTool(page, 'chatter');
  await page.getByTestId('run-tool').click();
  await expect(result).toContainText('printing 8 lines');
});
