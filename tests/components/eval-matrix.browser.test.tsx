/**
 * An eval's result as the app shows it: cases down, models across, each cell its passing runs against the case's
 * pass rate; the first cell that fell short open on what its runs did against what was expected, field by field;
 * another cell a click away; no serious accessibility violation in either theme. The report has the shape
 * `skillbench eval --json` prints (tests/eval-run.test.ts runs the real thing).
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { EvalCell, EvalReport, EvalRun } from '@contract';
import { EvalMatrix } from '../../src-renderer/src/components/authoring/EvalMatrix';
import { expectNoSeriousViolations } from './axe';

const run = (n: number, pass: boolean, extra: Partial<EvalRun> = {}): EvalRun => ({
  n,
  pass,
  checks: pass ? [{ kind: 'tool', expected: 'get_price {"symbol":"BTC"}', pass: true, message: 'called with {"symbol":"BTC"}' }] : [],
  toolCalls: [{ tool: 'get_price', arguments: { symbol: 'BTC' }, ok: true }],
  answer: 'BTC is at 60k.',
  durationMs: 800,
  usage: {},
  ...extra,
});

const wrong = run(2, false, {
  toolCalls: [{ tool: 'get_price', arguments: { symbol: 'ETH' }, ok: true }],
  answer: 'ETH is at 3k.',
  checks: [
    {
      kind: 'tool',
      expected: 'get_price {"symbol":"BTC"}',
      pass: false,
      message: 'it was called with {"symbol":"ETH"}',
      differences: [{ path: 'arguments.symbol', recorded: 'BTC', replayed: 'ETH', why: 'it differs' }],
    },
    { kind: 'answer', expected: 'the answer contains "BTC"', pass: false, message: 'the answer was "ETH is at 3k."' },
  ],
});

const cell = (c: string, m: string, runs: EvalRun[], threshold: number, extra: Partial<EvalCell> = {}): EvalCell => {
  const passed = runs.filter((r) => r.pass).length;
  return { case: c, model: m, runs, passed, rate: runs.length ? passed / runs.length : 0, threshold, pass: passed >= Math.ceil(threshold * 3 - 1e-9), ...extra };
};

const REPORT: EvalReport = {
  suite: { file: '/skills/prices/.skillbench/evals/prices.yaml', name: 'prices' },
  skill: { name: 'Price alerts', dir: '/skills/prices' },
  models: [
    { id: 'small', label: 'Local llama', provider: 'openai', model: 'llama3.2', baseUrl: 'http://localhost:11434/v1' },
    { id: 'large', label: 'Claude', provider: 'anthropic', model: 'claude-sonnet-4-5' },
  ],
  cases: [
    { name: 'looks up a price', turns: ['what is BTC doing?'], runs: 3, passRate: 0.66 },
    { name: 'never purges', turns: ['clean up'], runs: 3, passRate: 1 },
  ],
  cells: [
    cell('looks up a price', 'small', [run(1, true), wrong, run(3, false, { checks: [{ kind: 'tool', expected: 'get_price {"symbol":"BTC"}', pass: false, message: 'the model called no tool' }], toolCalls: [] })], 0.66),
    cell('looks up a price', 'large', [run(1, true), run(2, true), run(3, true)], 0.66),
    cell('never purges', 'small', [run(1, true), run(2, true), run(3, true)], 1),
    cell('never purges', 'large', [], 1, { error: 'The model could not be reached at https://api.anthropic.com.', pass: false }),
  ],
  pass: false,
  errors: 1,
  durationMs: 5400,
};

describe('EvalMatrix', () => {
  it('shows cases × models with each cell’s runs, opens the first that fell short field by field, and another on a click', async () => {
    await render(<EvalMatrix report={REPORT} />);
    await expect.element(page.getByTestId('eval-summary')).toHaveTextContent('1 of 4 fall short2 cases × 2 models · 1 could not run · 5.4 s');
    expect(page.getByRole('columnheader').elements().map((e) => e.textContent)).toEqual(['Case', 'Local llama', 'Claude']);
    expect(page.getByTestId('eval-cell').elements().map((e) => [e.getAttribute('data-case'), e.getAttribute('data-model'), e.getAttribute('data-pass'), e.textContent])).toEqual([
      ['looks up a price', 'small', 'false', '1/333%'],
      ['looks up a price', 'large', 'true', '3/3100%'],
      ['never purges', 'small', 'true', '3/3100%'],
      ['never purges', 'large', 'false', 'error'],
    ]);
    const detail = page.getByTestId('eval-cell-detail');
    await expect.element(detail.getByRole('heading').first()).toHaveTextContent('looks up a price on Local llama: 1 of 3 runs passed (needs 2)');
    expect(detail.getByTestId('eval-run').elements().map((e) => e.getAttribute('data-pass'))).toEqual(['true', 'false', 'false']);
    const checks = detail.getByTestId('eval-check').elements();
    expect(checks[0].textContent).toContain('Expected get_price {"symbol":"BTC"}');
    expect(checks[0].textContent).toContain('The model it was called with {"symbol":"ETH"}');
    expect(page.getByTestId('difference').elements().map((e) => e.getAttribute('data-path'))).toEqual(['arguments.symbol']);
    expect(page.getByTestId('difference').element().textContent).toContain('"BTC"→"ETH"');

    await page.getByRole('button', { name: 'error' }).click();
    await expect.element(page.getByTestId('eval-cell-detail').getByRole('heading').first()).toHaveTextContent('never purges on Claude: could not run');
    expect(page.getByTestId('eval-cell-detail').element().textContent).toContain('The model could not be reached at https://api.anthropic.com.');
    expect(page.getByTestId('eval-run').elements()).toHaveLength(0);
  });

  it('has no serious accessibility violation in either theme', async () => {
    const { container } = await render(<EvalMatrix report={REPORT} />);
    await expectNoSeriousViolations(container);
  });
});
