/** `skillbench triggers`: the types and the triggers, --create with its conditions and settings, --delete, --json, refusals, on real Python processes. */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { EXAMPLES, FIXTURES } from './helpers';

const DESK = path.join(FIXTURES, 'skilldef-panels', 'orders-desk');

describe('skillbench triggers', () => {
  it('lists the types, creates a trigger (kept for the next run), lists it, deletes it', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const list = await cli(['triggers', DESK], { home });
    expect(list.code).toBe(0);
    expect(list.stdout).toBe(
      "orders-desk: 1 trigger type\n  big_order  An order over an amount: Fires when an order's amount is high\n    fields: amount (number), customer (string)\n    settings: channel\nNo triggers registered.\n",
    );

    const made = await cli(['triggers', DESK, '--create', 'big_order', 'name=Big spender', 'when=amount>100', 'when=customer~Ada,Bo', 'channel=push'], { home });
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^Registered trigger "Big spender" \([\w-]+\)\.\n/);
    expect(made.stdout).toMatch(/Big spender +big_order +on +amount > 100 and customer ~ Ada,Bo +channel="push"/);

    const view = JSON.parse((await cli(['triggers', DESK, '--json'], { home })).stdout);
    expect(view.triggers).toHaveLength(1);
    expect(view.triggers[0]).toMatchObject({
      name: 'Big spender',
      conditions: [{ type: 'threshold', field: 'amount', operator: 'gt', value: 100 }, { type: 'keyword', field: 'customer', keywords: ['Ada', 'Bo'], match_mode: 'any' }],
      config: { channel: 'push' },
    });

    const gone = await cli(['triggers', DESK, '--delete', view.triggers[0].id], { home });
    expect(gone.code).toBe(0);
    expect(gone.stdout).toContain(`Removed trigger ${view.triggers[0].id}.`);
    expect(gone.stdout).toContain('No triggers registered.');
  });

  it('refuses what cannot be a trigger in plain words', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const noWhen = await cli(['triggers', DESK, '--create', 'big_order', 'name=x'], { home });
    expect(noWhen.code).not.toBe(0);
    expect(noWhen.stderr).toContain("Say when it fires: when='field>100'");
    const badWhen = await cli(['triggers', DESK, '--create', 'big_order', 'name=x', 'when=amount is big'], { home });
    expect(badWhen.stderr).toContain('"when=amount is big" is not a condition');
    const badType = await cli(['triggers', DESK, '--create', 'refund', 'name=x', 'when=amount>1'], { home });
    expect(badType.stderr).toContain('The skill declares no trigger type "refund". It offers: An order over an amount (big_order).');
    const stray = await cli(['triggers', DESK, 'name=x'], { home });
    expect(stray.stderr).toContain('"name=x" means something only after --create TYPE');
    const none = await cli(['triggers', path.join(EXAMPLES, 'gas-estimator')], { home });
    expect(none.stderr).toContain('has no triggers: triggers belong to SkillDefinition skills.');
  });

  it('skillbench tick prints the triggers the skill fired during each tick (price-alerts crossing a level)', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const alerts = path.join(EXAMPLES, 'price-alerts');
    expect((await cli(['triggers', alerts, '--create', 'price_cross', 'name=BTC at 60k', 'when=symbol~BTC', 'level=60000'], { home })).code).toBe(0);
    // BTC starts above 60000 and goes below it around the ninth tick.
    const ticks = await cli(['tick', alerts, '--count', '12'], { home });
    expect(ticks.code).toBe(0);
    expect(ticks.stdout).toMatch(/\n {2}trigger fired: BTC at 60k \{"symbol":"BTC","price":[\d.]+,"change_pct":-?[\d.]+,"previous":[\d.]+,"level":60000,"direction":"down","currency":"USD","tick":\d+\}\n/);
    expect(ticks.stdout.match(/trigger fired/g)).toHaveLength(1);
  });
});
