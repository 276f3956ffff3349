/**
 * Recorded sessions end to end: recording through the UI, a server killed mid-session (the file is whole
 * up to the kill), replay with the CLI against the same and a changed skill, and the app's own replay view.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ROOT, test } from './fixtures';
import { scaled } from './machine';

async function openGasEstimator(page: Page): Promise<void> {
  await page.getByTestId('skill-item').filter({ hasText: 'gas-estimator' }).locator('[data-skill-button]').click();
  await expect(page.locator('.skill-header').getByTestId('skill-status')).toContainText('ready');
}

async function runTool(page: Page, tool: string, fields: Record<string, string> = {}): Promise<void> {
  await page.getByTestId('tab-tools').click();
  await page.getByTestId('tool-item').filter({ hasText: tool }).click();
  for (const [name, value] of Object.entries(fields)) {
    const field = page.locator(`#args-${tool}_${name}`);
    if (name === 'operation') await field.selectOption({ label: value });
    else await field.fill(value);
  }
  const calls = page.locator('.skill-header').getByTestId('record-count');
  const counted = (await calls.count()) ? await calls.textContent() : null;
  await page.getByTestId('run-tool').click();
  await expect(page.getByTestId('tool-result')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('tool-result').locator('.result-tool')).toHaveText(tool);
  // The call is in the file before the UI shows it; the counter follows a moment later.
  if (counted !== null) await expect(calls).not.toHaveText(counted);
}

async function startRecording(page: Page, name: string): Promise<void> {
  await page.getByTestId('record-start').click();
  await page.getByTestId('record-name').fill(name);
  await page.getByTestId('record-name-submit').click();
  await expect(page.getByTestId('recording-indicator')).toBeVisible();
}

async function addNote(page: Page, text: string): Promise<void> {
  await page.getByTestId('record-note').click();
  await page.getByTestId('note-text').fill(text);
  await page.getByTestId('note-text-submit').click();
  await expect(page.getByTestId('note-text')).toBeHidden();
}

/** Toasts fade on their own; screenshots should not wait for that. */
async function shot(wb: { page: Page; shot(name: string): Promise<void> }, name: string): Promise<void> {
  const close = wb.page.locator('.toast-close');
  while ((await close.count()) > 0) await close.first().click({ timeout: scaled(2000) }).catch(() => undefined);
  await wb.shot(name);
}

function recordingFiles(home: string): string[] {
  const dir = path.join(home, 'recordings');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.jsonl')).map((n) => path.join(dir, n)) : [];
}

