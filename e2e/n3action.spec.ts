/**
 * Action skills and namel3ss apps as they exist in the wild, in the app: an agent with metadata, secrets
 * and a schedule; a crawler that must not run when it is only looked at; Markdown output; capsules,
 * packs, the sandbox, service bindings, and a folder of programs side by side. This spec runs its own
 * browser-mode workbench over copies of tests/fixtures/action/wild and tests/fixtures/namel3ss-wild.
 */
import { expect, test as base, chromium, type Page } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { skillFolder } from '../src-main/host/workbench-home';
import { ROOT, SHOTS, startServe, stopServe } from './fixtures';
import { openTab, skillItem } from './helpers';
import { takeShot } from './shots';
import { scaled } from './machine';

interface Wild {
  page: Page;
  folder: string;
  home: string;
  marker: string;
  connections(): number;
  shot(name: string): Promise<void>;
}

const test = base.extend<{ wild: Wild }>({
  // eslint-disable-next-line no-empty-pattern
  wild: async ({}, use, testInfo) => {
    testInfo.skip(testInfo.project.name !== 'browser', 'This spec starts its own browser-mode workbench over the fixture folders; the Electron run covers the same UI.');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-wild-'));
    fs.cpSync(path.join(ROOT, 'tests', 'fixtures', 'action', 'wild'), path.join(folder, 'wild'), { recursive: true });
    // A task in words, as agents projects write them: a prompt for the agent, not <skill>.<action>.
    const agentYaml = path.join(folder, 'wild', 'agent.yaml');
    fs.writeFileSync(agentYaml, fs.readFileSync(agentYaml, 'utf8').replace('schedule:\n', 'schedule:\n  - cron: "0 9 * * *"\n    task: Crawl the news sites and write a short brief\n'));
    fs.cpSync(path.join(ROOT, 'tests', 'fixtures', 'namel3ss-wild'), path.join(folder, 'namel3ss-wild'), { recursive: true });
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-home-'));
    // The crawler's "site": any connection to it is counted. Its marker file: written only if it runs.
    let connections = 0;
    const sockets = new Set<net.Socket>();
    const site = net.createServer((s) => {
      connections++;
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
      s.end();
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const marker = path.join(home, 'crawled.txt');
    // A skill gets none of the shell's variables but the safe ones: the crawler's come from its settings.
    const listed = JSON.parse(execFileSync(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'list', folder, '--json'], { encoding: 'utf8' })) as { id: string; name: string }[];
    const crawler = skillFolder(home, listed.find((s) => s.name === 'crawler')!.id);
    fs.mkdirSync(crawler, { recursive: true });
    fs.writeFileSync(path.join(crawler, 'settings.json'), JSON.stringify({ env: { CRAWLER_MARKER: marker, CRAWLER_PORT: String((site.address() as net.AddressInfo).port) } }));
    // The workbench's own tool service, for the app whose tools live only there.
    const service = spawn(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'n3-service', path.join(folder, 'namel3ss-wild', 'service-code'), '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
    process.env.N3_TOOL_SERVICE_URL = await new Promise<string>((resolve, reject) => {
      let out = '';
      service.stdout.on('data', (d) => {
        out += d;
        const m = /"url": "([^"]+)"/.exec(out);
        if (m) resolve(m[1]);
      });
      service.on('exit', (c) => reject(new Error(`n3-service exited ${c}`)));
    });
    const { url, proc } = await startServe(folder, home);
    const browser = await chromium.launch(testInfo.project.use.launchOptions);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    fs.mkdirSync(SHOTS, { recursive: true });
    try {
      await use({
        page,
        folder,
        home,
        marker,
        connections: () => connections,
        shot: async (name) => {
          const close = page.locator('.toast-close');
          while ((await close.count()) > 0) await close.first().click({ timeout: scaled(2000) }).catch(() => undefined);
          await takeShot(page, `browser-${name}`);
        },
      });
    } finally {
      await browser.close().catch(() => undefined);
      await stopServe(proc);
      service.kill('SIGTERM');
      delete process.env.N3_TOOL_SERVICE_URL;
      for (const s of sockets) s.destroy();
      await new Promise((r) => site.close(r));
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
});

async function select(page: Page, name: string): Promise<void> {
  await skillItem(page, name).locator('[data-skill-button]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

async function bothThemes(wild: Wild, name: string): Promise<void> {
  const html = wild.page.locator('html');
  await wild.page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');
  await wild.shot(name);
  await wild.page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await wild.shot(`${name}-dark`);
  await wild.page.emulateMedia({ colorScheme: 'light' });
}

test('an agent in the wild: the crawler is shown without running, and runs to discover only after the warning', async ({ wild }) => {
  const { page } = wild;
  await select(page, 'crawler');
  await expect(page.getByTestId('tool-item').locator('.tool-item-name')).toHaveText(['crawler']);
  await expect(page.locator('.skill-notes')).toContainText('does not dispatch on "action"');
  const meta = page.getByTestId('agent-meta');
  await expect(meta).toContainText('Market Watch');
  await expect(meta).toContainText('model claude-sonnet-4');
  await meta.locator('summary').click();
  await expect(page.getByTestId('agent-field-allowed_tools')).toContainText('Bash, Read, WebFetch');
  await expect(page.getByTestId('agent-field-max_turns')).toContainText('12');
  await expect(page.getByTestId('agent-field-security')).toContainText('network: restricted');
  // Opening it and inspecting it ran nothing.
  expect(fs.existsSync(wild.marker)).toBe(false);
  expect(wild.connections()).toBe(0);
  await bothThemes(wild, 'n3action-agent-crawler');

  await page.getByTestId('discover-by-running').click();
  const dialog = page.getByRole('dialog', { name: 'Run the script to discover its actions?' });
  await expect(dialog).toContainText('crawler.py for real');
  await expect(dialog).toContainText('it may crawl websites, write files or change a database');
  await wild.shot('n3action-discover-warning');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(fs.existsSync(wild.marker)).toBe(false);

  await page.getByTestId('discover-by-running').click();
  await page.getByTestId('discover-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.skill-notes')).toContainText('named no supported_actions', { timeout: scaled(20_000) }).catch(async () => {
    await page.locator('.skill-notes button').click();
    await expect(page.locator('.skill-notes')).toContainText('named no supported_actions');
  });
  expect(fs.existsSync(wild.marker)).toBe(true);
  expect(wild.connections()).toBe(1);

  // The agent's prompt (a task that is not <skill>.<action>) shows beside its first skill once it is started: with no
  // model configured it waits, said plainly, and Run now is off.
  const header = page.locator('.skill-header');
  if (await header.getByTestId('skill-stop').isVisible()) await header.getByTestId('skill-stop').click();
  await header.getByTestId('skill-start').click();
  await openTab(page, 'timeline');
  const prompt = page.getByTestId('schedule-prompt-1');
  await expect(prompt.getByTestId('schedule-task')).toContainText('prompt Crawl the news sites and write a short brief');
  await expect(prompt.getByTestId('schedule-needs-model')).toHaveText('needs a model');
  await expect(prompt.getByTestId('schedule-run-now')).toBeDisabled();
  expect(wild.connections()).toBe(1);
});

test('secrets are asked for and kept; Markdown output is a result labelled "not JSON"; the schedule runs from the timeline', async ({ wild }) => {
  const { page } = wild;
  await select(page, 'digest');
  const secrets = page.getByTestId('agent-secrets');
  await expect(secrets).toContainText('This agent needs 2 secrets before its skills can work: DIGEST_TOKEN, CRAWLER_COOKIE.');
  await secrets.getByLabel(/DIGEST_TOKEN/).fill('tok-e2e-0123456789');
  await secrets.getByRole('button', { name: 'Save secret' }).click();
  await expect(page.getByTestId('secret-DIGEST_TOKEN')).toContainText('set');
  await expect(secrets).toContainText('needs a secret before its skills can work: CRAWLER_COOKIE.');
  expect(fs.readFileSync(path.join(wild.home, 'secrets.json'), 'utf8')).not.toContain('tok-e2e-0123456789');

  await page.getByTestId('tool-item').filter({ hasText: 'daily' }).first().click();
  await page.getByTestId('run-tool').click();
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result.getByTestId('not-json')).toHaveText('Text · not JSON');
  await expect(result.locator('.result-text')).toContainText('# Daily digest');
  await expect(result.locator('.result-text')).toContainText('with the digest token');
  await expect(page.locator('body')).not.toContainText('tok-e2e-0123456789');
  await bothThemes(wild, 'n3action-digest-markdown');

  await page.getByTestId('tool-item').filter({ hasText: 'broken' }).first().click();
  await page.getByTestId('run-tool').click();
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result).toContainText('exited with code 2. It printed:');
  await expect(result).toContainText('Error: the digest service refused the token.');

  await openTab(page, 'timeline');
  const row = page.getByTestId('schedule-morning digest');
  await expect(row).toContainText('0 7 * * 1-5');
  await expect(row.getByTestId('schedule-next')).toHaveText(/^(today|\d{4}-\d\d-\d\d) 07:00$/);
  await row.getByTestId('schedule-run-now').click();
  await expect(row).toContainText('ok');
  await expect(page.locator('.timeline-tab')).toContainText('Schedule "morning digest" (run now): digest daily done');
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row.getByTestId('schedule-next')).toHaveText('paused');
  await bothThemes(wild, 'n3action-schedules');
  await row.getByRole('button', { name: 'Resume' }).click();
  await expect(row.getByTestId('schedule-next')).toHaveText(/07:00$/);
  await openTab(page, 'tools');
  await page.getByTestId('result-tab-history').click();
  await expect(page.locator('.tool-result-pane')).toContainText('daily');
  await page.setViewportSize({ width: 1024, height: 700 });
  await openTab(page, 'timeline');
  await bothThemes(wild, 'n3action-schedules-1024');
});

