/**
 * A full disk (issue 15, item 9), on a real one: a small tmpfs. The log file, a JSON Lines history and a
 * recording stop being written while the disk refuses, lose nothing already written, leave no torn line,
 * and the sinks resume by themselves once there is room again, noting the gap in the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileSink } from '../src-main/engine/file-sink';
import { LogSink } from '../src-main/engine/log-sink';
import { Recorder } from '../src-main/runtime/recorder';
import { waitFor } from './helpers';
import { fillDisk, mountSmallDisk, NO_SMALL_DISK, unmountSmallDisk } from './small-disk';

const disk = mountSmallDisk('256k');
afterAll(() => {
  if (disk) unmountSmallDisk(disk);
});
const fill = fillDisk;

const line = (i: number) => JSON.stringify({ i, text: 'x'.repeat(100) }) + '\n';
const why = NO_SMALL_DISK;

describe.skipIf(!disk)(`a full disk (${disk ? 'a 256 KiB tmpfs' : `skipped: ${why}`})`, () => {
  it('a JSON Lines sink drops what the disk refuses, resumes when there is room, notes the gap, leaves no torn line', async () => {
    const dir = fs.mkdtempSync(path.join(disk!, 'jsonl-'));
    const file = path.join(dir, 'history.jsonl');
    const sink = new FileSink(file, { retryMs: 30 });
    for (let i = 0; i < 5; i++) sink.write(line(i));
    await sink.settled();
    const room = fill(dir, 300);
    // More than fits: the disk takes part of it, then refuses.
    for (let i = 5; i < 40; i++) sink.write(line(i));
    await waitFor(() => sink.refusing, 5000, 'the sink to notice the full disk');
    for (let i = 40; i < 60; i++) sink.write(line(i));
    room.free();
    await waitFor(() => !sink.refusing, 5000, 'the sink to resume');
    for (let i = 60; i < 65; i++) sink.write(line(i));
    await sink.close();
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    const parsed = lines.map((l) => JSON.parse(l) as { i?: number; gap?: { lostBytes: number } });
    const seen = parsed.filter((p) => p.i !== undefined).map((p) => p.i!);
    // Everything from before the disk filled, and everything after it had room again, in order.
    expect(seen.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(seen.slice(-5)).toEqual([60, 61, 62, 63, 64]);
    const gaps = parsed.filter((p) => p.gap);
    expect(gaps).toHaveLength(1);
    expect(gaps[0].gap!.lostBytes).toBeGreaterThan(0);
  });

  it('the log file says in its own format that output is missing, and goes on', async () => {
    const dir = fs.mkdtempSync(path.join(disk!, 'log-'));
    const file = path.join(dir, 'skill.log');
    const logs = new LogSink({ file, retryMs: 30 });
    logs.append('stderr', 'before the disk filled');
    await logs.settled();
    const room = fill(dir, 200);
    for (let i = 0; i < 50; i++) logs.append('stderr', `while full ${i} ${'y'.repeat(80)}`);
    await new Promise((r) => setTimeout(r, 200));
    // The live log says so, where the user is looking.
    expect(logs.tail('system', 1)[0]).toMatch(/^The disk refused writes to the complete log file/);
    room.free();
    await new Promise((r) => setTimeout(r, 200));
    logs.append('stderr', 'after there was room again');
    await logs.close();
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('before the disk filled\n');
    expect(text).toMatch(/--- \S+ system\n\[The disk refused writes from \d\d:\d\d:\d\d to \d\d:\d\d:\d\d UTC: .+ of output are not in this file\.\]\n/);
    // The line after the gap has its own header again, and the file ends on a whole line.
    expect(text).toMatch(/--- \S+ stderr\nafter there was room again\n$/);
  });

  it('a recording that meets a full disk ends, and every line in it is whole', () => {
    const dir = fs.mkdtempSync(path.join(disk!, 'rec-'));
    const file = path.join(dir, 'session.jsonl');
    let failed: Error | null = null;
    const ref = { id: 'x', name: 'x', protocol: 'jsonrpc' as const, dir, root: dir };
    const r = Recorder.open(file, ref, { onFailure: (err) => (failed = err) });
    const room = fill(dir, 500);
    for (let i = 0; i < 30 && !failed; i++) {
      r.append({ type: 'note', text: `note ${i} ${'z'.repeat(200)}` });
      r.sync();
    }
    room.free();
    expect(failed).not.toBeNull();
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    for (const l of lines) expect(() => JSON.parse(l), l).not.toThrow();
    expect(JSON.parse(lines[0]).type).toBe('header');
  });
});