function cli(args: string[], home: string, cwd?: string) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), ...args], {
    cwd,
    env: { ...process.env, SKILLBENCH_HOME: home },
    encoding: 'utf8',
    timeout: scaled(30_000),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test.describe('with a server of its own', () => {
  // The test kills the server: not the worker's shared one.
  test.use({ ownServer: true });

  test('a session recorded through the UI is whole on disk after a SIGKILL, and replays with the CLI', async ({ wb }, testInfo) => {
    testInfo.skip(!wb.server, 'The workbench killed mid-session is the browser-mode server; the desktop app has none to kill.');
    const { page, home } = wb;
    await openGasEstimator(page);
    await startRecording(page, 'fees before the kill');
    await runTool(page, 'estimate_gas_cost', { operation: 'swap', gas_price_gwei: '30' });
    await runTool(page, 'compare_speeds', { operation: 'transfer', base_fee_gwei: '12' });
    await addNote(page, 'swap fee looks right');
    await runTool(page, 'list_operations');
    await runTool(page, 'estimate_gas_cost', { operation: 'nft_mint', gas_price_gwei: '18' });

    const [file] = recordingFiles(home);
    const onDisk = () => fs.readFileSync(file, 'utf8').trim().split('\n').length - 1;
    await expect(page.getByTestId('record-count')).toHaveText(new RegExp(`^${onDisk()} records$`));
    await shot(wb, 'recordings-header');

    // The workbench dies mid-session, with the recording still open.
    const exited = new Promise((r) => wb.server!.once('exit', r));
    wb.server!.kill('SIGKILL');
    await exited;

    expect(recordingFiles(home)).toEqual([file]);
    const text = fs.readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const records = text.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(records[0]).toMatchObject({ type: 'header', name: 'fees before the kill', skill: { name: 'gas-estimator', protocol: 'jsonrpc' } });
    const calls = records.filter((r) => r.type === 'call');
    expect(calls.map((c) => c.tool)).toEqual(['estimate_gas_cost', 'compare_speeds', 'list_operations', 'estimate_gas_cost']);
    expect(calls.every((c) => c.outcome.ok)).toBe(true);
    expect(calls[0].outcome.data).toMatchObject({ gas_limit: 150000 });
    expect(records.filter((r) => r.type === 'note').map((r) => r.text)).toContain('swap fee looks right');
    expect(records.filter((r) => r.type === 'message').length).toBeGreaterThanOrEqual(8);
    expect(records.some((r) => r.type === 'end')).toBe(false);

    // Replay with the CLI: against the same skill everything matches.
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-junit-'));
    // From the folder of the skills: a recording's skill runs only from within the folder replay runs in.
    const same = cli(['replay', file, '--junit', path.join(out, 'same.xml')], home, wb.skills);
    expect(same.stdout).toContain('All 4 calls matched.');
    expect(same.code).toBe(0);
    expect(fs.readFileSync(path.join(out, 'same.xml'), 'utf8')).toMatch(/<testsuites tests="4" failures="0"/);

    // Against a changed copy of the skill: the mismatch, exit 1, and a JUnit failure.
    const changed = path.join(out, 'gas-estimator');
    fs.cpSync(path.join(wb.skills, 'gas-estimator'), changed, { recursive: true });
    const py = path.join(changed, 'skill.py');
    fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace('"swap": 150000', '"swap": 160000'));
    const diff = cli(['replay', file, '--skill', changed, '--junit', path.join(out, 'changed.xml')], home);
    expect(diff.stdout).toContain('data.gas_limit: 150000 -> 160000 (it differs)');
    expect(diff.stdout).toContain('2 of 4 calls matched; 2 differed.'); // list_operations lists the swap too
    expect(diff.code).toBe(1);
    const junit = fs.readFileSync(path.join(out, 'changed.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites tests="4" failures="2"/);
    expect(junit).toContain('<failure message="data.gas_limit: 150000 -&gt; 160000 (it differs)">');
    fs.rmSync(out, { recursive: true, force: true });
  });
});

test('the app browses a recording and replays it: a changed skill differs side by side, and a tolerance makes it match', async ({ wb }, testInfo) => {
  const { page } = wb;
  await openGasEstimator(page);
  await startRecording(page, 'swap and transfer');
  await runTool(page, 'estimate_gas_cost', { operation: 'swap', gas_price_gwei: '30' });
  await addNote(page, 'checking the swap');
  await runTool(page, 'estimate_gas_cost', { operation: 'transfer', gas_price_gwei: '20' });
  await page.getByTestId('record-stop').click();
  await expect(page.getByTestId('record-start')).toBeVisible();

  // Browse it: the calls, the protocol messages and the timeline, as a live session shows them.
  await page.getByTestId('tab-recordings').click();
  const row = page.getByTestId('recording-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('swap and transfer');
  // Every clock is 24-hour, whatever the locale: the row's time and its full date in the tooltip.
  await expect(row).toContainText(/Today ([01]\d|2[0-3]):[0-5]\d:[0-5]\d/);
  await expect(row.locator('[title]').filter({ hasText: 'Today' })).toHaveAttribute('title', /^\d{4}-\d\d-\d\d ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
  await expect(page.getByTestId('recorded-call')).toHaveCount(2);
  await expect(page.getByTestId('recorded-call-detail').getByTestId('tool-result')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('recorded-call-detail')).toContainText('150000');
  await shot(wb, 'recordings-tab');
  await page.getByTestId('rec-tab-messages').click();
  await page.getByTestId('message-row').filter({ hasText: 'tools/call' }).first().click();
  await expect(page.getByRole('complementary', { name: 'Message details' })).toContainText('estimate_gas_cost');
  await shot(wb, 'recordings-browse-messages');
  await page.getByTestId('rec-tab-timeline').click();
  await expect(page.locator('.tl-entry')).toContainText(['checking the swap']);
  // The calls stand beside the note, as in the HTML report.
  await expect(page.getByTestId('timeline-call')).toHaveCount(2);
  await expect(page.locator('.tl-entry').filter({ hasText: 'estimate_gas_cost' })).toHaveCount(2);
  await shot(wb, 'recordings-browse-timeline');

  // A report: written next to the recording, and downloaded in the browser (the desktop app shows the path).
  const [file] = recordingFiles(wb.home);
  const report = file.replace(/\.jsonl$/, '.report.md');
  const download = testInfo.project.name === 'browser' ? page.waitForEvent('download') : null;
  await page.getByTestId('report-markdown').click();
  await expect(page.locator('.toast').filter({ hasText: report })).toBeVisible();
  if (download) expect((await download).suggestedFilename()).toBe(path.basename(report));
  expect(fs.readFileSync(report, 'utf8')).toMatch(/^# QA report: swap and transfer/);

  // The skill changes; replay in the app shows the call that now differs, next to the recorded one.
  const py = path.join(wb.skills, 'gas-estimator', 'skill.py');
  fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace('"swap": 150000', '"swap": 160000'));
  await page.getByTestId('replay-run').click();
  await expect(page.getByTestId('replay-summary')).toContainText('1 of 2 calls differ');
  const view = page.getByTestId('replay-case-view');
  await expect(view.getByTestId('sbs-recorded').locator('[data-marked]').filter({ hasText: '150000' })).toHaveCount(1);
  await expect(view.getByTestId('sbs-replayed').locator('[data-marked]').filter({ hasText: '160000' })).toHaveCount(1);
  await expect(view.getByTestId('replay-differences')).toContainText('data.gas_limit');
  // The differing call has the number it has in the Calls list, in the list and above its comparison.
  const n = await page.locator('[data-testid="replay-case"][data-match="false"] .rec-call-n').textContent();
  await expect(view.getByTestId('replay-case-title')).toHaveText(`Call ${n}: estimate_gas_cost`);
  await shot(wb, 'recordings-replay-diff');

  // A tolerance of 10% on numbers, saved into the recording; the replay runs again and the call matches.
  await view.getByTestId('tol-rel').fill('0.1');
  await view.getByTestId('tol-save').click();
  await expect(page.getByTestId('replay-summary')).toContainText('All 2 calls match');
  await expect(page.getByTestId('replay-case').first()).toContainText('tolerance');
  await view.getByTestId('tolerance-editor').scrollIntoViewIfNeeded();
  await shot(wb, 'recordings-replay-tolerance');
  const last = JSON.parse(fs.readFileSync(file, 'utf8').trim().split('\n').at(-1)!);
  expect(last).toMatchObject({ type: 'tolerance', tolerance: { numeric: { rel: 0.1 } } });
});
