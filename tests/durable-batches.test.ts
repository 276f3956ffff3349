/**
 * The call history, the timeline and recordings are written in batches, out of the calls' way: records nobody
 * has been told of wait in memory to be written together; a window (the event hub's barrier), a caller waiting
 * for its records (`flushed`), closing and the exit write them at once. Order is kept, closing loses nothing,
 * and a kill loses nothing that was acknowledged.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import type { CallRecord } from '../src-main/contract';
import { FileSink } from '../src-main/engine/file-sink';
import { Redactor } from '../src-main/engine/redactor';
import { CallJson } from '../src-main/runtime/call-json';
import { CallHistory } from '../src-main/runtime/history';
import { Recorder } from '../src-main/runtime/recorder';
import { syncBeforeTelling } from '../src-main/runtime/sync-barrier';
import { EventHub } from '../src-main/workbench/events';

const ref = (dir: string) => ({ id: 'x', name: 'x', protocol: 'jsonrpc' as const, dir, root: dir });
const turn = () => new Promise((r) => setImmediate(r));
const lines = (file: string): Record<string, unknown>[] =>
  fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) : [];
const call = (n: number): CallRecord => ({ callId: `c${n}`, skillId: 'x', tool: 'echo', args: { n }, startedAt: n, status: 'done', outcome: { ok: true, data: { n }, durationMs: 1 } });

describe('durable batches', () => {
  it('a recording writes what nobody waits for later, together, and what a caller waits for at the end of its turn, in order', async ({ cleanup }) => {
    const file = path.join(cleanup.tempDir(), 'r.jsonl');
    const r = Recorder.open(file, ref(path.dirname(file)));
    r.append({ type: 'note', text: 'a' });
    await turn();
    // Nobody waits and no window heard of it: it waits for the next batch.
    expect(lines(file).map((l) => l.type)).toEqual(['header']);
    r.append({ type: 'note', text: 'b' });
    const written = r.flushed();
    r.append({ type: 'note', text: 'c' });
    await written;
    expect(lines(file).map((l) => l.text ?? l.type)).toEqual(['header', 'a', 'b', 'c']);
    expect(lines(file).map((l) => l.seq ?? 0)).toEqual([0, 1, 2, 3]);
    // Appended lazily, then closed: nothing is lost, and the end comes last.
    r.append({ type: 'note', text: 'd' });
    r.close();
    expect(lines(file).map((l) => l.text ?? l.type)).toEqual(['header', 'a', 'b', 'c', 'd', 'end']);
  });

  it('the history and the timeline are written when a window is about to hear of them, not each call on its own', async ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const history = new CallHistory(dir, new Redactor());
    const file = path.join(dir, 'history.jsonl');
    const hub = new EventHub();
    hub.barrier = syncBeforeTelling;
    const seen: number[][] = [];
    hub.onAnyForWindow((event, payload) => {
      if (event === 'call') seen.push(lines(file).map((l) => (l.args as { n: number }).n));
      void payload;
    });
    for (let n = 1; n <= 3; n++) {
      history.add(call(n));
      hub.emit('call', { ...call(n), argsBytes: 0 });
    }
    expect(lines(file)).toEqual([]);
    await hub.delivered();
    // One batch: every call of it on disk before the window heard of the first.
    expect(seen).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
    // Without a window, a batch waits for the next write; closing writes it.
    history.add(call(4));
    await turn();
    await history.close();
    expect(lines(file).map((l) => (l.args as { n: number }).n)).toEqual([1, 2, 3, 4]);
  });

  it('a call scrubbed and serialised once reads back as the record it was, in the history and in the recording', ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const redactor = new Redactor();
    redactor.add('hunter2-secret');
    const raw: CallRecord = { callId: 'c1', skillId: 'x', tool: 'echo', args: { pw: 'hunter2-secret', n: 1 }, startedAt: 5, status: 'running' };
    const json = new CallJson(raw, redactor);
    const outcome = { ok: true, text: 'said hunter2-secret', durationMs: 2 };
    json.finish(outcome);
    const done = { ...raw, status: 'done' as const, outcome };
    const kept = json.history();
    expect(JSON.parse(kept.line)).toEqual(JSON.parse(JSON.stringify(redactor.value(done))));
    expect(kept.record).toEqual(redactor.value(done));
    expect(kept.line).not.toContain('hunter2-secret');
    const r = Recorder.open(path.join(dir, 'r.jsonl'), ref(dir), { redactor });
    r.appendFields(json.startFields());
    r.appendFields(json.callFields());
    r.close();
    const [, start, end] = lines(path.join(dir, 'r.jsonl'));
    expect(start).toMatchObject({ seq: 1, type: 'call-start', callId: 'c1', tool: 'echo', args: { pw: '••••', n: 1 } });
    expect(end).toMatchObject({ seq: 2, type: 'call', callId: 'c1', tool: 'echo', outcome: { ok: true, text: 'said ••••' } });
    expect('args' in end).toBe(false);
  });

  it('a kill in the middle of a batch loses nothing that was acknowledged, and leaves no torn line', ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const script = path.join(dir, 'killed.ts');
    const recording = path.join(dir, 'r.jsonl');
    const sinkFile = path.join(dir, 'timeline.jsonl');
    fs.writeFileSync(
      script,
      `import fs from 'node:fs';
       import { Recorder } from ${JSON.stringify(path.resolve('src-main/runtime/recorder.ts'))};
       import { FileSink } from ${JSON.stringify(path.resolve('src-main/engine/file-sink.ts'))};
       import { EventHub } from ${JSON.stringify(path.resolve('src-main/workbench/events.ts'))};
       import { syncBeforeTelling } from ${JSON.stringify(path.resolve('src-main/runtime/sync-barrier.ts'))};
       const r = Recorder.open(${JSON.stringify(recording)}, { id: 'x', name: 'x', protocol: 'jsonrpc', dir: ${JSON.stringify(dir)}, root: ${JSON.stringify(dir)} });
       const sink = new FileSink(${JSON.stringify(sinkFile)}, { durable: true });
       const hub = new EventHub();
       hub.barrier = syncBeforeTelling;
       hub.onAnyForWindow(() => undefined);
       (async () => {
         for (let n = 1; n <= 50; n++) {
           r.append({ type: 'note', text: 'rec ' + n });
           sink.write(JSON.stringify({ n }) + '\\n');
           hub.emit('timeline', { skillId: 'x', entry: { seq: n } });
           // Every fifth is acknowledged: the caller waits for the recording, a window hears of the sink's.
           if (n % 5 === 0) {
             await r.flushed();
             await hub.delivered();
             fs.writeSync(1, 'ack ' + n + '\\n');
           }
         }
         // More, acknowledged to nobody, still in memory: then the kill.
         for (let n = 51; n <= 53; n++) { r.append({ type: 'note', text: 'rec ' + n }); sink.write(JSON.stringify({ n }) + '\\n'); }
         process.kill(process.pid, 'SIGKILL');
       })();`,
    );
    buildSync({ entryPoints: [script], bundle: true, platform: 'node', format: 'cjs', outfile: path.join(dir, 'killed.cjs'), logLevel: 'silent' });
    const run = spawnSync(process.execPath, [path.join(dir, 'killed.cjs')], { encoding: 'utf8' });
    expect(run.signal).toBe('SIGKILL');
    const acked = Math.max(...run.stdout.trim().split('\n').map((l) => Number(l.split(' ')[1])));
    expect(acked).toBe(50);
    const texts = fs.readFileSync(recording, 'utf8').split('\n');
    expect(texts.pop()).toBe('');
    const notes = texts.map((l) => JSON.parse(l) as { text?: string }).filter((l) => l.text).map((l) => Number(l.text!.split(' ')[1]));
    // Every acknowledged record, in order; the kill came before the last batch's write, so it is gone and nothing is torn.
    expect(notes).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const sunk = fs.readFileSync(sinkFile, 'utf8').split('\n');
    expect(sunk.pop()).toBe('');
    expect(sunk.map((l) => (JSON.parse(l) as { n: number }).n)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('a durable sink closed with records in memory writes them all, in order', async ({ cleanup }) => {
    const file = path.join(cleanup.tempDir(), 't.jsonl');
    const sink = new FileSink(file, { durable: true });
    for (let n = 1; n <= 100; n++) sink.write(JSON.stringify({ n }) + '\n');
    expect(lines(file)).toEqual([]);
    await sink.close();
    expect(lines(file).map((l) => l.n)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });
});
