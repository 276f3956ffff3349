/**
 * A skill author's first hour, end to end in the UI (issue 11, section 2): the Doctor never goes stale
 * (it checks again when the skill's files change and when its tab opens, in plain words and 24-hour
 * times, headings in order); a saved request's checks are tuned in an editor and a failed run shows its
 * fields side by side, a value picked in a result becomes a check ("Check this") and a path that finds nothing
 * offers the nearest that exists; any call is copied as a `skillbench call` line that a real shell runs to the
 * same result.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, ROOT, test, type Workbench } from './fixtures';
import { finishPriceAlertsSetup, GOOD_KEY, openSkill, openTab, openTool, run, shotBothSizes, shotBothThemes } from './helpers';
import { scaled } from './machine';


/** The levels of the visible headings in document order: none may be more than one deeper than the one before. */
async function headingJumps(page: Page): Promise<string[]> {
  // A string, run in the page: this file is compiled without the DOM's types.
  const levels = await page.evaluate<{ level: number; text: string }[]>(`[...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    .filter((h) => h.offsetParent !== null)
    .map((h) => ({ level: Number(h.tagName[1]), text: (h.textContent || '').trim() }))`);
  const jumps: string[] = [];
  levels.forEach((h, i) => {
    const before = i ? levels[i - 1].level : 1;
    if (h.level > before + 1) jumps.push(`h${before} then h${h.level} "${h.text}"`);
  });
  return jumps;
}

/** `skillbench` on PATH for a shell, as a user who installed it has it. */
async function allowClipboard(wb: Workbench): Promise<void> {
  if (wb.url) await wb.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(wb.url).origin });
}

const clipboard = (page: Page) => page.evaluate<string>('navigator.clipboard.readText()');

/** Clicks a copy button and waits for what it put on the clipboard (it asks the workbench to mask secrets first). */
async function copied(page: Page, button: Locator): Promise<string> {
  await page.evaluate('navigator.clipboard.writeText("")');
  await button.click();
  let text = '';
  await expect.poll(async () => (text = await clipboard(page))).not.toBe('');
  return text;
}

test('the Doctor checks again when the skill’s files change and when its tab opens, in plain words', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'gas-estimator');
  await openTab(page, 'doctor');
  const verdict = page.getByTestId('doctor-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'ok');
  await expect(page.getByTestId('doctor-clean')).toBeVisible();
  // Plain words first, the code as a small label; the time as the rest of the app shows it (24-hour).
  const started = page.getByTestId('finding').filter({ has: page.locator('[data-code="LIVE_STARTED"]') }).or(page.locator('[data-code="LIVE_STARTED"]'));
  await expect(started.getByTestId('finding-title')).toHaveText('Started, and listed its tools');
  await expect(page.getByTestId('doctor-checked-at')).toHaveText(/^ · checked at ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
  expect(await headingJumps(page)).toEqual([]);

  // A broken save while the tab is open: the verdict turns without a click, naming the file and line.
  const py = path.join(wb.skills, 'gas-estimator', 'skill.py');
  const good = fs.readFileSync(py, 'utf8');
  const broken = good.replace('def estimate(args):', 'def estimate(args)');
  const line = broken.split('\n').findIndex((l) => l.startsWith('def estimate(args)')) + 1;
  fs.writeFileSync(py, broken);
  await expect(verdict).toHaveAttribute('data-verdict', 'error');
  const syntax = page.getByTestId('doctor-group-error').locator('[data-code="PYTHON_SYNTAX"]');
  await expect(syntax.getByTestId('finding-title')).toHaveText('Python syntax error');
  await expect(syntax).toContainText(`skill.py:${line}`);
  await expect(syntax.locator('.code-badge')).toHaveText('PYTHON_SYNTAX');
  await expect(page.getByTestId('doctor-checked-at')).toContainText('after a change to skill.py');
  expect(await headingJumps(page)).toEqual([]);
  await shotBothSizes(wb, 'first-hour-doctor-syntax-error');

  // The Tools tab says the same; the fix is made there, and the Doctor checks again as its tab opens.
  await openTab(page, 'tools');
  await expect(page.getByTestId('reload-notice')).toHaveAttribute('data-kind', 'syntax-error');
  fs.writeFileSync(py, good);
  await expect(page.getByTestId('reload-notice')).toHaveAttribute('data-kind', 'reloaded');
  await openTab(page, 'doctor');
  await expect(verdict).toHaveAttribute('data-verdict', 'ok');
  await expect(page.getByTestId('doctor-group-error')).toHaveCount(0);
  await shotBothSizes(wb, 'first-hour-doctor-clean');
});

