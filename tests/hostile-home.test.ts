/**
 * The home after hostile endings and for other users (issue 15, items 11 and 15): temp files left by
 * writers killed mid-write are removed on start (only ours, only stale), and everything in the home is
 * readable by its owner alone.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { Workbench } from '../src-main/workbench/workbench';
import { answerOf, HOSTILE, hostileWorkbench } from './hostile-helpers';
import { workspaceFile } from '../src-main/workbench/workspace';

const isWindows = process.platform === 'win32';

/** The pid of a process that has exited (so a temp file naming it has no writer any more). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(String(r.stdout));
}

function touch(file: string, ageMs = 0): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'half a write');
  if (ageMs) {
    const t = new Date(Date.now() - ageMs);
    fs.utimesSync(file, t, t);
  }
}

/** Every folder and file below `dir`, with its permission bits. */
function walk(dir: string): { path: string; mode: number; dir: boolean }[] {
  const out: { path: string; mode: number; dir: boolean }[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isSymbolicLink()) continue;
    const mode = fs.statSync(p).mode & 0o777;
    out.push({ path: p, mode, dir: e.isDirectory() });
    if (e.isDirectory()) out.push(...walk(p));
  }
  return out;
}

describe('temp files left by killed writers', () => {
  it('are removed on start when their writer is dead or they are over a minute old, and nothing else is', ({ cleanup }) => {
    const home = cleanup.tempDir();
    const dead = deadPid();
    const alive = process.ppid; // a live process that is not this one
    const stale = [
      path.join(home, `.workspace.json.tmp-${dead}-0123abcd`),
      path.join(home, 'skills', 'x-0123456789ab', `.state.json.tmp-${dead}-89abcdef`),
      path.join(home, 'skills', 'x-0123456789ab', 'data', `.notes.txt.tmp-${dead}-deadbeef`),
      path.join(home, `.entities.json.tmp-${alive}-00000000`),
      path.join(home, `secret.key.tmp-${dead}-a1b2c3d4`),
    ];
    const kept = [
      // A live writer, just now: it may still be writing.
      path.join(home, `.entities.json.tmp-${alive}-11111111`),
      // Not our naming.
      path.join(home, 'skills', 'x-0123456789ab', 'data', `notes.txt.tmp-${dead}-deadbeef`),
      path.join(home, 'skills', 'x-0123456789ab', 'data', `.notes.txt.tmp-${dead}-nothex00`),
      path.join(home, 'skills', 'x-0123456789ab', 'data', 'report.tmp'),
      path.join(home, 'skills', 'x-0123456789ab', 'state.json'),
      // This process's own.
      path.join(home, `.settings.json.tmp-${process.pid}-22222222`),
    ];
    for (const f of stale) touch(f, f.includes(`-${alive}-`) ? 2 * 60_000 : 0);
    for (const f of kept) touch(f);
    cleanup.add(new Workbench({ home, kind: 'browser', folders: [], namedFolders: true }));
    for (const f of stale) expect(fs.existsSync(f), f).toBe(false);
    for (const f of kept) expect(fs.existsSync(f), f).toBe(true);
  });
});

describe.skipIf(isWindows)('the home, for other users (POSIX permission bits; Windows has none to check)', () => {
  it('is 700 and every file in it 600 after a session that used every store', async ({ cleanup }) => {
    const home = path.join(cleanup.tempDir(), 'home');
    const { wb, skilldef } = await hostileWorkbench(cleanup, home);
    await wb.updateSkillSettings(skilldef, { secretValues: { HOSTILE_TOKEN: 'tok-hostile-5678' }, env: { PLAIN: '1' } });
    await wb.startSkill(skilldef);
    const rec = await wb.startRecording(skilldef, 'perm');
    const calls: [string, Record<string, unknown>][] = [
      ['state/set', { partial: { note: 'kept in state.json' } }],
      ['data/write', { filename: 'notes.txt', content: 'kept in data' }],
      ['entities/upsert', { type: 'thing', source: 'hostile', id: 'one', title: 'One' }],
      ['intelligence/emitEvent', { eventType: 'seen', data: { n: 1 } }],
    ];
    for (const [method, params] of calls) {
      expect(answerOf(await wb.callTool(skilldef, 'reverse', { method, params })).error, method).toBeNull();
    }
    await wb.annotate(skilldef, 'a note on the timeline');
    await wb.stopRecording(skilldef);
    await wb.qa.exportReport(rec.file, 'html');
    await wb.close();
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    const entries = walk(home);
    // Every kind of file the home keeps was written.
    const names = entries.map((e) => path.basename(e.path));
    for (const n of [path.basename(workspaceFile(home, [HOSTILE])), 'secrets.json', 'secret.key', 'entities.json', 'state.json', 'notes.txt', 'settings.json', 'history.jsonl', 'timeline.jsonl']) {
      expect(names, n).toContain(n);
    }
    expect(entries.some((e) => e.path.endsWith('.log'))).toBe(true);
    expect(entries.some((e) => e.path.includes(`${path.sep}messages${path.sep}`))).toBe(true);
    expect(entries.some((e) => e.path.endsWith('.report.html'))).toBe(true);
    const readable = entries.filter((e) => (e.mode & 0o077) !== 0).map((e) => `${e.mode.toString(8)} ${path.relative(home, e.path)}`);
    expect(readable).toEqual([]);
  });

  it('is made owner-only when an earlier version left it readable by others', ({ cleanup }) => {
    const home = cleanup.tempDir();
    fs.chmodSync(home, 0o755);
    cleanup.add(new Workbench({ home, kind: 'browser', folders: [], namedFolders: true }));
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
  });
});
