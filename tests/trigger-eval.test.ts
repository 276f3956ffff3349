/**
 * Trigger evals against the scripted model server: the catalog of a workspace's Agent Skills in the system prompt
 * (the skill that opts out of model invocation left out), the Skill and Read activation tools, the skill each run
 * activated read from the model's answer; each query's trigger rate and verdict, each skill's precision and
 * recall, the collision matrix; the skill as it is against without it, its old folder and its version at a git
 * ref, with its evals.json cases graded both ways; the evals.json reader (tests/fixtures/agent-skills/triggers);
 * the suite's mistakes with their lines; and `skillbench eval` as a real process (exit codes, JUnit, --json).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { TriggerQueryInfo, TriggerReport, TriggerRun } from '../src-main/contract';
import { openChatModel } from '../src-main/agent/chat-model';
import { saveModelSettings } from '../src-main/agent/model-settings';
import { parseSkillEvals, readSkillEvals } from '../src-main/qa/skill-evals';
import { workspaceCatalog } from '../src-main/qa/trigger-catalog';
import { runTriggerSuite } from '../src-main/qa/trigger-run';
import { collisionMatrix, queryResult, skillStats } from '../src-main/qa/trigger-stats';
import { loadSuite, parseTriggerSuite, type TriggerSuite } from '../src-main/qa/trigger-suite';
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { cli, cliProcess } from './cli-run';
import { FIXTURES } from './helpers';
import { modelServer, type ModelServer, type RecordedRequest, type ScriptedReply } from './model-server';

const WORKSPACE = path.join(FIXTURES, 'agent-skills', 'triggers');
const SKILLS = path.join(WORKSPACE, '.claude', 'skills');
const INVOICE_MD = path.join(SKILLS, 'invoice-pdf', 'SKILL.md');

/** What the model was asked: the system prompt, the user's message, the tools offered. */
/** What the model was asked, in either wire format: the system prompt, the user's message, the tools offered. */
function asked(req: RecordedRequest): { system: string; user: string; tools: { name: string; parameters: any }[] } {
  const messages = req.body.messages as { role: string; content: unknown }[];
  const text = (c: unknown) => (typeof c === 'string' ? c : Array.isArray(c) ? c.map((p: { text?: string }) => p.text ?? '').join('') : '');
  const user = text(messages.filter((m) => m.role === 'user').at(-1)?.content);
  if (req.format === 'anthropic') {
    const tools = (req.body.tools ?? []) as { name: string; input_schema: unknown }[];
    return { system: text(req.body.system), user, tools: tools.map((t) => ({ name: t.name, parameters: t.input_schema })) };
  }
  const tools = (req.body.tools ?? []) as { function: { name: string; parameters: unknown } }[];
  return { system: text(messages.find((m) => m.role === 'system')?.content), user, tools: tools.map((t) => ({ name: t.function.name, parameters: t.function.parameters })) };
}

const skill = (name: string): ScriptedReply => ({ toolCalls: [{ name: 'Skill', arguments: { skill: name } }] });
const read = (file: string): ScriptedReply => ({ toolCalls: [{ name: 'Read', arguments: { file_path: file } }] });

/** A responder by the user's message; a function of the message and how often it was asked. */
function byQuery(server: ModelServer, pick: (user: string, nth: number, req: ReturnType<typeof asked>) => ScriptedReply | undefined): void {
  const seen = new Map<string, number>();
  server.respond((req) => {
    const a = asked(req);
    const key = `${req.format}\u0000${a.user}`;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    return pick(a.user, nth, a);
  });
}

function suiteFile(dir: string, body: string, name = 'triggers.yaml'): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, body);
  return file;
}

const MAIN_SUITE = `kind: trigger
name: workspace triggers
skills: ${JSON.stringify(SKILLS)}
runs: 2
queries:
  - {query: "write the changelog for v2.3 from the commits since v2.2", should: release-notes}
  - {query: "what's the capital of Portugal?", should: none}
  - {query: "fill in my W-9 for the new client", should: invoice-pdf}
  - {file: ${JSON.stringify(path.join(SKILLS, 'sheet-tidy', 'evals', 'trigger_queries.json'))}, skill: sheet-tidy}
`;

