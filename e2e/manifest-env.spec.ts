/**
 * A skill's manifest lists variables (`env[]`) that nobody gave: the skill's header asks for them in plain
 * words, a key-like name as a secret by default; saved, they go to its settings (the secret one to the
 * encrypted store, never to the settings file), the skill restarts with them and the prompt goes away.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { openFixtureFolder, openSkill, openTab, openTool, removeFixtureFolders, run, shotBothSizes } from './helpers';
import { safeSkillDir } from '../src-main/host/workbench-home';

test.afterEach(removeFixtureFolders);

test('variables the manifest asks for and nobody gave are asked for, and kept (the secret one encrypted)', async ({ wb }) => {
  const { page } = wb;
  await page.setViewportSize({ width: 1400, height: 900 });
  const dir = await openFixtureFolder(page, 'needs-token');
  await openSkill(page, 'needs-token');

  const prompt = page.getByTestId('missing-env');
  await expect(prompt).toContainText('needs-token asks for 2 settings that are not given yet');
  const rows = prompt.getByTestId('missing-env-row');
  await expect(rows).toHaveCount(2);
  const key = rows.filter({ hasText: 'SKB_WEATHER_API_KEY' });
  const region = rows.filter({ hasText: 'SKB_WEATHER_REGION' });
  await expect(key.getByTestId('missing-env-secret')).toBeChecked();
  await expect(region.getByTestId('missing-env-secret')).not.toBeChecked();
  await key.getByTestId('missing-env-value').fill('tok_1234567890abcdef');
  await region.getByTestId('missing-env-value').fill('eu-west');
  await shotBothSizes(wb, 'manifest-env-prompt');
  await prompt.getByTestId('missing-env-save').click();
  await expect(prompt).toHaveCount(0);

  await openTab(page, 'tools');
  await openTool(page, 'whoami');
  await expect(await run(page)).toContainText('key: set, 20 characters; region: eu-west');

  const settings = fs.readFileSync(path.join(safeSkillDir(wb.home, `${path.basename(path.dirname(dir))}/needs-token`), 'settings.json'), 'utf8');
  expect(JSON.parse(settings)).toMatchObject({ env: { SKB_WEATHER_REGION: 'eu-west' }, secretEnv: ['SKB_WEATHER_API_KEY'] });
  expect(settings).not.toContain('tok_1234567890abcdef');
});
