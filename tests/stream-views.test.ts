import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import type { MessageEntry } from '../src-main/contract';
import { Workbench } from '../src-main/workbench/workbench';
import { categoryOf } from '../src-main/common/message-kind';
import { LogBuffer } from '../src-renderer/src/components/logs/log-buffer';
import { EXAMPLES, eventually } from './helpers';

describe('the Messages tab kinds', () => {
  it('classify what a real skill exchanges by method, responses by their request, reverse calls by direction', async ({ cleanup }) => {
    const wb = new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [path.join(EXAMPLES, 'price-alerts')], namedFolders: true });
    cleanup.add(wb);
    const [skill] = await wb.listSkills();
    await wb.startSkill(skill.id);
    expect((await wb.callTool(skill.id, 'get_price', { symbol: 'BTC' })).outcome?.ok).toBe(true);
    await wb.tickNow(skill.id);
    const all = await eventually(async () => {
      const m = await wb.getMessages(skill.id);
      return m.some((e) => e.method === 'skill/tick' && e.kind === 'response') && m;
    }, 10_000, 'the tick answered');
    const bySeq = new Map(all.map((m) => [m.seq, m]));
    const of = (m: MessageEntry) => categoryOf(m, m.pairSeq !== undefined ? bySeq.get(m.pairSeq) : undefined);
    const kinds = (method: string) => new Set(all.filter((m) => m.method === method).map(of));

    expect(kinds('tools/call')).toEqual(new Set(['call']));
    expect(kinds('tools/list')).toEqual(new Set(['call']));
    expect(kinds('skill/tick')).toEqual(new Set(['tick']));
    expect(kinds('skill/load')).toEqual(new Set(['lifecycle']));
    // The skill asks for its state on load and on every tick: a request in, the answer out.
    expect(kinds('state/get')).toEqual(new Set(['reverse']));
    expect(all.filter((m) => m.method === 'state/get').map((m) => `${m.kind} ${m.direction}`)).toEqual(expect.arrayContaining(['request in', 'response out']));
    // A response is always of its request's kind, even without the method the engine copies onto it.
    for (const m of all.filter((e) => e.kind === 'response' && e.pairSeq !== undefined)) {
      const request = bySeq.get(m.pairSeq!)!;
      expect(of(m)).toBe(of(request));
      expect(categoryOf({ ...m, method: undefined }, request)).toBe(of(request));
    }
  });

  it('treats a one-shot exchange as a call, an invalid line and an unpaired answer as lifecycle', () => {
    const base = { seq: 1, time: 0, body: null };
    expect(categoryOf({ ...base, direction: 'out', kind: 'exchange', method: 'analyze' })).toBe('call');
    expect(categoryOf({ ...base, direction: 'in', kind: 'invalid' })).toBe('lifecycle');
    expect(categoryOf({ ...base, direction: 'in', kind: 'response' })).toBe('lifecycle');
    expect(categoryOf({ ...base, direction: 'out', kind: 'request', method: 'lifecycle/onTick' })).toBe('tick');
    expect(categoryOf({ ...base, direction: 'in', kind: 'notification', method: 'tools/list_changed' })).toBe('reverse');
  });
});

describe('the Logs tab buffer', () => {
  const line = (seq: number, text = `line ${seq}`) => ({ seq, time: 0, stream: 'stderr' as const, text });

  it('keeps each line once across an overlapping backlog and live batches, and drops the oldest past its limits', () => {
    const b = new LogBuffer(5, 1000);
    expect(b.add([line(1), line(2), line(3)]).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(b.add([line(2), line(3), line(4)]).map((e) => e.seq)).toEqual([4]);
    b.add([line(5), line(6), line(7)]);
    expect(b.all().map((e) => e.seq)).toEqual([3, 4, 5, 6, 7]);
    expect(b.first?.seq).toBe(3);
    b.dropThrough(5);
    expect(b.all().map((e) => e.seq)).toEqual([6, 7]);
    const small = new LogBuffer(100, 25);
    small.add([line(1, 'x'.repeat(10)), line(2, 'y'.repeat(10)), line(3, 'z'.repeat(10))]);
    expect(small.all().map((e) => e.seq)).toEqual([2, 3]);
  });

  it('forgets the seqs it saw only when asked (a new server numbers its lines from 0 again)', () => {
    const b = new LogBuffer();
    b.add([line(10), line(11)]);
    b.clear();
    expect(b.add([line(3)])).toEqual([]);
    b.clear(true);
    expect(b.add([line(3)]).map((e) => e.seq)).toEqual([3]);
  });
});
