/**
 * The arguments as JSON (JsonArgsEditor on the real Monaco editor, its JSON worker included): the text follows the
 * form's value, typing valid JSON hands the parsed value up, half-typed JSON is reported and not handed up, the
 * schema's problems are counted, Ctrl+Enter runs. Monaco loads once per file (seconds), so its tests live here only.
 */
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { JsonArgsEditor } from '../../src-renderer/src/components/form/JsonArgsEditor';
import { expectNoSeriousViolations } from './axe';
import { scaled } from '../machine-factor';

const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false };
// Monaco's first load and its worker take seconds on a busy machine; nothing here waits for long otherwise.
// Monaco is a large bundle, loaded on first use: a busy machine takes longer.
const LOAD = { timeout: scaled(60_000) };

const editorBox = () => page.getByRole('textbox', { name: /Arguments as JSON/ });
const status = () => page.getByTestId('status');
const lines = () => document.querySelector('.view-lines')!.textContent.replace(/\u00a0/g, ' ');

/** The editor as ToolRequest holds it: the value in state, a button standing in for a form edit. */
function Harness({ initial, onChange, onRun, onSyntax }: { initial: unknown; onChange?: (v: unknown) => void; onRun?: () => void; onSyntax?: (e: string | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <div>
      <button type="button" className="btn" onClick={() => setValue({ n: 42 })}>Form edit</button>
      <JsonArgsEditor
        schema={schema}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
        onRun={() => onRun?.()}
        onSyntax={(e) => onSyntax?.(e)}
      />
    </div>
  );
}

/** Clicks into the text, as a person does (Monaco's input element lies under the rendered lines). */
const clickIntoEditor = () => userEvent.click(document.querySelector('.monaco-editor .view-lines')!);

/** Replaces the editor's text by typing, as a person would (Monaco closes brackets and quotes itself). */
async function typeText(text: string) {
  await clickIntoEditor();
  await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
  await userEvent.keyboard(text.replace(/[{[]/g, (c) => c + c));
}

describe('JSON arguments editor', { timeout: scaled(90_000) }, () => {
  it('shows the value as JSON and counts the schema problems Monaco finds', async () => {
    const { container } = await render(<Harness initial={{ n: 'x', extra: 1 }} />);
    await expect.element(editorBox(), LOAD).toBeInTheDocument();
    container.querySelector('.json-args-status')!.setAttribute('data-testid', 'status');
    await expect.poll(lines, LOAD).toContain('"n": "x"');
    // A string where an integer belongs, and a key the schema does not allow.
    await expect.element(status(), LOAD).toMatchTextContent(/2 problems against the tool’s schema/);
  });

  it('hands typed JSON up once it parses, and reports it while it does not', async () => {
    const onChange = vi.fn();
    const onSyntax = vi.fn();
    const { container } = await render(<Harness initial={{ n: 1 }} onChange={onChange} onSyntax={onSyntax} />);
    await expect.element(editorBox(), LOAD).toBeInTheDocument();
    container.querySelector('.json-args-status')!.setAttribute('data-testid', 'status');
    // Monaco closes the brace and the quotes itself: what was typed is whole JSON at once.
    await typeText('{"n": 5');
    await expect.poll(lines).toBe('{"n": 5}');
    await expect.element(status()).toHaveTextContent('Valid JSON');
    expect(onChange).toHaveBeenLastCalledWith({ n: 5 });
    expect(onSyntax).toHaveBeenLastCalledWith(null);
    // A comma before the closing brace: not JSON, so nothing is handed up.
    await userEvent.keyboard(',');
    await expect.element(status()).toMatchTextContent(/Not valid JSON: /);
    expect(onSyntax).toHaveBeenLastCalledWith('The JSON is not valid yet; fix it or switch to the form.');
    expect(onChange).toHaveBeenLastCalledWith({ n: 5 });
    await userEvent.keyboard('{Backspace}8');
    await expect.element(status()).toHaveTextContent('Valid JSON');
    expect(onChange).toHaveBeenLastCalledWith({ n: 58 });
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    await expect.element(status()).toHaveTextContent('Not valid JSON: Empty: write {} for no arguments.');
    expect(onSyntax).toHaveBeenLastCalledWith('The JSON box is empty.');
  });

  it('takes an edit from the form while the caret is elsewhere, and runs on Ctrl+Enter', async () => {
    const onRun = vi.fn();
    await render(<Harness initial={{ n: 1 }} onRun={onRun} />);
    await expect.element(editorBox(), LOAD).toBeInTheDocument();
    await page.getByRole('button', { name: 'Form edit' }).click();
    await expect.poll(lines).toContain('"n": 42');
    await clickIntoEditor();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onRun).toHaveBeenCalledTimes(1);
  });

  it('has no serious accessibility violation in either theme', async () => {
    const { container } = await render(<Harness initial={{ n: 'x' }} />);
    await expect.element(editorBox(), LOAD).toBeInTheDocument();
    await expect.poll(() => container.querySelector('.json-args-status')!.textContent, LOAD).toMatch(/problem/);
    await expectNoSeriousViolations(container);
  });
});
