/**
 * A SkillDefinition skill's own status and lifecycle through the workbench, on real Python processes:
 * `skill/status` (its on_status) asked on request, `skill/activate` and `skill/deactivate` offered where the
 * SDK answers them, Disconnect (`skill/disconnect`, on_disconnect) only with `has_disconnect`, and
 * `intelligence/summarize` refused as "not available in the workbench" with its documented code.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { HOST_NOT_AVAILABLE } from '../src-main/contract';
import { Workbench } from '../src-main/workbench/workbench';
import { it, type Cleanup } from './cleanup-fixture';
import { FIXTURES } from './helpers';

const DESK = path.join(FIXTURES, 'skilldef-panels', 'orders-desk');
const ID = 'orders-desk';

function bench(cleanup: Cleanup, folder = DESK): Workbench {
  return cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [folder], namedFolders: true }));
}

describe('status and lifecycle of a SkillDefinition skill', () => {
  it('skill/status: what on_status says, asked again on request; activate, deactivate and disconnect offered', async ({ cleanup }) => {
    const wb = bench(cleanup);
    const first = await wb.skilldef.getSkillReport(ID);
    expect(first).toMatchObject({ answered: true, status: { connected: true, orders: 0, account: 'demo shop' }, actions: ['activate', 'deactivate', 'disconnect'] });
    expect(first.note).toBeUndefined();
    await wb.callTool(ID, 'place-order', { amount: 5 });
    expect((await wb.skilldef.getSkillReport(ID)).status).toMatchObject({ orders: 1 });
  });

  it('activate and deactivate are sent and noted; disconnect runs on_disconnect and the status says so', async ({ cleanup }) => {
    const wb = bench(cleanup);
    expect((await wb.skilldef.runLifecycle(ID, 'activate')).answered).toBe(true);
    await wb.skilldef.runLifecycle(ID, 'deactivate');
    const after = await wb.skilldef.runLifecycle(ID, 'disconnect');
    expect(after.status).toMatchObject({ connected: false });
    expect((await wb.getLogs(ID)).some((l) => l.text.includes('disconnected from the demo shop'))).toBe(true);
    const labels = (await wb.getTimeline(ID)).entries.map((e) => e.label);
    expect(labels).toEqual(expect.arrayContaining(['Sent skill/activate', 'Sent skill/deactivate', 'Sent skill/disconnect']));
    await expect(wb.skilldef.runLifecycle(ID, 'explode' as never)).rejects.toThrow('There is no lifecycle request "explode": use activate, deactivate or disconnect.');
  });

  it('a skill without has_disconnect is not offered Disconnect, and refuses it in plain words; one without on_status says it has no status', async ({ cleanup }) => {
    const wb = bench(cleanup, path.join(FIXTURES, 'skilldef-options', 'reading-list'));
    const r = await wb.skilldef.getSkillReport('reading-list');
    expect(r).toMatchObject({ answered: true, status: null, actions: ['activate', 'deactivate'] });
    expect(r.note).toBe('None of its own (the skill has no on_status hook).');
    await expect(wb.skilldef.runLifecycle('reading-list', 'disconnect')).rejects.toThrow('This skill does not offer Disconnect (it does not set has_disconnect).');
  });

  it('an original SDK without skill/status: no status, nothing offered, said plainly', async ({ cleanup }) => {
    const wb = bench(cleanup, path.join(FIXTURES, 'skilldef-panels', 'seed-repo'));
    const id = (await wb.listSkills()).find((s) => s.protocol === 'skilldef')!.id;
    expect((await wb.inspectSkill(id)).capabilities.triggers).toBe(false);
    await expect(wb.skilldef.runLifecycle(id, 'activate')).rejects.toThrow('This skill does not answer skill/activate.');
    const r = await wb.skilldef.getSkillReport(id);
    expect(r).toMatchObject({ answered: false, status: null, actions: [] });
    expect(r.note).toMatch(/SDK without skill\/status/);
  });

  it('intelligence/summarize from the skill: "not available in the workbench", with the documented code, never "Method not found"', async ({ cleanup }) => {
    const wb = bench(cleanup);
    const out = (await wb.callTool(ID, 'summarize', {})).outcome!;
    expect(out.ok).toBe(false);
    const answer = JSON.parse(out.text!);
    expect(answer.code).toBe(HOST_NOT_AVAILABLE);
    expect(answer.error).toMatch(/intelligence\/summarize is not available in the workbench: summaries come from the real host's AI/);
    expect(answer.error).not.toMatch(/method not found/i);
  });
});
