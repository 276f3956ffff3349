import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import type { LogStream } from '../src-main/contract';
import { LOG_FILE_ROUTE } from '../src-main/contract';
import { excerpt, LOG_START, matcher, positionOf, scanLog, searchLog, SHOWN_CHARS } from '../src-main/engine/log-file';
import { LogSink } from '../src-main/engine/log-sink';
import { startServer } from '../src-main/server/serve';
import { Workbench } from '../src-main/workbench/workbench';
import { eventually, ROOT } from './helpers';

const HEADER = /^--- \d{4}-\d\d-\d\dT[\d:.]+Z (stdout|stderr|system)$/;
const LOUD = path.join(ROOT, 'e2e', 'fixtures', 'loud');

/** The content lines of a log file read the simple way (the whole file at once), as [stream, text]. */
function naive(file: string): [string, string][] {
  const out: [string, string][] = [];
  let stream = '';
  for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(0, -1)) {
    const h = HEADER.exec(line);
    if (h) stream = h[1];
    else out.push([stream, line]);
  }
  return out;
}

async function sinkWith(
  cleanup: Cleanup,
  lines: { stream: LogStream; text: string }[],
  opts: { lines?: number; capacityBytes?: number } = {},
): Promise<{ sink: LogSink; file: string }> {
  const file = path.join(cleanup.tempDir(), 'skill.log');
  const sink = new LogSink({ file, ...opts });
  for (const l of lines) sink.append(l.stream, l.text);
  await sink.settled();
  return { sink, file };
}

describe('the complete log file', () => {
  it('reads back every line with its stream, and counts the lines before any seq, however the lines look', async ({ cleanup }) => {
    const line = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constant('--- not a header'),
      fc.constant('--- 2024-01-01T00:00:00.000Z stdout and more'),
      fc.constant(''),
      fc.string({ maxLength: 8 }).map((s) => `é ${s} 世界\r`),
    ).map((s) => s.replace(/\n/g, ' '));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ stream: fc.constantFrom<LogStream>('stdout', 'stderr', 'system'), text: line }), { minLength: 1, maxLength: 60 }), async (lines) => {
        const { sink, file } = await sinkWith(cleanup, lines, { lines: 10_000 });
        const entries = sink.entries();
        const read: { seq: number; stream: LogStream; text: string; line: number }[] = [];
        await scanLog(file, (l) => void read.push({ seq: l.seq, stream: l.stream, text: l.bytes.toString('utf8'), line: l.line }));
        // What LogSink keeps in memory and what the file gives back agree, line for line (a \r before the newline is not part of the text).
        expect(read.map((r) => [r.seq, r.stream, r.text])).toEqual(entries.map((e) => [e.seq, e.stream, e.text.replace(/\r$/, '')]));
        expect(read.map((r) => r.line)).toEqual(entries.map((_, i) => i + 1));
        for (const [i, e] of entries.entries()) expect((await positionOf(file, e.seq)).lines).toBe(i);
        await sink.close();
      }),
      { numRuns: 40 },
    );
  });

  it('counts on from where it stopped, and from the start for an earlier seq', async ({ cleanup }) => {
    const lines = Array.from({ length: 3000 }, (_, i): { stream: LogStream; text: string } => ({ stream: i % 3 ? 'stderr' : 'stdout', text: `line ${i + 1}` }));
    const { sink, file } = await sinkWith(cleanup, lines, { lines: 100, capacityBytes: 2048 });
    const kept = sink.entries();
    expect(kept.length).toBeLessThan(3000);
    const first = await positionOf(file, kept[0].seq);
    expect(first.lines).toBe(3000 - kept.length);
    const later = await positionOf(file, kept.at(-1)!.seq, first);
    expect(later.lines).toBe(2999);
    expect((await positionOf(file, 0, later)).lines).toBe(0);
    await sink.close();
  });

  it('searches plain text or a regular expression, by stream, up to a limit, and says when it stopped', async ({ cleanup }) => {
    const lines = Array.from({ length: 1200 }, (_, i): { stream: LogStream; text: string } => ({ stream: i % 2 ? 'stderr' : 'stdout', text: `Line ${i + 1}: value=${i * 7}` }));
    const { sink, file } = await sinkWith(cleanup, lines);
    const plain = await searchLog(file, { find: matcher('line 12:', false, false), limit: 10 });
    expect(plain.hits).toEqual([{ line: 12, time: expect.any(Number), stream: 'stderr', text: 'Line 12: value=77' }]);
    expect(plain.truncated).toBe(false);
    expect(plain.linesSearched).toBe(1200);
    expect((await searchLog(file, { find: matcher('line 12:', false, true), limit: 10 })).hits).toEqual([]);
    const re = await searchLog(file, { find: matcher('^Line 1\\d: value=\\d+$', true, false), limit: 100, streams: new Set(['stdout']) });
    expect(re.hits.map((h) => h.line)).toEqual([11, 13, 15, 17, 19]);
    const capped = await searchLog(file, { find: matcher('value', false, false), limit: 50 });
    expect(capped.hits.length).toBe(50);
    expect(capped.truncated).toBe(true);
    expect(capped.hits.at(-1)!.line).toBe(50);
    await sink.close();
  });

  it('refuses an empty search and a broken regular expression in plain words', () => {
    expect(() => matcher('', false, false)).toThrow('Type something to search for.');
    expect(() => matcher('(unclosed', true, false)).toThrow(/"\(unclosed" is not a regular expression the search understands: .*group/);
    expect(matcher('a.b', false, false)('a.b')).toEqual({ index: 0, length: 3 });
    expect(matcher('a.b', false, false)('axb')).toBeNull();
  });

  it('cuts a very long matching line around the match', () => {
    const text = `${'a'.repeat(10_000)}NEEDLE${'b'.repeat(10_000)}`;
    const shown = excerpt(text, 10_000, 6);
    expect(shown).toContain('NEEDLE');
    expect(shown.length).toBeLessThanOrEqual(SHOWN_CHARS + 2);
    expect(shown.startsWith('…') && shown.endsWith('…')).toBe(true);
  });

  it('reads a line longer than it holds in pieces rather than all at once', async ({ cleanup }) => {
    const file = path.join(cleanup.tempDir(), 'long.log');
    fs.writeFileSync(file, `--- 2024-01-01T00:00:00.000Z stderr\n${'x'.repeat(5 * 1024 * 1024)}\nafter\n`);
    const sizes: number[] = [];
    const end = await scanLog(file, (l) => void sizes.push(l.bytes.length));
    expect(sizes).toEqual([4 * 1024 * 1024, 1024 * 1024, 5]);
    expect(end.seq).toBe(5 * 1024 * 1024 + 1 + 6);
  });

  it('gives nothing for a log file not written yet', async ({ cleanup }) => {
    const missing = path.join(cleanup.tempDir(), 'none.log');
    expect(await scanLog(missing, () => true)).toEqual(LOG_START);
    expect((await searchLog(missing, { find: matcher('x', false, false), limit: 5 })).hits).toEqual([]);
  });
});

