/**
 * A skill that floods the host with reverse calls, never waiting for an answer (issue 15, item 4): the
 * host serves at most DEFAULT_MAX_INCOMING of them at once and stops reading the skill's output past that,
 * so memory stays flat however long the flood lasts, every request is still answered, and the skill
 * still works afterwards. The bound is on the resident memory of this (the serving) process.
 */
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { DEFAULT_MAX_INCOMING } from '../src-main/common/jsonrpc';
import { peakGrowth, reportFlood } from './flood-figures';
import { answerOf, hostileWorkbench } from './hostile-helpers';
import { scaled } from './machine-factor';

const MiB = 1024 * 1024;
/**
 * Growth of resident memory allowed during a flood of 200,000 requests. Measured on a 2-core machine:
 * 90 to 130 MiB with the limit on Node 20 and up to 175 MiB on Node 24 (most of it garbage not yet collected:
 * V8's young generation grew), 580 MiB without the limit.
 */
const FLOOD_BOUND = 256 * MiB;

describe('a flood of reverse calls', () => {
  it('is served a bounded number at a time, with memory flat, and the skill works afterwards', async ({ cleanup }) => {
    expect(DEFAULT_MAX_INCOMING).toBeLessThanOrEqual(64);
    const { wb, skilldef } = await hostileWorkbench(cleanup);
    await wb.startSkill(skilldef);
    // Warm up (the first call loads what a call needs), so the measure is of the flood alone.
    await wb.callTool(skilldef, 'flood', { count: 2000 });
    const count = 200_000;
    // The skill reads none of its answers for the first 3 seconds: an unbounded host queues them all.
    const flood = await peakGrowth(() => wb.callTool(skilldef, 'flood', { count, hold_reading: 3, wait: 240 }, { timeoutMs: 300_000 }));
    const { value, growth } = flood;
    const got = answerOf<{ sent: number; answered: number; errors: number }>(value);
    reportFlood('reverse-call flood', 'reverse calls', count, flood, FLOOD_BOUND);
    expect(got).toEqual({ sent: count, answered: count, errors: 0 });
    expect(growth).toBeLessThan(FLOOD_BOUND);
    // Notifications (no id, nothing to answer) go through the same limit. Measured for the record, not bounded.
    const noteFlood = await peakGrowth(() => wb.callTool(skilldef, 'flood', { count: 50_000, notify: true, method: 'state/get' }, { timeoutMs: 120_000 }));
    const notes = noteFlood.value;
    reportFlood('notification flood', 'reverse notifications', 50_000, noteFlood, null);
    expect(answerOf(notes)).toMatchObject({ sent: 50_000 });
    // The skill still answers, and its host still serves it.
    expect(answerOf(await wb.callTool(skilldef, 'echo', { after: 'flood' }))).toEqual({ after: 'flood' });
    const state = answerOf<{ result: { state: unknown }; error: unknown }>(await wb.callTool(skilldef, 'reverse', { method: 'state/get' }));
    expect(state.error).toBeNull();
  }, scaled(400_000));
});
