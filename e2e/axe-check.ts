/** axe-core (the engine behind most accessibility checkers) on the page as it is: its serious and critical violations. */
import type { Page } from '@playwright/test';
import axe from 'axe-core';

export interface Found {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

/** The rules whose outcome a theme can change: a theme sets colours, and nothing of the structure. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** `only: 'colours'` runs just the rules a theme can change (COLOUR_RULES). */
export async function seriousViolations(page: Page, only?: 'colours'): Promise<Found[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: axe.source });
  const runOnly = only ? COLOUR_RULES : null;
  return page.evaluate(async (runOnly) => {
    const w = globalThis as unknown as { axe: typeof axe };
    const result = await w.axe.run({ exclude: [] }, { resultTypes: ['violations'], ...(runOnly ? { runOnly: { type: 'rule', values: runOnly } } : {}) });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ') })),
      }));
  }, runOnly);
}

/**
 * The workbench's Content-Security-Policy (script-src 'self') refuses inline scripts, axe's included: let this
 * page through, as browser extensions that run axe are, and load it again. Call before the test opens anything.
 */
export async function allowAxe(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setBypassCSP', { enabled: true });
  await page.reload();
}

/**
 * The violations of the page in the light theme, and those the dark theme changes (its colours), each as one
 * printable text.
 */
export async function violationsInBothThemes(page: Page, view: string): Promise<string[]> {
  const out: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.locator(`html[data-theme="${theme}"]`).waitFor();
    for (const v of await seriousViolations(page, theme === 'dark' ? 'colours' : undefined)) {
      out.push(`${view} (${theme}): ${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target}: ${n.summary}`).join('\n')}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return out;
}
