/**
 * The hot-reload notice above a skill's tools: "Reloaded" goes by itself after a few seconds (not while the pointer
 * is on it), a syntax error stays. The timers are the page's own, moved on by the test rather than waited for.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { TimelineEntry, WorkbenchClient } from '@contract';
import { RELOADED_SHOWN_MS, ReloadNotice } from '../../src-renderer/src/components/authoring/ReloadNotice';
import { timelineRings } from '../../src-renderer/src/streams/timeline';

let seq = 0;
function reload(skillId: string, kind: 'reloaded' | 'syntax-error'): void {
  seq += 1;
  const entry: TimelineEntry = {
    seq,
    time: Date.now(),
    kind: kind === 'reloaded' ? 'restart' : 'note',
    label: kind === 'reloaded' ? 'Reloaded after a change to skill.py' : 'Syntax error in skill.py line 3',
    data: { reload: kind, files: ['skill.py'] },
  };
  timelineRings.of(skillId).add([entry]);
  timelineRings.of(skillId).bump();
}

const later = (ms: number) => vi.advanceTimersByTime(ms);

beforeAll(() => {
  // The notice reads the timeline's backlog and the hot-reload setting: an empty backlog, hot reload on.
  window.skillbench = {
    getTimeline: () => Promise.resolve({ entries: [], ticks: null }),
    getSkillSettings: () => Promise.resolve({ hotReload: true }),
  } as unknown as WorkbenchClient;
});
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('ReloadNotice', () => {
  it('says "Reloaded" for a few seconds, then goes', async () => {
    await render(<ReloadNotice skillId="a" />);
    reload('a', 'reloaded');
    const notice = page.getByTestId('reload-notice');
    await expect.element(notice).toHaveAttribute('data-kind', 'reloaded');
    later(RELOADED_SHOWN_MS - 100);
    await expect.element(notice).toBeInTheDocument();
    later(200);
    await expect.element(notice).not.toBeInTheDocument();
  });

  it('stays while the pointer is on it, and goes a few seconds after it leaves', async () => {
    await render(<ReloadNotice skillId="b" />);
    reload('b', 'reloaded');
    const notice = page.getByTestId('reload-notice');
    await userEvent.hover(notice);
    later(RELOADED_SHOWN_MS * 2);
    await expect.element(notice).toBeInTheDocument();
    await userEvent.unhover(notice);
    later(RELOADED_SHOWN_MS + 100);
    await expect.element(notice).not.toBeInTheDocument();
  });

  it('keeps a syntax error on screen', async () => {
    await render(<ReloadNotice skillId="c" />);
    reload('c', 'syntax-error');
    const notice = page.getByTestId('reload-notice');
    await expect.element(notice).toHaveAttribute('data-kind', 'syntax-error');
    later(RELOADED_SHOWN_MS * 4);
    await expect.element(notice).toHaveAttribute('data-kind', 'syntax-error');
  });
});
