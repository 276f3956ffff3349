/**
 * Validation in the arguments form: nothing is flagged until Run is pressed, then each problem is said in plain words
 * under its own field (announced, and tied to the input), and from then on the messages follow the typing.
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { FormHarness } from './form-harness';
import { pydanticSchema } from './pydantic-schema';
import { expectNoSeriousViolations } from './axe';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1 },
    email: { type: 'string', title: 'Email', format: 'email' },
    code: { type: 'string', title: 'Code', maxLength: 3 },
  },
  required: ['name', 'email'],
};

const run = () => page.getByRole('button', { name: 'Run' }).click();
const field = (name: RegExp) => page.getByRole('textbox', { name });

describe('schema form validation', () => {
  it('flags nothing before the first Run', async () => {
    const { container } = await render(<FormHarness schema={schema} />);
    await field(/^Code/).fill('toolong');
    expect(container.querySelectorAll('.fld-errors')).toHaveLength(0);
    expect(container.querySelectorAll('.has-error')).toHaveLength(0);
  });

  it('says what is wrong under each field on Run, tied to the input', async () => {
    const { container } = await render(<FormHarness schema={schema} />);
    await field(/^Code/).fill('toolong');
    await field(/^Email/).fill('not-an-address');
    await run();
    await expect.element(field(/^Name/)).toHaveAccessibleDescription(/Required/);
    await expect.element(field(/^Email/)).toHaveAccessibleDescription(/Must be a valid email address/);
    await expect.element(field(/^Code/)).toHaveAccessibleDescription(/Must be at most 3 characters/);
    // Each list of problems is a live region, inside the field that has them.
    const alerts = page.getByRole('alert').elements();
    expect(alerts).toHaveLength(3);
    for (const a of alerts) expect(a.closest('.fld')?.classList.contains('has-error')).toBe(true);
    expect(container.querySelectorAll('.has-error')).toHaveLength(3);
  });

  it('follows the typing once Run was pressed', async () => {
    await render(<FormHarness schema={schema} />);
    await run();
    await expect.element(field(/^Name/)).toHaveAccessibleDescription(/Required/);
    await field(/^Name/).fill('Ada');
    await expect.element(field(/^Name/)).not.toHaveAccessibleDescription(/Required/);
    await field(/^Name/).clear();
    // An empty text field is no value at all to the form: "Required" again, not "Cannot be empty".
    await expect.element(field(/^Name/)).toHaveAccessibleDescription(/Required/);
  });

  it('checks a field inside a $defs object reached through anyOf', async () => {
    await render(<FormHarness schema={pydanticSchema()} />);
    await page.getByRole('combobox', { name: 'Work' }).selectOptions('Address');
    await field(/^Name/).fill('Ada');
    await run();
    const work = page.getByRole('group', { name: /Address work/ });
    await expect.element(work.getByRole('textbox', { name: /^Street/ })).toHaveAccessibleDescription(/Required/);
    // The home address has its default street: only the work one is flagged.
    expect(page.getByText('Required', { exact: true }).elements()).toHaveLength(1);
  });

  it('has no serious accessibility violation with errors shown, in either theme', async () => {
    const { container } = await render(<FormHarness schema={schema} />);
    await field(/^Email/).fill('x');
    await run();
    await expect.element(page.getByText('Must be a valid email address')).toBeVisible();
    await expectNoSeriousViolations(container);
  });
});
