/**
 * Number fields of the arguments form (widgets.tsx): a text box that keeps what was typed, so "12abc" is shown and
 * refused rather than silently emptied as a browser's number input does; integers and numbers told apart; an empty
 * field sends nothing while 0 sends 0; minimum and maximum said in plain words.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { FormHarness } from './form-harness';
import { expectNoSeriousViolations } from './axe';

const schema = {
  type: 'object',
  properties: {
    count: { type: 'integer', title: 'Count', minimum: 1, maximum: 10 },
    ratio: { type: 'number', title: 'Ratio', exclusiveMinimum: 0 },
  },
};

const args = () => JSON.parse(page.getByTestId('args').element().textContent) as Record<string, unknown>;
const count = () => page.getByRole('textbox', { name: 'Count' });
const ratio = () => page.getByRole('textbox', { name: 'Ratio' });
const run = () => page.getByRole('button', { name: 'Run' }).click();

describe('number fields', () => {
  it('are text boxes with the keyboard for whole numbers or for decimals', async () => {
    await render(<FormHarness schema={schema} />);
    await expect.element(count()).toHaveAttribute('type', 'text');
    await expect.element(count()).toHaveAttribute('inputmode', 'numeric');
    await expect.element(ratio()).toHaveAttribute('inputmode', 'decimal');
  });

  it('send numbers, not the text typed', async () => {
    await render(<FormHarness schema={schema} />);
    await count().fill('7');
    await ratio().fill('2.5');
    expect(args()).toEqual({ count: 7, ratio: 2.5 });
  });

  it('send nothing when empty and 0 when 0', async () => {
    await render(<FormHarness schema={{ type: 'object', properties: { n: { type: 'number', title: 'N' } } }} />);
    const n = page.getByRole('textbox', { name: 'N' });
    await expect.element(n).toHaveValue('');
    expect(args()).not.toHaveProperty('n');
    await n.fill('0');
    expect(args()).toEqual({ n: 0 });
    await expect.element(n).toHaveValue('0');
    await n.clear();
    expect(args().n).toBeUndefined();
  });

  it('keep letters, say "Not a number" once, and leave the text for the schema to refuse', async () => {
    await render(<FormHarness schema={schema} />);
    await count().fill('12abc');
    await expect.element(count()).toHaveValue('12abc');
    await expect.element(count()).toBeInvalid();
    await expect.element(count()).toHaveAccessibleErrorMessage('Not a number');
    expect(args().count).toBe('12abc');
    await run();
    // rjsf lists the schema's message under the field now; the inline one steps aside.
    await expect.element(page.getByText('Not a number')).toBeVisible();
    expect(page.getByText('Not a number').elements()).toHaveLength(1);
  });

  it('do not complain about a number half typed until the caret leaves', async () => {
    await render(<FormHarness schema={schema} />);
    await ratio().fill('-');
    await expect.element(ratio()).not.toBeInvalid();
    expect(page.getByTestId('not-a-number').query()).toBeNull();
    await userEvent.tab();
    await expect.element(page.getByTestId('not-a-number')).toHaveTextContent('Not a number');
  });

  it('refuse a fraction for an integer', async () => {
    await render(<FormHarness schema={schema} />);
    await count().fill('2.5');
    expect(args().count).toBe(2.5);
    await run();
    await expect.element(page.getByText('Must be a whole number')).toBeVisible();
  });

  it('say the minimum and maximum in words', async () => {
    await render(<FormHarness schema={schema} />);
    await run();
    await count().fill('0');
    await expect.element(page.getByText('Must be 1 or more')).toBeVisible();
    await count().fill('11');
    await expect.element(page.getByText('Must be 10 or less')).toBeVisible();
    await count().fill('10');
    expect(page.getByText(/Must be/).elements()).toHaveLength(0);
    await ratio().fill('0');
    await expect.element(page.getByText('Must be more than 0')).toBeVisible();
  });

  it('have no serious accessibility violation, with an error shown, in either theme', async () => {
    const { container } = await render(<FormHarness schema={schema} />);
    await count().fill('x');
    await ratio().fill('0');
    await run();
    await expect.element(page.getByText('Must be more than 0')).toBeVisible();
    await expectNoSeriousViolations(container);
  });
});