test('a saved request’s checks are tuned: a failed run shows its fields side by side, a field is left out, a tolerance is set', async ({ wb }) => {
  const { page } = wb;
  await openSkill(page, 'gas-estimator');
  await openTool(page, 'estimate_gas_cost');
  await page.locator('#args-estimate_gas_cost_operation').selectOption({ label: 'swap' });
  await page.locator('#args-estimate_gas_cost_gas_price_gwei').fill('30');
  await run(page);

  // Save, expecting the last result, plus a pattern check on one field.
  await page.getByTestId('save-request').click();
  await page.getByTestId('save-request-name').fill('swap at 30');
  await page.getByTestId('save-request-new-name').fill('tuned');
  await page.getByTestId('save-request-expect').check();
  const editor = page.getByTestId('assertion-editor');
  await expect(editor.getByTestId('check-row')).toHaveCount(2);
  await expect(editor.getByTestId('check-row').nth(1)).toHaveAttribute('data-kind', 'equals');
  await page.getByTestId('check-add').click();
  const third = editor.getByTestId('check-row').nth(2);
  await third.getByTestId('check-kind').selectOption('matches');
  await third.getByTestId('check-path').fill('data.cost_eth');
  await third.getByTestId('check-pattern').fill('^0\\.00');
  await shotBothSizes(wb, 'first-hour-save-checks', { keepToasts: true });
  await page.getByTestId('save-request-submit').click();
  const file = path.join(wb.skills, 'gas-estimator', '.skillbench', 'collections', 'tuned', 'swap-at-30.json');
  await expect(page.getByTestId('saved-request').filter({ hasText: 'swap at 30' })).toBeVisible();
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(saved.assertions).toEqual([
    { is_error: false },
    { equals: { cost_eth: 0.0045, cost_usd: 13.5, gas_limit: 150000 } },
    { path: 'data.cost_eth', matches: '^0\\.00' },
  ]);

  await page.getByTestId('collection-run').click();
  await page.getByTestId('collection-run-start').click();
  await expect(page.getByTestId('collection-run-summary')).toContainText('The request passed');
  await page.getByRole('button', { name: 'Close' }).click();

  // The skill now stamps its answers and rounds its dollars differently.
  const py = path.join(wb.skills, 'gas-estimator', 'skill.py');
  fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace('"cost_usd": round(usd, 2)}', '"cost_usd": round(usd, 2) + 0.04, "quoted_at": "12:00:01"}'));
  await expect(page.getByTestId('reload-notice')).toHaveAttribute('data-kind', 'reloaded');
  await page.getByTestId('collection-run').click();
  await page.getByTestId('collection-run-start').click();
  await expect(page.getByTestId('collection-run-summary')).toContainText('The request failed');
  const failure = page.getByTestId('check-failure');
  await expect(failure).toHaveCount(1);
  await expect(failure).toHaveAttribute('data-check', '2');
  const sbs = failure.getByTestId('check-side-by-side');
  await expect(sbs.getByTestId('sbs-recorded')).toContainText('Expected');
  await expect(sbs.getByTestId('sbs-replayed')).toContainText('Actual');
  await expect(sbs.getByTestId('sbs-replayed').locator('.sbs-line.marked')).toHaveCount(2);
  await expect(sbs.getByTestId('sbs-replayed').locator('.sbs-line.marked').first()).toContainText('13.54');
  const diffs = failure.getByTestId('check-differences').getByTestId('difference');
  await expect(diffs).toHaveCount(2);
  await expect(diffs.filter({ hasText: 'data.quoted_at' })).toContainText('it is not expected');
  await shotBothSizes(wb, 'first-hour-run-field-diff', { keepToasts: true });

  // Leave the stamp out, from the failure itself: the file changes and the run goes again.
  await diffs.filter({ hasText: 'data.quoted_at' }).getByTestId('difference-ignore').click();
  await expect(failure.getByTestId('check-differences').getByTestId('difference')).toHaveCount(1);
  await expect(failure.getByTestId('check-differences')).toContainText('data.cost_usd');
  expect(JSON.parse(fs.readFileSync(file, 'utf8')).assertions[1].ignore).toEqual(['data.quoted_at']);
  await page.getByRole('button', { name: 'Close' }).click();

  // A numeric tolerance in the check editor of the saved request.
  await page.getByTestId('saved-request-checks').click();
  const edit = page.getByTestId('assertion-editor');
  const equals = edit.getByTestId('check-row').nth(1);
  await expect(equals.getByTestId('check-ignore')).toHaveValue('data.quoted_at');
  await equals.getByTestId('check-abs').fill('0.1');
  await shotBothSizes(wb, 'first-hour-edit-checks', { keepToasts: true });
  await page.getByTestId('checks-save').click();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  expect(JSON.parse(fs.readFileSync(file, 'utf8')).assertions[1]).toEqual({
    equals: { cost_eth: 0.0045, cost_usd: 13.5, gas_limit: 150000 },
    ignore: ['data.quoted_at'],
    numeric: { abs: 0.1 },
  });
  await page.getByTestId('collection-run').click();
  await page.getByTestId('collection-run-start').click();
  await expect(page.getByTestId('collection-run-summary')).toContainText('The request passed');
  await page.getByRole('button', { name: 'Close' }).click();

  // skillbench run judges the collection by the same checks.
  const dir = path.dirname(file);
  const cli = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'run', dir], { encoding: 'utf8', env: { ...process.env, SKILLBENCH_HOME: wb.home } });
  expect(cli.stdout).toContain('the request passed.');
  expect(cli.status).toBe(0);

  // Check this: a value picked in the result becomes a check with its path written for it. A path typed as the
  // result shows the field works too; one with a slip says what is there and the nearest path, which one click puts right.
  const result = page.getByTestId('tool-result');
  await result.getByRole('button', { name: '150000', exact: true }).click();
  await shotBothThemes(wb, 'checks-pick-value');
  await result.getByTestId('json-pick-action').click();
  const rows = page.getByTestId('assertion-editor').getByTestId('check-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-kind', 'equals');
  await expect(rows.first().getByTestId('check-path')).toHaveValue('data.gas_limit');
  await expect(rows.first().getByTestId('check-value')).toHaveValue('150000');
  await expect(page.getByTestId('checks-paths-hint')).toContainText('data.cost_usd');
  await page.getByTestId('save-request-name').fill('gas limit');
  await page.getByTestId('check-add').click();
  await rows.nth(1).getByTestId('check-kind').selectOption('exists');
  await rows.nth(1).getByTestId('check-path').fill('cost_usdd');
  await shotBothThemes(wb, 'checks-pick-save', { keepToasts: true });
  await page.getByTestId('save-request-submit').click();
  await expect(page.getByTestId('saved-request').filter({ hasText: 'gas limit' })).toBeVisible();
  const picked = path.join(dir, 'gas-limit.json');
  expect(JSON.parse(fs.readFileSync(picked, 'utf8')).assertions).toEqual([{ path: 'data.gas_limit', equals: 150000 }, { path: 'cost_usdd' }]);

  await page.getByTestId('collection-run').click();
  await page.getByTestId('collection-run-start').click();
  await expect(page.getByTestId('collection-run-summary')).toContainText('1 of 2 failed');
  const slip = page.getByTestId('run-result').filter({ hasText: 'gas limit' }).getByTestId('assertion-result').nth(1);
  await expect(slip).toHaveAttribute('data-pass', 'false');
  await expect(slip).toContainText('there is nothing at cost_usdd (did you mean cost_usd?); the result is {"gas_limit":150000,');
  await shotBothThemes(wb, 'checks-nothing-at', { keepToasts: true });
  await slip.getByTestId('check-use-suggestion').click();
  await expect(page.getByTestId('collection-run-summary')).toContainText('All 2 passed');
  expect(JSON.parse(fs.readFileSync(picked, 'utf8')).assertions[1]).toEqual({ path: 'cost_usd' });
  await page.getByRole('button', { name: 'Close' }).click();
});

