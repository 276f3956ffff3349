/**
 * A trigger eval's result as the app shows it: each skill's precision and recall, the collision matrix (rows what
 * the query expects, columns the skill picked; right picks apart from wrong ones), a cell narrowing the queries
 * to its own, the model picked where there are several, the comparison without the skill; no serious
 * accessibility violation in either theme. The report has the shape `skillbench eval --json` prints for a trigger
 * suite (tests/trigger-eval.test.ts runs the real thing).
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { TriggerQueryInfo, TriggerReport, TriggerRun, TriggerSide } from '@contract';
import { TriggerMatrix } from '../../src-renderer/src/components/authoring/TriggerMatrix';
import { expectNoSeriousViolations } from './axe';

const runs = (...picks: (string | null)[]): TriggerRun[] => picks.map((picked, i) => ({ n: i + 1, picked, durationMs: 400, usage: {} }));

const QUERIES: TriggerQueryInfo[] = [
  { id: 1, query: 'write the changelog for v2.3', should: 'release-notes', source: 'suite', row: 'release-notes' },
  { id: 2, query: "what's the capital of Portugal?", should: null, source: 'suite', row: '(none)' },
  { id: 3, query: 'fill the supplier invoice form', should: 'invoice-pdf', source: 'invoice-pdf/evals/evals.json', row: 'invoice-pdf' },
  { id: 4, query: 'plot the revenue column as a bar chart', shouldNot: 'sheet-tidy', source: 'suite', row: '(not sheet-tidy)' },
];

const side = (model: string, variant: TriggerSide['variant'], over: Partial<TriggerSide> = {}): TriggerSide => ({
  model,
  variant,
  queries: [
    { query: 1, runs: runs('invoice-pdf', 'invoice-pdf'), triggerRate: 0, pass: false },
    { query: 2, runs: runs(null, null), triggerRate: 0, pass: true },
    { query: 3, runs: runs('invoice-pdf', null), triggerRate: 0.5, pass: true },
    { query: 4, runs: runs('sheet-tidy', null), triggerRate: 0.5, pass: false },
  ],
  skills: [
    { skill: 'invoice-pdf', expected: 2, picked: 3, hits: 1, precision: 1 / 3, recall: 0.5, nearMisses: { runs: 0, picked: 0 } },
    { skill: 'release-notes', expected: 2, picked: 0, hits: 0, precision: null, recall: 0, nearMisses: { runs: 0, picked: 0 } },
    { skill: 'sheet-tidy', expected: 0, picked: 1, hits: 0, precision: 0, recall: null, nearMisses: { runs: 2, picked: 1 } },
  ],
  matrix: {
    rows: ['invoice-pdf', 'release-notes', '(not sheet-tidy)', '(none)'],
    columns: ['invoice-pdf', 'release-notes', 'sheet-tidy', '(none)'],
    counts: [
      [1, 0, 0, 1],
      [2, 0, 0, 0],
      [0, 0, 1, 1],
      [0, 0, 0, 2],
    ],
  },
  passed: 2,
  errors: 0,
  ...over,
});

const REPORT: TriggerReport = {
  kind: 'trigger',
  suite: { file: '/ws/.claude/skills/invoice-pdf/.skillbench/evals/triggers.yaml', name: 'workspace triggers' },
  activation: 'both',
  runs: 2,
  threshold: 0.5,
  variants: [
    {
      id: 'workspace',
      label: 'the workspace',
      skills: ['invoice-pdf', 'release-notes', 'sheet-tidy'].map((name) => ({ name, description: `${name} does things`, location: `/ws/.claude/skills/${name}/SKILL.md` })),
      promptTokens: 240,
    },
    { id: 'without', label: 'without invoice-pdf', skills: [] },
  ],
  models: [
    { id: 'small', label: 'Local llama', provider: 'openai', model: 'llama3.2' },
    { id: 'large', label: 'Claude', provider: 'anthropic', model: 'claude-sonnet-4-5' },
  ],
  queries: QUERIES,
  sides: [
    side('small', 'workspace'),
    side('large', 'workspace', { skills: [{ skill: 'invoice-pdf', expected: 2, picked: 2, hits: 2, precision: 1, recall: 1, nearMisses: { runs: 0, picked: 0 } }], passed: 4, queries: side('x', 'workspace').queries.map((q) => ({ ...q, pass: true })) }),
    side('small', 'without'),
    side('large', 'without'),
  ],
  comparison: {
    skill: 'invoice-pdf',
    against: 'without',
    againstLabel: 'without invoice-pdf',
    queries: [3],
    deltas: [
      { query: 3, model: 'small', with: 0.5, against: 0 },
      { query: 3, model: 'large', with: 1, against: 0 },
    ],
    outputs: [{ id: '1', prompt: 'fill the supplier invoice form', model: 'small', with: { answer: 'EUR 240.00', expectations: [], passRate: 1 }, against: { answer: '240', expectations: [], passRate: 0.5 } }],
  },
  pass: false,
  errors: 0,
  durationMs: 5400,
};

const texts = (testId: string) => page.getByTestId(testId).elements().map((e) => e.textContent);

describe('TriggerMatrix', () => {
  it('shows each skill’s precision and recall, the matrix, a cell’s queries, another model, and the comparison', async () => {
    await render(<TriggerMatrix report={REPORT} />);
    await expect.element(page.getByTestId('trigger-summary')).toHaveTextContent('2 of 8 fall short4 queries against 3 skills · 2 runs each · threshold 50% · 5.4 s');
    expect(texts('trigger-skill')).toEqual(['invoice-pdf2333%50%–', 'release-notes20–0%–', 'sheet-tidy010%–1 of 2']);
    const matrix = page.getByTestId('trigger-matrix');
    expect(matrix.getByRole('columnheader').elements().map((e) => e.textContent)).toEqual(['Expected \\ picked', 'invoice-pdf', 'release-notes', 'sheet-tidy', '(none)']);
    expect(matrix.getByRole('rowheader').elements().map((e) => e.textContent)).toEqual(['invoice-pdf', 'release-notes', '(not sheet-tidy)', '(none)']);
    // Right picks (the expected skill; anything but the near miss's skill; none for none) apart from wrong ones.
    expect(page.getByTestId('trigger-cell').elements().map((e) => [e.getAttribute('data-row'), e.getAttribute('data-col'), e.textContent, e.getAttribute('data-right') === 'true' ? 'right' : 'wrong'])).toEqual([
      ['invoice-pdf', 'invoice-pdf', '1', 'right'],
      ['invoice-pdf', '(none)', '1', 'wrong'],
      ['release-notes', 'invoice-pdf', '2', 'wrong'],
      ['(not sheet-tidy)', 'sheet-tidy', '1', 'wrong'],
      ['(not sheet-tidy)', '(none)', '1', 'right'],
      ['(none)', '(none)', '2', 'right'],
    ]);
    expect(page.getByTestId('trigger-query').elements().map((e) => e.getAttribute('data-pass'))).toEqual(['false', 'true', 'true', 'false']);
    expect(texts('trigger-query')[0]).toContain('write the changelog for v2.3expects release-notestrigger rate 0%invoice-pdf 2/2');

    await page.getByRole('button', { name: '2 runs expecting release-notes picked invoice-pdf (wrong)' }).click();
    await expect.element(page.getByRole('heading', { name: /Queries expecting release-notes that picked invoice-pdf/ })).toBeVisible();
    expect(texts('trigger-query')).toHaveLength(1);
    await page.getByRole('button', { name: 'Show all' }).click();
    expect(texts('trigger-query')).toHaveLength(4);

    expect(texts('trigger-delta')).toEqual(['fill the supplier invoice forminvoice-pdf50%0%']);
    await expect.element(page.getByTestId('trigger-comparison-figures')).toHaveTextContent('Precision 33% → 33%, recall 50% → 50%');
    expect(texts('trigger-output')).toEqual(['fill the supplier invoice form100% with its instructions, 50% without']);

    await page.getByTestId('trigger-model').selectOptions('large');
    await expect.element(page.getByTestId('trigger-skill')).toHaveTextContent('invoice-pdf22100%100%–');
    expect(texts('trigger-delta')).toEqual(['fill the supplier invoice forminvoice-pdf100%0%']);
    expect(page.getByTestId('trigger-output').elements()).toHaveLength(0);
  });

  it('has no serious accessibility violation in either theme', async () => {
    const { container } = await render(<TriggerMatrix report={REPORT} />);
    await expectNoSeriousViolations(container);
  });
});
