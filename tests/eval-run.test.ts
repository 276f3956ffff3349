/**
 * `skillbench eval` on a real skill (tests/fixtures/skilldef/full, a Python process) with the scripted model
 * server giving each run its own reply: pass rates over N runs, two models side by side, failures field by field,
 * JUnit, shards, and the exit codes (0 every case reaches its pass rate, 1 one does not, 2 it cannot run), the
 * matrix once as a real process.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { EvalReport } from '../src-main/contract';
import { saveModelSettings } from '../src-main/agent/model-settings';
import { timingsOf } from '../src-main/qa/junit-timings';
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { cli, cliProcess } from './cli-run';
import { FIXTURES } from './helpers';
import { modelServer, type ScriptedReply } from './model-server';

const FULL = path.join(FIXTURES, 'skilldef', 'full');

function suiteAt(dir: string, body: string): string {
  const file = path.join(dir, 'suite.yaml');
  fs.writeFileSync(file, `skill: ${path.relative(dir, FULL)}\n${body}`);
  return file;
}

const echo = (text: string, answer: string): ScriptedReply[] => [{ toolCalls: [{ name: 'echo', arguments: { text } }] }, { text: answer }];

describe('skillbench eval', () => {
  it('runs each case N times on two models side by side: pass rates, the matrix, failures field by field, JUnit (a real process, exit 1)', async ({ cleanup }) => {
    const dir = cleanup.tempDir('eval-');
    const server = cleanup.add(await modelServer());
    const file = suiteAt(
      dir,
      `name: echo suite
cases:
  - name: echoes
    prompt: "!say hi"
    expect:
      tools: [{name: echo, arguments: {text: hi}}]
      forbid: [boom]
      answer: {contains: hi}
    runs: 3
    passRate: 0.66
  - name: never booms
    prompt: hello
    expect:
      forbid: [boom]
`,
    );
    // Cells run case by case, model by model, run by run: the replies are in that order.
    server.reply(
      ...echo('hi', 'hi there'), ...echo('bye', 'bye'), ...echo('hi', 'I said hi'), // echoes on small: 2 of 3
      ...echo('bye', 'bye'), { text: 'hi' }, ...echo('hi', 'hi'), // echoes on large: 1 of 3
      { text: 'hello' }, // never booms on small
      { toolCalls: [{ name: 'boom', arguments: {} }] }, { text: 'it broke' }, // never booms on large
    );
    const junit = path.join(dir, 'eval.xml');
    const r = await cliProcess(['eval', file, '--model', 'scripted-small', '--model', 'scripted-large', '--base-url', server.openaiBaseUrl, '--junit', junit], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(server.pending()).toBe(0);
    expect(server.chats().map((c) => c.body.model)).toEqual([...Array<string>(6).fill('scripted-small'), ...Array<string>(5).fill('scripted-large'), 'scripted-small', 'scripted-large', 'scripted-large']);
    expect(server.chats()[0].body.messages.at(-1)).toEqual({ role: 'user', content: 'SAY HI' });
    expect(r.stdout).toContain('✓ echoes [scripted-small]: 2 of 3 runs passed (needs 2)');
    expect(r.stdout).toContain('✗ echoes [scripted-large]: 1 of 3 runs passed (needs 2)');
    expect(r.stdout).toMatch(/ {4}run 1:\n {6}✗ echo \{"text":"hi"\}: it was called with \{"text":"bye"\}\n {10}arguments\.text: expected "hi", the model sent "bye" \(it differs\)\n {6}✗ the answer contains "hi": the answer was "bye"\n {4}run 2:\n {6}✗ echo \{"text":"hi"\}: the model called no tool/);
    expect(r.stdout).toContain('✗ never booms [scripted-large]: 0 of 1 run passed (needs 1)\n    run 1:\n      ✗ boom is not called: it was called once, with {}');
    expect(r.stdout.startsWith('echo suite on full: 2 cases × 2 models\n')).toBe(true);
    expect(r.stdout).toMatch(/\ncase {9}scripted-small {2}scripted-large\nechoes {7}✓ 2\/3 {11}✗ 1\/3\nnever booms {2}✓ 1\/1 {11}✗ 0\/1\n/);
    expect(r.stdout).toMatch(/2 of 4 passed, in /);

    const xml = fs.readFileSync(junit, 'utf8');
    try {
      execFileSync('xmllint', ['--noout', '--schema', path.join(FIXTURES, 'junit', 'junit.xsd'), junit], { stdio: 'pipe' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      console.warn('xmllint is not installed (apt-get install libxml2-utils): the JUnit schema check was not made');
    }
    // The file balances the next sharded run: each cell (a unit) has its time in it.
    expect([...timingsOf(xml).keys()].sort()).toEqual(['echoes', 'never booms'].flatMap((c) => ['scripted-large', 'scripted-small'].map((m) => `suite.yaml@openai:${m}#${c}`)).sort());
    expect(xml).toMatch(/<testsuites tests="4" failures="2" errors="0"/);
    expect(xml).toMatch(/<testsuite name="echo suite on scripted-small" tests="2" failures="0"/);
    expect(xml).toMatch(/<testsuite name="echo suite on scripted-large" tests="2" failures="2"/);
    expect(xml).toContain('<property name="skillbench.suite" value="suite.yaml@openai:scripted-large"/>');
    expect(xml).toMatch(/<testcase name="echoes" classname="full" time="[\d.]+">\n\s+<failure message="1 of 3 runs passed; it needs 2 \(pass rate 0.66\)">run 1:\n {2}✗ echo \{&quot;text&quot;:&quot;hi&quot;\}/);
  });

  it('exit 0 when every case reaches its pass rate (--runs, --json), 2 when it cannot run, shards of the matrix', async ({ cleanup }) => {
    const dir = cleanup.tempDir('eval-');
    const server = cleanup.add(await modelServer());
    const file = suiteAt(dir, 'cases:\n  - name: says yes\n    prompt: yes or no?\n    expect: {answer: {matches: "^yes", ignoreCase: true}}\n    passRate: 0.5\n');
    server.reply({ text: 'Yes.' }, { text: 'No.' });
    const ok = await cli(['eval', file, '--model', 'm', '--base-url', server.openaiBaseUrl, '--runs', '2', '--json'], { cwd: dir });
    expect(ok.code).toBe(0);
    const report = JSON.parse(ok.stdout) as EvalReport;
    expect(report).toMatchObject({ pass: true, errors: 0, models: [{ id: 'openai:m', label: 'm' }], cases: [{ name: 'says yes', runs: 2, passRate: 0.5 }] });
    expect(report.cells).toEqual([expect.objectContaining({ case: 'says yes', model: 'openai:m', passed: 1, rate: 0.5, pass: true })]);
    expect(report.cells[0].runs.map((x) => [x.answer, x.pass])).toEqual([
      ['Yes.', true],
      ['No.', false],
    ]);
    expect(report.cells[0].runs[1].checks).toEqual([{ kind: 'answer', expected: 'the answer matches /^yes/i', pass: false, message: 'the answer was "No."' }]);

    // The model cannot be asked: the cell cannot run, and the command says so with exit 2.
    const gone = await modelServer();
    await gone.close();
    const down = await cli(['eval', file, '--model', 'm', '--base-url', gone.openaiBaseUrl, '--json'], { cwd: dir });
    expect(down.code).toBe(2);
    const d = JSON.parse(down.stdout) as EvalReport;
    expect(d).toMatchObject({ pass: false, errors: 1 });
    expect(d.cells[0].error).toContain(gone.url);

    // A suite that cannot be read, and a command line without a model: exit 2, with the line.
    fs.writeFileSync(path.join(dir, 'broken.yaml'), 'cases:\n  - name: a\n    promt: hi\n');
    const broken = await cli(['eval', path.join(dir, 'broken.yaml'), '--model', 'm'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.yaml, line 3: case "a" has a field this format does not know: "promt" \(a typo\?\)/);
    expect((await cli(['eval', file], { cwd: dir })).stderr).toMatch(/eval needs a model: --model NAME/);

    // The matrix (case × model) shards as recordings and requests do: every cell on exactly one shard.
    const list = (i: number) => cli(['eval', file, '--model', 'a', '--model', 'b', '--model', 'c', '--shard', `${i}/2`, '--list'], { cwd: dir });
    const [one, two] = [(await list(1)).stdout.trim().split('\n'), (await list(2)).stdout.trim().split('\n')];
    expect([...one, ...two].sort()).toEqual(['suite.yaml@openai:a#says yes', 'suite.yaml@openai:b#says yes', 'suite.yaml@openai:c#says yes']);
    expect(one.length).toBe(2);
  });

  it('in the app: the skill\'s suites beside its collections, run on a model profile, each tool call in History', async ({ cleanup }) => {
    const dir = cleanup.tempDir('eval-app-');
    const skill = path.join(dir, 'full');
    fs.cpSync(FULL, skill, { recursive: true });
    const evals = path.join(skill, '.skillbench', 'evals');
    fs.mkdirSync(evals, { recursive: true });
    fs.writeFileSync(path.join(evals, 'smoke.yaml'), 'cases:\n  - name: echoes\n    prompt: say hi\n    expect: {tools: [{name: echo}]}\n');
    fs.writeFileSync(path.join(evals, 'broken.json'), '{"cases": 1}');
    const server = cleanup.add(await modelServer());
    const home = cleanup.tempDir('eval-home-');
    await saveModelSettings(home, { profiles: [{ id: 'local', label: 'Scripted', provider: 'openai', model: 'scripted-small', baseUrl: server.openaiBaseUrl }], active: 'local' });
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [skill], namedFolders: true }));
    const [id] = (await wb.listSkills()).map((s) => s.id);

    const listed = await wb.qa.evalSuites(id);
    expect(listed).toMatchObject({ models: [{ id: 'local', label: 'Scripted', model: 'scripted-small' }], activeModel: 'local' });
    expect(listed.suites.map((s) => [s.name, s.cases.length, s.error])).toEqual([
      ['broken', 0, expect.stringMatching(/broken\.json, line 1: cases must be a list \(got a number\)$/)],
      ['smoke', 1, undefined],
    ]);
    server.reply(...echo('hi', 'done'));
    const report = await wb.qa.runEvalSuite(id, path.join(evals, 'smoke.yaml'), [], null);
    expect(report).toMatchObject({ pass: true, models: [{ id: 'local' }], cells: [{ case: 'echoes', model: 'local', passed: 1, pass: true }] });
    expect((await wb.getHistory(id)).map((h) => h.tool)).toEqual(['echo']);
    await expect(wb.qa.runEvalSuite(id, path.join(dir, 'elsewhere.yaml'), ['local'])).rejects.toThrow(/is not one of .*'s eval suites/);
    await expect(wb.qa.runEvalSuite(id, path.join(evals, 'smoke.yaml'), ['gone'])).rejects.toThrow(/There is no model profile "gone"/);
  });
});
