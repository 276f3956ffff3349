/**
 * History retention on real files: old sessions' log and message files (sparse, so hundreds of MB cost no
 * disk) with their mtimes set back, pruned when a workbench opens the home and when a skill starts; the
 * running session's files and recordings stay.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { skillFolder } from '../src-main/host/workbench-home';
import { pruneHistory } from '../src-main/runtime/history-retention';
import { Workbench } from '../src-main/workbench/workbench';
import { EXAMPLES } from './helpers';

const MB = 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;

function make(cleanup: Cleanup, home: string): Workbench {
  const wb = new Workbench({ home, kind: 'browser', folders: [path.join(EXAMPLES, 'gas-estimator')], namedFolders: true });
  cleanup.add(wb);
  return wb;
}

/** A file of `mb` MB (sparse) last written `ageMs` ago. */
function oldFile(file: string, mb: number, ageMs: number, now = Date.now()): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  fs.truncateSync(file, Math.round(mb * MB));
  const t = new Date(now - ageMs);
  fs.utimesSync(file, t, t);
  return file;
}

/** One session's log (15 MB) and messages (5 MB): 20 MB. */
function session(skillDir: string, name: string, ageMs: number): string[] {
  return [oldFile(path.join(skillDir, 'logs', `${name}.log`), 15, ageMs), oldFile(path.join(skillDir, 'messages', `${name}.jsonl`), 5, ageMs)];
}

const exists = (f: string) => fs.existsSync(f);

describe('history retention', () => {
  it('opening a home prunes by age, per skill and in total, oldest first; recordings stay', ({ cleanup }) => {
    const home = cleanup.tempDir();
    const skill = skillFolder(home, 'gas-estimator');
    // 20 sessions of the skill, 40, 38, ... 2 days old: 400 MB.
    const sessions = Array.from({ length: 20 }, (_, i) => ({ age: (40 - 2 * i) * DAY, files: session(skill, `s${String(i).padStart(2, '0')}`, (40 - 2 * i) * DAY) }));
    // Five other skills, 190 MB each, all younger than any of the skill's sessions.
    const others = ['a', 'b', 'c', 'd', 'e'].flatMap((k) => Array.from({ length: 10 }, (_, i) => oldFile(path.join(skillFolder(home, `other-${k}`), 'logs', `o${i}.log`), 19, (i + 1) * 3600_000)));
    const recording = oldFile(path.join(home, 'recordings', 'old.skillrec.jsonl'), 300, 90 * DAY);

    make(cleanup, home);

    // Older than 30 days: gone. Then over 200 MB for the skill: oldest gone until 200 MB (ages 20..2 left).
    // Then over 1 GB in total (200 + 5 × 190 = 1150 MB): the oldest, the skill's, go until 1 GB (7 more).
    const kept = sessions.filter((s) => exists(s.files[0]));
    expect(kept.map((s) => s.age / DAY)).toEqual([6, 4, 2]);
    for (const s of kept) expect(s.files.every(exists)).toBe(true);
    expect(sessions.filter((s) => !s.files.some(exists))).toHaveLength(17);
    expect(others.every(exists)).toBe(true);
    expect(exists(recording)).toBe(true);
  });

  it("a skill's saved limits apply, and the running session's files are never pruned", async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const skill = skillFolder(home, 'gas-estimator');
    const first = make(cleanup, home);
    await first.updateSkillSettings('gas-estimator', { history: { maxMb: 50, maxDays: 7 } });
    expect((await first.getSkillSettings('gas-estimator')).history).toEqual({ maxMb: 50, maxDays: 7 });
    const old = Array.from({ length: 20 }, (_, i) => session(skill, `old${String(i).padStart(2, '0')}`, (20 - i) * 3600_000));
    const week = session(skill, 'eight-days', 8 * DAY);

    // The skill's runtime starts: its own limits (50 MB, 7 days) prune the older sessions.
    await first.callTool('gas-estimator', 'list_operations', {});
    const logs = fs.readdirSync(path.join(skill, 'logs'));
    expect(week.some(exists)).toBe(false);
    expect(old.filter((s) => s.every(exists)).length).toBe(2);
    // The running session's files: one log among them, written by now.
    const current = path.join(skill, 'logs', logs.find((n) => !n.startsWith('old'))!);
    expect(exists(current)).toBe(true);

    // Made to look 100 days old and 500 MB, it still survives another workbench opening the home.
    oldFile(current, 500, 100 * DAY);
    make(cleanup, home);
    expect(exists(current)).toBe(true);
    expect(old.filter((s) => s.every(exists)).length).toBe(0);
  });

  it('refuses limits that are not positive numbers, and leaves links alone', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = make(cleanup, home);
    await expect(wb.updateSkillSettings('gas-estimator', { history: { maxMb: -1, maxDays: 7 } })).rejects.toThrow(/history limits/);
    const outside = oldFile(path.join(cleanup.tempDir(), 'outside.log'), 300, 90 * DAY);
    const logs = path.join(skillFolder(home, 'gas-estimator'), 'logs');
    fs.mkdirSync(logs, { recursive: true });
    if (process.platform !== 'win32') {
      fs.symlinkSync(outside, path.join(logs, 'link.log'));
      pruneHistory(home, { totalMb: 1 });
      expect(exists(outside)).toBe(true);
      expect(fs.lstatSync(path.join(logs, 'link.log')).isSymbolicLink()).toBe(true);
    }
  });
});
