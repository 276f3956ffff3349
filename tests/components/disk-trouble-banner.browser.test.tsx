/**
 * The disk banner: it stays while the disk refuses a skill's files, names what is not being kept, counts the
 * calls answered NOT_KEPT meanwhile, and goes (its count with it) once a write succeeds again.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { WorkbenchEvents } from '@contract';
import { DiskTroubleBanner } from '../../src-renderer/src/components/common/DiskTroubleBanner';
import { useStore } from '../../src-renderer/src/store';

const initial = useStore.getState();
beforeEach(() => useStore.setState(initial, true));

const FULL = "The disk is full: echo's call history and recording are not being kept. Its calls still run, but each answers NOT_KEPT (its result is in the answer, not in the history) until there is room again. Free some space and it carries on, noting the gap.";
const news = (problem: string | null): WorkbenchEvents['diskTrouble'] =>
  problem ? { skillId: 'echo', files: ['call history', 'recording'], problem, message: FULL } : { skillId: 'echo', files: [], problem: null, message: "Skill Workbench can write echo's call history again." };

const text = (l: ReturnType<typeof page.getByTestId>) => l.element().textContent;

describe('DiskTroubleBanner', () => {
  it('shows "disk full" and the calls not kept until a write succeeds again, then goes', async () => {
    await render(<DiskTroubleBanner />);
    const banner = page.getByTestId('disk-trouble-banner');
    const notKept = page.getByTestId('disk-not-kept');
    await expect.element(banner).not.toBeInTheDocument();
    const s = useStore.getState();
    s.takeDiskNews(news('The disk is full'));
    await expect.element(banner).toBeInTheDocument();
    expect(text(banner)).toMatch(/^The disk is full: echo's call history and recording are not being kept\./);
    await expect.element(notKept).not.toBeInTheDocument();
    s.countNotKept('echo');
    await expect.element(notKept).toBeInTheDocument();
    expect(text(notKept)).toBe(' 1 call was not kept.');
    s.countNotKept('echo');
    await expect.poll(() => text(notKept)).toBe(' 2 calls were not kept.');
    // A file refused later is told again with the others: the same banner, not a second one.
    s.takeDiskNews({ ...news('The disk is full'), files: ['call history', 'recording', 'log'] });
    await expect.poll(() => banner.element().textContent).toMatch(/noting the gap\. 2 calls were not kept\.$/);
    expect(document.querySelectorAll('[data-testid="disk-trouble-banner"]')).toHaveLength(1);

    s.takeDiskNews(news(null));
    await expect.element(banner).not.toBeInTheDocument();
    // The next episode counts afresh.
    s.takeDiskNews(news('The disk is full'));
    await expect.element(banner).toBeInTheDocument();
    await expect.element(notKept).not.toBeInTheDocument();
  });
});
