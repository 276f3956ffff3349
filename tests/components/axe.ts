/** axe-core on a mounted view, in both themes: serious and critical violations fail the test, as in the e2e lane. */
import axe from 'axe-core';
import { expect } from 'vitest';
import { applyTheme, THEMES } from './theme';

export async function seriousViolations(within: Element): Promise<string[]> {
  const result = await axe.run(within, { resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Checks the view in the light and the dark theme; leaves the light theme on. */
export async function expectNoSeriousViolations(within: Element): Promise<void> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await applyTheme(theme);
    found.push(...(await seriousViolations(within)).map((v) => `(${theme}) ${v}`));
  }
  await applyTheme('light');
  expect(found).toEqual([]);
}
