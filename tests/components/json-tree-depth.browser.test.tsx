/**
 * The JSON tree on a value nested 1,000 levels deep, every level opened (issue 15, item 3): past its bound it shows
 * one marker row saying how deep the value went, instead of one more level of the page per level of the value.
 * The engine already cuts skill data at 256 levels; this is the tree's own bound, for a value that reached the page
 * otherwise. (Was e2e/hostile-json-tree.spec.ts, which bundled the tree by hand for its own Chromium.)
 */
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { JsonTree } from '../../src-renderer/src/components/common/JsonTree';

/** `levels` lists, one inside the other, around the text "bottom". */
function nested(levels: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

/**
 * The marker rows, read from the DOM directly: a failed locator prints the page's ARIA tree and HTML, which for a
 * page hundreds of levels deep takes longer than any timeout.
 */
const markers = (root: Element) => [...root.querySelectorAll('.jt-null')].map((e) => e.textContent);

describe('JsonTree depth bound', () => {
  it('shows a marker past its depth bound, every level open', async () => {
    const { container } = await render(<JsonTree value={{ result: nested(1000) }} expandDepth={Infinity} />);
    expect(markers(container)).toEqual(['[too deep: 1001 levels]']);
    // The object, then 319 lists, then the marker: nothing below it was rendered.
    expect(container.querySelectorAll('.jt-node')).toHaveLength(320);
    expect(container.textContent).not.toContain('bottom');
  });

  it('renders a value just inside the bound whole, with no marker', async () => {
    const { container } = await render(<JsonTree value={{ result: nested(319) }} expandDepth={Infinity} />);
    expect(container.querySelectorAll('.jt-node')).toHaveLength(320);
    expect(markers(container)).toEqual([]);
    expect(container.querySelector('.jt-string')?.textContent).toBe('“bottom”');
  });

  it('counts the levels of the first value past the bound', async () => {
    const { container } = await render(<JsonTree value={{ result: nested(320) }} expandDepth={Infinity} />);
    // The list at depth 320 and the one inside it.
    expect(markers(container)).toEqual(['[too deep: 321 levels]']);
  });
});
