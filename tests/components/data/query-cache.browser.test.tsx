/**
 * The window's query cache: one read however many ask at once, answers kept per command and arguments, read
 * again after the events a query names (about its own skill only) or a command that changes it, and an older
 * read never overwriting a newer answer. Driven by a stand-in client whose answers the test releases.
 */
import { describe, expect, it } from 'vitest';
import type { EventName, WorkbenchClient } from '@contract';
import { QueryCache } from '../../../src-renderer/src/data/query-cache';

interface Asked {
  command: string;
  args: unknown[];
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

function standIn() {
  const asked: Asked[] = [];
  const listeners = new Map<string, ((p: unknown) => void)[]>();
  const client = new Proxy({}, {
    get: (_t, name: string) => {
      if (name === 'on') {
        return (event: string, l: (p: unknown) => void) => {
          listeners.set(event, [...(listeners.get(event) ?? []), l]);
          return () => undefined;
        };
      }
      return (...args: unknown[]) => new Promise((resolve, reject) => asked.push({ command: name, args, resolve, reject }));
    },
  }) as unknown as WorkbenchClient;
  const emit = (event: EventName, payload: unknown) => (listeners.get(event) ?? []).forEach((l) => l(payload));
  const cache = new QueryCache(() => client);
  return { asked, emit, cache, listenerCount: (e: string) => listeners.get(e)?.length ?? 0 };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('QueryCache', () => {
  it('asks once for many readers of the same command and arguments, and apart for other arguments', async () => {
    const { asked, cache } = standIn();
    const seen: unknown[] = [];
    cache.subscribe('getSchedules', ['a'], {}, () => seen.push(cache.snapshot('getSchedules', ['a'])));
    cache.subscribe('getSchedules', ['a'], {}, () => undefined);
    const third = cache.fetch('getSchedules', ['a']);
    cache.subscribe('getSchedules', ['b'], {}, () => undefined);
    expect(asked.map((a) => `${a.command}:${String(a.args[0])}`)).toEqual(['getSchedules:a', 'getSchedules:b']);
    asked[0].resolve([{ id: 'daily' }]);
    expect(await third).toEqual([{ id: 'daily' }]);
    expect(cache.snapshot('getSchedules', ['a'])).toEqual({ data: [{ id: 'daily' }], error: null, loading: false });
    expect(seen.at(-1)).toBe(cache.snapshot('getSchedules', ['a']));
    expect(cache.snapshot('getSchedules', ['b']).loading).toBe(true);
  });

  it('keeps a failure in plain words, and the earlier answer with it', async () => {
    const { asked, cache } = standIn();
    cache.subscribe('listRecordings', [], {}, () => undefined);
    asked[0].resolve([{ file: 'one' }]);
    await settle();
    void cache.fetch('listRecordings', [], { force: true }).catch(() => undefined);
    asked[1].reject(new Error('The home folder cannot be read.'));
    await settle();
    expect(cache.snapshot('listRecordings', [])).toEqual({ data: [{ file: 'one' }], error: 'The home folder cannot be read.', loading: false });
  });

  it('reads again after an event it names, about its own skill only', async () => {
    const { asked, emit, cache, listenerCount } = standIn();
    cache.subscribe('getSchedules', ['a'], { invalidateOn: ['schedules'], scope: 'a' }, () => undefined);
    cache.subscribe('getSchedules', ['b'], { invalidateOn: ['schedules'], scope: 'b' }, () => undefined);
    expect(listenerCount('schedules')).toBe(1);
    asked.forEach((a) => a.resolve([]));
    await settle();
    emit('schedules', { skillId: 'b', schedules: [] });
    emit('status', { skillId: 'a', status: 'ready' });
    expect(asked.slice(2).map((a) => a.args[0])).toEqual(['b']);
  });

  it('forgets an answer no view shows when it goes stale, and reads it afresh on the next look', async () => {
    const { asked, emit, cache } = standIn();
    const off = cache.subscribe('mcpListPrompts', ['m'], { invalidateOn: ['mcpListChanged'], scope: 'm' }, () => undefined);
    asked[0].resolve([{ name: 'p1' }]);
    await settle();
    off();
    expect(cache.size).toBe(1);
    emit('mcpListChanged', { skillId: 'm', list: 'prompts' });
    expect(asked).toHaveLength(1);
    expect(cache.size).toBe(0);
    cache.subscribe('mcpListPrompts', ['m'], {}, () => undefined);
    expect(asked).toHaveLength(2);
  });

  it('shows what it kept at once when a view opens again, and reads it afresh behind it', async () => {
    const { asked, cache } = standIn();
    cache.subscribe('getEntityGraph', ['s'], {}, () => undefined)();
    asked[0].resolve({ types: ['shop.order'] });
    await settle();
    cache.subscribe('getEntityGraph', ['s'], {}, () => undefined);
    expect(cache.snapshot('getEntityGraph', ['s']).data).toEqual({ types: ['shop.order'] });
    expect(asked).toHaveLength(2);
    asked[1].resolve({ types: ['shop.order', 'shop.refund'] });
    await settle();
    expect(cache.snapshot('getEntityGraph', ['s']).data).toEqual({ types: ['shop.order', 'shop.refund'] });
  });

  it('reads again after a command that changes it, for the named skill only', async () => {
    const { asked, cache } = standIn();
    cache.subscribe('getOptions', ['a'], {}, () => undefined);
    cache.subscribe('getOptions', ['b'], {}, () => undefined);
    asked.forEach((a) => a.resolve([]));
    await settle();
    cache.invalidate(['getOptions'], 'a');
    expect(asked.slice(2).map((a) => a.args[0])).toEqual(['a']);
  });

  it('never lets an older read overwrite a newer answer, and reads once more when a change came mid-read', async () => {
    const { asked, emit, cache } = standIn();
    cache.subscribe('listRecordings', [], { invalidateOn: ['recording'] }, () => undefined);
    emit('recording', { file: 'x' });
    // One read at a time: the change waits for the first read to end.
    expect(asked).toHaveLength(1);
    cache.set('listRecordings', [], (prev) => [...(prev ?? []), { file: 'told' } as never]);
    asked[0].resolve([{ file: 'old' }]);
    await settle();
    expect(cache.snapshot('listRecordings', []).data).toEqual([{ file: 'told' }]);
    expect(asked).toHaveLength(2);
    asked[1].resolve([{ file: 'new' }]);
    await settle();
    expect(cache.snapshot('listRecordings', []).data).toEqual([{ file: 'new' }]);
  });

  it('keeps at most a hundred answers no view shows', async () => {
    const { asked, cache } = standIn();
    for (let i = 0; i < 130; i++) cache.subscribe('getSchedules', [`s${i}`], {}, () => undefined)();
    asked.forEach((a) => a.resolve([]));
    await settle();
    // Once their reads end, the oldest beyond the bound are forgotten; the newest are kept.
    expect(cache.size).toBe(100);
    expect(cache.snapshot('getSchedules', ['s0']).loading).toBe(true);
    expect(cache.snapshot('getSchedules', ['s129']).data).toEqual([]);
  });
});
