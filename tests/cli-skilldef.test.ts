import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { cli } from './cli-run';
import { allFiles, EXAMPLES, FIXTURES } from './helpers';

const PRICE = path.join(EXAMPLES, 'price-alerts');
const KEY = 'pk_demo1234567890abcdefghij';

function answers(cleanup: Cleanup, obj: unknown): string {
  const f = path.join(cleanup.tempDir(), 'answers.json');
  fs.writeFileSync(f, JSON.stringify(obj));
  return f;
}

describe('skillbench setup, state, tick, message', () => {
  it('setup from a file: 1 with the field errors when rejected, 0 when complete; state hides the secret', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const bad = await cli(['setup', PRICE, '--answers', answers(cleanup, { credentials: { api_key: 'nope' } })], { home });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/API key: .*pk_/);
    const good = await cli(['setup', PRICE, '--answers', answers(cleanup, { credentials: { api_key: KEY }, preferences: { symbols: ['SOL'] } })], { home });
    expect(good.code).toBe(0);
    expect(good.stderr).toMatch(/key file only you can read/);
    const state = await cli(['state', PRICE, '--json'], { home });
    expect(JSON.parse(state.stdout)).toMatchObject({ api_key: '••••', configured: true, config: { symbols: ['SOL'] } });
    expect(allFiles(home).filter((f) => fs.readFileSync(f, 'latin1').includes(KEY))).toEqual([]);
  });

  it('setup in the terminal, answers typed line by line, a wrong one asked again', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const typed = ['not-a-key', 'my account', KEY, 'my account', '2', '1,3', 'lots', '3', 'n'].join('\n') + '\n';
    const r = await cli(['setup', PRICE], { home, input: typed });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/did not accept step/);
    expect(r.stderr).toMatch(/Type a number/);
    expect(r.stderr).not.toContain(KEY);
    const state = JSON.parse((await cli(['state', PRICE, '--json'], { home })).stdout);
    expect(state.config).toMatchObject({ currency: 'EUR', symbols: ['BTC', 'SOL'], threshold_pct: 3, notify_on_drops: false });
  });

  it('a refused step is asked again with the answers given as its defaults; a secret is kept unseen', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const typed = [
      // Credentials: a good key, a label too long for the skill. Again: Enter keeps the key, a shorter label.
      KEY, 'x'.repeat(50), '', 'Main',
      // Preferences: BTC and SOL, a threshold out of range. Again: Enter on everything but the threshold.
      '', 'BTC, SOL', '99', 'n', '', '', '10', '',
    ].join('\n') + '\n';
    const r = await cli(['setup', PRICE], { home, input: typed });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Keep the label under 40 characters.');
    expect(r.stderr).toContain('API key [kept; press Enter to keep]: ');
    expect(r.stderr).toContain(`Account label (optional) [${'x'.repeat(50)}]: `);
    expect(r.stderr).toContain('Choose a value from 0.5 to 50.');
    expect(r.stderr).toContain('Assets to watch (numbers or values, comma-separated) [BTC, SOL]: ');
    expect(r.stderr).toContain('Tell me when a price drops by that much (optional) [y/n] [n]: ');
    expect(r.stderr).toContain('Watching BTC, SOL in USD; moves of 10% are reported.');
    expect(r.stderr).not.toContain(KEY);
    const state = JSON.parse((await cli(['state', PRICE, '--json'], { home })).stdout);
    expect(state).toMatchObject({ api_key: '••••', config: { account_label: 'Main', symbols: ['BTC', 'SOL'], threshold_pct: 10, notify_on_drops: false } });
  });

  it('exits 2 when input ends before the setup is complete', async () => {
    const r = await cli(['setup', PRICE], { input: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/input ended before the setup was complete/);
  });

  it('tick runs N ticks and prints each outcome and the events emitted', async () => {
    const r = await cli(['tick', path.join(FIXTURES, 'skilldef', 'slow-tick'), '--count', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Tick 1 \(\d+ ms\): ok\n {2}event tick_started \{"n":1\}\nTick 2 \(\d+ ms\): ok\n {2}event tick_started \{"n":2\}/);
  });

  it('message prints what the hooks make of a text', async () => {
    const before = await cli(['message', PRICE, 'price of $BTC?']);
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(/\$BTC \([\d,.]+ USD\)/);
    const after = await cli(['message', path.join(FIXTURES, 'skilldef', 'full'), 'a secret', '--response']);
    expect(after.stdout.trim()).toBe('a [hidden]');
    const unchanged = await cli(['message', path.join(FIXTURES, 'skilldef', 'full'), 'plain', '--response']);
    expect(unchanged.stdout.trim()).toBe('plain');
    expect(unchanged.stderr).toMatch(/unchanged/);
  });

  it('runs a skills repository\'s skill as the original host did: python -m skills.<id> from the root, or skill.py imported', async () => {
    const repo = path.join(FIXTURES, 'skilldef-repo', 'skills');
    const mod = await cli(['call', path.join(repo, 'echo_module'), 'where']);
    expect(mod.code).toBe(0);
    // argv[0] is the package's __main__.py: it was started with -m, not through our launcher.
    expect(mod.stdout.trim()).toBe('skills.echo_module.skill via echo_module');
    const info = JSON.parse((await cli(['inspect', path.join(repo, 'echo_module'), '--json'])).stdout);
    expect(info.notes.join(' ')).toMatch(/as "python -m skills\.echo_module"/);
    const entry = await cli(['call', path.join(repo, 'echo_repo'), 'shout', '--args', '{"text":"hi"}']);
    expect(entry.stdout.trim()).toBe('HI! from skills.echo_repo.skill');
  });
});
