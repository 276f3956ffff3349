/**
 * Action skills as real agents projects have them (tests/fixtures/action/wild): agent.yaml with
 * metadata, secrets and a schedule; a crawler with no dispatch that must never run on discovery; a
 * script that prints Markdown. Real Python processes throughout; the crawler, if run, writes a marker
 * file and connects to a TCP listener, and the discovery tests assert that neither happened.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import type { AgentSchedule, CallOutcome, ScheduleState, SkillRef, TimelineEntry } from '../src-main/contract';
import { LogSink } from '../src-main/engine/log-sink';
import { skillFolder } from '../src-main/host/workbench-home';
import { MessageLog } from '../src-main/engine/message-log';
import { Redactor } from '../src-main/engine/redactor';
import { ActionSkill, actionProtocol, readAgentConfig } from '../src-main/protocols/action';
import { nextRun, parseCron } from '../src-main/protocols/action/cron';
import { ScheduleRunner, type ScheduleClock } from '../src-main/workbench/schedule-runner';
import { Workbench } from '../src-main/workbench/workbench';
import { cli } from './cli-run';
import { FIXTURES, waitFor } from './helpers';
import { scaled } from './machine-factor';

const T = { timeout: scaled(30_000) };
const WILD = path.join(FIXTURES, 'action', 'wild');

/** The "site" the crawler crawls: counts every connection made to it. */
let listener: net.Server;
let connections = 0;
let port = 0;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  listener = net.createServer((sock) => {
    connections++;
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    sock.on('error', () => undefined);
    sock.end();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  port = (listener.address() as net.AddressInfo).port;
});

afterAll(async () => {
  for (const sock of sockets) sock.destroy();
  await new Promise((r) => listener.close(r));
});

function refs(): Record<string, SkillRef> {
  return Object.fromEntries(actionProtocol.detect(WILD, path.dirname(WILD)).map((r) => [r.name, r]));
}

function crawlerEnv(cleanup: Cleanup): { env: Record<string, string>; marker: string } {
  const marker = path.join(cleanup.tempDir(), 'crawled.txt');
  return { env: { CRAWLER_MARKER: marker, CRAWLER_PORT: String(port) }, marker };
}

/** A workbench home where the crawler's settings give it `env` (a skill gets no other variable of the shell). */
async function homeWithSettings(cleanup: Cleanup, env: Record<string, string>): Promise<string> {
  const home = cleanup.tempDir();
  const id = JSON.parse((await cli(['inspect', WILD, '--skill', 'crawler', '--json'], { home })).stdout).id as string;
  const dir = skillFolder(home, id);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ env }));
  return home;
}

function skill(cleanup: Cleanup, name: string, env: Record<string, string> = {}): ActionSkill {
  const s = new ActionSkill(refs()[name], { logs: new LogSink(), messages: new MessageLog(), redactor: new Redactor(), home: cleanup.tempDir(), env });
  cleanup.add(s);
  return s;
}

