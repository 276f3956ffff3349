/**
 * Nothing acknowledged is lost on a full disk: a real workbench whose home is a 3 MiB tmpfs, a real skill
 * process, its history and a recording on, and calls (some of them in flight together) while the disk fills
 * part-way through their writes. Every call answered ok is in the history and the recording; one whose record
 * could not be written answers NOT_KEPT; no file is left with a torn line; the window is told "disk full"
 * until a write succeeds again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import type { CallRecord, WorkbenchEvents } from '../src-main/contract';
import { FileSink } from '../src-main/engine/file-sink';
import { skillFolder } from '../src-main/host/workbench-home';
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { FIXTURES, waitFor } from './helpers';
import { scaled } from './machine-factor';
import { fillDisk, mountSmallDisk, NO_SMALL_DISK, unmountSmallDisk } from './small-disk';

const disk = mountSmallDisk('3m');
afterAll(() => {
  if (disk) unmountSmallDisk(disk);
});

const PAGE = 4096;

/** Every file under `dir` (the filler aside). */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((f) => fs.statSync(f).isFile() && path.basename(f) !== 'filler');
}

/** The lines of a JSON-lines file, each parsed: a torn line throws, naming the file. */
function jsonLines(file: string): Record<string, unknown>[] {
  const text = fs.readFileSync(file, 'utf8');
  return text.split('\n').filter(Boolean).map((line, i) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`${file}: line ${i + 1} is torn: ${line.slice(0, 80)}`);
    }
  });
}

