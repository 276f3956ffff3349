/**
 * The stderr box of a failed call as a person reads it: a Python traceback opens on the exception and the
 * skill's own frame, the SDK's frames folded by count (open on a click), the raw lines a click away, with no
 * serious accessibility violation in either theme. The reader itself is tested on real tracebacks in
 * tests/traceback.test.ts; these lines have the same shape.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { SkillInfo } from '@contract';
import { StderrTail } from '../../src-renderer/src/components/tools/StderrTail';
import { useStore } from '../../src-renderer/src/store';
import { expectNoSeriousViolations } from './axe';

const SDK = '/opt/skillbench/resources/python/dev/runtime';
const LINES = [
  'skillbench: tools/call failed:',
  'Traceback (most recent call last):',
  `  File "${SDK}/server.py", line 251, in _handle`,
  '    result = await self._dispatch(method, p)',
  '             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
  `  File "${SDK}/methods.py", line 51, in tools_call`,
  '    result = await s.await_value(tool.execute(args))',
  '             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
  '  File "/home/ada/skills/rates/skill.py", line 13, in parse_amount',
  '    return float(text)',
  '           ^^^^^^^^^^^',
  "ValueError: could not convert string to float: 'ten'",
];

describe('StderrTail', () => {
  beforeEach(() => {
    useStore.setState({ infos: { rates: { id: 'rates', name: 'rates', protocol: 'skilldef', dir: '/home/ada/skills/rates', root: '/home/ada/skills' } as SkillInfo } });
  });

  it('opens on the exception and the skill’s frame; the SDK’s frames fold; raw is a click away', async () => {
    await render(<StderrTail lines={LINES} skillId="rates" />);
    await expect.element(page.getByTestId('traceback-exception')).toHaveTextContent("ValueError: could not convert string to float: 'ten'");
    const frames = page.getByTestId('traceback-frame');
    expect(frames.elements().map((e) => e.querySelector('.tb-where')!.textContent)).toEqual(['skill.py:13 in parse_amount']);
    await page.getByRole('button', { name: '2 frames in the SDK' }).click();
    expect(page.getByTestId('traceback-frame').elements().map((e) => e.querySelector('.tb-where')!.textContent)).toEqual([
      'skill.py:13 in parse_amount',
      '…/runtime/methods.py:51 in tools_call',
      '…/runtime/server.py:251 in _handle',
    ]);
    await page.getByRole('button', { name: 'Show raw' }).click();
    await expect.element(page.getByTestId('stderr-tail')).toHaveAttribute('data-view', 'raw');
    expect(page.getByTestId('stderr-tail').element().querySelector('pre')!.textContent).toBe(LINES.join('\n'));
  });

  it('without the skill’s folder nothing is folded; without a traceback the lines show as they came', async () => {
    await render(<StderrTail lines={LINES} skillId="unknown" />);
    expect(page.getByTestId('traceback-frame').elements()).toHaveLength(3);
    expect(page.getByTestId('traceback-fold').query()).toBeNull();
    await render(<StderrTail lines={['plain line one', 'plain line two']} skillId="rates" />);
    expect(page.getByTestId('stderr-tail').elements().at(-1)!.getAttribute('data-view')).toBe('raw');
  });

  it('has no serious accessibility violation in either theme, folds open', async () => {
    const { container } = await render(<StderrTail lines={LINES} skillId="rates" />);
    await page.getByRole('button', { name: '2 frames in the SDK' }).click();
    await page.getByText('1 other line on stderr').click();
    await expectNoSeriousViolations(container);
  });
});