describe('agent.yaml as agents projects write it', () => {
  it('reads metadata, secrets, the schedule and the fields only shown', () => {
    const c = readAgentConfig(WILD)!;
    expect(c.name).toBe('market_watch');
    expect(c.metadata).toEqual({ id: 'market_watch', name: 'Market Watch', description: 'Crawls the news sites it is given and writes a daily Markdown digest.', model: 'claude-sonnet-4' });
    expect(c.secrets).toEqual([
      { name: 'DIGEST_TOKEN', description: 'Token for the digest service', required: true },
      { name: 'CRAWLER_COOKIE', required: true },
    ]);
    expect(c.schedules).toEqual([
      { id: 'morning digest', cron: '0 7 * * 1-5', skill: 'digest', action: 'daily', params: { limit: 3 }, enabled: true },
      { id: 'nightly crawl', cron: '30 2 * * *', skill: 'crawler', action: 'crawler', params: {}, enabled: false },
    ]);
    expect(c.readOnly.map((r) => r.key)).toEqual(['allowed_tools', 'max_turns', 'workspace', 'security']);
    expect(c.readOnly[0].value).toEqual(['Bash', 'Read', 'WebFetch']);
  });

  it('keeps a schedule that cannot run, with the reason', ({ cleanup }) => {
    const dir = cleanup.tempDir();
    fs.writeFileSync(path.join(dir, 'agent.yaml'), 'schedule:\n  - {cron: "61 * * * *", skill: a, action: x}\n  - {cron: "0 9 * * *", skill: nobody, action: x}\nskills:\n  - {name: a, entry: a.py}\n');
    const c = readAgentConfig(dir)!;
    expect(c.schedules[0].problem).toMatch(/"61" is not a valid minute/);
    expect(c.schedules[1].problem).toMatch(/calls the skill "nobody", which skills: does not list/);
  });

  it('computes next runs from cron expressions, weekdays and shorthands included', () => {
    const at = (s: string) => new Date(s);
    const next = (expr: string, from: string) => {
      const c = parseCron(expr);
      if (typeof c === 'string') throw new Error(c);
      return nextRun(c, at(from));
    };
    // Friday 2026-03-06 08:00 local: the next weekday 07:00 is Monday.
    expect(next('0 7 * * 1-5', '2026-03-06T08:00:00')).toEqual(at('2026-03-09T07:00:00'));
    expect(next('*/15 * * * *', '2026-03-06T08:07:30')).toEqual(at('2026-03-06T08:15:00'));
    expect(next('@daily', '2026-03-06T08:00:00')).toEqual(at('2026-03-07T00:00:00'));
    expect(next('0 0 1 jan *', '2026-03-06T08:00:00')).toEqual(at('2027-01-01T00:00:00'));
    expect(next('0 12 13 * fri', '2026-03-06T13:00:00')).toEqual(at('2026-03-13T12:00:00'));
    expect(parseCron('0 9 * *')).toMatch(/has 4 fields/);
    expect(parseCron('0 25 * * *')).toMatch(/"25" is not a valid hour/);
  });
});

describe('schedules driven like ticks', () => {
  /** A clock the test moves by hand: timers fire when it passes their time. */
  function fakeClock(start: number) {
    let now = start;
    const timers = new Map<number, { at: number; fn: () => void }>();
    let id = 0;
    const clock: ScheduleClock = {
      now: () => now,
      setTimer: (fn, ms) => {
        timers.set(++id, { at: now + ms, fn });
        return id;
      },
      clearTimer: (t) => void timers.delete(t as number),
    };
    const advanceTo = async (t: number) => {
      now = t;
      for (const [k, v] of [...timers]) {
        if (v.at <= now) {
          timers.delete(k);
          v.fn();
        }
      }
      await new Promise((r) => setTimeout(r, 10));
    };
    return { clock, advanceTo, pending: () => timers.size };
  }

  const entry: AgentSchedule = { id: 'digest', cron: '0 7 * * *', skill: 'digest', action: 'daily', params: { limit: 1 }, enabled: true };

  it('runs an entry at its cron time, marks it on the timeline with the next run, pauses, resumes and runs now', async () => {
    const t0 = new Date('2026-03-06T06:59:00').getTime();
    const { clock, advanceTo, pending } = fakeClock(t0);
    const runs: AgentSchedule[] = [];
    const marks: Omit<TimelineEntry, 'seq' | 'time'>[] = [];
    let states: ScheduleState[] = [];
    const runner = new ScheduleRunner([entry], {
      run: (e) => {
        runs.push(e);
        return Promise.resolve({ ok: true, durationMs: 1, text: 'ok' });
      },
      mark: (m) => void marks.push(m),
      onChange: (s) => (states = s),
    }, clock);
    expect(states[0].nextRun).toBeNull();
    runner.start();
    expect(states[0].nextRun).toBe(new Date('2026-03-06T07:00:00').getTime());
    await advanceTo(new Date('2026-03-06T07:00:00').getTime());
    expect(runs.map((r) => r.action)).toEqual(['daily']);
    expect(states[0]).toMatchObject({ count: 1, lastOk: true, nextRun: new Date('2026-03-07T07:00:00').getTime() });
    expect(marks.at(-1)).toMatchObject({ kind: 'tick', outcome: 'ok', label: 'Schedule "digest" (0 7 * * *): digest daily done' });

    runner.pause('digest');
    expect(states[0]).toMatchObject({ paused: true, nextRun: null });
    expect(pending()).toBe(0);
    await advanceTo(new Date('2026-03-07T07:00:00').getTime());
    expect(runs).toHaveLength(1);
    await runner.runNow('digest');
    expect(runs).toHaveLength(2);
    expect(marks.at(-1)?.label).toMatch(/\(run now\)/);
    runner.resume('digest');
    expect(states[0]).toMatchObject({ paused: false, count: 2, nextRun: new Date('2026-03-08T07:00:00').getTime() });
    runner.stop();
    expect(pending()).toBe(0);
  });

  it('skips a run that is due while the last one still runs, and says so', async () => {
    const { clock } = fakeClock(Date.now());
    let release!: () => void;
    const marks: string[] = [];
    const runner = new ScheduleRunner([entry], {
      run: () => new Promise<CallOutcome>((r) => (release = () => r({ ok: false, durationMs: 1, error: { code: 'TOOL', message: 'nope' } }))),
      mark: (m) => void marks.push(m.label),
    }, clock);
    const first = runner.runNow('digest');
    await runner.runNow('digest');
    expect(marks).toEqual(['Schedule "digest" skipped: its last run is still going']);
    release();
    await first;
    expect(marks.at(-1)).toMatch(/digest daily failed: nope/);
    expect(runner.states()[0]).toMatchObject({ count: 1, lastOk: false });
  });
});