describe.skipIf(!disk)(`nothing acknowledged is lost on a full disk (${disk ? 'a 3 MiB tmpfs' : `skipped: ${NO_SMALL_DISK}`})`, () => {
  it('a gap note the disk takes only part of is cut back to the last whole line', async () => {
    const dir = fs.mkdtempSync(path.join(disk!, 'gap-'));
    const file = path.join(dir, 'history.jsonl');
    // A file whose last page has 60 bytes of room: on a full disk a longer line is taken only in part.
    const kept = JSON.stringify({ pad: 'k'.repeat(PAGE - 60 - 11) }) + '\n';
    fs.writeFileSync(file, kept);
    expect(fs.statSync(file).size).toBe(PAGE - 60);
    const sink = new FileSink(file, { durable: true, retryMs: 60_000 });
    const room = fillDisk(disk!, 0);
    try {
      sink.write(JSON.stringify({ call: 1, pad: 'x'.repeat(200) }) + '\n');
      FileSink.syncAll();
      expect(sink.refusing).toBe(true);
      // Closing tries once more to note the gap: the note (longer than the room) must not stay half-written.
      await sink.close();
      const text = fs.readFileSync(file, 'utf8');
      expect(text === kept, `the file ends in: ${text.slice(kept.length, kept.length + 80)}`).toBe(true);
    } finally {
      room.free();
    }
  });

  it('a log line the disk takes only part of is cut back at once, not only once the disk has room again', async () => {
    const dir = fs.mkdtempSync(path.join(disk!, 'log-'));
    const file = path.join(dir, 'skill.log');
    const kept = 'k'.repeat(PAGE - 60 - 1) + '\n';
    fs.writeFileSync(file, kept);
    const sink = new FileSink(file, { retryMs: 60_000 });
    const room = fillDisk(disk!, 0);
    try {
      sink.write('a line longer than the 60 bytes of room left: ' + 'x'.repeat(200) + '\n');
      await waitFor(() => sink.refusing, 5000, 'the sink to meet the full disk');
      // The app may be stopped while the disk is still full: the file must read whole as it is.
      expect(fs.readFileSync(file, 'utf8') === kept, 'the log ends in a torn line').toBe(true);
      await sink.close();
      expect(fs.readFileSync(file, 'utf8') === kept, 'the log ends in a torn gap note').toBe(true);
    } finally {
      room.free();
    }
  });

  it('no call is answered ok unless it is in the history and the recording; the window hears "disk full" until space returns', { timeout: scaled(120_000) }, async ({ cleanup }) => {
    const home = path.join(disk!, 'home');
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [path.join(FIXTURES, 'rpc')], namedFolders: true }));
    const told: WorkbenchEvents['diskTrouble'][] = [];
    wb.events.on('diskTrouble', (news) => told.push(news));
    let recording = true;
    wb.events.on('recording', (info) => {
      if (!info.active) recording = false;
    });
    const [skill] = await wb.listSkills();
    const dir = skillFolder(home, skill.id);
    await wb.startSkill(skill.id);
    const { file: recordingFile } = await wb.startRecording(skill.id, 'full');

    /** Each answer, and whether a recording was on when the call was made. */
    const answered: { record: CallRecord; recorded: boolean }[] = [];
    const call = async (args: Record<string, unknown>) => {
      const recorded = recording;
      const record = await wb.callTool(skill.id, 'echo', args);
      answered.push({ record, recorded });
      return record;
    };
    for (let i = 0; i < 5; i++) expect((await call({ before: i })).outcome?.ok).toBe(true);

    // Room for a few calls, so the disk fills part-way through their writes; some calls go in flight together.
    const room = fillDisk(disk!, 40 * PAGE + 1000);
    // Until the disk has refused a file, then a few more: each write of 4 padded calls needs a new page or two.
    let n = 0;
    for (let batch = 0, after = 0; batch < 100 && after < 5; batch++) {
      await Promise.all(Array.from({ length: 4 }, () => call({ during: n++, pad: 'x'.repeat(1500) })));
      if (told.length) after++;
    }
    const notKept = () => answered.filter((a) => a.record.outcome?.error?.code === 'NOT_KEPT').length;
    expect(notKept()).toBeGreaterThanOrEqual(10);
    // The window was told, in words that say what is at stake. Which of a call's files the full disk refuses first
    // (its history or the recording, or the log) is a race between their writes, so either may be named.
    const aboutCalls = told.find((t) => t.files.includes('call history') || t.files.includes('recording'));
    expect(aboutCalls).toMatchObject({ skillId: skill.id, problem: 'The disk is full' });
    expect(aboutCalls!.message).toMatch(/^The disk is full: misbehaving's .*(call history|recording).* not being kept\./);
    expect(told.every((t) => t.problem)).toBe(true);
    const refused = answered.find((a) => a.record.outcome?.error?.code === 'NOT_KEPT')!.record;
    expect(refused.outcome).toMatchObject({ ok: false, data: { during: expect.any(Number) } });
    expect(refused.outcome!.error!.message).toMatch(/^The disk is full: echo ran, but its (call history|recording).* could not be written/);
    // The history too was refused at some point: its own NOT_KEPT says so.
    expect(answered.some((a) => /but its .*call history/.test(a.record.outcome?.error?.message ?? ''))).toBe(true);

    room.free();
    await waitFor(() => told.some((t) => !t.problem), 15_000, 'the news that writing resumed');
    expect(told.at(-1)).toMatchObject({ skillId: skill.id, problem: null, files: [] });
    for (let i = 0; i < 3; i++) expect((await call({ after: i })).outcome?.ok).toBe(true);
    await wb.close();

    // Every call answered ok is in the history, and in the recording when one was on as it was made.
    const history = new Set(jsonLines(path.join(dir, 'history.jsonl')).map((r) => r.callId));
    const recorded = new Set(jsonLines(recordingFile).filter((r) => r.type === 'call').map((r) => r.callId));
    const ok = answered.filter((a) => a.record.outcome?.ok);
    expect(ok.length).toBeGreaterThan(8);
    expect(ok.filter((a) => !history.has(a.record.callId)).map((a) => a.record.args)).toEqual([]);
    expect(ok.filter((a) => a.recorded && !recorded.has(a.record.callId)).map((a) => a.record.args)).toEqual([]);
    // What did not answer ok answered NOT_KEPT (the echo itself never fails).
    expect(answered.filter((a) => !a.record.outcome?.ok && a.record.outcome?.error?.code !== 'NOT_KEPT')).toEqual([]);
    // No torn line anywhere: every file ends on a whole line, and every JSON-lines file parses line by line.
    for (const file of filesUnder(home)) {
      const text = fs.readFileSync(file, 'utf8');
      if (text) expect(text.endsWith('\n'), `${file} ends in a torn line: ${text.slice(-80)}`).toBe(true);
      if (file.endsWith('.jsonl')) jsonLines(file);
    }
  });
});
