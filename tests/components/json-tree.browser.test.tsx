/**
 * The JSON tree as a person uses it: levels open to expandDepth and no further, a toggle (or its summary) opens and
 * closes a level, long lists come in pages and long strings cut short until asked, and the tree is a tree to
 * assistive technology, in both themes.
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { JsonTree } from '../../src-renderer/src/components/common/JsonTree';
import { expectNoSeriousViolations } from './axe';

const value = {
  name: 'Ada',
  age: 36,
  admin: false,
  manager: null,
  address: { street: 'Elm', geo: { lat: 51.5, lon: -0.1 } },
  tags: ['a', 'b'],
};

describe('JsonTree', () => {
  it('opens two levels by default, with a preview of the closed ones', async () => {
    const { container } = await render(<JsonTree value={value} label="Result" />);
    await expect.element(page.getByRole('tree', { name: 'Result' })).toBeVisible();
    await expect.element(page.getByText('“Ada”')).toBeVisible();
    await expect.element(page.getByText('36', { exact: true })).toHaveClass('jt-number');
    await expect.element(page.getByText('false')).toHaveClass('jt-boolean');
    await expect.element(page.getByText('null', { exact: true })).toHaveClass('jt-null');
    // address (depth 1) is open, geo (depth 2) is closed and says what it holds.
    await expect.element(page.getByText('“Elm”')).toBeVisible();
    expect(container.textContent).toContain('{2} lat: 51.5, lon: -0.1');
    expect(page.getByText('51.5', { exact: true }).query()).toBeNull();
  });

  it('opens and closes a level from its toggle and from its summary', async () => {
    await render(<JsonTree value={value} expandDepth={1} />);
    const address = page.getByRole('treeitem').filter({ hasText: /^address/ }).first();
    await expect.element(address).toHaveAttribute('aria-expanded', 'false');
    await address.getByRole('button', { name: 'Expand' }).click();
    await expect.element(address).toHaveAttribute('aria-expanded', 'true');
    await expect.element(page.getByText('“Elm”')).toBeVisible();
    await address.getByRole('button', { name: 'Collapse' }).click();
    expect(page.getByText('“Elm”').query()).toBeNull();
    await address.getByRole('button', { name: /^\{2\}/ }).click();
    await expect.element(page.getByText('“Elm”')).toBeVisible();
  });

  it('shows a long list a page at a time', async () => {
    const { container } = await render(<JsonTree value={Array.from({ length: 750 }, (_, i) => i)} />);
    expect(container.querySelectorAll('.jt-number')).toHaveLength(100);
    await page.getByRole('button', { name: 'show 500 more of 650' }).click();
    expect(container.querySelectorAll('.jt-number')).toHaveLength(600);
    await page.getByRole('button', { name: 'show 150 more of 150' }).click();
    expect(container.querySelectorAll('.jt-number')).toHaveLength(750);
    expect(page.getByRole('button', { name: /more of/ }).query()).toBeNull();
  });

  it('cuts a long string short until asked for all of it', async () => {
    const long = 'x'.repeat(1000);
    const { container } = await render(<JsonTree value={{ long }} />);
    expect(container.querySelector('.jt-string')!.textContent).not.toContain(long);
    await page.getByRole('button', { name: 'show all 1,000 characters' }).click();
    expect(container.querySelector('.jt-string')!.textContent).toBe(`“${long}”`);
  });

  it('picks a value: a click selects it, the action beside it gives its path and value; a key picks a whole level', async () => {
    const picks: [unknown[], unknown][] = [];
    const { container } = await render(<JsonTree value={value} onPick={(p, v) => picks.push([p, v])} pickAction="Check this" />);
    // Nothing picked: values read as before, no action shown.
    expect(page.getByRole('button', { name: 'Check this' }).query()).toBeNull();
    await page.getByRole('treeitem').filter({ hasText: /^geo/ }).getByRole('button', { name: 'Expand' }).click();
    await page.getByRole('button', { name: '51.5', exact: true }).click();
    await expect.element(page.getByRole('button', { name: '51.5', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Check this' }).click();
    expect(picks).toEqual([[['address', 'geo', 'lat'], 51.5]]);
    // Another value moves the pick; only one action is shown at a time.
    await page.getByRole('button', { name: '“b”' }).click();
    expect(container.querySelectorAll('.jt-pick-action')).toHaveLength(1);
    await page.getByRole('button', { name: 'Check this' }).click();
    expect(picks[1]).toEqual([['tags', 1], 'b']);
    // A key of an object picks the object; a second click lets go.
    await page.getByRole('button', { name: 'address', exact: true }).click();
    await page.getByRole('button', { name: 'Check this' }).click();
    expect(picks[2]).toEqual([['address'], value.address]);
    await page.getByRole('button', { name: 'address', exact: true }).click();
    expect(page.getByRole('button', { name: 'Check this' }).query()).toBeNull();
  });

  it('a picked value has no serious accessibility violation in either theme', async () => {
    const { container } = await render(<JsonTree value={value} onPick={() => {}} pickAction="Check this" />);
    await page.getByRole('button', { name: '36', exact: true }).click();
    await expect.element(page.getByRole('button', { name: 'Check this' })).toBeVisible();
    await expectNoSeriousViolations(container);
  });

  it('has no serious accessibility violation in either theme', async () => {
    const { container } = await render(<JsonTree value={{ ...value, items: Array.from({ length: 101 }, (_, i) => i), long: 'y'.repeat(500) }} expandDepth={3} />);
    await expectNoSeriousViolations(container);
  });
});