describe('discovery never runs the script', () => {
  it('shows a crawler without dispatch as one tool named after the skill, having run nothing', T, async ({ cleanup }) => {
    const { env, marker } = crawlerEnv(cleanup);
    const before = connections;
    const crawler = skill(cleanup, 'crawler', env);
    const info = await crawler.start();
    expect(info.tools.map((t) => t.name)).toEqual(['crawler']);
    expect(info.notes.join('\n')).toMatch(/does not dispatch on "action".*one tool, "crawler"/);
    expect(info.agent).toMatchObject({ id: 'market_watch', name: 'Market Watch', model: 'claude-sonnet-4' });
    expect(info.agent?.schedules.map((s) => s.id)).toEqual(['nightly crawl']);
    expect(info.agent?.secrets.map((s) => [s.name, s.set])).toEqual([['DIGEST_TOKEN', false], ['CRAWLER_COOKIE', false]]);
    expect(fs.existsSync(marker)).toBe(false);
    expect(connections).toBe(before);

    // A call runs its one job: now the marker is written and the "site" is reached.
    const out = await crawler.call('crawler', {});
    expect(out).toMatchObject({ ok: true, data: { pages: 1 } });
    expect(fs.readFileSync(marker, 'utf8')).toMatch(/^crawled at/);
    expect(connections).toBe(before + 1);
  });

  it('inspect, list and doctor on the crawler write nothing and open no connection', T, async ({ cleanup }) => {
    const { env, marker } = crawlerEnv(cleanup);
    const before = connections;
    // The crawler's variables are in its settings, so a run of the script would reach them.
    const home = await homeWithSettings(cleanup, env);
    const inspect = await cli(['inspect', WILD, '--skill', 'crawler'], { env, home });
    expect(inspect.stderr).toBe('');
    expect(inspect.code).toBe(0);
    expect(inspect.stdout).toMatch(/Tools \(1\):\n {2}crawler/);
    expect(inspect.stdout).toMatch(/Agent: Market Watch \(market_watch\) model claude-sonnet-4/);
    expect(inspect.stdout).toMatch(/Secret: DIGEST_TOKEN — Token for the digest service \(not set: needed\)/);
    expect(inspect.stdout).toMatch(/allowed_tools \(shown, not used by the workbench\): \["Bash","Read","WebFetch"\]/);
    const list = await cli(['list', WILD], { env, home });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/crawler\s+Action skill/);
    const doctor = await cli(['doctor', WILD, '--skill', 'crawler', '--json'], { env, home });
    const report = JSON.parse(doctor.stdout) as { findings: { code: string; message: string }[] };
    expect(report.findings.map((f) => f.code)).toContain('NO_DISPATCH');
    // The crawler has no description of its own, but the agent's metadata has one: no warning for it.
    expect(report.findings.map((f) => f.code)).not.toContain('MISSING_DESCRIPTION');
    expect(report.findings.map((f) => f.code)).toContain('AGENT_DESCRIBES_SKILL');
    expect(report.findings.filter((f) => (f as { severity?: string }).severity === 'error')).toEqual([]);
    expect(report.findings.map((f) => f.code)).toContain('LIVE_STARTED');
    expect(fs.existsSync(marker)).toBe(false);
    expect(connections).toBe(before);
  });

  it('runs the script to discover actions only when asked (inspect --discover-by-running)', T, async ({ cleanup }) => {
    const { env, marker } = crawlerEnv(cleanup);
    const r = await cli(['inspect', WILD, '--skill', 'crawler', '--discover-by-running'], { env, home: await homeWithSettings(cleanup, env) });
    expect(r.code).toBe(0);
    // A crawler does its job whatever it is asked: that is why the app warns first.
    expect(fs.existsSync(marker)).toBe(true);
    expect(r.stdout).toMatch(/named no supported_actions/);
  });
});

