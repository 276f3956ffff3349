/**
 * A SkillDefinition skill's triggers through the workbench, on real Python processes: the declared types
 * with their fields and config schema, create / update / list / delete (the skill's on_trigger_register and
 * on_trigger_remove run), `triggers/fired` on the timeline with its data, kept in a recording and read back
 * by the recording reader and the report, and triggers kept across a restart. The price-alerts example fires
 * its "price crosses a level" trigger from its tick.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { TriggerFired } from '../src-main/contract';
import { readRecording } from '../src-main/qa/recording-reader';
import { recordingView } from '../src-main/qa/recording-view';
import { buildReport } from '../src-main/qa/report-model';
import { Workbench } from '../src-main/workbench/workbench';
import { it, type Cleanup } from './cleanup-fixture';
import { eventually, EXAMPLES, FIXTURES } from './helpers';

const DESK = path.join(FIXTURES, 'skilldef-panels', 'orders-desk');
const ID = 'orders-desk';
const BIG = { type: 'threshold', field: 'amount', operator: 'gt', value: 100 };

function bench(cleanup: Cleanup, folder = DESK, home = cleanup.tempDir()): Workbench {
  return cleanup.add(new Workbench({ home, kind: 'browser', folders: [folder], namedFolders: true }));
}

const call = async (wb: Workbench, tool: string, args: unknown = {}, id = ID) => (await wb.callTool(id, tool, args)).outcome!;

describe('triggers of a SkillDefinition skill', () => {
  it('lists the declared types with their fields and config schema; a skill without triggers has none', async ({ cleanup }) => {
    const wb = bench(cleanup);
    expect((await wb.inspectSkill(ID)).capabilities.triggers).toBe(true);
    expect(await wb.skilldef.getTriggers(ID)).toEqual({
      types: [{
        type: 'big_order',
        label: 'An order over an amount',
        description: "Fires when an order's amount is high",
        conditionFields: [{ name: 'amount', type: 'number', description: "The order's amount" }, { name: 'customer', type: 'string', description: 'Who ordered' }],
        configSchema: { type: 'object', properties: { channel: { type: 'string', enum: ['email', 'push'], description: 'Where to send the alert' } } },
      }],
      triggers: [],
    });
    const other = bench(cleanup, path.join(FIXTURES, 'skilldef-options', 'reading-list'));
    expect((await other.inspectSkill('reading-list')).capabilities.triggers).toBe(false);
    expect(await other.skilldef.getTriggers('reading-list')).toEqual({ types: [], triggers: [] });
  });

  it('create, update, list and delete: the hooks run, the timeline says so, a fired trigger is on it with its data', async ({ cleanup }) => {
    const wb = bench(cleanup);
    const made = await wb.skilldef.createTrigger(ID, { type: 'big_order', name: 'Big spender', conditions: [BIG], config: { channel: 'push' } });
    expect(made.triggers).toHaveLength(1);
    const t = made.triggers[0];
    expect(t).toMatchObject({ type: 'big_order', name: 'Big spender', conditions: [BIG], config: { channel: 'push' }, enabled: true });
    expect(t.createdAt).toMatch(/^\d{4}-/);

    const small = JSON.parse((await call(wb, 'place-order', { customer: 'Ada', amount: 20 })).text!);
    expect(small.fired).toEqual([]);
    const big = JSON.parse((await call(wb, 'place-order', { customer: 'Ada', amount: 250 })).text!);
    expect(big.fired).toEqual(['Big spender']);
    const entry = await eventually(async () => (await wb.getTimeline(ID)).entries.find((e) => e.kind === 'trigger'), 5000, 'the fired trigger');
    expect(entry.label).toBe('Big spender');
    expect(entry.data as TriggerFired).toMatchObject({
      triggerId: t.id, triggerName: 'Big spender', triggerType: 'big_order',
      matchedData: { amount: 250, customer: 'Ada', order: 'order-2' }, context: { channel: 'push' },
    });

    const off = await wb.skilldef.updateTrigger(ID, t.id, { enabled: false, name: 'Big spender (paused)' });
    expect(off.triggers[0]).toMatchObject({ id: t.id, enabled: false, name: 'Big spender (paused)' });
    expect(JSON.parse((await call(wb, 'place-order', { amount: 500 })).text!).fired).toEqual([]);

    const gone = await wb.skilldef.deleteTrigger(ID, t.id);
    expect(gone.triggers).toEqual([]);
    expect(JSON.parse((await call(wb, 'hook-log')).text!)).toEqual([['register', 'Big spender'], ['remove', t.id]]);
    const labels = (await wb.getTimeline(ID)).entries.map((e) => e.label);
    expect(labels).toEqual(expect.arrayContaining(['Trigger "Big spender" registered (An order over an amount)', 'Trigger "Big spender (paused)" changed (off)', 'Trigger "Big spender (paused)" removed']));
  });

  it('refuses an undeclared type, a trigger without conditions or name, and an unknown id, in plain words', async ({ cleanup }) => {
    const wb = bench(cleanup);
    await expect(wb.skilldef.createTrigger(ID, { type: 'refund', name: 'x', conditions: [BIG] })).rejects.toThrow('The skill declares no trigger type "refund". It offers: An order over an amount (big_order).');
    await expect(wb.skilldef.createTrigger(ID, { type: 'big_order', name: 'x', conditions: [] })).rejects.toThrow('A trigger needs at least one condition');
    await expect(wb.skilldef.createTrigger(ID, { type: 'big_order', name: '  ', conditions: [BIG] })).rejects.toThrow('Give the trigger a name, so that you can tell it apart from the others.');
    await expect(wb.skilldef.deleteTrigger(ID, 'nope')).rejects.toThrow(/Unknown trigger: nope/);
    await expect(wb.skilldef.createTrigger(ID, { type: 'big_order', name: 'bad', conditions: [{ type: 'regex', field: 'customer', pattern: '(' }] })).rejects.toThrow(/Invalid regex pattern/);
    expect((await wb.skilldef.getTriggers(ID)).triggers).toEqual([]);
  });

  it('a fired trigger is kept in the recording, read back by the reader, its view and its report', async ({ cleanup }) => {
    const wb = bench(cleanup);
    await wb.skilldef.createTrigger(ID, { type: 'big_order', name: 'Big spender', conditions: [BIG] });
    const rec = await wb.startRecording(ID, 'fired');
    await call(wb, 'place-order', { customer: 'Bo', amount: 300 });
    await eventually(async () => (await wb.getTimeline(ID)).entries.some((e) => e.kind === 'trigger'), 5000, 'the fired trigger');
    await wb.stopRecording(ID);
    const recording = readRecording(rec.file);
    const fired = recording.records.find((r) => r.type === 'trigger');
    expect(fired).toMatchObject({ type: 'trigger', label: 'Big spender', data: { triggerName: 'Big spender', matchedData: { amount: 300, customer: 'Bo' } } });
    expect(recording.warnings).toEqual([]);
    expect(recordingView(recording, { active: false }).timeline.some((e) => e.kind === 'trigger' && e.label === 'Big spender')).toBe(true);
    const step = buildReport(recording).steps.find((s) => s.kind === 'trigger');
    expect(step?.title).toBe('Trigger fired: Big spender');
  });

  it('takes triggers/fired sent as a notification (no id) too, with the fields it lacks as empty', async ({ cleanup }) => {
    const wb = bench(cleanup);
    await call(wb, 'fire-as-notification');
    const entry = await eventually(async () => (await wb.getTimeline(ID)).entries.find((e) => e.kind === 'trigger'), 5000, 'the fired trigger');
    expect(entry.label).toBe('Sent without an id');
    expect(entry.data).toEqual({ triggerId: 't-raw', triggerName: 'Sent without an id', triggerType: 'big_order', matchedData: { amount: 1 }, context: {} });
  });

  it('keeps the triggers across a restart of the whole workbench (the skill saves them; on_trigger_register runs again)', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const first = bench(cleanup, DESK, home);
    await first.skilldef.createTrigger(ID, { type: 'big_order', name: 'Kept', conditions: [BIG] });
    await first.close();
    const second = bench(cleanup, DESK, home);
    await second.startSkill(ID);
    expect((await second.skilldef.getTriggers(ID)).triggers.map((t) => t.name)).toEqual(['Kept']);
    expect(JSON.parse((await call(second, 'hook-log')).text!)).toEqual([['register', 'Kept']]);
  });

  it('price-alerts fires its "price crosses a level" trigger from its tick when a watched price crosses', async ({ cleanup }) => {
    const wb = bench(cleanup, path.join(EXAMPLES, 'price-alerts'));
    await wb.startSkill('price-alerts');
    const { types } = await wb.skilldef.getTriggers('price-alerts');
    expect(types.map((t) => t.type)).toEqual(['price_cross']);
    // BTC swings 60000 ± 6%: it crosses 60000 within a few ticks, whichever way it goes first.
    await wb.skilldef.createTrigger('price-alerts', { type: 'price_cross', name: 'BTC at 60k', conditions: [{ type: 'keyword', field: 'symbol', keywords: ['BTC'] }], config: { level: 60000 } });
    for (let i = 0; i < 12 && !(await wb.getTimeline('price-alerts')).entries.some((e) => e.kind === 'trigger'); i++) await wb.tickNow('price-alerts');
    const entry = await eventually(async () => (await wb.getTimeline('price-alerts')).entries.find((e) => e.kind === 'trigger'), 5000, 'the price_cross trigger');
    expect(entry.label).toBe('BTC at 60k');
    expect((entry.data as TriggerFired).matchedData).toMatchObject({ symbol: 'BTC', level: 60000, currency: 'USD' });
    expect(['up', 'down']).toContain((entry.data as TriggerFired).matchedData.direction);
  });
});
