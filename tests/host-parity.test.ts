/**
 * The "host parity" setting: with it on, a SkillDefinition skill is run the way the real host
 * (alphahuman's src/lib/skills) runs it, point by point, on real Python processes; with it off, the
 * inspector lists where the workbench differs. The fixture `skilldef-parity/parity-probe` marks what
 * reached it (skill/status, skill/unload, SIGTERM) in a folder, and makes any reverse call it is asked to.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { Workbench } from '../src-main/workbench/workbench';
import { cli } from './cli-run';
import { FIXTURES, ownTools, SDK_TOOLS } from './helpers';

const PARITY = path.join(FIXTURES, 'skilldef-parity');
const PROBE = path.join(PARITY, 'parity-probe');

async function bench(cleanup: Cleanup, folder: string, parity: boolean, env: Record<string, string> = {}) {
  const home = cleanup.tempDir();
  const markers = cleanup.tempDir('skillbench-markers-');
  const wb = new Workbench({ home, kind: 'browser', folders: [folder], namedFolders: true });
  cleanup.add(wb);
  const id = path.basename(folder);
  await wb.updateSkillSettings(id, { env: { PARITY_MARKERS: markers, ...env }, hostParity: parity });
  const marked = (name: string) => fs.existsSync(path.join(markers, name));
  const sent = async () => (await wb.getMessages(id)).filter((m) => m.direction === 'out').map((m) => m.method);
  return { wb, id, marked, sent, home };
}

async function completeSetup(wb: Workbench, id: string) {
  const step = await wb.setupStart(id);
  return wb.setupSubmit(id, step.id, { name: 'Ada' });
}

describe('host parity on', () => {
  it('lists no tools until setup is complete, never asks skill/status, and names tools <id>__<tool>', async ({ cleanup }) => {
    const { wb, id, marked, sent } = await bench(cleanup, PROBE, true);
    const before = await wb.inspectSkill(id);
    expect(before.tools).toEqual([]);
    expect(before.needsSetup).toBe(true);
    expect(before.hostParity).toEqual({ on: true, differences: [] });
    expect(before.notes.join(' ')).toMatch(/Host parity is on/);
    expect(await sent()).not.toContain('tools/list');
    expect((await completeSetup(wb, id)).status).toBe('complete');
    const after = await wb.inspectSkill(id);
    // The real SDK also puts its five interop tools on every skill, and so does the bundled SDK: named the host's way too, marked as the SDK's.
    expect(after.tools.map((t) => t.name)).toEqual(['parity-probe__echo', 'parity-probe__ask-host', ...SDK_TOOLS.map((t) => `parity-probe__${t}`)]);
    expect(after.tools.filter((t) => t.origin === 'sdk').map((t) => t.name)).toEqual(SDK_TOOLS.map((t) => `parity-probe__${t}`));
    expect((await wb.callTool(id, 'parity-probe__echo', { text: 'hi' })).outcome!.text).toBe('echo: hi');
    expect(await sent()).not.toContain('skill/status');
    expect(marked('status')).toBe(false);
  });

  it('answers a reverse call the real host does not serve with -32603 "Unknown reverse RPC method", and serves the ones it does', async ({ cleanup }) => {
    const { wb, id } = await bench(cleanup, PROBE, true);
    await wb.inspectSkill(id);
    await completeSetup(wb, id);
    const ask = async (method: string) => JSON.parse((await wb.callTool(id, 'parity-probe__ask-host', { method })).outcome!.text!);
    // The SDK puts "<method> failed on the host: " before the host's message.
    expect(await ask('skills/list')).toEqual({ code: -32603, message: expect.stringMatching(/: Unknown reverse RPC method: skills\/list$/) });
    expect(await ask('no/such')).toEqual({ code: -32603, message: expect.stringMatching(/: Unknown reverse RPC method: no\/such$/) });
    expect(await ask('state/get')).toEqual({ result: { state: {} } });
  });

  it('stops with skill/shutdown alone, then kills after 200 ms: no skill/unload, no SIGTERM', async ({ cleanup }) => {
    const { wb, id, marked, sent } = await bench(cleanup, PROBE, true, { PARITY_LINGER: '1' });
    await wb.inspectSkill(id);
    await wb.stopSkill(id);
    const methods = await sent();
    expect(methods).toContain('skill/shutdown');
    expect(methods).not.toContain('skill/unload');
    expect(marked('unload')).toBe(false);
    expect(marked('sigterm')).toBe(false);
  });

  it('refuses an id with "_", in the real host\'s words', async ({ cleanup }) => {
    const { wb, id } = await bench(cleanup, path.join(PARITY, 'under_score'), true);
    await expect(wb.inspectSkill(id)).rejects.toThrow(/contains underscore\. Skill names cannot contain underscores/);
  });
});

describe('host parity off', () => {
  it('the workbench\'s own ways (tools before setup, skill/status, unload, SIGTERM), each listed by the inspector', async ({ cleanup }) => {
    const { wb, id, marked, sent } = await bench(cleanup, PROBE, false, { PARITY_LINGER: '1' });
    const info = await wb.inspectSkill(id);
    expect(info.tools.map((t) => t.name)).toEqual(['echo', 'ask-host', ...SDK_TOOLS]);
    expect(ownTools(info.tools)).toEqual(['echo', 'ask-host']);
    expect(info.hostParity?.on).toBe(false);
    const diff = info.hostParity!.differences.join('\n');
    expect(diff).toMatch(/lists the tools before setup is complete/);
    expect(diff).toMatch(/asks skill\/status/);
    expect(diff).toContain('the real host names them "parity-probe__echo"');
    expect(diff).toMatch(/-32603 "Unknown reverse RPC method"/);
    expect(diff).toMatch(/kills the process 200 ms later/);
    expect(diff).toMatch(/sends no ticks/);
    expect(marked('status')).toBe(true);
    const ask = JSON.parse((await wb.callTool(id, 'ask-host', { method: 'no/such' })).outcome!.text!);
    expect(ask.code).toBe(-32601);
    // The real host's name is understood too (a call recorded with parity on, replayed with it off).
    expect((await wb.callTool(id, 'parity-probe__echo', { text: 'again' })).outcome!.text).toBe('echo: again');
    await wb.stopSkill(id);
    expect(await sent()).toContain('skill/unload');
    expect(marked('unload')).toBe(true);
    expect(marked('sigterm')).toBe(true);
  });

  it('an id with "_" runs, and the inspector says the real host would refuse it', async ({ cleanup }) => {
    const { wb, id } = await bench(cleanup, path.join(PARITY, 'under_score'), false);
    const info = await wb.inspectSkill(id);
    expect(ownTools(info.tools)).toEqual(['hello']);
    expect(info.hostParity!.differences[0]).toMatch(/The real host refuses this skill: its id "under_score" contains "_"/);
  });
});

describe('skillbench --host-parity', () => {
  it('inspect lists the differences without it, and runs the real host\'s way with it', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const off = await cli(['inspect', path.join(PARITY, 'under_score')], { home });
    expect(off.code).toBe(0);
    expect(off.stdout).toMatch(/Unlike the real host: The real host refuses this skill/);
    expect(off.stdout).toMatch(/Unlike the real host: Tools keep their own names here \("hello"\)/);
    const on = await cli(['inspect', path.join(PARITY, 'under_score'), '--host-parity'], { home });
    expect(on.code).toBe(2);
    expect(on.stderr).toMatch(/contains underscore/);
    const call = await cli(['call', PROBE, 'parity-probe__echo', '--args', '{"text":"x"}', '--host-parity'], { home });
    expect(call.stdout + call.stderr).toMatch(/echo: x/);
  });
});
