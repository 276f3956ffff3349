/**
 * History retention, end to end: a skill's sessions older than its limit are removed when its runtime
 * starts (the current one stays), and the skill's Settings dialog says what is kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { openSkill, shotBothThemes } from './helpers';
import { safeSkillDir } from '../src-main/host/workbench-home';

const DAY = 24 * 60 * 60 * 1000;

test('old sessions of a skill are pruned when it starts, and its Settings show the history limits', async ({ wb }) => {
  const { page } = wb;
  await page.setViewportSize({ width: 1400, height: 900 });
  // Skill ids are relative to the parent of the folder the workbench opened.
  const dir = safeSkillDir(wb.home, `${path.basename(wb.skills)}/gas-estimator`);
  const planted: { file: string; days: number }[] = [];
  for (const days of [45, 35, 10]) {
    for (const [sub, ext] of [['logs', 'log'], ['messages', 'jsonl']]) {
      const file = path.join(dir, sub, `old-${days}-days.${ext}`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'an old session\n');
      const t = new Date(Date.now() - days * DAY);
      fs.utimesSync(file, t, t);
      planted.push({ file, days });
    }
  }

  await openSkill(page, 'gas-estimator');
  // Older than 30 days: gone; the 10-day-old session and the running one stay.
  await expect.poll(() => planted.filter((p) => fs.existsSync(p.file)).map((p) => p.days)).toEqual([10, 10]);
  // The running session's message history is written (its handshake) and kept.
  await expect.poll(() => fs.readdirSync(path.join(dir, 'messages')).filter((n) => !n.startsWith('old-')).length).toBeGreaterThan(0);

  await page.locator('.skill-header').getByTestId('skill-settings').click();
  const history = page.getByTestId('process-history');
  await expect(history).toContainText('kept for 30 days, up to 200 MB');
  await expect(history).toContainText('all skills together, up to 1 GB');
  await shotBothThemes(wb, 'history-retention-settings');
  await page.setViewportSize({ width: 1024, height: 700 });
  await shotBothThemes(wb, 'history-retention-settings-small');
});
