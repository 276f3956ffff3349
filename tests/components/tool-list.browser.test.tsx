/**
 * The Tools tab's list: the tools a SkillDefinition SDK puts on every skill come last, folded under "SDK tools"
 * (collapsed, a count, each marked SDK once open), so the skill's own stay on top; a search that finds one, or
 * one selected, shows them; no serious accessibility violation in either theme, folded or open.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { ToolInfo } from '@contract';
import { ToolList } from '../../src-renderer/src/components/tools/ToolList';
import { expectNoSeriousViolations } from './axe';

const schema = { type: 'object', properties: {} };
const TOOLS: ToolInfo[] = [
  { name: 'list_meetings', description: 'The meetings', inputSchema: schema },
  { name: 'get_transcript', description: 'One transcript', inputSchema: schema },
  ...['list-skills', 'list-skill-data', 'list-skill-functions', 'request-skill-data', 'call-skill-function'].map((name) => ({
    name,
    description: `${name} (an SDK tool)`,
    inputSchema: schema,
    origin: 'sdk' as const,
  })),
];

function Harness({ first }: { first?: string }) {
  const [selected, setSelected] = useState(first ?? 'list_meetings');
  return <ToolList tools={TOOLS} selected={selected} onSelect={setSelected} />;
}

const names = (within: ReturnType<typeof page.getByTestId>) => within.elements().map((e) => e.querySelector('.tool-item-name')!.textContent);

describe('ToolList', () => {
  it('lists the skill’s own tools, then the SDK’s folded under "SDK tools"; opening shows them marked', async () => {
    const { container } = await render(<Harness />);
    expect(names(page.getByRole('listbox', { name: 'Tools' }).getByTestId('tool-item'))).toEqual(['list_meetings', 'get_transcript']);
    const head = page.getByRole('button', { name: /SDK tools \(5\)/ });
    await expect.element(head).toHaveAttribute('aria-expanded', 'false');
    expect(page.getByRole('listbox', { name: 'SDK tools' }).query()).toBeNull();
    await expectNoSeriousViolations(container);
    await head.click();
    await expect.element(head).toHaveAttribute('aria-expanded', 'true');
    const sdk = page.getByRole('listbox', { name: 'SDK tools' }).getByTestId('tool-item');
    expect(names(sdk)).toEqual(['list-skills', 'list-skill-data', 'list-skill-functions', 'request-skill-data', 'call-skill-function']);
    expect(sdk.elements().every((e) => e.textContent.includes('SDK'))).toBe(true);
    await sdk.first().click();
    await expect.element(sdk.first()).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousViolations(container);
  });

  it('one selected shows the group', async () => {
    await render(<Harness first="call-skill-function" />);
    await expect.element(page.getByRole('button', { name: /SDK tools/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('a search that finds an SDK tool shows it, with how many of the five match', async () => {
    await render(<Harness />);
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('request');
    await expect.element(page.getByRole('button', { name: /SDK tools \(1 of 5\)/ })).toHaveAttribute('aria-expanded', 'true');
    expect(names(page.getByRole('listbox', { name: 'SDK tools' }).getByTestId('tool-item'))).toEqual(['request-skill-data']);
    expect(page.getByText('No tool matches').query()).toBeNull();
  });
});