describe('loose output', () => {
  it('takes Markdown with exit 0 as a text result labelled not JSON, and shows the text of a failed exit', T, async ({ cleanup }) => {
    const digest = skill(cleanup, 'digest');
    const info = await digest.start();
    expect(info.tools.map((t) => [t.name, t.description])).toEqual([
      ['daily', "the digest of today's crawl"],
      ['weekly', 'the week in review'],
      ['broken', 'fails, saying why on stdout'],
    ]);
    expect(info.tools[0].inputSchema).toMatchObject({ properties: { limit: { type: 'integer', default: 5 } } });
    const daily = await digest.call('daily', { limit: 2 });
    expect(daily).toMatchObject({ ok: true, trace: { form: 'not JSON', exitCode: 0 } });
    expect(daily.text).toBe('# Daily digest\n\nTop 2 stories (without a digest token):\n\n- Story 1\n- Story 2\n');
    const broken = await digest.call('broken', {});
    expect(broken).toMatchObject({ ok: false, error: { code: 'FAILED' }, trace: { exitCode: 2, form: 'not JSON' } });
    expect(broken.error?.message).toBe('digest "broken" exited with code 2. It printed:\nError: the digest service refused the token.\nTry again tomorrow.');
    expect(broken.text).toBe('Error: the digest service refused the token.\nTry again tomorrow.\n');
  });
});

