import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import type { EventName } from '../src-main/contract';
import { Workbench } from '../src-main/workbench/workbench';
import { allFiles, eventually, EXAMPLES, FIXTURES, liveHandles, noHandlesLeft, waitFor } from './helpers';

/** Child processes and folder watchers this test process holds open. */
function make(cleanup: Cleanup, home: string, folders: string[], replace = true): Workbench {
  return cleanup.add(new Workbench({ home, kind: 'browser', folders, namedFolders: replace }));
}

describe('the workbench service', () => {
  it('finds every example skill across the four protocols and remembers the workspace of those folders', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = make(cleanup, home, [EXAMPLES]);
    const skills = await wb.listSkills();
    expect(new Set(skills.map((s) => s.protocol))).toEqual(new Set(['jsonrpc', 'skilldef', 'namel3ss', 'action']));
    await wb.selectSkill(skills[0].id);
    await wb.close();
    const again = make(cleanup, home, [EXAMPLES]);
    expect((await again.getWorkspace()).folders).toEqual([EXAMPLES]);
    expect((await again.getWorkspace()).selectedSkill).toBe(skills[0].id);
  });

  it('keeps a workspace per set of folders: two at once on one home keep their own folders and selection', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const [a, b, extra] = [cleanup.tempDir(), cleanup.tempDir(), cleanup.tempDir()];
    const first = make(cleanup, home, [a]);
    const second = make(cleanup, home, [b]);
    await first.addFolder(extra);
    await first.selectSkill('one-of-a');
    await second.selectSkill('one-of-b');
    await Promise.all([first.close(), second.close()]);
    expect(await make(cleanup, home, [a]).getWorkspace()).toMatchObject({ folders: [a, extra], selectedSkill: 'one-of-a' });
    expect(await make(cleanup, home, [b]).getWorkspace()).toMatchObject({ folders: [b], selectedSkill: 'one-of-b' });
    // No folders named (`npm start`): the default workspace, on the bundled examples, whatever was served last.
    const plain = await make(cleanup, home, [EXAMPLES], false).getWorkspace();
    expect(plain.folders).toEqual([EXAMPLES]);
    expect(plain.selectedSkill).toBeUndefined();
  });

  it('starts the skills of a folder on opening in every workspace once the user chose it, and reads that choice from older homes', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const folder = cleanup.tempDir();
    const wb = make(cleanup, home, [folder]);
    expect((await wb.setRunOnOpen(folder, true)).runOnOpen).toEqual([folder]);
    await wb.close();
    expect((await make(cleanup, home, [folder, EXAMPLES]).getWorkspace()).runOnOpen).toEqual([folder]);
    // A home from before: the choice was kept in workspace.json.
    const old = cleanup.tempDir();
    fs.writeFileSync(path.join(old, 'workspace.json'), JSON.stringify({ folders: [folder], runOnOpen: [folder] }));
    expect((await make(cleanup, old, [folder]).getWorkspace()).runOnOpen).toEqual([folder]);
  });

  it('opens the bundled examples again when every folder it remembered is gone (an old clone deleted)', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const old = cleanup.tempDir();
    await make(cleanup, home, [old], false).close();
    fs.rmSync(old, { recursive: true, force: true });
    const fresh = make(cleanup, home, [EXAMPLES], false);
    expect((await fresh.getWorkspace()).folders).toEqual([EXAMPLES]);
    // One remembered folder still there: the workspace stays as it was left.
    const kept = cleanup.tempDir();
    await fresh.addFolder(kept);
    await fresh.removeFolder(EXAMPLES);
    await fresh.close();
    expect((await make(cleanup, home, [EXAMPLES], false).getWorkspace()).folders).toEqual([kept]);
  });

  it('says plainly when a folder does not exist', async ({ cleanup }) => {
    const wb = make(cleanup, cleanup.tempDir(), [EXAMPLES]);
    await expect(wb.addFolder('/no/such/folder')).rejects.toThrow('There is no folder at /no/such/folder.');
  });

  it('keeps call history across restarts of the workbench and pushes events', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = make(cleanup, home, [path.join(EXAMPLES, 'gas-estimator')]);
    const seen: EventName[] = [];
    wb.events.onAny((e) => seen.push(e));
    const rec = await wb.callTool('gas-estimator', 'list_operations', {});
    expect(rec.outcome?.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    for (const e of ['call', 'status', 'logs', 'messages', 'timeline'] as EventName[]) expect(seen).toContain(e);
    await wb.close();
    const again = make(cleanup, home, [path.join(EXAMPLES, 'gas-estimator')]);
    expect((await again.getHistory('gas-estimator')).map((r) => r.callId)).toEqual([rec.callId]);
  });

  it('leaves nothing running when it closes while skills are starting, or asked for after', async ({ cleanup }) => {
    // The server closes the workbench on SIGTERM while requests may still be starting skills: a folder
    // watcher or a process started after that would keep the server alive with nobody to stop it.
    await noHandlesLeft();
    const before = 0;
    for (const delay of [0, 2, 5, 10, 20, 40, 80]) {
      for (const folder of ['build-analysis', 'gas-estimator']) {
        const wb = make(cleanup, cleanup.tempDir(), [path.join(EXAMPLES, folder)]);
        const skill = (await wb.listSkills())[0].id;
        const inspecting = wb.inspectSkill(skill).catch((err: Error) => err);
        await new Promise((r) => setTimeout(r, delay));
        await wb.close();
        await inspecting;
        await expect(wb.startSkill(skill)).rejects.toThrow('shutting down');
        // A handle is released a turn or two after its process exits; one that stays is a process or watcher left behind.
        await waitFor(() => liveHandles('FSEventWrap') + liveHandles('ProcessWrap') === before, 15_000, `${skill} closed after ${delay} ms to leave nothing running`);
      }
    }
  });

  it('starts nothing for whoever still holds a skill once it closes: a collection run, a replay', async ({ cleanup }) => {
    await noHandlesLeft();
    const base = 0;
    const wb = make(cleanup, cleanup.tempDir(), [path.join(FIXTURES, 'rpc')]);
    await wb.startSkill('rpc');
    const info = await wb.startRecording('rpc');
    await wb.callTool('rpc', 'sleep', { seconds: 0.05 });
    await wb.callTool('rpc', 'echo', { n: 1 });
    await wb.stopRecording('rpc');
    // Replayed, the first call sleeps for half a minute: the replay is still running when the workbench closes.
    fs.writeFileSync(info.file, fs.readFileSync(info.file, 'utf8').replaceAll('{"seconds":0.05}', '{"seconds":30}'));
    const held = await wb.liveRuntime('rpc');
    const replaying = wb.qa.replayRecording(info.file);
    await eventually(() => Promise.resolve(liveHandles('ProcessWrap') === base + 2), 5000, 'the replay to start its own skill');
    await wb.close();
    await waitFor(() => liveHandles('ProcessWrap') === base, 15_000, 'the closed workbench to leave no process');
    const report = await replaying;
    expect(report.cases.map((c) => c.replayed.ok)).toEqual([false, false]);
    const late = await held.call('echo', { n: 2 });
    expect(late.error?.message).toMatch(/was closed .* does not start again/);
    await expect(held.start()).rejects.toThrow(/does not start again/);
    await waitFor(() => liveHandles('ProcessWrap') === base, 15_000, 'nothing started after the close');
  });

  it('cancels a running call', async ({ cleanup }) => {
    const wb = make(cleanup, cleanup.tempDir(), [path.join(FIXTURES, 'rpc')]);
    await wb.startSkill('rpc');
    const callId = new Promise<string>((resolve) => wb.events.on('call', (r) => r.status === 'running' && resolve(r.callId)));
    const running = wb.callTool('rpc', 'hang', {});
    await wb.cancelCall(await callId);
    const done = await running;
    expect(done.outcome?.error?.code).toBe('CANCELLED');
  });

  it('lets the caller name its call, cancel it by that name at once, and refuses a malformed or reused name', async ({ cleanup }) => {
    const wb = make(cleanup, cleanup.tempDir(), [path.join(FIXTURES, 'rpc')]);
    await wb.startSkill('rpc');
    const seen: string[] = [];
    wb.events.on('call', (r) => seen.push(`${r.callId} ${r.status}`));
    const running = wb.callTool('rpc', 'hang', {}, { callId: 'mine-1' });
    await expect(wb.callTool('rpc', 'echo', {}, { callId: 'mine-1' })).rejects.toThrow(/already running/);
    await wb.cancelCall('mine-1');
    const done = await running;
    expect(done).toMatchObject({ callId: 'mine-1', outcome: { error: { code: 'CANCELLED' } } });
    expect(seen).toEqual(['mine-1 running', 'mine-1 done']);
    await expect(wb.callTool('rpc', 'echo', {}, { callId: 'no spaces/slashes' })).rejects.toThrow(/call id/);
  });

  it('applies settings: environment (secret values redacted), timeout', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = make(cleanup, home, [path.join(EXAMPLES, 'build-analysis')]);
    const id = 'build-analysis#build_analysis';
    await wb.updateSkillSettings(id, { env: { PLAIN_VAR: 'visible' }, secretValues: { API_TOKEN: 'tok-very-secret-1234' }, debug: true, timeoutMs: 20_000 });
    const s = await wb.getSkillSettings(id);
    expect(s).toMatchObject({ env: { PLAIN_VAR: 'visible' }, secretEnv: ['API_TOKEN'], debug: true, timeoutMs: 20_000 });
    const out = await wb.callTool(id, 'analyze', { target: 'ci_builds', days: 7 });
    expect(out.outcome?.ok).toBe(true);
    const logs = (await wb.getLogs(id)).map((l) => l.text).join('\n');
    expect(logs).toMatch(/SKILL_DEBUG=1/);
    await wb.close();
    expect(allFiles(home).filter((f) => fs.readFileSync(f, 'latin1').includes('tok-very-secret-1234'))).toEqual([]);
    await expect(make(cleanup, home, [path.join(EXAMPLES, 'build-analysis')]).updateSkillSettings(id, { env: { 'BAD NAME': 'x' } })).rejects.toThrow(/not a valid environment variable name/);
  });
});
