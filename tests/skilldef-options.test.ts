/**
 * A SkillDefinition skill's options through the workbench, on real Python processes: `options/list`, `set`
 * and `reset`, the tools listed again when a `tool_filter` option changes, on_options_change running, the
 * values kept across a restart of the whole workbench, and bad values refused in plain words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { SkillSummary } from '../src-main/contract';
import { skillPaths } from '../src-main/host/workbench-home';
import { Workbench } from '../src-main/workbench/workbench';
import { it, type Cleanup } from './cleanup-fixture';
import { eventually, EXAMPLES, FIXTURES, ownTools, SDK_TOOLS } from './helpers';

const READING = path.join(FIXTURES, 'skilldef-options', 'reading-list');
const PRICE = path.join(EXAMPLES, 'price-alerts');
const ID = 'reading-list';

function bench(cleanup: Cleanup, folder = READING, home = cleanup.tempDir()): { wb: Workbench; home: string } {
  const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [folder], namedFolders: true }));
  return { wb, home };
}

const toolNames = async (wb: Workbench, id = ID) => ownTools((await wb.inspectSkill(id)).tools);
const valuesOf = async (wb: Workbench, id = ID) => Object.fromEntries((await wb.getOptions(id)).map((o) => [o.name, o.value]));
const callText = async (wb: Workbench, tool: string, id = ID) => (await wb.callTool(id, tool, {})).outcome!;

describe('options of a SkillDefinition skill', () => {
  it('lists each option with its type, group, choices, tool_filter and value; a false tool_filter option hides its tool', async ({ cleanup }) => {
    const { wb } = bench(cleanup);
    const info = await wb.inspectSkill(ID);
    expect(info.capabilities.options).toBe(true);
    expect(ownTools(info.tools)).toEqual(['books', 'changes']);
    expect(await wb.getOptions(ID)).toEqual([
      { name: 'show_purge', type: 'boolean', label: 'Show the clean-up tool', description: 'A tool that empties the whole list.', default: false, value: false, group: 'Tools', toolFilter: ['purge'] },
      { name: 'sort_order', type: 'select', label: 'Sort order', default: 'az', value: 'az', group: 'Display', choices: [{ label: 'A to Z', value: 'az' }, { label: 'Z to A', value: 'za' }] },
      { name: 'page_size', type: 'number', label: 'Books per page', default: 10, value: 10, group: 'Display' },
      { name: 'greeting', type: 'text', label: 'Greeting', description: 'Said before the list.', default: 'Hello', value: 'Hello' },
    ]);
    const purge = await callText(wb, 'purge');
    expect(purge.ok).toBe(false);
    expect(purge.error?.message).toMatch(/Unknown tool: purge/);
  });

  it('set: the tools are listed again, every window hears the new count, on_options_change runs, the timeline says so', async ({ cleanup }) => {
    const { wb } = bench(cleanup);
    await wb.inspectSkill(ID);
    const counts: (number | undefined)[] = [];
    wb.events.on('skills', (skills: SkillSummary[]) => counts.push(skills.find((s) => s.id === ID)?.toolCount));
    const change = await wb.setOption(ID, 'show_purge', true);
    expect(ownTools(change.info.tools)).toEqual(['books', 'purge', 'changes']);
    expect(change.options.find((o) => o.name === 'show_purge')?.value).toBe(true);
    // The count is every tool listed, the SDK's five among them.
    expect(counts).toEqual([3 + SDK_TOOLS.length]);
    expect(await toolNames(wb)).toContain('purge');
    expect((await callText(wb, 'purge')).text).toBe('the list is empty now');
    expect(JSON.parse((await callText(wb, 'changes')).text!)).toEqual([{ show_purge: true, sort_order: 'az', page_size: 10, greeting: 'Hello' }]);
    const entries = await eventually(async () => {
      const { entries } = await wb.getTimeline(ID);
      return entries.some((e) => e.kind === 'event' && e.label === 'options_changed') ? entries : null;
    }, 5000, 'the options_changed event');
    expect(entries.some((e) => e.kind === 'note' && e.label === 'Option "Show the clean-up tool" set to on')).toBe(true);

    await wb.setOption(ID, 'sort_order', 'za');
    expect(JSON.parse((await callText(wb, 'books')).text!).titles[0]).toBe('Walden');
    const off = await wb.setOption(ID, 'show_purge', false);
    expect(ownTools(off.info.tools)).toEqual(['books', 'changes']);
    expect(counts).toEqual([3, 3, 2].map((n) => n + SDK_TOOLS.length));
  });

  it('keeps the values across a restart of the whole workbench, in a file under the home, and shows the filtered tools from the start', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const first = bench(cleanup, READING, home).wb;
    await first.setOption(ID, 'show_purge', true);
    await first.setOption(ID, 'page_size', 2);
    await first.setOption(ID, 'greeting', 'Good morning');
    await first.close();
    const file = path.join(skillPaths(home, ID).dataDir, 'options.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ show_purge: true, sort_order: 'az', page_size: 2, greeting: 'Good morning' });
    // Written atomically: no temp file is left beside it.
    expect(fs.readdirSync(path.dirname(file)).filter((f) => f.includes('.tmp-'))).toEqual([]);

    const second = bench(cleanup, READING, home).wb;
    expect(await toolNames(second)).toEqual(['books', 'purge', 'changes']);
    expect(await valuesOf(second)).toEqual({ show_purge: true, sort_order: 'az', page_size: 2, greeting: 'Good morning' });
    expect(JSON.parse((await callText(second, 'books')).text!)).toEqual({ titles: ['Dune', 'Emma'], greeting: 'Good morning' });
    // Restored by the skill at load: nothing was changed, so on_options_change did not run.
    expect(JSON.parse((await callText(second, 'changes')).text!)).toEqual([]);
  });

  it('reset puts one option back to its default, or all of them', async ({ cleanup }) => {
    const { wb } = bench(cleanup);
    await wb.setOption(ID, 'show_purge', true);
    await wb.setOption(ID, 'greeting', 'Hi');
    await wb.setOption(ID, 'page_size', 3);
    const one = await wb.resetOptions(ID, 'greeting');
    expect(Object.fromEntries(one.options.map((o) => [o.name, o.value]))).toEqual({ show_purge: true, sort_order: 'az', page_size: 3, greeting: 'Hello' });
    expect(one.info.tools.map((t) => t.name)).toContain('purge');
    const all = await wb.resetOptions(ID);
    expect(Object.fromEntries(all.options.map((o) => [o.name, o.value]))).toEqual({ show_purge: false, sort_order: 'az', page_size: 10, greeting: 'Hello' });
    expect(ownTools(all.info.tools)).toEqual(['books', 'changes']);
    const { entries } = await wb.getTimeline(ID);
    expect(entries.map((e) => e.label)).toEqual(expect.arrayContaining(['Option "Greeting" reset to its default', 'Options reset to their defaults']));
  });

  it('refuses bad values and unknown names in plain words, changing nothing', async ({ cleanup }) => {
    const { wb } = bench(cleanup);
    await wb.startSkill(ID);
    const before = await valuesOf(wb);
    await expect(wb.setOption(ID, 'show_purge', 'yes')).rejects.toThrow('"Show the clean-up tool" is either on or off (true or false), not "yes".');
    await expect(wb.setOption(ID, 'page_size', 'ten')).rejects.toThrow('"Books per page" takes a number, such as 5, not "ten".');
    await expect(wb.setOption(ID, 'greeting', 3)).rejects.toThrow('"Greeting" takes text, not 3.');
    await expect(wb.setOption(ID, 'sort_order', 'newest')).rejects.toThrow('"Sort order" is one of az (A to Z), za (Z to A); "newest" is not among them.');
    await expect(wb.setOption(ID, 'colour', 'red')).rejects.toThrow('reading-list has no option called "colour". Its options are: show_purge, sort_order, page_size, greeting.');
    await expect(wb.resetOptions(ID, 'colour')).rejects.toThrow(/has no option called "colour"/);
    expect(await valuesOf(wb)).toEqual(before);
    expect(JSON.parse((await callText(wb, 'changes')).text!)).toEqual([]);
  });

  it('a skill without options says so; the price-alerts example hides its portfolio tool with its option', async ({ cleanup }) => {
    const full = bench(cleanup, path.join(FIXTURES, 'skilldef', 'full')).wb;
    expect((await full.inspectSkill('full')).capabilities.options).toBe(false);
    expect(await full.getOptions('full')).toEqual([]);

    const { wb } = bench(cleanup, PRICE);
    const info = await wb.inspectSkill('price-alerts');
    expect(info.capabilities.options).toBe(true);
    expect(info.tools.map((t) => t.name)).toContain('portfolio_value');
    const change = await wb.setOption('price-alerts', 'show_portfolio_tool', false);
    expect(ownTools(change.info.tools)).toEqual(['get_price', 'add_alert', 'list_alerts', 'remove_alert', 'list-trigger-types', 'list-triggers', 'get-trigger', 'create-trigger', 'update-trigger', 'delete-trigger']);
    const call = await wb.callTool('price-alerts', 'portfolio_value', { holdings: [{ symbol: 'BTC', amount: 1 }] });
    expect(call.outcome?.error?.message).toMatch(/Unknown tool: portfolio_value/);
    await eventually(async () => (await wb.getLogs('price-alerts')).some((l) => l.text.includes('the portfolio tool is hidden')), 5000, 'the on_options_change log line');
  });
});
