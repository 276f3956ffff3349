/**
 * A full disk under a real workbench (issue 15, item 9): its home on a small tmpfs, a real skill process.
 * Calls go on running (one whose history line the disk refused answers NOT_KEPT, its result in the answer); the
 * user is told which files cannot be written and once that they can again (an event and a line in the skill's
 * log), and nothing written before the disk filled is lost.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import type { WorkbenchEvents } from '../src-main/contract';
import { FileSink } from '../src-main/engine/file-sink';
import { skillFolder } from '../src-main/host/workbench-home';
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { FIXTURES, waitFor } from './helpers';
import { fillDisk, mountSmallDisk, NO_SMALL_DISK, unmountSmallDisk } from './small-disk';
import { scaled } from './machine-factor';

const disk = mountSmallDisk('4m');
afterAll(() => {
  if (disk) unmountSmallDisk(disk);
});

const lines = (file: string) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
const onlyFile = (dir: string) => path.join(dir, fs.readdirSync(dir)[0]);

describe.skipIf(!disk)(`a full disk under the workbench (${disk ? 'a 4 MiB tmpfs as its home' : `skipped: ${NO_SMALL_DISK}`})`, () => {
  it('a producer paused until a file catches up is let go when the disk refuses that file (a skill waiting on its stderr pipe)', async ({ cleanup }) => {
    const dir = fs.mkdtempSync(path.join(disk!, 'paused-'));
    const sink = cleanup.add(new FileSink(path.join(dir, 'skill.log'), { retryMs: 50 }));
    const room = fillDisk(disk!, 0);
    try {
      // More than the stream buffers: the producer is told to pause, and waits for a drain.
      expect(sink.write(Buffer.alloc(2 * 1024 * 1024, 0x61))).toBe(false);
      expect(sink.behind).toBe(true);
      await new Promise<void>((resolve) => sink.onceDrained(resolve));
      expect(sink.refusing).toBe(true);
    } finally {
      room.free();
    }
  });

  it('calls still run (NOT_KEPT where their history line was refused), the user is told and told when writing resumes, and nothing written is lost', { timeout: scaled(60_000) }, async ({ cleanup }) => {
    const home = path.join(disk!, 'home');
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [path.join(FIXTURES, 'rpc')], namedFolders: true }));
    const told: WorkbenchEvents['diskTrouble'][] = [];
    wb.events.on('diskTrouble', (news) => told.push(news));
    const [skill] = await wb.listSkills();
    const dir = skillFolder(home, skill.id);

    await wb.startSkill(skill.id);
    for (let i = 0; i < 3; i++) expect((await wb.callTool(skill.id, 'echo', { before: i })).outcome?.ok).toBe(true);
    await waitFor(() => fs.existsSync(path.join(dir, 'history.jsonl')) && lines(path.join(dir, 'history.jsonl')).length === 3, 5000, 'the first calls to be on disk');
    const logFile = onlyFile(path.join(dir, 'logs'));
    const messageFile = onlyFile(path.join(dir, 'messages'));
    await waitFor(() => lines(messageFile).length >= 6 && lines(logFile).length > 0, 5000, 'the first messages and log lines to be on disk');
    const logBefore = fs.readFileSync(logFile, 'utf8');
    const messagesBefore = fs.readFileSync(messageFile, 'utf8');

    const room = fillDisk(disk!, 0);
    // Calls run while the disk is full, and answer with their result: ok where their history line was kept,
    // else NOT_KEPT. The news is not told per call: once, and again only as more of the skill's files are refused.
    let n = 0;
    const answer = async (args: { during: number; pad?: string }) => {
      const { outcome } = await wb.callTool(skill.id, 'echo', args);
      expect(outcome?.ok || outcome?.error?.code === 'NOT_KEPT', JSON.stringify(outcome?.error)).toBe(true);
      expect(outcome?.data).toMatchObject({ during: args.during });
      return outcome!;
    };
    const giveUp = Date.now() + 15_000;
    while (!told.length && Date.now() < giveUp) {
      await answer({ during: n++, pad: 'x'.repeat(2000) });
      await new Promise((r) => setTimeout(r, 25));
    }
    // A file may take its short gap note (and a short line) into the page it already has: not every call is refused.
    let notKept = 0;
    for (let i = 0; i < 20; i++) if ((await answer({ during: n++ })).error?.code === 'NOT_KEPT') notKept++;
    expect(notKept).toBeGreaterThan(0);
    expect(told.length).toBeLessThanOrEqual(5);
    for (const news of told) expect(news).toMatchObject({ skillId: skill.id, problem: 'The disk is full' });
    const last = told.at(-1)!;
    expect(last.files).toEqual(expect.arrayContaining(['message history', 'call history']));
    expect(last.message).toMatch(/^The disk is full: misbehaving's .*message history.* are not being kept\. Its calls still run, but each answers NOT_KEPT \(its result is in the answer, not in the history\) until there is room again\. Free some space and it carries on, noting the gap\.$/);
    // Said where the user looks at the skill too: its live log.
    expect((await wb.getLogs(skill.id)).filter((e) => e.stream === 'system' && e.text === last.message)).toHaveLength(1);
    const refused = told.length;

    room.free();
    await waitFor(() => told.length === refused + 1, 15_000, 'the news that writing resumed');
    const resumed = told.at(-1)!;
    expect(resumed).toMatchObject({ skillId: skill.id, problem: null, files: [] });
    expect(resumed.message).toMatch(/^Skill Workbench can write misbehaving's .*message history.* again\. What it could not write is noted as a gap\.$/);
    expect((await wb.callTool(skill.id, 'echo', { after: 1 })).outcome?.ok).toBe(true);
    await wb.close();
    expect(told).toHaveLength(refused + 1);

    // Nothing written before the disk filled is lost, and what came after there was room is there too.
    expect(fs.readFileSync(logFile, 'utf8').startsWith(logBefore)).toBe(true);
    expect(fs.readFileSync(messageFile, 'utf8').startsWith(messagesBefore)).toBe(true);
    const history = lines(path.join(dir, 'history.jsonl')).map((l) => JSON.parse(l) as { args?: Record<string, unknown>; gap?: unknown });
    expect(history.slice(0, 3).map((r) => r.args)).toEqual([{ before: 0 }, { before: 1 }, { before: 2 }]);
    expect(history.at(-1)!.args).toEqual({ after: 1 });
    expect(history.some((r) => r.gap)).toBe(true);
    expect(fs.readFileSync(logFile, 'utf8')).toContain(resumed.message);
  });

  it('a state the disk refused to write is not the state in memory either, before or after a restart', { timeout: scaled(60_000) }, async ({ cleanup }) => {
    const home = path.join(disk!, 'state-home');
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [path.join(FIXTURES, 'skilldef', 'full')], namedFolders: true }));
    const id = 'full';
    await wb.startSkill(id);
    await wb.setState(id, { colour: 'blue' });
    const room = fillDisk(disk!, 0);
    try {
      await expect(wb.setState(id, { colour: 'red', pad: 'x'.repeat(64 * 1024) })).rejects.toThrow(/ENOSPC|no space/i);
      // What the skill and the Data tab see is what the file holds.
      expect((await wb.getData(id)).state).toEqual({ colour: 'blue' });
    } finally {
      room.free();
    }
    await wb.restartSkill(id);
    expect((await wb.getData(id)).state).toEqual({ colour: 'blue' });
    await wb.setState(id, { colour: 'green' });
    expect((await wb.getData(id)).state).toEqual({ colour: 'green' });
  });
});
