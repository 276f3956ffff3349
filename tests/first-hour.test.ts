/**
 * What a user trips on in the first hour, at the engine: a setup that remembers it finished (and what it set),
 * a crash that is counted and explained, and a skill process's own environment and arguments.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { REDACTED, type WorkbenchEvents } from '../src-main/contract';
import { openHomeStores } from '../src-main/runtime/stores';
import { Workbench } from '../src-main/workbench/workbench';
import { cli } from './cli-run';
import { allFiles, eventually, EXAMPLES, FIXTURES } from './helpers';

function make(cleanup: Cleanup, home: string, folder: string): Workbench {
  const wb = new Workbench({ home, kind: 'browser', folders: [folder], namedFolders: true });
  cleanup.add(wb);
  return wb;
}

/** Files under `dir` holding `secret` as plain bytes. */
const filesWith = (dir: string, secret: string) => allFiles(dir).filter((f) => fs.readFileSync(f, 'latin1').includes(secret));

const PRICE = path.join(EXAMPLES, 'price-alerts');
const KEY = 'pk_demo1234567890abcdefghij';

async function show(wb: Workbench, id: string): Promise<{ greeting: string | null; args: string[]; token_sha256?: string | null; pid?: number; args_at_import?: string[] }> {
  const r = await wb.callTool(id, 'show', {});
  expect(r.outcome?.ok, JSON.stringify(r.outcome)).toBe(true);
  return JSON.parse(r.outcome!.text!);
}

describe('a skill process gets the environment and arguments set for it', () => {
  const TOKEN = 'tok-proc-secret-98765';
  const sha = crypto.createHash('sha256').update(TOKEN).digest('hex');

  it('JSON-RPC: applied at the next restart, kept across workbenches, the secret encrypted and nowhere in clear', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = make(cleanup, home, path.join(FIXTURES, 'process-echo'));
    const id = 'process-echo';
    await wb.startSkill(id);
    const before = await show(wb, id);
    expect(before).toMatchObject({ greeting: null, args: [], token_sha256: null });

    const saved = await wb.updateSkillSettings(id, { env: { GREETING: 'hello there' }, secretValues: { API_TOKEN: TOKEN }, args: ['--mode', 'fast', 'two words'] });
    expect(saved).toMatchObject({ env: { GREETING: 'hello there' }, secretEnv: ['API_TOKEN'], args: ['--mode', 'fast', 'two words'] });
    expect(JSON.stringify(saved)).not.toContain(TOKEN);
    // Saving does not restart a running skill behind the user's back: the same process, with what it had.
    const still = await show(wb, id);
    expect(still.pid).toBe(before.pid);
    expect(still.greeting).toBeNull();

    await wb.restartSkill(id);
    const after = await show(wb, id);
    expect(after.pid).not.toBe(before.pid);
    expect(after).toMatchObject({ greeting: 'hello there', args: ['--mode', 'fast', 'two words'], token_sha256: sha });
    const started = (await wb.getLogs(id)).find((l) => l.text.startsWith('Starting') && l.text.includes('two words'));
    expect(started?.text).toContain('--mode fast two words');
    await wb.close();

    // Another workbench on the same home: the settings and the secret are still there.
    const again = make(cleanup, home, path.join(FIXTURES, 'process-echo'));
    expect(await again.getSkillSettings(id)).toMatchObject({ env: { GREETING: 'hello there' }, secretEnv: ['API_TOKEN'], args: ['--mode', 'fast', 'two words'] });
    await again.startSkill(id);
    expect(await show(again, id)).toMatchObject({ greeting: 'hello there', token_sha256: sha });

    // Taking the secret off the list takes its value out of the store.
    await again.updateSkillSettings(id, { secretEnv: [] });
    expect(openHomeStores(home).secrets.keys(id)).not.toContain('env.API_TOKEN');
    await again.restartSkill(id);
    expect((await show(again, id)).token_sha256).toBeNull();
    await again.close();
    expect(openHomeStores(home).secrets.keys(id)).toEqual([]);
    expect(filesWith(home, TOKEN)).toEqual([]);
  });

  it('SkillDefinition: the arguments reach the skill as its own, at import and when a tool runs', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = make(cleanup, home, path.join(FIXTURES, 'skilldef', 'process-echo'));
    const [skill] = await wb.listSkills();
    await wb.updateSkillSettings(skill.id, { env: { GREETING: 'hi' }, args: ['--region', 'eu'] });
    await wb.startSkill(skill.id);
    expect(await show(wb, skill.id)).toEqual({ greeting: 'hi', args: ['--region', 'eu'], args_at_import: ['--region', 'eu'] });
  });

  it('refuses bad settings in plain words and keeps what was saved', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = make(cleanup, home, path.join(FIXTURES, 'process-echo'));
    await wb.updateSkillSettings('process-echo', { args: ['-v'] });
    await expect(wb.updateSkillSettings('process-echo', { args: [42 as unknown as string] })).rejects.toThrow(/list of texts/);
    await expect(wb.updateSkillSettings('process-echo', { secretValues: { '1BAD': 'x' } })).rejects.toThrow(/not a valid environment variable name/);
    await expect(wb.updateSkillSettings('process-echo', { secretValues: { EMPTY: '' } })).rejects.toThrow(/"secretValues\.EMPTY": give the secret a value/);
    expect(await wb.getSkillSettings('process-echo')).toMatchObject({ args: ['-v'], secretEnv: [] });
  });
});