/** The main suite's script: a collision, a none, an unknown name, a near miss taken, Skill and Read activations, a 50% rate. */
function scriptMain(server: ModelServer): void {
  byQuery(server, (user, nth, a) => {
    // The Read activation names the SKILL.md where the catalog puts it.
    const at = /<name>\ninvoice-pdf\n<\/name>\n<description>\n[^]*?\n<\/description>\n<location>\n(.+)\n<\/location>/.exec(a.system)?.[1];
    if (user.startsWith('write the changelog')) return skill('invoice-pdf');
    if (user.startsWith("what's the capital")) return { text: 'Lisbon.' };
    if (user.startsWith('fill in my W-9')) return skill('pdf-filler');
    if (user.startsWith('the export from our shop') || user.startsWith('plot the monthly')) return skill('sheet-tidy');
    if (user.startsWith('fill the supplier invoice')) return skill('invoice-pdf');
    if (user.startsWith('what does the VAT field')) return nth === 1 && at ? read(at) : { text: 'Open it and look.' };
    return undefined;
  });
}

describe('trigger evals', () => {
  it('the arithmetic: trigger rates and verdicts, precision and recall, the collision matrix', () => {
    const q = (id: number, e: Partial<TriggerQueryInfo>): TriggerQueryInfo => ({ id, query: `q${id}`, source: 'suite', row: e.shouldNot ? `(not ${e.shouldNot})` : (e.should ?? '(none)'), ...e });
    const runs = (...picks: (string | null)[]): TriggerRun[] => picks.map((picked, i) => ({ n: i + 1, picked, durationMs: 1, usage: {} }));
    const queries = [q(1, { should: 'a' }), q(2, { should: 'b' }), q(3, { should: null }), q(4, { shouldNot: 'a' })];
    const results = [
      queryResult(queries[0], runs('a', 'a', 'b', null), 0.5), // 2 of 4: reaches 0.5
      queryResult(queries[1], runs('a', '(unknown)', 'b', 'a'), 0.5), // 1 of 4
      queryResult(queries[2], runs(null, null, 'b', null), 0.5), // a skill in 1 of 4: under 0.5
      queryResult(queries[3], runs('a', 'a', null, 'b'), 0.5), // a in 2 of 4: not under 0.5
    ];
    expect(results.map((r) => [r.triggerRate, r.pass])).toEqual([
      [0.5, true],
      [0.25, false],
      [0.25, true],
      [0.5, false],
    ]);
    expect(queryResult(queries[0], [], 0.5, 'The model could not be reached.')).toMatchObject({ triggerRate: 0, pass: false, error: 'The model could not be reached.' });
    expect(skillStats(['a', 'b', 'c'], queries, results)).toEqual([
      { skill: 'a', expected: 4, picked: 6, hits: 2, precision: 2 / 6, recall: 0.5, nearMisses: { runs: 4, picked: 2 } },
      { skill: 'b', expected: 4, picked: 4, hits: 1, precision: 0.25, recall: 0.25, nearMisses: { runs: 0, picked: 0 } },
      { skill: 'c', expected: 0, picked: 0, hits: 0, precision: null, recall: null, nearMisses: { runs: 0, picked: 0 } },
    ]);
    expect(collisionMatrix(['a', 'b', 'c'], queries, results)).toEqual({
      rows: ['a', 'b', '(not a)', '(none)'],
      columns: ['a', 'b', 'c', '(none)', '(unknown)'],
      counts: [
        [2, 1, 0, 1, 0],
        [2, 1, 0, 0, 1],
        [2, 1, 0, 1, 0],
        [0, 1, 0, 3, 0],
      ],
    });
  });

  it('reads evals/evals.json in the skill-creator shape, a trigger eval set, and says what is wrong with one', ({ cleanup }) => {
    const evals = readSkillEvals(path.join(SKILLS, 'invoice-pdf'))!;
    expect(evals.skillName).toBe('invoice-pdf');
    expect(evals.cases).toEqual([
      {
        id: '1',
        prompt: 'fill the supplier invoice form in ~/Downloads/acme-march.pdf: 3 hours of consulting at 80 EUR',
        expectedOutput: "The form's fields listed, then filled by name, with the total as EUR 240.00.",
        files: ['evals/files/acme-march.pdf'],
        expectations: ["The answer lists the form's fields before filling them", 'The total is written as EUR 240.00'],
      },
      { id: '2', prompt: "what does the VAT field of this purchase order say? it's po-118.pdf", expectedOutput: 'The value of the VAT field of po-118.pdf.', files: [], expectations: ['The answer names the VAT field'] },
    ]);
    expect(readSkillEvals(path.join(SKILLS, 'release-notes'))).toBeNull();
    expect(parseSkillEvals([{ query: 'tidy this csv', should_trigger: true }], 'x.json')).toMatchObject({ cases: [], triggers: [{ query: 'tidy this csv', shouldTrigger: true }] });
    expect(() => parseSkillEvals({ evals: [{ id: 1, expected_output: 'x' }] }, 'e.json')).toThrow(/e\.json: evals\[0\]\.prompt is missing \(it must be text\): an evals file is/);
    expect(() => parseSkillEvals({ evals: [{ id: 1, prompt: 'a' }, { id: 1, prompt: 'b' }] }, 'e.json')).toThrow('e.json: evals[1] has the id 1 of an earlier case: give each its own.');
    expect(() => parseSkillEvals([{ query: 'a', should_trigger: 'yes' }], 's.json')).toThrow(/s\.json: \[0\]\.should_trigger must be true or false \(got text\): a trigger eval set is a list/);

    // The suite: a typo and a missing expectation said with their lines; a name the catalog lacks, at run time with its line.
    const dir = cleanup.tempDir('trig-');
    expect(() => loadSuite(suiteFile(dir, 'kind: trigger\nqueries:\n  - query: hi\n    shoud: none\n'))).toThrow(/triggers\.yaml, line 4: queries\[0\] has a field this format does not know: "shoud" \(a typo\?\)/);
    expect(() => loadSuite(suiteFile(dir, 'kind: trigger\nqueries:\n  - query: hi\n'))).toThrow(/line 3: queries\[0\] needs should: <skill> \(or none\), or shouldNot: <skill>/);
    const suite = loadSuite(suiteFile(dir, `kind: trigger\nskills: ${JSON.stringify(SKILLS)}\nqueries:\n  - {query: hi, should: none}\n  - {query: tidy it, should: sheet-tdy}\n`)) as TriggerSuite;
    expect(suite).toMatchObject({ kind: 'trigger', name: 'triggers', runs: 3, threshold: 0.5, activation: 'both', skills: [SKILLS], skillEvals: true, queries: [{ query: 'hi', should: null, line: 4 }, { query: 'tidy it', should: 'sheet-tdy', line: 5 }] });
    return expect(runTriggerSuite(suite, { catalog: workspaceCatalog(suite.skills), models: [] })).rejects.toThrow(/triggers\.yaml, line 5: the query "tidy it" names the skill "sheet-tdy", which is not in the catalog \(deploy-gate, invoice-pdf, release-notes, sheet-tidy\)/);
  });

  it('asks each query N times against the catalog: the prompt and tools an agent has, rates, precision and recall, the collision matrix', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    scriptMain(server);
    const suite = parseTriggerSuite(MAIN_SUITE, path.join(cleanup.tempDir('trig-'), 'main.yaml'));
    const chat = openChatModel({ provider: 'openai', model: 'scripted', baseUrl: server.openaiBaseUrl }, { env: {} });
    const claude = openChatModel({ provider: 'anthropic', model: 'scripted', baseUrl: server.anthropicBaseUrl }, { env: { ANTHROPIC_API_KEY: 'k' } });
    const models = [
      { info: { id: 'm', label: 'scripted', provider: 'openai' as const, model: 'scripted' }, chat },
      { info: { id: 'a', label: 'scripted (Messages)', provider: 'anthropic' as const, model: 'scripted' }, chat: claude },
    ];
    const report = await runTriggerSuite(suite, { catalog: workspaceCatalog(suite.skills), models });

    // What the model saw: the three skills it may activate in <available_skills> (not deploy-gate), Skill by name (an enum), Read.
    const first = asked(server.chats()[0]);
    expect(first.system).toMatch(/^The following skills provide specialized instructions for specific tasks\.\nWhen a task matches a skill's description, call the Skill tool/);
    expect([...first.system.matchAll(/<name>\n(.+)\n<\/name>/g)].map((m) => m[1])).toEqual(['invoice-pdf', 'release-notes', 'sheet-tidy']);
    expect(first.system).toContain(`<location>\n${INVOICE_MD}\n</location>`);
    expect(first.system).not.toContain('deploy-gate');
    expect(first.tools.map((t) => t.name)).toEqual(['Skill', 'Read']);
    expect(first.tools[0].parameters.properties.skill.enum).toEqual(['invoice-pdf', 'release-notes', 'sheet-tidy']);
    expect(server.chats().map((c) => c.format)).toEqual([...Array<string>(14).fill('openai'), ...Array<string>(14).fill('anthropic')]);
    // The other wire format carries the same prompt and tools.
    const other = asked(server.chats()[14]);
    expect([other.system, other.tools]).toEqual([first.system, first.tools]);
    expect(report.variants[0].skills.find((s) => s.name === 'deploy-gate')?.hidden).toMatch(/disable-model-invocation/);
    expect(report.variants[0].promptTokens).toBeGreaterThan(100);

    expect(report.queries.map((q) => [q.id, q.row, q.source])).toEqual([
      [1, 'release-notes', 'suite'],
      [2, '(none)', 'suite'],
      [3, 'invoice-pdf', 'suite'],
      [4, 'sheet-tidy', path.join(SKILLS, 'sheet-tidy', 'evals', 'trigger_queries.json')],
      [5, '(not sheet-tidy)', path.join(SKILLS, 'sheet-tidy', 'evals', 'trigger_queries.json')],
      [6, 'invoice-pdf', 'invoice-pdf/evals/evals.json'],
      [7, 'invoice-pdf', 'invoice-pdf/evals/evals.json'],
    ]);
    const [side, onClaude] = report.sides;
    expect(onClaude).toMatchObject({ model: 'a', variant: 'workspace', skills: side.skills, matrix: side.matrix, passed: side.passed });
    expect(side.queries.map((r) => [r.query, r.runs.map((x) => x.picked), r.triggerRate, r.pass])).toEqual([
      [1, ['invoice-pdf', 'invoice-pdf'], 0, false],
      [2, [null, null], 0, true],
      [3, ['(unknown)', '(unknown)'], 0, false],
      [4, ['sheet-tidy', 'sheet-tidy'], 1, true],
      [5, ['sheet-tidy', 'sheet-tidy'], 1, false],
      [6, ['invoice-pdf', 'invoice-pdf'], 1, true],
      [7, ['invoice-pdf', null], 0.5, true],
    ]);
    expect(side.queries[2].runs[0]).toMatchObject({ via: 'tool', asked: 'pdf-filler' });
    expect(side.queries[6].runs.map((r) => r.via ?? r.text)).toEqual(['read', 'Open it and look.']);
    expect(side.skills).toEqual([
      { skill: 'invoice-pdf', expected: 6, picked: 5, hits: 3, precision: 0.6, recall: 0.5, nearMisses: { runs: 0, picked: 0 } },
      { skill: 'release-notes', expected: 2, picked: 0, hits: 0, precision: null, recall: 0, nearMisses: { runs: 0, picked: 0 } },
      { skill: 'sheet-tidy', expected: 2, picked: 4, hits: 2, precision: 0.5, recall: 1, nearMisses: { runs: 2, picked: 2 } },
    ]);
    expect(side.matrix).toEqual({
      rows: ['invoice-pdf', 'release-notes', 'sheet-tidy', '(not sheet-tidy)', '(none)'],
      columns: ['invoice-pdf', 'release-notes', 'sheet-tidy', '(none)', '(unknown)'],
      counts: [
        [3, 0, 0, 1, 2],
        [2, 0, 0, 0, 0],
        [0, 0, 2, 0, 0],
        [0, 0, 2, 0, 0],
        [0, 0, 0, 2, 0],
      ],
    });
    expect(report).toMatchObject({ kind: 'trigger', pass: false, errors: 0, runs: 2, threshold: 0.5 });
    expect(side.passed).toBe(4);
  });

  it('the skill against without it, its old folder and its version at a git ref; its evals.json cases graded with its instructions and without', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    // Picks invoice-pdf only where its catalog entry says what it does; graded by what the answer says.
    byQuery(server, (user, _nth, a) => {
      if (a.tools.some((t) => t.name === 'grade')) {
        const answer = /<answer>\n([\s\S]*)\n<\/answer>/.exec(user)![1];
        const expectations = [...user.matchAll(/^\d+\. (.+)$/gm)].map((m) => m[1]);
        const passed = (e: string) => (e.includes("form's fields") ? answer.includes('Fields:') : e.includes('EUR 240.00') ? answer.includes('EUR 240.00') : answer.includes('VAT'));
        return { toolCalls: [{ name: 'grade', arguments: { results: expectations.map((e) => ({ text: e, passed: passed(e), evidence: passed(e) ? 'it says so' : 'it does not' })) } }] };
      }
      if (!a.tools.length) {
        const loaded = a.system.includes('<skill_content name="invoice-pdf">');
        if (user.startsWith('fill the supplier')) return { text: loaded ? 'Fields: supplier, hours, rate. Total: EUR 240.00' : 'The total is 240 euros.' };
        return { text: loaded ? 'The VAT field says 21%.' : 'It says 21%.' };
      }
      if (a.system.includes('Fill in, read and merge PDF forms')) return skill('invoice-pdf');
      return user.startsWith('what does the VAT') && a.system.includes('sheet-tidy') ? skill('sheet-tidy') : { text: 'Sure.' };
    });
    const chat = openChatModel({ provider: 'openai', model: 'scripted', baseUrl: server.openaiBaseUrl }, { env: {} });
    const models = [{ info: { id: 'm', label: 'scripted', provider: 'openai' as const, model: 'scripted' }, chat }];
    const dir = cleanup.tempDir('trig-');
    const run = async (against: string, outputs = false, skills = SKILLS) => {
      const suite = parseTriggerSuite(`kind: trigger\nskills: ${JSON.stringify(skills)}\nruns: 1\ncompare: {skill: invoice-pdf, against: ${JSON.stringify(against)}, outputs: ${outputs}}\n`, path.join(dir, 'c.yaml'));
      return runTriggerSuite(suite, { catalog: workspaceCatalog(suite.skills), models });
    };

    const without = await run('none', true);
    expect(without.variants.map((v) => [v.id, v.label, v.skills.map((s) => s.name)])).toEqual([
      ['workspace', 'the workspace', ['deploy-gate', 'invoice-pdf', 'release-notes', 'sheet-tidy']],
      ['without', 'without invoice-pdf', ['deploy-gate', 'release-notes', 'sheet-tidy']],
    ]);
    expect(without.comparison).toMatchObject({
      skill: 'invoice-pdf',
      against: 'without',
      queries: [1, 2],
      deltas: [
        { query: 1, model: 'm', with: 1, against: 0 },
        { query: 2, model: 'm', with: 1, against: 0 },
      ],
    });
    const other = without.sides.find((s) => s.variant === 'without')!;
    expect(other.matrix).toEqual({ rows: ['invoice-pdf'], columns: ['release-notes', 'sheet-tidy', '(none)'], counts: [[0, 1, 1]] });
    expect(other.skills.find((s) => s.skill === 'invoice-pdf')).toMatchObject({ expected: 2, hits: 0, recall: 0 });
    expect(without.pass).toBe(true); // judged on the workspace's catalog only
    expect(without.comparison!.outputs!.map((o) => [o.id, o.with.passRate, o.against.passRate])).toEqual([
      ['1', 1, 0],
      ['2', 1, 0],
    ]);
    expect(without.comparison!.outputs![0].with.expectations).toEqual([
      { text: "The answer lists the form's fields before filling them", passed: true, evidence: 'it says so' },
      { text: 'The total is written as EUR 240.00', passed: true, evidence: 'it says so' },
    ]);
    expect(without.comparison!.outputs![0].against.answer).toBe('The total is 240 euros.');

    const old = await run(path.join(WORKSPACE, 'old', 'invoice-pdf'));
    expect(old.variants[1]).toMatchObject({ id: 'old', label: `invoice-pdf from ${path.join(WORKSPACE, 'old', 'invoice-pdf')}` });
    expect(old.variants[1].skills.find((s) => s.name === 'invoice-pdf')?.description).toBe('Utilities for documents.');
    expect(old.comparison!.deltas.map((d) => [d.with, d.against])).toEqual([
      [1, 0],
      [1, 0],
    ]);

    // A git ref: the committed SKILL.md is the old version of one edited since.
    const repo = cleanup.tempDir('trig-git-');
    fs.cpSync(SKILLS, path.join(repo, 'skills'), { recursive: true });
    const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { stdio: 'pipe' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'skills');
    const md = path.join(repo, 'skills', 'invoice-pdf', 'SKILL.md');
    fs.writeFileSync(md, fs.readFileSync(md, 'utf8').replace(/^description: .*$/m, 'description: Anything about files.'));
    const atRef = await run('git:HEAD', false, path.join(repo, 'skills'));
    expect(atRef.variants.map((v) => [v.label, v.skills.find((s) => s.name === 'invoice-pdf')?.description])).toEqual([
      ['the workspace', 'Anything about files.'],
      ['invoice-pdf at HEAD', expect.stringContaining('Fill in, read and merge PDF forms')],
    ]);
    expect(atRef.comparison!.deltas.map((d) => [d.with, d.against])).toEqual([
      [0, 1],
      [0, 1],
    ]);
    expect(atRef.pass).toBe(false);
    await expect(run('git:no-such-ref', false, path.join(repo, 'skills'))).rejects.toThrow(/compare\.against: git cannot show SKILL\.md of .*invoice-pdf at no-such-ref/);
  });

  it('skillbench eval: a trigger suite as a real process (exit 1, the tables, JUnit), a folder of skills (--json, exit 0), a model that cannot be asked (exit 2)', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    scriptMain(server);
    const dir = cleanup.tempDir('trig-');
    const file = suiteFile(dir, MAIN_SUITE);
    const junit = path.join(dir, 'triggers.xml');
    const r = await cliProcess(['eval', file, '--model', 'scripted', '--base-url', server.openaiBaseUrl, '--junit', junit], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout.startsWith('workspace triggers: against 3 skills on 1 model, 2 runs of each query\n')).toBe(true);
    expect(r.stdout).toContain('✗ #1 "write the changelog for v2.3 from the commits since v2.2" [scripted]: should trigger release-notes; trigger rate 0% (picked invoice-pdf 2/2)');
    expect(r.stdout).toContain('✓ #7 "what does the VAT field of this purchase order say? it\'s po-118.pdf" [scripted]: should trigger invoice-pdf; trigger rate 50% (picked invoice-pdf 1/2, (none) 1/2)');
    expect(r.stdout).toContain(
      [
        '  skill          expected  picked  hits  precision  recall  near misses',
        '  invoice-pdf           6       5     3        60%     50%            –',
        '  release-notes         2       0     0          –      0%            –',
        '  sheet-tidy            2       4     2        50%    100%          2/2',
      ].join('\n'),
    );
    expect(r.stdout).toContain(
      [
        '  expected \\ picked  invoice-pdf  release-notes  sheet-tidy  (none)  (unknown)',
        '  invoice-pdf                  3              0           0       1          2',
        '  release-notes                2              0           0       0          0',
        '  sheet-tidy                   0              0           2       0          0',
        '  (not sheet-tidy)             0              0           2       0          0',
        '  (none)                       0              0           0       2          0',
      ].join('\n'),
    );
    expect(r.stdout).toMatch(/4 of 7 queries passed, in /);
    const xml = fs.readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuites tests="7" failures="3" errors="0"/);
    expect(xml).toContain('<testsuite name="workspace triggers on scripted" tests="7" failures="3"');
    expect(xml).toContain('<failure message="should not trigger sheet-tidy: trigger rate 100%, at or over the threshold 50%">run 1: sheet-tidy\nrun 2: sheet-tidy</failure>');

    // A folder of skills: their evals.json prompts, once each (the script afresh: the VAT query activates on its first asking).
    scriptMain(server);
    const ok = await cli(['eval', SKILLS, '--model', 'scripted', '--base-url', server.openaiBaseUrl, '--runs', '1', '--json'], { cwd: dir });
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    const report = JSON.parse(ok.stdout) as TriggerReport & { exitCode: number };
    expect(report).toMatchObject({ kind: 'trigger', pass: true, exitCode: 0, suite: { name: 'triggers of skills' } });
    expect(report.queries.map((q) => q.should)).toEqual(['invoice-pdf', 'invoice-pdf']);

    const gone = await modelServer();
    await gone.close();
    const down = await cli(['eval', file, '--model', 'm', '--base-url', gone.openaiBaseUrl, '--json'], { cwd: dir });
    expect(down.code).toBe(2);
    const d = JSON.parse(down.stdout) as TriggerReport;
    expect(d.errors).toBe(7);
    expect(d.sides[0].queries[0].error).toContain(gone.url);
    expect(d.sides[0].queries[6].error).toBe(d.sides[0].queries[0].error);
    expect((await cli(['eval', file, '--model', 'm', '--shard', '1/2'], { cwd: dir })).stderr).toMatch(/--shard splits a suite's cases; a trigger suite runs whole/);
  });

  it('in the app: an Agent Skill\'s evals.json and a trigger suite beside its collections, run on a model profile against the workspace\'s catalog', async ({ cleanup }) => {
    const ws = cleanup.tempDir('trig-app-');
    fs.cpSync(WORKSPACE, ws, { recursive: true });
    fs.rmSync(path.join(ws, 'old'), { recursive: true });
    const tidy = path.join(ws, '.claude', 'skills', 'sheet-tidy');
    fs.mkdirSync(path.join(tidy, '.skillbench', 'evals'), { recursive: true });
    fs.writeFileSync(path.join(tidy, '.skillbench', 'evals', 'near.yaml'), 'kind: trigger\nruns: 1\nskillEvals: false\nqueries:\n  - {query: "plot the monthly revenue of sales.xlsx", shouldNot: sheet-tidy}\n');
    const server = cleanup.add(await modelServer());
    scriptMain(server);
    const home = cleanup.tempDir('trig-home-');
    await saveModelSettings(home, { profiles: [{ id: 'local', label: 'Scripted', provider: 'openai', model: 'scripted', baseUrl: server.openaiBaseUrl }], active: 'local' });
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [ws], namedFolders: true }));
    const skills = await wb.listSkills();
    const id = (name: string) => skills.find((s) => s.name === name)!.id;

    const invoice = await wb.qa.evalSuites(id('invoice-pdf'));
    expect(invoice.suites).toEqual([{ file: path.join(ws, '.claude', 'skills', 'invoice-pdf', 'evals', 'evals.json'), name: 'evals.json', kind: 'trigger', cases: [], queries: 2, compares: 'invoice-pdf as it is against without it', gradable: true }]);
    const report = await wb.qa.runTriggerEval(id('invoice-pdf'), invoice.suites[0].file, [], 1, false);
    expect(report.models).toEqual([expect.objectContaining({ id: 'local', label: 'Scripted' })]);
    expect(report.variants.map((v) => [v.id, v.skills.filter((x) => !x.hidden).map((x) => x.name)])).toEqual([
      ['workspace', ['invoice-pdf', 'release-notes', 'sheet-tidy']],
      ['without', ['release-notes', 'sheet-tidy']],
    ]);
    expect(report.sides.map((x) => [x.variant, x.queries.map((q) => q.triggerRate)])).toEqual([
      ['workspace', [1, 1]],
      ['without', [0, 0]],
    ]);

    const tidySuites = (await wb.qa.evalSuites(id('sheet-tidy'))).suites;
    expect(tidySuites.map((x) => [x.name, x.kind, x.queries])).toEqual([['near', 'trigger', 1]]);
    const near = await wb.qa.runTriggerEval(id('sheet-tidy'), tidySuites[0].file, [], null, null);
    expect(near).toMatchObject({ pass: false, sides: [{ queries: [{ triggerRate: 1, pass: false }] }] });
    await expect(wb.qa.runTriggerEval(id('sheet-tidy'), path.join(ws, 'README.md'), [], null, null)).rejects.toThrow(/is not one of sheet-tidy's eval suites/);
  });
});
