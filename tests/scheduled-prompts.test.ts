/**
 * An agent's scheduled prompts, as agents projects write them (tests/fixtures/action/prompted: a several-line task
 * with a shell line in it, a sentence in French, and one `<skill>.<action>` entry beside them): read as prompts, never
 * as errors; without a model listed as needing one and passed over; with one, a chat turn over the agent's skills
 * (real Python scripts) against the scripted model server, from the command line and in the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { saveModelSettings } from '../src-main/agent/model-settings';
import { skillFolder } from '../src-main/host/workbench-home';
import { readAgentConfig } from '../src-main/protocols/action';
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { FIXTURES } from './helpers';
import { modelServer } from './model-server';
import { scaled } from './machine-factor';

const T = { timeout: scaled(60_000) };
const PROMPTED = path.join(FIXTURES, 'action', 'prompted');
const ID = (name: string) => `prompted#${name}`;

describe('agent.yaml: a task that is not <skill>.<action> is a prompt', () => {
  it('reads the prompts whole, beside the call, with no problem', () => {
    const c = readAgentConfig(PROMPTED)!;
    expect(c.problems).toEqual([]);
    expect(c.schedules.map((s) => [s.id, s.skill, s.action, !!s.prompt, s.enabled, s.problem])).toEqual([
      ['prompt-1', '', '', true, true, undefined],
      ['prompt-2', '', '', true, false, undefined],
      ['ledger.totals', 'ledger', 'totals', false, true, undefined],
    ]);
    expect(c.schedules[0].prompt).toMatch(/^Use the ledger skill to check yesterday's sales:\n\n1\. Get the totals:\n {3}echo '\{"action": "totals", "days": 1\}'/);
    expect(c.schedules[1].prompt).toBe('Écrire le rapport de la semaine');
  });

  it('tells a call from a prompt as the entries write them', ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const yaml = [
      'skills: [{name: digest, entry: d.py}]',
      'schedule:',
      '  - {cron: "0 9 * * *", task: Crawl the news and write the brief}',
      '  - {cron: "0 9 * * *", task: digest}',
      '  - {cron: "0 9 * * *", skill: digest, task: weekly}',
      '  - {cron: "0 9 * * *", task: nobody.daily}',
      '  - {cron: "0 9 * * *", name: evening, prompt: Anything new?}',
      '  - {cron: "61 9 * * *", task: A prompt at a wrong time}',
    ].join('\n');
    fs.writeFileSync(path.join(dir, 'agent.yaml'), yaml);
    const s = readAgentConfig(dir)!.schedules;
    expect(s.map((x) => [x.id, x.prompt ?? `${x.skill} ${x.action}`])).toEqual([
      ['prompt-1', 'Crawl the news and write the brief'],
      ['digest.digest', 'digest digest'],
      ['digest.weekly', 'digest weekly'],
      ['nobody.daily', 'nobody daily'],
      ['evening', 'Anything new?'],
      ['prompt-2', 'A prompt at a wrong time'],
    ]);
    expect(s.map((x) => x.problem ?? null)).toEqual([null, null, null, expect.stringMatching(/calls the skill "nobody"/), null, expect.stringMatching(/"61" is not a valid minute/)]);
  });

  it('the doctor calls a prompt a prompt, not an invalid schedule; inspect says it needs a model', async () => {
    const doctor = await cli(['doctor', PROMPTED, '--skill', 'ledger', '--static', '--json']);
    const findings = JSON.parse(doctor.stdout).findings as { code: string; severity: string; message: string }[];
    expect(findings.filter((f) => f.code === 'SCHEDULE_INVALID')).toEqual([]);
    expect(findings.filter((f) => f.code === 'SCHEDULE_PROMPT').map((f) => [f.severity, f.message])).toEqual([
      ['info', expect.stringContaining('Schedule "prompt-1" is a prompt for the agent')],
      ['info', expect.stringContaining('Schedule "prompt-2" is a prompt for the agent')],
    ]);
    // Said beside the agent's first skill, where the app shows its prompts; not again by every script.
    const other = JSON.parse((await cli(['doctor', PROMPTED, '--skill', 'report', '--static', '--json'])).stdout).findings as { code: string }[];
    expect(other.filter((f) => f.code.startsWith('SCHEDULE'))).toEqual([]);
    const inspect = await cli(['inspect', PROMPTED, '--skill', 'ledger']);
    expect(inspect.code).toBe(0);
    expect(inspect.stdout).toMatch(/Schedule: "prompt-1" 0 8 \* \* 1-5 → prompt "Use the ledger skill to check yesterday's sales:" \(next run .*; a prompt for the agent: it needs a model/);
    expect(inspect.stdout).toMatch(/Schedule: "prompt-2" 30 17 \* \* 5 → prompt "Écrire le rapport de la semaine" \(disabled\)/);
  });
});

describe('skillbench schedule with prompts', () => {
  it('without a model: listed as needing one, and --once passes them over without failing', T, async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const list = await cli(['schedule', PROMPTED], { home });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/prompt-1\s+0 8 \* \* 1-5\s+prompt: Use the ledger skill to check yesterday…\s+\d{4}-\d\d-\d\d 08:00 \(a prompt for the agent, which needs a model: give --model\)/);
    expect(list.stdout).toMatch(/prompt-2\s+30 17 \* \* 5\s+prompt: Écrire le rapport de la semaine\s+disabled/);
    const rows = JSON.parse((await cli(['schedule', PROMPTED, '--json'], { home })).stdout) as { id: string; needsModel?: boolean }[];
    expect(rows.map((r) => [r.id, r.needsModel ?? false])).toEqual([['prompt-1', true], ['prompt-2', true], ['ledger.totals', false]]);

    const once = await cli(['schedule', PROMPTED, '--once', '--json'], { home });
    expect(once.code, once.stderr).toBe(0);
    const results = JSON.parse(once.stdout) as { schedule: string; ok: boolean; skipped?: string; result?: unknown }[];
    expect(results.map((r) => [r.schedule, r.ok, r.skipped ?? null])).toEqual([
      ['prompt-1', true, 'a prompt for the agent, which needs a model: give --model'],
      ['prompt-2', true, 'disabled in agent.yaml'],
      ['ledger.totals', true, null],
    ]);
  });

  it('with --model: a chat turn with the agent\'s skills as tools, each call in its skill\'s history, marked on the timeline', T, async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const model = cleanup.add(await modelServer());
    model.reply(
      { toolCalls: [{ name: 'ledger__totals', arguments: { days: 1 } }] },
      { toolCalls: [{ name: 'report__render', arguments: { title: 'Yesterday', lines: ['12 sales'] } }] },
      { text: 'Twelve sales yesterday; nothing odd.', usage: { input: 80, output: 9 } },
    );
    const once = await cli(['schedule', PROMPTED, '--once', '--json', '--model', 'ledger-model', '--base-url', model.openaiBaseUrl], { home });
    expect(once.code, once.stderr).toBe(0);
    const [first, second, third] = JSON.parse(once.stdout) as { schedule: string; ok: boolean; answer?: string; toolCalls?: { tool: string; ok: boolean; result: unknown }[]; skipped?: string }[];
    expect(first).toMatchObject({ schedule: 'prompt-1', ok: true, answer: 'Twelve sales yesterday; nothing odd.' });
    expect(first.toolCalls!.map((c) => [c.tool, c.ok])).toEqual([['ledger__totals', true], ['report__render', true]]);
    expect(first.toolCalls![0].result).toEqual({ days: 1, sales: 12, revenue: 345.5 });
    expect(second).toMatchObject({ schedule: 'prompt-2', skipped: 'disabled in agent.yaml' });
    expect(third).toMatchObject({ schedule: 'ledger.totals', ok: true });

    // What the model was told: the agent, the prompt as the user's message, the agent's skills' actions as tools.
    const [sent] = model.chats();
    expect(sent.body.messages[0]).toEqual({ role: 'system', content: expect.stringMatching(/^You are Grand livre de la boutique: Keeps an eye on the shop's ledger/) });
    expect(sent.body.messages[1]).toEqual({ role: 'user', content: expect.stringMatching(/^Use the ledger skill to check yesterday's sales:/) });
    expect(sent.body.tools.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual(['ledger__anomalies', 'ledger__totals', 'report__render']);

    // Recorded like any scheduled run: each call in its skill's history, the run on the first skill's timeline.
    const history = (name: string) => fs.readFileSync(path.join(skillFolder(home, `action/${ID(name)}`), 'history.jsonl'), 'utf8');
    expect(history('ledger')).toContain('"tool":"totals"');
    expect(history('report')).toContain('"tool":"render"');
    const timeline = fs.readFileSync(path.join(skillFolder(home, `action/${ID('ledger')}`), 'timeline.jsonl'), 'utf8');
    expect(timeline).toContain('Schedule \\"prompt-1\\" (run once from the command line): the prompt \\"Use the ledger skill to check yesterday…\\" done');
  });
});

describe('the app runs an agent\'s scheduled prompts with its model', () => {
  it('needs a model: shown and passed over, never a failure; with one, run now is a chat turn over the agent\'s skills', T, async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [PROMPTED], namedFolders: true }));
    const ledger = ID('ledger');
    await wb.startSkill(ledger);
    let states = await wb.agents.getSchedules(ledger);
    expect(states.map((s) => [s.id, s.needsModel ?? false])).toEqual([['prompt-1', true], ['prompt-2', true], ['ledger.totals', false]]);
    expect(states[0].nextRun).toEqual(expect.any(Number));

    states = await wb.agents.controlSchedule(ledger, 'prompt-1', 'run');
    expect(states[0]).toMatchObject({ count: 0, needsModel: true });
    expect(states[0].lastOk).toBeUndefined();
    expect((await wb.getTimeline(ledger)).entries.at(-1)).toMatchObject({ kind: 'tick', outcome: 'skipped', label: 'Schedule "prompt-1" not run: it is a prompt for the agent, which needs a model' });

    const model = cleanup.add(await modelServer());
    await saveModelSettings(home, { profiles: [{ id: 'm', provider: 'openai', model: 'app-model', baseUrl: model.openaiBaseUrl }] });
    model.reply({ toolCalls: [{ name: 'ledger__anomalies', arguments: {} }] }, { text: 'Entry 17 refunds more than it sold.' });
    states = await wb.agents.controlSchedule(ledger, 'prompt-1', 'run');
    expect(states[0]).toMatchObject({ count: 1, lastOk: true });
    expect(states[0].needsModel).toBeUndefined();
    const history = await wb.getHistory(ledger);
    expect(history.at(-1)).toMatchObject({ tool: 'anomalies', outcome: { ok: true } });
    const mark = (await wb.getTimeline(ledger)).entries.at(-1)!;
    expect(mark).toMatchObject({ kind: 'tick', outcome: 'ok', label: 'Schedule "prompt-1" (run now): the prompt "Use the ledger skill to check yesterday…" done' });
    expect(mark.data).toMatchObject({ schedule: 'prompt-1', answer: 'Entry 17 refunds more than it sold.' });
  });
});