describe('a crash is counted and explained', () => {
  it('a skill killed with SIGKILL: the status says so with the signal and its last stderr lines, and counts the restart', async ({ cleanup }) => {
    const wb = make(cleanup, cleanup.tempDir(), path.join(FIXTURES, 'process-echo'));
    const id = 'process-echo';
    const statuses: WorkbenchEvents['status'][] = [];
    wb.events.on('status', (s) => statuses.push(s));
    await wb.startSkill(id);
    expect((await wb.listSkills())[0].crashes).toBeUndefined();
    const { pid } = await show(wb, id);
    process.kill(pid!, 'SIGKILL');

    const back = await eventually(async () => {
      const [s] = await wb.listSkills();
      return s.status === 'ready' && s.crashes?.restarts === 1 ? s : null;
    }, 15_000, 'the skill to come back');
    expect(back.crashes).toMatchObject({ count: 1, restarts: 1, last: { code: null, signal: 'SIGKILL', detail: 'Exited on signal SIGKILL' } });
    expect(back.crashes!.last.stderrTail).toContain('process-echo: started with 0 extra arguments');
    const crashed = statuses.find((s) => s.status === 'crashed');
    expect(crashed?.crashes).toMatchObject({ count: 1, restarts: 0, last: { signal: 'SIGKILL' } });
    expect(statuses.find((s) => s.status === 'restarting')?.crashes?.restarts).toBe(1);
    expect((await show(wb, id)).pid).not.toBe(pid);
  });

  it('a crash on a call: the exit code', async ({ cleanup }) => {
    const wb = make(cleanup, cleanup.tempDir(), path.join(FIXTURES, 'rpc'));
    await wb.startSkill('rpc');
    await wb.callTool('rpc', 'crash', {});
    const [s] = await eventually(async () => {
      const list = await wb.listSkills();
      return list[0].crashes ? list : null;
    }, 10_000, 'the crash to be counted');
    expect(s.crashes?.last.code).toEqual(expect.any(Number));
    expect(s.crashes?.last.signal).toBeNull();
    expect(s.crashes?.last.detail).toMatch(/^Exited with code \d+$/);
  });
});