test('namel3ss in the wild: apps side by side, capsule tools grouped, the sandbox refusing, a service binding\'s URL and health', async ({ wild }) => {
  const { page } = wild;
  for (const name of ['alpha', 'beta', 'nested', 'capsule-app', 'pack-app', 'sandboxed', 'service-client']) await expect(skillItem(page, name)).toBeVisible();

  await select(page, 'capsule-app');
  await expect(page.getByTestId('tool-group')).toHaveText(['This program', 'inventory']);
  await expect(page.getByTestId('tool-item').locator('.tool-item-name')).toHaveText(['calculate tax', 'inventory.count items', 'inventory.restock']);
  await page.getByTestId('tool-item').filter({ hasText: 'inventory.count items' }).click();
  await page.locator('.tool-request').getByLabel(/sku/i).first().fill('A-1');
  await page.getByTestId('run-tool').click();
  await expect(page.getByTestId('tool-result')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('tool-result')).toContainText('12');
  await bothThemes(wild, 'n3action-capsules');

  await select(page, 'sandboxed');
  await page.getByTestId('tool-item').filter({ hasText: 'user writes file' }).click();
  const pathField = page.locator('.tool-request').getByLabel(/path/i).first();
  await pathField.fill('blocked.txt');
  await page.getByTestId('run-tool').click();
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result).toContainText('Tool "user writes file" cannot write to the filesystem.');
  expect(fs.existsSync(path.join(wild.folder, 'namel3ss-wild', 'sandboxed', 'blocked.txt'))).toBe(false);
  await wild.shot('n3action-sandbox-refusal');

  await select(page, 'service-client');
  const services = page.getByTestId('service-bindings');
  await expect(services).toContainText('remote greet');
  await expect(services).toContainText(process.env.N3_TOOL_SERVICE_URL!);
  await expect(services).toContainText('answering');
  await page.getByTestId('tool-item').filter({ hasText: 'remote greet' }).click();
  await page.locator('.tool-request').getByLabel(/name/i).first().fill('Ada');
  await page.getByTestId('run-tool').click();
  await expect(page.getByTestId('tool-result')).toContainText('Hello Ada, from the service in service-code');
  await bothThemes(wild, 'n3action-service-bindings');
  await page.setViewportSize({ width: 1024, height: 700 });
  await select(page, 'crawler');
  await bothThemes(wild, 'n3action-agent-1024');
});
