/**
 * The MCP end-to-end fixture: `skillbench serve` in Chromium on a temporary folder whose `.mcp.json` names the
 * real reference server (`@modelcontextprotocol/server-everything`, stdio), as a user's project would.
 */
import type { Locator, Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, ROOT, SHOTS, test as base } from './fixtures';
import { takeShot } from './shots';
import { scaled } from './machine';

export const EVERYTHING = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

export interface McpBench {
  page: Page;
  /** The project folder holding `.mcp.json`. */
  folder: string;
  home: string;
  server: ChildProcess;
  /** The workbench's address with its token, for a second window. */
  url: string;
  shot(name: string): Promise<void>;
}

/** A `.mcp.json` with server-everything over stdio, run by this Node. */
export function everythingConfig(name = 'everything'): Record<string, unknown> {
  return { mcpServers: { [name]: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } };
}

export const test = base.extend<{ mcp: McpBench }>({
  mcp: async ({ openServed }, use, testInfo) => {
    testInfo.skip(testInfo.project.name === 'electron', 'The MCP views are tested in browser mode (the same renderer).');
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-home-'));
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-mcp-'));
    fs.writeFileSync(path.join(folder, '.mcp.json'), JSON.stringify(everythingConfig(), null, 2));
    fs.mkdirSync(SHOTS, { recursive: true });
    const { page, url, server } = await openServed({ folders: [folder], home, remove: [folder, home] });
    await use({ page, folder, home, server, url, shot: (n) => takeShot(page, `browser-${n}`) });
  },
});

export { expect };

/** Opens the server in the sidebar and waits until it runs. */
export async function openServer(page: Page, name = 'everything'): Promise<void> {
  await page.getByTestId('skill-item').filter({ has: page.locator('[data-skill-button]', { hasText: name }) }).locator('[data-skill-button]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const status = page.locator('.skill-header').getByTestId('skill-status');
  const start = page.locator('.skill-header').getByTestId('skill-start');
  await expect(async () => {
    if ((await status.getAttribute('data-status')) === 'stopped') await start.click({ timeout: scaled(1000) }).catch(() => undefined);
    await expect(status).toContainText(/ready/, { timeout: scaled(2000) });
  }).toPass({ timeout: scaled(30_000) });
}

export async function openTab(page: Page, tab: string): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
}

/** Picks a tool of the server, once it is listed (some are listed only after the server started). */
export async function openTool(page: Page, tool: string): Promise<Locator> {
  await openTab(page, 'tools');
  const item = page.getByTestId('tool-item').filter({ has: page.locator('.tool-item-name', { hasText: new RegExp(`^${tool}$`) }) });
  await expect(item).toBeVisible({ timeout: scaled(20_000) });
  await item.click();
  await expect(page.locator('.tool-request .tool-name')).toHaveText(tool);
  return page.locator('.tool-request');
}