test('copy as command: the form, a result and a history row give a skillbench call line a shell runs to the same result', async ({ wb }) => {
  const { page } = wb;
  await allowClipboard(wb);
  // No skillbench on PATH here (none is linked): the line names the launcher by its path, and runs from another folder.
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-paste-'));
  const shell = (line: string) => spawnSync('sh', ['-c', line], { cwd: elsewhere, encoding: 'utf8', env: { ...process.env, SKILLBENCH_HOME: wb.home } });
  try {
    await openSkill(page, 'greeter-app', /ready|stopped|idle/);
    await openTool(page, 'greet someone');
    const name = `O'Brien "$HOME" \`id\` $(id); naïve ✓`;
    await page.getByLabel('name').fill(name);

    // From the form, before anything ran: the shell's answer is the app's answer.
    const fromForm = await copied(page, page.getByTestId('copy-command'));
    expect(fromForm).toMatch(/^(skillbench|node \S+\/bin\/skillbench\.cjs) call \S+ 'greet someone' --args '/);
    const result = await run(page);
    const appGot = JSON.parse(await copied(page, result.getByRole('button', { name: 'Copy the result' })));
    expect(appGot).toEqual({ message: `Hello ${name}!` });
    const ran = shell(fromForm);
    expect(ran.stderr).toBe('');
    expect(JSON.parse(ran.stdout)).toEqual(appGot);

    // The result pane and the history give the same line.
    expect(await copied(page, result.getByTestId('result-copy-command'))).toBe(fromForm);
    await page.getByTestId('result-tab-history').click();
    expect(await copied(page, page.getByTestId('history-row').first().getByTestId('history-copy-command'))).toBe(fromForm);
    await shotBothSizes(wb, 'first-hour-copy-command');

    // A folder with several skills: --skill picks this one.
    await openSkill(page, 'build_analysis');
    await openTool(page, 'analyze');
    const agent = await copied(page, page.getByTestId('copy-command'));
    expect(agent).toMatch(/ analyze --skill build_analysis --args '\{"target":"ci_builds"/);
    await run(page);
    const agentRan = shell(agent);
    expect(agentRan.status).toBe(0);
    // The terminal prints the structured result; the app shows the same insights and metrics.
    const data = JSON.parse(agentRan.stdout) as { insights: string[]; metrics: { total: number; success_rate: number } };
    const pane = page.getByTestId('tool-result');
    for (const insight of data.insights) await expect(pane).toContainText(insight);
    await expect(pane).toContainText(`total:${data.metrics.total}succeeded`);
    await expect(pane).toContainText(`success_rate:${data.metrics.success_rate}trend`);
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('copy as command never puts a secret of the skill on the clipboard', async ({ wb }) => {
  const { page } = wb;
  await allowClipboard(wb);
  // The API key given in setup is a secret the workbench keeps: typed into a tool's field, it is masked.
  await openSkill(page, 'Price alerts', /needs setup/);
  await finishPriceAlertsSetup(page);
  await openTool(page, 'remove_alert');
  await page.locator('#args-remove_alert_id').fill(GOOD_KEY);
  const line = await copied(page, page.getByTestId('copy-command'));
  expect(line).not.toContain(GOOD_KEY);
  expect(line).toMatch(/ remove_alert --args '\{"id":"••••"\}'$/);
  await expect(page.locator('.toast').filter({ hasText: 'shown as •••• in it: put the value in before you run it' })).toBeVisible();
  // The call's own copy (its arguments as the workbench kept them) is masked the same way.
  const result = await run(page, false);
  await expect(result).not.toContainText(GOOD_KEY);
  expect(await copied(page, result.getByTestId('result-copy-command'))).toBe(line);
});

test('a skill that writes into its own folder as it starts is told so, and does not keep the Doctor checking', async ({ wb }) => {
  const { page } = wb;
  const py = path.join(wb.skills, 'gas-estimator', 'skill.py');
  fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace('import sys\n', 'import sys\nimport pathlib, time\npathlib.Path(__file__).with_name("last-start.txt").write_text(str(time.time()))\n'));
  await openSkill(page, 'gas-estimator');
  await openTab(page, 'doctor');
  const finding = page.locator('[data-code="WRITES_OWN_FOLDER"]');
  await expect(finding.getByTestId('finding-title')).toHaveText('The skill writes into its own folder');
  await expect(finding).toContainText('last-start.txt');
  await expect(page.getByTestId('doctor-verdict')).toHaveAttribute('data-verdict', 'warning');
  // Each check starts the skill, which writes the file again: once two checks have seen it do so, that
  // change sets off no more. The check's time settles (the hot-reload pause is 0.3 s; a check about 1 s).
  const checkedAt = page.getByTestId('doctor-checked-at');
  await expect(async () => {
    const at = await checkedAt.textContent();
    await page.waitForTimeout(3000);
    expect(await checkedAt.textContent()).toBe(at);
  }).toPass({ timeout: scaled(30_000) });
  // A change of the author's own still sets it off.
  fs.writeFileSync(path.join(wb.skills, 'gas-estimator', 'SKILL.md'), `${fs.readFileSync(path.join(wb.skills, 'gas-estimator', 'SKILL.md'), 'utf8')}\nMore words.\n`);
  await expect(checkedAt).toContainText('after a change to SKILL.md');
});
