/**
 * No process a skill started outlives its stop, even one that left the skill's process group: a real
 * Python skill starts a normal child, which starts a grandchild in a new session (`setsid`, a sleep loop).
 * A group signal never reaches that grandchild; the engine follows the skill's descendants in /proc.
 * (Issue 15, item 10.) Linux only: elsewhere there is no /proc to follow, and the group is all we stop.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { resolveSkill } from '../src-main/protocols/discover';
import { SkillRuntime } from '../src-main/runtime/skill-runtime';
import { Workbench } from '../src-main/workbench/workbench';
import { FIXTURES, isAlive, waitFor } from './helpers';
import { scaled } from './machine-factor';

interface Pids {
  child: number;
  grandchild: number;
}

async function pidsFrom(cleanup: Cleanup, file: string): Promise<Pids> {
  const pids = await waitFor(() => fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as Pids), 5000, 'the pids file');
  // Never leave a process behind, whatever the test's outcome.
  cleanup.add({
    close: () => {
      for (const pid of [pids.child, pids.grandchild]) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    },
  });
  return pids;
}

function sessionOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
}

function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function runtime(cleanup: Cleanup, env: Record<string, string>): SkillRuntime {
  const ref = resolveSkill(path.join(FIXTURES, 'rpc'));
  return cleanup.add(new SkillRuntime(ref, { home: cleanup.tempDir(), restart: { enabled: false }, env }));
}

describe.skipIf(process.platform !== 'linux')('a grandchild in a new session (Linux: followed through /proc)', () => {
  it('is stopped with its skill, and so is the normal child', async ({ cleanup }) => {
    const file = path.join(cleanup.tempDir(), 'pids.json');
    const rt = runtime(cleanup, { FIXTURE_SETSID_PIDS: file });
    await rt.start();
    const { child, grandchild } = await pidsFrom(cleanup, file);
    expect(isAlive(child)).toBe(true);
    expect(isAlive(grandchild)).toBe(true);
    expect(sessionOf(grandchild)).toBe(grandchild); // it really left the skill's session and group
    await rt.stop();
    expect(isAlive(child)).toBe(false);
    expect(isAlive(grandchild)).toBe(false);
    expect(rt.timelineEntries().filter((e) => /still running/.test(e.label))).toEqual([]);
  });

  it('is stopped even after its parent exited and it was re-parented away from the skill', async ({ cleanup }) => {
    const file = path.join(cleanup.tempDir(), 'pids.json');
    const rt = runtime(cleanup, { FIXTURE_SETSID_PIDS: file, FIXTURE_CHILD_EXITS_AFTER: '4.5' });
    await rt.start();
    const { child, grandchild } = await pidsFrom(cleanup, file);
    await waitFor(() => !isAlive(child), 10_000, 'the child to exit');
    expect(isAlive(grandchild)).toBe(true);
    expect(parentOf(grandchild)).not.toBe(child);
    await rt.stop();
    expect(isAlive(grandchild)).toBe(false);
  }, scaled(20_000));

  it('is stopped when the workbench closes', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const file = path.join(cleanup.tempDir(), 'pids.json');
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [path.join(FIXTURES, 'rpc')], namedFolders: true }));
    const skill = (await wb.listSkills()).find((s) => s.name === 'misbehaving')!;
    await wb.updateSkillSettings(skill.id, { env: { FIXTURE_SETSID_PIDS: file } });
    await wb.startSkill(skill.id);
    const { child, grandchild } = await pidsFrom(cleanup, file);
    expect(isAlive(grandchild)).toBe(true);
    await wb.close();
    expect(isAlive(child)).toBe(false);
    expect(isAlive(grandchild)).toBe(false);
  });

  it('is stopped by stopSkill in the workbench', async ({ cleanup }) => {
    const file = path.join(cleanup.tempDir(), 'pids.json');
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [path.join(FIXTURES, 'rpc')], namedFolders: true }));
    const skill = (await wb.listSkills()).find((s) => s.name === 'misbehaving')!;
    await wb.updateSkillSettings(skill.id, { env: { FIXTURE_SETSID_PIDS: file } });
    await wb.startSkill(skill.id);
    const { child, grandchild } = await pidsFrom(cleanup, file);
    await wb.stopSkill(skill.id);
    expect(isAlive(child)).toBe(false);
    expect(isAlive(grandchild)).toBe(false);
  });
});
