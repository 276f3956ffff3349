/**
 * A skill that floods the host with reverse calls, never waiting for an answer (issue 15, item 4): the
 * host serves at most DEFAULT_MAX_INCOMING of them at once and stops reading the skill's output past that,
 * so memory stays flat however long the flood lasts, every request is still answered, and the skill
 * still works afterwards. The bound is on the resident memory of this (the serving) process.
 */
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { DEFAULT_MAX_INCOMING } from '../src-main/engine/jsonrpc';
import { answerOf, hostileWorkbench } from './hostile-helpers';

const MiB = 1024 * 1024;
/**
 * Growth of resident memory allowed during a flood of 200,000 requests. Measured on a 2-core machine:
 * 90 to 130 MiB with the limit (most of it garbage not yet collected), 580 MiB without it.
 */
const FLOOD_BOUND = 160 * MiB;

/** Runs `fn` while sampling this process's resident memory; returns its result and the peak growth. */
async function peakGrowth<T>(fn: () => Promise<T>): Promise<{ value: T; growth: number; peak: number; detail: string }> {
  global.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  let detail = '';
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    if (m.rss > peak) detail = `at the peak: JS heap ${(m.heapUsed / MiB).toFixed(0)} of ${(m.heapTotal / MiB).toFixed(0)} MiB used, buffers ${(m.external / MiB).toFixed(0)} MiB`;
    peak = Math.max(peak, m.rss);
  }, 20);
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, growth: peak - base, peak, detail };
  } finally {
    clearInterval(timer);
  }
}

describe('a flood of reverse calls', () => {
  it('is served a bounded number at a time, with memory flat, and the skill works afterwards', async ({ cleanup }) => {
    expect(DEFAULT_MAX_INCOMING).toBeLessThanOrEqual(64);
    const { wb, skilldef } = await hostileWorkbench(cleanup);
    await wb.startSkill(skilldef);
    // Warm up (the first call loads what a call needs), so the measure is of the flood alone.
    await wb.callTool(skilldef, 'flood', { count: 2000 });
    const count = 200_000;
    // The skill reads none of its answers for the first 3 seconds: an unbounded host queues them all.
    const { value, growth, peak, detail } = await peakGrowth(() => wb.callTool(skilldef, 'flood', { count, hold_reading: 3, wait: 240 }, { timeoutMs: 300_000 }));
    const got = answerOf<{ sent: number; answered: number; errors: number }>(value);
    console.log(`flood of ${count} reverse requests: peak RSS ${(peak / MiB).toFixed(0)} MiB, growth ${(growth / MiB).toFixed(1)} MiB (${detail})`);
    expect(got).toEqual({ sent: count, answered: count, errors: 0 });
    expect(growth).toBeLessThan(FLOOD_BOUND);
    // Notifications (no id, nothing to answer) go through the same limit.
    const notes = await wb.callTool(skilldef, 'flood', { count: 50_000, notify: true, method: 'state/get' }, { timeoutMs: 120_000 });
    expect(answerOf(notes)).toMatchObject({ sent: 50_000 });
    // The skill still answers, and its host still serves it.
    expect(answerOf(await wb.callTool(skilldef, 'echo', { after: 'flood' }))).toEqual({ after: 'flood' });
    const state = answerOf<{ result: { state: unknown }; error: unknown }>(await wb.callTool(skilldef, 'reverse', { method: 'state/get' }));
    expect(state.error).toBeNull();
  }, 400_000);
});
