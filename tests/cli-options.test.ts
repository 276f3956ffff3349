/** `skillbench options`: list, --set (JSON or text), --reset [name], --json, and refusals, on real Python processes. */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { EXAMPLES, FIXTURES, SDK_TOOLS } from './helpers';

const READING = path.join(FIXTURES, 'skilldef-options', 'reading-list');

describe('skillbench options', () => {
  it('lists the options by group, sets some (kept for the next run), resets one or all', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const list = await cli(['options', READING], { home });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^reading-list: 4 options\n {2}greeting +text +Hello +Greeting\nTools:\n {2}show_purge +on\/off +off +Show the clean-up tool \(shows or hides purge\)\nDisplay:\n/);

    // 3 is read as JSON (a number); 42 stays text for a text option; za is a listed choice.
    const set = await cli(['options', READING, '--set', 'show_purge=true', '--set', 'page_size=3', '--set', 'greeting=42', '--set', 'sort_order=za'], { home });
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Set show_purge to true.\nSet page_size to 3.\nSet greeting to "42".\nSet sort_order to "za".');
    expect(set.stdout).toContain('Tools now (8: 3 of its own, 5 from its SDK): books, purge, changes');

    const again = JSON.parse((await cli(['options', READING, '--json'], { home })).stdout);
    expect(Object.fromEntries(again.options.map((o: { name: string; value: unknown }) => [o.name, o.value]))).toEqual({ show_purge: true, sort_order: 'za', page_size: 3, greeting: '42' });
    expect(again.tools).toEqual(['books', 'purge', 'changes', ...SDK_TOOLS]);

    const one = await cli(['options', READING, '--reset', 'greeting', '--json'], { home });
    expect(JSON.parse(one.stdout).options.find((o: { name: string }) => o.name === 'greeting').value).toBe('Hello');
    const all = await cli(['options', READING, '--reset'], { home });
    expect(all.stdout).toContain('Reset every option to its default.');
    expect(all.stdout).toContain('Tools now (7: 2 of its own, 5 from its SDK): books, changes');
  });

  it('refuses a bad value, a bad --set and a skill without options in plain words (exit 2)', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const bad = await cli(['options', READING, '--set', 'page_size=ten'], { home });
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('skillbench: "Books per page" takes a number, such as 5, not "ten".');
    const shape = await cli(['options', READING, '--set', 'page_size'], { home });
    expect(shape.code).toBe(2);
    expect(shape.stderr).toMatch(/--set takes name=value/);
    const none = await cli(['options', path.join(FIXTURES, 'rpc')], { home });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/has no options: options belong to SkillDefinition skills/);
    const price = await cli(['options', path.join(EXAMPLES, 'price-alerts'), '--set', 'show_portfolio_tool=false'], { home });
    expect(price.code).toBe(0);
    expect(price.stdout).toContain('Tools now (15: 10 of its own, 5 from its SDK): get_price, add_alert, list_alerts, remove_alert, list-trigger-types, list-triggers, get-trigger, create-trigger, update-trigger, delete-trigger');
  });
});
