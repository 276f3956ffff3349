/**
 * The form generated from a Pydantic-style schema (ArgsForm with the app's templates): one input per optional scalar,
 * a labelled chooser for an optional object or list, $defs followed, the allOf-wrapped default filled in and kept.
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { FormHarness } from './form-harness';
import { pydanticSchema } from './pydantic-schema';
import { expectNoSeriousViolations } from './axe';

const args = () => JSON.parse(page.getByTestId('args').element().textContent) as Record<string, unknown>;

describe('schema form from a Pydantic schema', () => {
  it('starts from the schema defaults, the allOf-wrapped one included', async () => {
    await render(<FormHarness schema={pydanticSchema()} />);
    expect(args()).toEqual({ age: null, colour: null, home: { street: 'Main', city: 'Oslo' }, work: null, tags: null });
    const home = page.getByRole('group', { name: /Address/ });
    await expect.element(home.getByRole('textbox', { name: /^Street/ })).toHaveValue('Main');
    await expect.element(home.getByText('Where they live')).toBeVisible();
  });

  it('labels fields with their titles, shows the JSON key beside them and marks the required ones', async () => {
    await render(<FormHarness schema={pydanticSchema()} />);
    const name = page.getByRole('textbox', { name: /^Name/ });
    await expect.element(name).toBeRequired();
    await expect.element(name).toHaveAccessibleDescription('Who to greet');
    await expect.element(page.getByText('name', { exact: true })).toHaveClass('fld-key');
    await expect.element(page.getByRole('textbox', { name: 'Age' })).not.toBeRequired();
    // The root title ("greetArguments") is dropped: the tool's name is already on screen.
    expect(page.getByText('greetArguments').query()).toBeNull();
  });

  it('draws an optional scalar as one input and an optional enum as one list', async () => {
    await render(<FormHarness schema={pydanticSchema()} />);
    await expect.element(page.getByRole('textbox', { name: 'Age' })).toHaveValue('');
    const colour = page.getByRole('combobox', { name: 'Colour' });
    await colour.selectOptions('green');
    expect(args().colour).toBe('green');
    expect(page.getByRole('option', { name: 'Set a value' }).elements()).toHaveLength(1); // only the tags' chooser
  });

  it('offers an optional object as a labelled choice, and shows its $defs fields once chosen', async () => {
    await render(<FormHarness schema={pydanticSchema()} />);
    const work = page.getByRole('combobox', { name: 'Work' });
    await expect.element(work).toHaveDisplayValue('Leave empty');
    expect(page.getByRole('textbox', { name: /^Street/ }).elements()).toHaveLength(1);
    await work.selectOptions('Address');
    await expect.poll(() => page.getByRole('textbox', { name: /^Street/ }).elements()).toHaveLength(2);
    expect(args().work).toEqual({ city: 'Oslo' });
  });

  it('keeps what was typed into an allOf field while other fields change', async () => {
    await render(<FormHarness schema={pydanticSchema()} />);
    await page.getByRole('textbox', { name: /^Street/ }).fill('Elm');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Ada');
    await page.getByRole('textbox', { name: 'Age' }).fill('36');
    expect(args()).toMatchObject({ name: 'Ada', age: 36, home: { street: 'Elm' } });
    await expect.element(page.getByRole('textbox', { name: /^Street/ })).toHaveValue('Elm');
  });

  it('has no serious accessibility violation in either theme', async () => {
    const { container } = await render(<FormHarness schema={pydanticSchema()} />);
    await page.getByRole('combobox', { name: 'Work' }).selectOptions('Address');
    await expectNoSeriousViolations(container);
  });
});
