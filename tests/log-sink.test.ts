import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { LogSink } from '../src-main/engine/log-sink';
import { Redactor } from '../src-main/engine/redactor';

describe('LogSink', () => {
  it('gives back the lines of any chunking, partial lines held until complete', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, '')), { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 10 }), (lines, cuts) => {
        const sink = new LogSink();
        const bytes = Buffer.from(lines.map((l) => l + '\n').join(''));
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        let at = 0;
        for (const p of [...points, bytes.length]) {
          sink.appendBytes('stderr', bytes.subarray(at, p));
          at = p;
        }
        expect(sink.entries().map((e) => e.text)).toEqual(lines);
        const seqs = sink.entries().map((e) => e.seq);
        expect(new Set(seqs).size).toBe(seqs.length);
      }),
    );
  });

  it('keeps memory bounded: only the newest lines stay in the ring, the file has them all', async ({ cleanup }) => {
    const file = path.join(cleanup.tempDir(), 'log.txt');
    const sink = new LogSink({ file, capacityBytes: 64 * 1024, lines: 100 });
    const line = 'x'.repeat(99) + '\n';
    for (let i = 0; i < 2000; i++) sink.appendBytes('stderr', Buffer.from(`${i} ${line}`));
    const entries = sink.entries();
    expect(entries.length).toBe(100);
    expect(entries.at(-1)!.text.startsWith('1999 ')).toBe(true);
    await sink.close();
    const text = fs.readFileSync(file, 'utf8');
    expect(text.split('\n').filter((l) => /^\d+ x/.test(l)).length).toBe(2000);
    expect(text).toMatch(/^--- \d{4}-\d\d-\d\dT[\d:.]+Z stderr$/m);
  });

  it('tells listeners in batches and marks what it had to leave out', async ({ cleanup }) => {
    const sink = new LogSink({ file: path.join(cleanup.tempDir(), 'l.txt') });
    const got: string[] = [];
    sink.subscribe((entries) => got.push(...entries.map((e) => e.text)));
    for (let i = 0; i < 3000; i++) sink.append('stdout', `line ${i}`);
    await new Promise((r) => setTimeout(r, 40));
    expect(got[0]).toMatch(/not shown here: the complete log is in/);
    expect(got.at(-1)).toBe('line 2999');
    expect(got.length).toBe(2001);
  });

  it('waits for a stream to go quiet: bytes that come while it waits are in the tail it then gives', async () => {
    const sink = new LogSink();
    sink.appendBytes('stderr', Buffer.from('long ago\n'));
    const quiet = sink.quiet('stderr', 20, 5000);
    // Timers fire in order of their time: this one comes before the first look at the stream.
    setTimeout(() => sink.appendBytes('stderr', Buffer.from('Traceback (most recent call last):\nValueError: late\n')), 5);
    await quiet;
    expect(sink.tail('stderr', 3)).toEqual(['long ago', 'Traceback (most recent call last):', 'ValueError: late']);
    // A stream that never goes quiet is waited for no longer than the bound.
    const chatty = setInterval(() => sink.appendBytes('stderr', Buffer.from('more\n')), 2);
    await sink.quiet('stderr', 50, 60);
    clearInterval(chatty);
  });

  it('flushes a last line without newline at the end, tails per stream, clears the view', () => {
    const sink = new LogSink();
    sink.appendBytes('stderr', Buffer.from('a\nb'));
    sink.append('system', 'sys');
    sink.endStream('stderr');
    expect(sink.tail('stderr', 5)).toEqual(['a', 'b']);
    sink.clear();
    expect(sink.entries()).toEqual([]);
    sink.append('stdout', 'after');
    expect(sink.entries().map((e) => e.text)).toEqual(['after']);
  });

  it('scrubs secrets before they reach memory or disk', async ({ cleanup }) => {
    const r = new Redactor();
    r.add('hunter2-secret');
    const file = path.join(cleanup.tempDir(), 'l.txt');
    const sink = new LogSink({ file, redactor: r });
    sink.appendBytes('stderr', Buffer.from('key=hunter2-secret ok\n'));
    expect(sink.entries()[0].text).toBe('key=•••• ok');
    await sink.close();
    expect(fs.readFileSync(file, 'utf8')).not.toContain('hunter2');
  });

  it('never shows half of a secret split over two writes, however late the second comes', async ({ cleanup }) => {
    const secret = 's3cr3t/Pa+ss w0rd!(x)';
    const r = new Redactor();
    r.add(secret);
    const file = path.join(cleanup.tempDir(), 'l.txt');
    const sink = new LogSink({ file, redactor: r });
    // The second half comes in time: the secret is hidden whole, as one.
    sink.appendBytes('stderr', Buffer.from(`token=${secret.slice(0, 10)}\n`));
    sink.appendBytes('stderr', Buffer.from(`${secret.slice(10)} (continued)\n`));
    // It comes late (someone read the log meanwhile, which lets the held line go): each half masked on its own.
    sink.appendBytes('stderr', Buffer.from(`again=${secret.slice(0, 12)}\n`));
    expect(sink.tail('stderr', 1)).toEqual(['again=••••']);
    sink.appendBytes('stderr', Buffer.from(`${secret.slice(12)} (late)\n`));
    // A line that only ends like no secret starts goes at once, untouched.
    sink.appendBytes('stderr', Buffer.from('plain s3c\n'));
    const lines = sink.entries().map((e) => e.text);
    expect(lines).toEqual(['token=••••', '•••• (continued)', 'again=••••', '•••• (late)', 'plain s3c']);
    await sink.close();
    const onDisk = fs.readFileSync(file, 'utf8');
    for (const part of [secret.slice(0, 10), secret.slice(10), secret.slice(0, 12), secret.slice(12)]) expect(onDisk).not.toContain(part);
  });
});