describe('an agent in the workbench', () => {
  function bench(cleanup: Cleanup, home = cleanup.tempDir()): Workbench {
    const wb = new Workbench({ home, kind: 'browser', folders: [WILD], namedFolders: true });
    cleanup.add(wb);
    return wb;
  }
  const DIGEST = 'wild#digest';

  it('keeps a declared secret encrypted, passes it as an environment variable, and says it is set', T, async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = bench(cleanup, home);
    let info = await wb.inspectSkill(DIGEST);
    expect(info.agent?.secrets.find((s) => s.name === 'DIGEST_TOKEN')?.set).toBe(false);
    await wb.updateSkillSettings(DIGEST, { secretValues: { DIGEST_TOKEN: 'tok-1234567890-secret' } });
    info = await wb.inspectSkill(DIGEST);
    expect(info.agent?.secrets.find((s) => s.name === 'DIGEST_TOKEN')?.set).toBe(true);
    const call = await wb.callTool(DIGEST, 'daily', { limit: 1 });
    expect(call.outcome?.text).toMatch(/with the digest token/);
    const onDisk = fs.readFileSync(path.join(home, 'secrets.json'), 'utf8');
    expect(onDisk).not.toContain('tok-1234567890-secret');
    const settings = fs.readFileSync(path.join(skillFolder(home, DIGEST), 'settings.json'), 'utf8');
    expect(settings).toContain('DIGEST_TOKEN');
    expect(settings).not.toContain('tok-1234567890-secret');
  });

  it('arms the schedule when the skill starts; run now is a recorded call and a timeline mark; pause and resume', T, async ({ cleanup }) => {
    const wb = bench(cleanup);
    const events: ScheduleState[][] = [];
    wb.events.on('schedules', (e) => e.skillId === DIGEST && events.push(e.schedules));
    await wb.startSkill(DIGEST);
    const [s] = await wb.agents.getSchedules(DIGEST);
    expect(s).toMatchObject({ id: 'morning digest', paused: false, count: 0 });
    expect(s.nextRun).toBe(nextRun(parseCron('0 7 * * 1-5') as never, new Date())!.getTime());

    const after = await wb.agents.controlSchedule(DIGEST, 'morning digest', 'run');
    expect(after[0]).toMatchObject({ count: 1, lastOk: true });
    const history = await wb.getHistory(DIGEST);
    expect(history.at(-1)).toMatchObject({ tool: 'daily', args: { limit: 3 }, outcome: { ok: true } });
    const { entries } = await wb.getTimeline(DIGEST);
    expect(entries.at(-1)).toMatchObject({ kind: 'tick', outcome: 'ok', label: 'Schedule "morning digest" (run now): digest daily done' });

    const paused = await wb.agents.controlSchedule(DIGEST, 'morning digest', 'pause');
    expect(paused[0]).toMatchObject({ paused: true, nextRun: null });
    const resumed = await wb.agents.controlSchedule(DIGEST, 'morning digest', 'resume');
    expect(resumed[0].nextRun).toBeGreaterThan(Date.now());
    expect(events.length).toBeGreaterThan(3);

    await wb.stopSkill(DIGEST);
    await waitFor(() => events.at(-1)?.[0].nextRun === null, 3000, 'the schedule to be disarmed');
  });

  it('discovers actions by running only through discoverActions', T, async ({ cleanup }) => {
    const wb = bench(cleanup);
    const { env, marker } = crawlerEnv(cleanup);
    await wb.updateSkillSettings('wild#crawler', { env });
    const info = await wb.inspectSkill('wild#crawler');
    expect(info.tools.map((t) => t.name)).toEqual(['crawler']);
    expect(fs.existsSync(marker)).toBe(false);
    const after = await wb.agents.discoverActions('wild#crawler');
    expect(fs.existsSync(marker)).toBe(true);
    expect(after.notes.join('\n')).toMatch(/named no supported_actions/);
  });
});

describe('skillbench schedule', () => {
  it('lists the entries with their next runs, and --once runs each enabled one now', T, async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const list = await cli(['schedule', WILD], { home });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/morning digest\s+0 7 \* \* 1-5\s+digest daily\s+\d{4}-\d\d-\d\d 07:00/);
    expect(list.stdout).toMatch(/nightly crawl\s+30 2 \* \* \*\s+crawler crawler\s+disabled/);

    const once = await cli(['schedule', WILD, '--once', '--json'], { home, env: { DIGEST_TOKEN: 'from-the-ci-environment' } });
    expect(once.code).toBe(0);
    const results = JSON.parse(once.stdout) as { schedule: string; ok: boolean; result?: string; skipped?: string }[];
    expect(results.map((r) => [r.schedule, r.ok])).toEqual([['morning digest', true], ['nightly crawl', true]]);
    expect(results[0].result).toMatch(/Top 3 stories \(with the digest token\)/);
    expect(results[1].skipped).toBe('disabled in agent.yaml');
    const history = fs.readFileSync(path.join(skillFolder(home, 'action/wild#digest'), 'history.jsonl'), 'utf8');
    expect(history).toContain('"tool":"daily"');
  });
});
