/**
 * SkillDefinition skills as the workbench runs them: real Python processes on our SDK, with the host's
 * services (state, data, entities, events, secrets) behind their reverse calls.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { Workbench } from '../src-main/workbench/workbench';
import { allFiles, eventually, EXAMPLES, FIXTURES } from './helpers';

const FULL = path.join(FIXTURES, 'skilldef', 'full');
const PRICE = path.join(EXAMPLES, 'price-alerts');
const KEY = 'pk_demo1234567890abcdefghij';

function bench(cleanup: Cleanup, folder: string, home = cleanup.tempDir()): { wb: Workbench; id: string; home: string } {
  const wb = new Workbench({ home, kind: 'browser', folders: [folder], namedFolders: true });
  cleanup.add(wb);
  return { wb, id: path.basename(folder), home };
}

async function call(wb: Workbench, id: string, tool: string, args: unknown = {}) {
  const r = await wb.callTool(id, tool, args);
  return r.outcome!;
}

describe('host services for a SkillDefinition skill', () => {
  it('serves state, data, entities and events, and persists state across restarts', async ({ cleanup }) => {
    const { wb, id, home } = bench(cleanup, FULL);
    const info = await wb.inspectSkill(id);
    expect(info.notes.join(' ')).toMatch(/bundled SDK/);
    expect((await call(wb, id, 'remember', { key: 'colour', value: 'blue' })).text).toBe('noted');
    // set_state is fire-and-forget: it may land after the answer that caused it.
    const state = await eventually(async () => {
      const s = JSON.parse((await call(wb, id, 'read_state')).text!);
      return s.colour ? s : null;
    }, 3000, 'state to arrive');
    expect(state.colour).toBe('blue');
    await eventually(() => Promise.resolve(allFiles(home).some((f) => f.endsWith('state.json'))), 3000, 'state.json');
    expect((await call(wb, id, 'files', { name: 'notes.txt', content: 'héllo' })).text).toBe('héllo');
    const ents = JSON.parse((await call(wb, id, 'entities')).text!);
    expect(ents.results ?? ents).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Ada' })]));
    const { entries } = await wb.getTimeline(id);
    expect(entries.some((e) => e.kind === 'event' && e.label === 'remembered')).toBe(true);
    const data = await wb.getData(id);
    expect(data.state).toMatchObject({ colour: 'blue' });
    expect(data.files.map((f) => f.name)).toContain('notes.txt');
    expect(data.entities.some((e) => e.title === 'Ada')).toBe(true);
    await wb.restartSkill(id);
    expect(JSON.parse((await call(wb, id, 'read_state')).text!).colour).toBe('blue');
  });

  it('answers a reverse call made while the host waits on the skill', async ({ cleanup }) => {
    const { wb, id } = bench(cleanup, FULL);
    await wb.setState(id, { a: 1, b: 2 });
    // on_before_message awaits ctx.get_state() while the host's skill/beforeMessage is pending.
    expect(await wb.transformMessage(id, 'beforeMessage', 'state?')).toBe('state keys: a,b');
    expect(await wb.transformMessage(id, 'afterResponse', 'no change')).toBeNull();
    expect(await wb.transformMessage(id, 'afterResponse', 'a secret here')).toBe('a [hidden] here');
  });

  it('refuses data names that escape the data folder, and logs the refusal', async ({ cleanup }) => {
    const { wb, id } = bench(cleanup, FULL);
    for (const name of ['../escape.txt', '/etc/passwd', 'a/b.txt']) {
      const out = await call(wb, id, 'files', { name, content: 'x' });
      expect(out.ok).toBe(false);
      expect(out.error?.message).toMatch(/must stay inside|data folder|Refused/i);
    }
    const logs = await wb.getLogs(id);
    expect(logs.some((l) => /Refused data\/write/.test(l.text))).toBe(true);
  });

  it('serves reverse calls sent as notifications, and logs the ones it cannot', async ({ cleanup }) => {
    const { wb, id } = bench(cleanup, path.join(FIXTURES, 'skilldef', 'notify'));
    expect((await call(wb, id, 'notify')).ok).toBe(true);
    await eventually(async () => (await wb.getData(id)).state?.via === 'notification', 3000, 'state set by a notification');
    await eventually(async () => (await wb.getLogs(id)).some((l) => /notification no\/such\/method failed/.test(l.text)), 3000, 'the log line');
  });

  it('records sessions on the timeline with the events the skill emitted', async ({ cleanup }) => {
    const { wb, id } = bench(cleanup, FULL);
    const sid = await wb.sessionStart(id);
    await wb.sessionEnd(id);
    const { entries } = await wb.getTimeline(id);
    expect(entries.map((e) => e.kind)).toEqual(expect.arrayContaining(['session-start', 'session-end']));
    // emit_event is fire-and-forget too.
    await eventually(async () => (await wb.getTimeline(id)).entries.some((e) => e.kind === 'event' && e.label === 'session_ended' && (e.data as { sessionId?: string })?.sessionId === sid), 3000, 'session events');
  });
});

describe('setup', () => {
  it('shows field errors, then completes; the secret is nowhere under the home but the encrypted store', async ({ cleanup }) => {
    const { wb, id, home } = bench(cleanup, PRICE);
    const info = await wb.inspectSkill(id);
    expect(info.capabilities.setup).toBe(true);
    expect((await wb.listSkills())[0].status).toBe('needs-setup');
    const step = await wb.setupStart(id);
    expect(step.fields.find((f) => f.name === 'api_key')?.type).toBe('password');
    const bad = await wb.setupSubmit(id, step.id, { api_key: 'nope' });
    expect(bad.status).toBe('error');
    expect(bad.errors?.[0].field).toBe('api_key');
    const next = await wb.setupSubmit(id, step.id, { api_key: KEY, account_label: 'mine' });
    expect(next.status).toBe('next');
    const done = await wb.setupSubmit(id, next.nextStep!.id, { currency: 'EUR', symbols: ['BTC'], threshold_pct: 5, notify_on_drops: true });
    expect(done.status).toBe('complete');
    expect((await wb.listSkills())[0].status).toBe('ready');
    // The skill reads its key back through state/get as the protocol provides.
    expect((await call(wb, id, 'list_alerts')).ok).toBe(true);
    await wb.close();
    const leaks = allFiles(home).filter((f) => fs.readFileSync(f, 'latin1').includes(KEY));
    expect(leaks).toEqual([]);
    const secrets = fs.readFileSync(path.join(home, 'secrets.json'), 'utf8');
    expect(secrets.length).toBeGreaterThan(0);
    expect(fs.statSync(path.join(home, 'secrets.json')).mode & 0o077).toBe(0);
    const stateFile = allFiles(home).find((f) => f.endsWith('state.json'))!;
    expect(fs.readFileSync(stateFile, 'utf8')).toMatch(/"\$secret"/);
  });

  // Short secrets, and ones that JSON escapes (quotes, backslashes, non-ASCII) once or twice on their way to a file.
  it.for([['a 3-character secret', 'Qz7'], ['a secret JSON escapes', 'Zk9é"q\\w€xyz12']])(
    'scrubs %s from every file under the home, in every escaped form',
    async ([, secret], { cleanup }) => {
      const { wb, id, home } = bench(cleanup, path.join(FIXTURES, 'skilldef', 'echo-secret'));
      // No manifest: has_setup=True alone makes it need setup until the wizard completes.
      expect((await wb.inspectSkill(id)).needsSetup).toBe(true);
      const step = await wb.setupStart(id);
      expect((await wb.setupSubmit(id, step.id, { token: secret })).status).toBe('complete');
      expect((await wb.inspectSkill(id)).needsSetup).toBe(false);
      const out = await call(wb, id, 'reveal');
      expect(out.ok).toBe(true);
      await eventually(async () => (await wb.getTimeline(id)).entries.some((e) => e.kind === 'event'), 3000, 'the event');
      await wb.close();
      const once = JSON.stringify(secret).slice(1, -1);
      const ascii = once.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
      const forms = [...new Set([secret, once, ascii, JSON.stringify(once).slice(1, -1), JSON.stringify(ascii).slice(1, -1)])];
      const files = allFiles(home).filter((f) => !/secrets\.json$|secret\.key$/.test(f));
      expect(files.some((f) => f.endsWith('leak.txt'))).toBe(true);
      const leaks = files.flatMap((f) => {
        const text = fs.readFileSync(f, 'utf8');
        return forms.filter((form) => text.includes(form)).map((form) => `${path.relative(home, f)}: ${form}`);
      });
      expect(leaks).toEqual([]);
    },
  );

  it('keeps the skill ready after a restart once set up', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const first = bench(cleanup, PRICE, home);
    await first.wb.inspectSkill(first.id);
    const s = await first.wb.setupStart(first.id);
    const n = await first.wb.setupSubmit(first.id, s.id, { api_key: KEY });
    const done = await first.wb.setupSubmit(first.id, n.nextStep!.id, { currency: 'USD', symbols: ['ETH'], threshold_pct: 2, notify_on_drops: false });
    expect(done.status).toBe('complete');
    await first.wb.close();
    const again = bench(cleanup, PRICE, home);
    const info = await again.wb.inspectSkill(again.id);
    expect(info.needsSetup).toBe(false);
    const price = await call(again.wb, again.id, 'get_price', { symbol: 'BTC' });
    expect(price.ok).toBe(true);
  });
});

describe('ticks', () => {
  it('never overlaps a tick that outlasts its interval: the ones due meanwhile are skipped and counted', async ({ cleanup }) => {
    const { wb, id } = bench(cleanup, path.join(FIXTURES, 'skilldef', 'slow-tick'));
    await wb.startSkill(id);
    await new Promise((r) => setTimeout(r, 4200));
    const { entries, ticks } = await wb.getTimeline(id);
    const done = entries.filter((e) => e.kind === 'tick' && e.outcome === 'ok');
    const skipped = entries.filter((e) => e.kind === 'tick' && e.outcome === 'skipped');
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(skipped.length).toBeGreaterThanOrEqual(1);
    expect(ticks?.skipped).toBe(skipped.length);
    expect(done[0].durationMs).toBeGreaterThanOrEqual(2400);
    expect((done[0].data as { events: { label: string }[] }).events.map((e) => e.label)).toContain('tick_started');
    await wb.pauseTicks(id);
    expect((await wb.getTimeline(id)).ticks?.paused).toBe(true);
  });
});
