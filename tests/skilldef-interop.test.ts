/**
 * Skills using each other through the workbench (`skills/*` reverse calls routed to the other skill's
 * `interop/*`): real Python processes on the bundled SDK, a real Workbench, no stand-ins.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { Workbench } from '../src-main/workbench/workbench';
import { SkillRuntime } from '../src-main/runtime/skill-runtime';
import { discover } from '../src-main/protocols/discover';
import { EXAMPLES, FIXTURES } from './helpers';

const INTEROP = path.join(FIXTURES, 'interop');
const CALLER = 'interop/caller';
const PROVIDER = 'interop/provider';

function bench(cleanup: Cleanup, folders = [INTEROP]): Workbench {
  return cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders, namedFolders: true }));
}

/** One `skills/*` call from the caller fixture: `{result}` or `{error, code}` as the skill received it. */
async function ask(wb: Workbench, method: string, params: unknown = {}, sdk = false): Promise<{ result?: any; error?: string; code?: number }> {
  const r = await wb.callTool(CALLER, 'ask', { method, params, sdk });
  expect(r.outcome?.text, JSON.stringify(r.outcome)).toBeTruthy();
  return JSON.parse(r.outcome!.text!);
}

describe('one skill using another through the workbench', () => {
  it('lists and describes the other skills, and what a running one exposes to skills', async ({ cleanup }) => {
    const wb = bench(cleanup);
    const list = await ask(wb, 'skills/list', {}, true);
    // Not itself; known by the id the real host would use (the folder's name), not yet running.
    expect(list.result).toEqual([{ id: 'provider', name: 'provider', description: expect.any(String), version: '1.0.0', online: false }]);
    expect((await ask(wb, 'skills/get', { skillId: 'nobody' }, true)).result).toBeNull();

    // Naming the skill starts it.
    const fns = (await ask(wb, 'skills/listFunctions', { skillId: 'provider' }, true)).result;
    expect((await wb.listSkills()).find((s) => s.id === PROVIDER)?.status).toBe('ready');
    // The private function is not listed to skills; the rest are, with their schemas.
    expect(fns.map((f: { name: string }) => f.name)).toEqual(['add', 'fails', 'whoami', 'bounce']);
    expect(fns[0]).toMatchObject({ skill_id: 'provider', description: 'Adds two numbers', parameters: { required: ['a', 'b'] } });
    expect((await ask(wb, 'skills/listData', { skillId: 'provider' }, true)).result).toEqual([
      { skill_id: 'provider', name: 'status', description: 'How it is', schema: {} },
    ]);
    // Without an id: every other skill running now (the provider is).
    expect((await ask(wb, 'skills/listFunctions', {}, true)).result).toHaveLength(4);
    const got = (await ask(wb, 'skills/get', { skillId: 'provider' }, true)).result;
    expect(got).toMatchObject({ id: 'provider', version: '2.1.0', online: true });
  });

  it('calls a function and asks for data, starting the other skill on demand', async ({ cleanup }) => {
    const wb = bench(cleanup);
    expect((await wb.listSkills()).find((s) => s.id === PROVIDER)?.status).toBe('stopped');
    const sum = await ask(wb, 'skills/callFunction', { skillId: 'provider', functionName: 'add', arguments: { a: 2, b: 40 } }, true);
    expect(sum.result.data.sum).toBe(42);
    expect((await wb.listSkills()).find((s) => s.id === PROVIDER)?.status).toBe('ready');
    // The same process answers the next call: started once.
    const again = await ask(wb, 'skills/callFunction', { skillId: PROVIDER, functionName: 'add', arguments: { a: 1, b: 1 } });
    expect(again.result.data).toEqual({ sum: 2, pid: sum.result.data.pid });
    expect((await ask(wb, 'skills/requestData', { skillId: 'provider', dataName: 'status', params: { detail: 1 } }, true)).result).toEqual({
      data: { status: 'fine', asked_with: { detail: 1 } },
    });
    // The target hears who called, by the id it would call back with.
    expect((await ask(wb, 'skills/callFunction', { skillId: 'provider', functionName: 'whoami' })).result.data).toEqual({ caller: 'caller' });
    // Both timelines tell of it.
    const served = (await wb.getTimeline(PROVIDER)).entries.filter((e) => e.kind === 'event');
    expect(served.map((e) => e.label)).toContain('caller used add');
    expect((await wb.getTimeline(CALLER)).entries.map((e) => e.label)).toContain('Used provider: add');
    // The SDK's own tools on every skill go the same way, without host parity: the AI's way to use another skill.
    const viaTool = await wb.callTool(CALLER, 'call-skill-function', { skill_id: 'provider', function_name: 'add', arguments: { a: 3, b: 4 } });
    expect(JSON.parse(viaTool.outcome!.text!).data.sum).toBe(7);
    const listed = await wb.callTool(CALLER, 'list-skills', {});
    expect(JSON.parse(listed.outcome!.text!).skills).toEqual([expect.objectContaining({ id: 'provider', online: true })]);
  });

  it('refuses unknown skills and names, private functions and a failing target in plain words, never "Method not found"', async ({ cleanup }) => {
    const wb = bench(cleanup, [INTEROP, EXAMPLES]);
    const unknown = await ask(wb, 'skills/callFunction', { skillId: 'nobody', functionName: 'add' });
    expect(unknown.code).toBe(-32602);
    expect(unknown.error).toMatch(/There is no skill "nobody" open in the workbench\. Skills that could answer: .*provider/);
    const noFn = await ask(wb, 'skills/callFunction', { skillId: 'provider', functionName: 'multiply' });
    expect(noFn).toMatchObject({ code: -32602 });
    expect(noFn.error).toMatch(/provider exposes no function named "multiply"\. It exposes: add, fails, whoami, bounce\./);
    const noData = await ask(wb, 'skills/requestData', { skillId: 'provider', dataName: 'weather' });
    expect(noData.error).toMatch(/exposes no data item named "weather"\. It exposes: status\./);
    const hidden = await ask(wb, 'skills/callFunction', { skillId: 'provider', functionName: 'private-thing' });
    expect(hidden.error).toMatch(/"private-thing" is not visible to other skills: its visibility is \[\]\. Add "skills" to it/);
    const failed = await ask(wb, 'skills/callFunction', { skillId: 'provider', functionName: 'fails' });
    expect(failed).toMatchObject({ code: -32603 });
    expect(failed.error).toMatch(/provider answered fails with an error: .*the provider cannot do that today/);
    const otherKind = await ask(wb, 'skills/callFunction', { skillId: 'gas-estimator', functionName: 'x' });
    expect(otherKind.error).toMatch(/gas-estimator is a jsonrpc skill: only SkillDefinition skills expose/);
    const badParams = await ask(wb, 'skills/callFunction', { skillId: 'provider' });
    expect(badParams).toMatchObject({ code: -32602 });
    expect(badParams.error).toMatch(/skills\/callFunction needs "functionName" as non-empty text/);
    for (const r of [unknown, noFn, noData, hidden, failed, otherKind, badParams]) expect(r.error).not.toMatch(/method not found/i);
    // The caller fixture's timeline keeps the failure too.
    expect((await wb.getTimeline(PROVIDER)).entries.some((e) => e.label === 'caller used fails: it failed' && e.outcome === 'error')).toBe(true);
  });

  it('stops skills calling each other in a loop, in plain words', async ({ cleanup }) => {
    const wb = bench(cleanup);
    // caller.bounce -> provider.bounce -> caller.bounce -> ... until the guard.
    const r = await ask(wb, 'skills/callFunction', { skillId: 'caller', functionName: 'bounce' });
    expect(r.error).toMatch(/Skills calling each other went too deep \(interop\/caller → interop\/caller → interop\/provider → interop\/caller → interop\/provider\): the workbench stops after 3 calls inside one another/);
    // Both skills are still there to answer.
    expect((await ask(wb, 'skills/callFunction', { skillId: 'provider', functionName: 'add', arguments: { a: 1, b: 2 } })).result.data.sum).toBe(3);
  });

  it('the Interop panel lists what a skill exposes and calls it with the user as the caller', async ({ cleanup }) => {
    const wb = bench(cleanup);
    const exposed = await wb.interop.listExposed(PROVIDER);
    expect(exposed.functions.map((f) => [f.name, f.visibility])).toContainEqual(['private-thing', []]);
    expect(exposed.data).toEqual([{ name: 'status', description: 'How it is', visibility: ['skills'], schema: {} }]);
    expect((await wb.interop.callExposed(PROVIDER, 'add', { a: 5, b: 6 })).data).toMatchObject({ sum: 11 });
    // The panel is a developer's tool: it reaches a private function too.
    expect((await wb.interop.callExposed(PROVIDER, 'private-thing', {})).data).toEqual({ hidden: true });
    expect((await wb.interop.callExposed(PROVIDER, 'whoami', {})).data).toEqual({ caller: 'skillbench' });
    expect((await wb.interop.requestExposed(PROVIDER, 'status', {})).data).toMatchObject({ status: 'fine' });
    const failed = await wb.interop.callExposed(PROVIDER, 'fails', {});
    expect(failed.error).toMatch(/provider answered fails with an error/);
    expect((await wb.interop.callExposed(PROVIDER, 'add', [1, 2])).error).toBe('The arguments must be an object of named values.');
    // The panel shows the skill when it exposes something or calls others.
    expect((await wb.inspectSkill(PROVIDER)).capabilities.interop).toBe(true);
    expect((await wb.inspectSkill(CALLER)).capabilities.interop).toBe(true);
  });

  it('the price-digest example asks price-alerts for prices through skills/callFunction', async ({ cleanup }) => {
    const wb = bench(cleanup, [EXAMPLES]);
    const r = await wb.callTool('examples/price-digest', 'digest', { symbols: ['BTC', 'SOL'] });
    expect(r.outcome?.error, r.outcome?.text).toBeUndefined();
    expect(r.outcome!.text).toMatch(/^BTC: [\d.]+ USD\nSOL: [\d.]+ USD$/);
    expect((await wb.interop.listExposed('examples/price-alerts')).functions.map((f) => f.name)).toEqual(['latest-price']);
    const bad = await wb.callTool('examples/price-digest', 'digest', { symbols: ['XYZ'] });
    expect(bad.outcome!.text).toMatch(/Could not ask price-alerts for XYZ: .*Price alerts answered latest-price with an error: .*Unknown symbol 'XYZ'/);
  });

  it('run alone (the CLI\'s runtime), a skill sees no others and is told why it cannot reach them', async ({ cleanup }) => {
    const [ref] = discover(path.join(INTEROP, 'caller'));
    const rt = cleanup.add(new SkillRuntime(ref, { home: cleanup.tempDir() }));
    const run = async (params: unknown) => JSON.parse((await rt.call('ask', params)).text!);
    expect(await run({ method: 'skills/list', sdk: true })).toEqual({ result: [] });
    expect(await run({ method: 'skills/get', params: { skillId: 'provider' }, sdk: true })).toEqual({ result: null });
    const refused = await run({ method: 'skills/callFunction', params: { skillId: 'provider', functionName: 'add' } });
    expect(refused.error).toMatch(/"provider" cannot be reached: only .*caller runs here \(the skillbench command runs one skill at a time\)/);
  });
});