describe('the log file through the workbench', () => {
  async function loudWorkbench(cleanup: Cleanup): Promise<{ wb: Workbench; id: string }> {
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [LOUD], namedFolders: true }));
    const [skill] = await wb.listSkills();
    return { wb, id: skill.id };
  }

  it('counts the lines older than the Logs tab holds and finds them, secrets redacted even when learnt later', async ({ cleanup }) => {
    const { wb, id } = await loudWorkbench(cleanup);
    const secret = 'sk_live_0123456789abcdef';
    const call = await wb.callTool(id, 'shout', { lines: 7000, stream: 'both', text: `key ${secret} line` });
    expect(call.outcome?.text).toBe('printed 7000 lines');
    // Each stream arrives in order, but the two pipes are read independently: wait for the last line of each.
    await eventually(async () => {
      const texts = (await wb.getLogs(id)).map((e) => e.text);
      return texts.some((t) => t.endsWith('6999 of 7000 on stderr')) && texts.some((t) => t.endsWith('7000 of 7000 on stdout'));
    }, 20_000, 'the last line of each stream');
    const shown = await wb.getLogs(id);
    const info = await wb.logFiles.logFileInfo(id, shown[0].seq);
    const all = naive(info.path!);
    // Exactly the lines of the file before the first one the tab gets.
    expect(info.linesBefore).toBe(all.length - shown.length);
    expect(all[info.linesBefore][1]).toBe(shown[0].text);
    expect(info.linesBefore).toBeGreaterThan(1000);
    expect(info.bytes).toBe(fs.statSync(info.path!).size);

    // The skill's secret becomes known after the lines were written (a secret variable set later, say).
    wb.idleRuntime(id).redactor.add(secret);
    const found = await wb.logFiles.searchLogFile(id, { text: 'line 12 of 7000' });
    expect(found.matches).toEqual([{ line: all.findIndex(([, t]) => t.includes('line 12 of 7000')) + 1, time: expect.any(Number), stream: 'stdout', text: 'key •••• line 12 of 7000 on stdout' }]);
    expect(found.linesSearched).toBe(all.length);
    expect((await wb.logFiles.searchLogFile(id, { text: secret })).matches).toEqual([]);
    const errOnly = await wb.logFiles.searchLogFile(id, { text: 'line 1\\d of', regex: true, streams: ['stderr'] });
    expect(errOnly.matches.map((m) => m.text)).toEqual([11, 13, 15, 17, 19].map((n) => `key •••• line ${n} of 7000 on stderr`));
    await expect(wb.logFiles.searchLogFile(id, { text: '[', regex: true })).rejects.toThrow('is not a regular expression');
    await expect(wb.logFiles.logFileInfo('no-such-skill')).rejects.toThrow('There is no skill "no-such-skill"');
  });

  it('serves the whole log as numbered text in browser mode, only with the token', async ({ cleanup }) => {
    const { wb, id } = await loudWorkbench(cleanup);
    await wb.callTool(id, 'shout', { lines: 30, text: 'hello' });
    await eventually(async () => (await wb.getLogs(id)).some((e) => e.text.endsWith('30 of 30 on stderr')), 20_000, 'the last line');
    wb.idleRuntime(id).redactor.add('hello 7 of');
    const server = cleanup.add(await startServer({ workbench: wb, rendererDir: cleanup.tempDir() }));
    const base = `http://127.0.0.1:${server.port}${LOG_FILE_ROUTE}?skill=${encodeURIComponent(id)}`;
    expect((await fetch(base)).status).toBe(401);
    const res = await fetch(`${base}&token=${server.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    const lines = naive(wb.idleRuntime(id).logs.filePath!);
    const n = lines.findIndex(([, t]) => t === 'hello 12 of 30 on stderr') + 1;
    expect(text).toMatch(new RegExp(`^ *${n}  \\d\\d:\\d\\d:\\d\\d\\.\\d{3} err  hello 12 of 30 on stderr$`, 'm'));
    expect(text).toContain('err  •••• 30 on stderr');
    expect(text).not.toContain('hello 7 of');
    expect((await fetch(`http://127.0.0.1:${server.port}${LOG_FILE_ROUTE}?skill=nope&token=${server.token}`)).status).toBe(404);
  });
});
