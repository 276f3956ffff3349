import { describe, expect, it } from 'vitest';
import type { LogEntry, WorkbenchEvents } from '../src-main/contract';
import { LOG_BATCH_LINES, LOG_BEHIND_BYTES, LOG_FLUSH_MS, LogBatches } from '../src-main/workbench/log-batches';

type Sent = WorkbenchEvents['logs'];
const lines = (from: number, n: number, stream: LogEntry['stream'] = 'stderr'): LogEntry[] =>
  Array.from({ length: n }, (_, i) => ({ seq: (from + i) * 10, time: 1, stream, text: `line ${from + i}` }));
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('LogBatches (what a browser window is sent of the logs)', () => {
  it('coalesces a skill’s batches into one per interval, in order, losing nothing when there are few', async () => {
    const sent: Sent[] = [];
    const b = new LogBatches((p) => sent.push(p), () => 0);
    b.add({ skillId: 'a', entries: lines(0, 3) });
    b.add({ skillId: 'b', entries: lines(0, 1, 'stdout') });
    b.add({ skillId: 'a', entries: lines(3, 2) });
    expect(sent).toEqual([]);
    await wait(LOG_FLUSH_MS * 2);
    expect(sent.map((s) => s.skillId)).toEqual(['a', 'b']);
    expect(sent[0].entries.map((e) => e.text)).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4']);
    expect(sent[0].skipped).toBeUndefined();
    b.close();
  });

  it('in a flood, sends the newest lines and one line saying how many were left out, with the count', async () => {
    const sent: Sent[] = [];
    const b = new LogBatches((p) => sent.push(p), () => 0);
    for (let i = 0; i < 20; i++) b.add({ skillId: 'a', entries: [...lines(i * 2000, 1000), ...lines(i * 2000 + 1000, 1000, 'stdout')] });
    await wait(LOG_FLUSH_MS * 2);
    expect(sent).toHaveLength(1);
    const [marker, ...rest] = sent[0].entries;
    expect(rest).toHaveLength(LOG_BATCH_LINES);
    expect(rest[rest.length - 1].text).toBe('line 39999');
    expect(marker.stream).toBe('system');
    expect(marker.seq).toBeLessThan(rest[0].seq);
    expect(marker.text).toMatch(/^\[39,800 more lines not shown here.*complete log file has every line\]$/);
    expect(sent[0].skipped).toEqual({ lines: 40000 - LOG_BATCH_LINES, errors: 20000 });
    b.close();
  });

  it('holds log batches while the socket is behind, counting what it leaves out, and sends once it caught up', async () => {
    const sent: Sent[] = [];
    let queued = LOG_BEHIND_BYTES + 1;
    const b = new LogBatches((p) => sent.push(p), () => queued);
    b.add({ skillId: 'a', entries: lines(0, LOG_BATCH_LINES + 10) });
    await wait(LOG_FLUSH_MS * 3);
    expect(sent).toEqual([]);
    queued = 0;
    await wait(LOG_FLUSH_MS * 2);
    expect(sent).toHaveLength(1);
    expect(sent[0].skipped).toEqual({ lines: 10, errors: 10 });
    expect(sent[0].entries).toHaveLength(LOG_BATCH_LINES + 1);
    b.close();
  });

  it('sends nothing after it is closed', async () => {
    const sent: Sent[] = [];
    const b = new LogBatches((p) => sent.push(p), () => 0);
    b.add({ skillId: 'a', entries: lines(0, 2) });
    b.close();
    await wait(LOG_FLUSH_MS * 2);
    expect(sent).toEqual([]);
  });
});