describe('setup remembers that it finished, and what it set', () => {
  it('the answers are kept (the key only masked), across workbenches; nothing starts a setup but setupStart', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = make(cleanup, home, PRICE);
    const [skill] = await wb.listSkills();
    const id = skill.id;
    expect(await wb.getSetupConfiguration(id)).toBeNull();
    await wb.startSkill(id);
    const step = await wb.setupStart(id);
    expect(step.id).toBe('credentials');
    expect((await wb.setupSubmit(id, 'credentials', { api_key: KEY, account_label: 'Savings' })).status).toBe('next');
    const done = await wb.setupSubmit(id, 'preferences', { currency: 'EUR', symbols: ['BTC', 'SOL'], threshold_pct: 5, notify_on_drops: true });
    expect(done.status).toBe('complete');

    const config = await wb.getSetupConfiguration(id);
    expect(config?.steps.map((s) => s.id)).toEqual(['credentials', 'preferences']);
    const fields = Object.fromEntries(config!.steps.flatMap((s) => s.fields.map((f) => [f.name, f])));
    expect(fields.api_key).toMatchObject({ label: 'API key', secret: true, value: REDACTED });
    expect(fields.account_label).toMatchObject({ secret: false, value: 'Savings' });
    expect(fields.currency.value).toBe('EUR');
    expect(fields.symbols.value).toEqual(['BTC', 'SOL']);
    expect(JSON.stringify(config)).not.toContain(KEY);

    // Asking what was configured starts nothing: one "Setup started" on the timeline, from the one setupStart.
    await wb.getSetupConfiguration(id);
    const { entries } = await wb.getTimeline(id);
    expect(entries.filter((e) => e.label.startsWith('Setup started'))).toHaveLength(1);
    await wb.close();

    const again = make(cleanup, home, PRICE);
    const remembered = await again.getSetupConfiguration(id);
    expect(remembered?.steps).toEqual(config!.steps);
    expect((await again.inspectSkill(id)).needsSetup).toBe(false);
    expect((await again.getTimeline(id)).entries.some((e) => e.kind === 'setup')).toBe(false);
    await again.close();
    expect(filesWith(home, KEY)).toEqual([]);
  });

  it('a first setup from the wizard, the skill never started before, leaves it ticking', async ({ cleanup }) => {
    const wb = make(cleanup, cleanup.tempDir(), PRICE);
    const [{ id }] = await wb.listSkills();
    // The wizard's first step is what starts it (the app's simple view has no Start before setup).
    await wb.setupStart(id);
    await wb.setupSubmit(id, 'credentials', { api_key: KEY });
    expect((await wb.setupSubmit(id, 'preferences', { currency: 'USD', symbols: ['BTC'], threshold_pct: 5, notify_on_drops: false })).status).toBe('complete');
    const ticks = await eventually(async () => {
      const t = (await wb.getTimeline(id)).ticks;
      return t && t.count > 0 ? t : null;
    }, 15_000, 'a tick after the first setup');
    expect(ticks).toMatchObject({ intervalMs: 3000, paused: false });
  });

  it('a reconfiguration that is cancelled keeps the last configuration', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = make(cleanup, home, PRICE);
    const [{ id }] = await wb.listSkills();
    await wb.startSkill(id);
    await wb.setupStart(id);
    await wb.setupSubmit(id, 'credentials', { api_key: KEY });
    await wb.setupSubmit(id, 'preferences', { currency: 'GBP', symbols: ['ETH'], threshold_pct: 5, notify_on_drops: false });
    const first = await wb.getSetupConfiguration(id);
    await wb.setupStart(id);
    await wb.setupSubmit(id, 'credentials', { api_key: KEY, account_label: 'Other' });
    await wb.setupCancel(id);
    expect(await wb.getSetupConfiguration(id)).toEqual(first);
  });

  it('skillbench setup from a file still completes, and the workbench then shows it configured', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const answers = path.join(cleanup.tempDir(), 'answers.json');
    fs.writeFileSync(answers, JSON.stringify({ credentials: { api_key: KEY, account_label: 'CLI' }, preferences: { symbols: ['SOL'] } }));
    const r = await cli(['setup', PRICE, '--answers', answers], { home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Watching SOL in USD');
    // The CLI names a skill by its folder within its parent, as the app does with the examples open.
    const wb = make(cleanup, home, EXAMPLES);
    const config = await wb.getSetupConfiguration('examples/price-alerts');
    const fields = Object.fromEntries(config!.steps.flatMap((s) => s.fields.map((f) => [f.name, f.value])));
    expect(fields).toMatchObject({ api_key: REDACTED, account_label: 'CLI', currency: 'USD', symbols: ['SOL'] });
    expect(filesWith(home, KEY)).toEqual([]);
  });
});
