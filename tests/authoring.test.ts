/**
 * `skillbench new` and `skillbench doctor` on real files with real Python processes: every template makes
 * a skill that the doctor passes, `call` runs and its own unittest passes; the doctor finds what a
 * reviewer would, and never prints a secret it found.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import type { Protocol } from '../src-main/contract';
import { runDoctor, type Finding } from '../src-main/authoring/doctor';
import { schemaProblem } from '../src-main/authoring/checks/tool-checks';
import { createSkill } from '../src-main/authoring/new-skill';
import { cliPrefix } from '../src-main/host/cli-command';
import { cli } from './cli-run';
import { allFiles, EXAMPLES, ROOT } from './helpers';

const SDK = path.join(ROOT, 'resources', 'python');
const PROTOCOLS: Protocol[] = ['jsonrpc', 'skilldef', 'namel3ss', 'action'];

function unittest(dir: string, env: Record<string, string> = {}) {
  const clean = { ...process.env };
  delete clean.SKILLBENCH_SDK;
  return spawnSync('python3', ['-m', 'unittest', '-v'], { cwd: dir, env: { ...clean, PYTHONDONTWRITEBYTECODE: '1', ...env }, encoding: 'utf8', timeout: 60_000 });
}

function made(cleanup: Cleanup, protocol: Protocol, name = `hello-${protocol}`): string {
  return createSkill({ folder: path.join(cleanup.tempDir('skillbench-new-'), name), protocol }).dir;
}

function codes(findings: Finding[], severity?: Finding['severity']): string[] {
  return findings.filter((f) => !severity || f.severity === severity).map((f) => f.code);
}

function edit(file: string, from: string | RegExp, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`edit of ${file} changed nothing: ${String(from)}`);
  fs.writeFileSync(file, next);
}

describe('skillbench new', () => {
  // it.for, not it.each: only it.for hands the test its context (the cleanup fixture).
  it.for(PROTOCOLS)('%s: a skill that doctor passes, call runs, and its own unittest passes', async (protocol, { cleanup }) => {
    const home = cleanup.tempDir();
    const dir = path.join(cleanup.tempDir('skillbench-new-'), `hello-${protocol}`);
    const created = await cli(['new', dir, '--protocol', protocol], { home });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(`Created "hello-${protocol}"`);
    expect(created.stdout).toContain(`${cliPrefix()} call ${dir} greet --args '{"name": "Ada"}'`);
    expect(created.stdout).toContain(`${cliPrefix()} run ${dir}/.skillbench/collections/smoke --env dev`);
    expect(created.stdout).toContain('README.md');

    const doctor = await cli(['doctor', dir, '--json'], { home });
    const report = JSON.parse(doctor.stdout);
    expect(report.findings.filter((f: Finding) => f.severity === 'error')).toEqual([]);
    expect(doctor.code).toBe(0);
    expect(report).toMatchObject({ skill: `hello-${protocol}`, protocol, ok: true });
    if (protocol !== 'namel3ss') expect(codes(report.findings)).toContain('LIVE_STARTED');

    const call = await cli(['call', dir, 'greet', '--args', '{"name":"Ada"}'], { home });
    expect(call.code, call.stderr).toBe(0);
    expect(call.stdout).toContain('Hello, Ada!');

    // The smoke collection every template brings: its saved call and checks pass as made.
    const smoke = await cli(['run', path.join(dir, '.skillbench', 'collections', 'smoke')], { home });
    expect(smoke.code, smoke.stderr).toBe(0);
    expect(smoke.stdout).toMatch(/✓ greet says hello[^]*the request passed\./);

    const tests = unittest(dir, { SKILLBENCH_SDK: SDK });
    expect(tests.status, tests.stderr).toBe(0);
    expect(tests.stderr).toMatch(/Ran [1-9]\d* tests?/);
    expect(tests.stderr).toMatch(/\nOK\s*$/);
  });

  it('fills the placeholders in every file and file name, and writes a README that says how to run it', ({ cleanup }) => {
    for (const protocol of PROTOCOLS) {
      const dir = createSkill({ folder: path.join(cleanup.tempDir(), 'folder'), protocol, name: 'Weather-Report' }).dir;
      for (const f of allFiles(dir)) {
        expect(f).not.toMatch(/__SKILL_/);
        expect(fs.readFileSync(f, 'utf8'), f).not.toMatch(/__SKILL(_|BENCH)/);
      }
      expect(fs.readFileSync(path.join(dir, 'README.md'), 'utf8')).toContain(`${cliPrefix()} call . greet --args`);
      expect(fs.existsSync(path.join(dir, '.gitignore'))).toBe(true);
    }
    const action = createSkill({ folder: path.join(cleanup.tempDir(), 'agent'), protocol: 'action', name: 'Weather-Report' });
    expect(action.files).toContain('.claude/skills/weather_report.py');
    expect(action.ref).toMatchObject({ name: 'Weather-Report', protocol: 'action' });
  });

  it('refuses a folder that is not empty, and writes nothing', async ({ cleanup }) => {
    const dir = cleanup.tempDir();
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    const r = await cli(['new', dir, '--protocol', 'skilldef', '--name', 'weather']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/already exists and is not empty \(notes\.txt\)\. Nothing was written/);
    expect(fs.readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('says in plain words what is wrong with a name or a protocol', async ({ cleanup }) => {
    const parent = cleanup.tempDir();
    const badFolder = await cli(['new', path.join(parent, '2fast'), '--protocol', 'jsonrpc']);
    expect(badFolder.code).toBe(2);
    expect(badFolder.stderr).toMatch(/The name "2fast" cannot be used: start with a letter.*--name NAME/);
    const badName = await cli(['new', path.join(parent, 'ok'), '--protocol', 'jsonrpc', '--name', 'my skill!']);
    expect(badName.stderr).toMatch(/The name "my skill!" cannot be used/);
    const noProtocol = await cli(['new', path.join(parent, 'ok')]);
    expect(noProtocol.code).toBe(2);
    expect(noProtocol.stderr).toMatch(/needs --protocol, one of: jsonrpc, skilldef, namel3ss, action/);
    expect(fs.readdirSync(parent)).toEqual([]);
  });

  it('skilldef: the test finds a repository\'s own dev/ without SKILLBENCH_SDK, and says what to set when there is none', ({ cleanup }) => {
    const lone = made(cleanup, 'skilldef');
    const missing = unittest(lone);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/Cannot find the SkillDefinition SDK.*Set SKILLBENCH_SDK/);

    const repo = cleanup.tempDir('skills-repo-');
    fs.cpSync(path.join(SDK, 'dev'), path.join(repo, 'dev'), { recursive: true });
    const inRepo = createSkill({ folder: path.join(repo, 'skills', 'weather'), protocol: 'skilldef' }).dir;
    const found = unittest(inRepo);
    expect(found.status, found.stderr).toBe(0);
  });
});

describe('skillbench doctor', () => {
  it('finds an input schema that does not compile, naming the tool and the place', async ({ cleanup }) => {
    const dir = made(cleanup, 'jsonrpc');
    edit(path.join(dir, 'skill.py'), '{"type": "string", "minLength": 1', '{"type": "strng", "minLength": 1');
    const r = await cli(['doctor', dir, '--json']);
    expect(r.code).toBe(1);
    const bad = JSON.parse(r.stdout).findings.find((f: Finding) => f.code === 'SCHEMA_INVALID');
    expect(bad.message).toMatch(/Tool "greet".*properties\.name\.type is "strng"/);
  });

  it('checks a schema against the meta-schema of its draft, and its local $refs, fetching nothing', () => {
    const v2020 = 'https://json-schema.org/draft/2020-12/schema';
    expect(schemaProblem({ $schema: v2020, type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } })).toBeNull();
    // Unknown keywords and formats are allowed, as the forms allow them.
    expect(schemaProblem({ type: 'object', 'x-ui': 1, properties: { d: { type: 'string', format: 'weird' } } })).toBeNull();
    expect(schemaProblem({ type: 'object', required: 'name' })).toBe('required must be array (it is "name")');
    expect(schemaProblem({ type: 'object', properties: { a: { $ref: '#/$defs/A' } } })).toBe('properties.a.$ref points to #/$defs/A, which is not in the schema');
    expect(schemaProblem({ properties: { b: { $ref: 'https://example.com/x.json' } } })).toMatch(/outside the schema, which the workbench does not fetch/);
  });

  it('finds duplicate tool names: in a tool list, and through the SDK for a SkillDefinition skill', async ({ cleanup }) => {
    const rpc = made(cleanup, 'jsonrpc');
    edit(path.join(rpc, 'skill.py'), 'TOOLS = [\n', 'TOOLS = [\n    {"name": "greet", "description": "again", "parameters": {"type": "object"}},\n');
    const a = await runDoctor(rpc, { home: cleanup.tempDir() });
    expect(a.ok).toBe(false);
    expect(a.findings.find((f) => f.code === 'DUPLICATE_TOOL')?.message).toMatch(/2 tools are named "greet"/);

    const sd = made(cleanup, 'skilldef');
    edit(path.join(sd, 'tools.py'), 'TOOLS = [\n', 'TOOLS = [\n    _tool("greet", "again", greet),\n');
    const b = await runDoctor(sd, { home: cleanup.tempDir() });
    expect(codes(b.findings, 'error')).toEqual(['DUPLICATE_TOOL']);
  });

  it('finds a tick_interval under 1000 ms, with file and line', async ({ cleanup }) => {
    const dir = made(cleanup, 'skilldef');
    edit(path.join(dir, 'manifest.json'), '"tick_interval": 60000,', '"tick_interval": 500,');
    const r = await cli(['doctor', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/manifest\.json:8 \(tick_interval\) {2}tick_interval is 500 ms; the minimum is 1000 ms\. {2}\[TICK_INTERVAL_TOO_SHORT\]/);
    expect(r.stdout).toMatch(/Fix: Use 1000 or more/);
  });

  it('finds an entry that does not exist (agent.yaml, manifest.json), without trying to start it', async ({ cleanup }) => {
    const agent = made(cleanup, 'action');
    edit(path.join(agent, 'agent.yaml'), /entry: \.claude\/skills\/\w+\.py/, 'entry: .claude/skills/missing.py');
    const a = await runDoctor(agent, { home: cleanup.tempDir() });
    expect(a.findings.find((f) => f.code === 'ENTRY_NOT_FOUND')).toMatchObject({ severity: 'error', file: 'agent.yaml', line: 6 });
    expect(codes(a.findings)).toContain('LIVE_SKIPPED');

    // A manifest entry that is missing makes the folder undetectable: the doctor says why instead of "not a skill".
    const sd = made(cleanup, 'skilldef');
    fs.rmSync(path.join(sd, '__main__.py'));
    fs.rmSync(path.join(sd, 'skill.py'));
    edit(path.join(sd, 'manifest.json'), '"entry": "__main__.py"', '"entry": "main.py"');
    const r = await cli(['doctor', sd, '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(codes(report.findings, 'error')).toEqual(['NOT_DETECTED', 'ENTRY_NOT_FOUND']);
    expect(report.findings[1].message).toMatch(/The entry file "main\.py" does not exist/);

    // A package whose manifest names a missing entry is still found by its __main__.py, and the entry is told.
    const pkg = made(cleanup, 'skilldef');
    edit(path.join(pkg, 'manifest.json'), '"entry": "__main__.py"', '"entry": "main.py"');
    const p = JSON.parse((await cli(['doctor', pkg, '--json'])).stdout);
    expect(codes(p.findings, 'error')).toEqual(['ENTRY_NOT_FOUND']);
  });

  it('finds a committed secret, with file and line, and never prints it', async ({ cleanup }) => {
    const dir = made(cleanup, 'namel3ss');
    fs.writeFileSync(path.join(dir, 'config.json'), '{\n  "region": "eu-west-1",\n  "aws_access_key_id": "AKIAIOSFODNN7EXAMPLE"\n}\n');
    fs.writeFileSync(path.join(dir, 'tools', 'client.py'), 'API_KEY = "9f8e7d6c5b4a39281706f5e4d3c2b1a0"\nBASE = "https://api.example.com/v1"\n');
    fs.mkdirSync(path.join(dir, 'data'));
    fs.writeFileSync(path.join(dir, 'data', 'cache.json'), '{"key": "AKIAIOSFODNN7EXAMPLF"}'); // data/ is not the skill's source
    for (const args of [['doctor', dir], ['doctor', dir, '--json']]) {
      const r = await cli(args);
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).not.toContain('AKIAIOSFODNN7EXAMPLE');
      expect(r.stdout + r.stderr).not.toContain('9f8e7d6c5b4a39281706f5e4d3c2b1a0');
    }
    const report = await runDoctor(dir, { home: cleanup.tempDir() });
    const secrets = report.findings.filter((f) => f.code === 'COMMITTED_SECRET');
    expect(secrets.map((f) => [f.file, f.line])).toEqual([
      ['config.json', 3],
      ['tools/client.py', 1],
    ]);
    expect(secrets[0].message).toMatch(/AWS access key ID \(AKIA••••\)/);
    expect(secrets[1].message).toMatch(/API_KEY = "••••"/);
  });

  it('reports a missing description as a warning only (exit 0)', async ({ cleanup }) => {
    const dir = made(cleanup, 'jsonrpc');
    edit(path.join(dir, 'skill.py'), '"description": "Say hello to someone by name",\n', '');
    const r = await cli(['doctor', dir, '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.ok).toBe(true);
    expect(report.findings.find((f: Finding) => f.code === 'MISSING_DESCRIPTION')).toMatchObject({ severity: 'warning', message: 'Tool "greet" has no description.' });
  });

  it('reports a skill that crashes on start as a finding, with its last words', async ({ cleanup }) => {
    const dir = made(cleanup, 'jsonrpc');
    edit(path.join(dir, 'skill.py'), 'def main():\n', 'def main():\n    raise SystemExit("cannot reach the database")\n');
    const report = await runDoctor(dir, { home: cleanup.tempDir(), timeoutMs: 10_000 });
    const failed = report.findings.find((f) => f.code === 'LIVE_START_FAILED');
    expect(failed?.message).toMatch(/did not start: cannot reach the database \(it exited during start-up, with code 1\)\./);
    // Said once, in one sentence.
    expect(failed?.message).not.toMatch(/did not start.*did not start|\.\./s);
    expect(report.ok).toBe(false);
  });

  it('finds Python syntax errors with file and line, and skips the live start', async ({ cleanup }) => {
    const dir = made(cleanup, 'action');
    fs.writeFileSync(path.join(dir, '.claude', 'skills', 'helpers.py'), 'import json\n\ndef load(path)\n    return json.load(open(path))\n');
    const report = await runDoctor(dir, { home: cleanup.tempDir() });
    expect(report.findings.find((f) => f.code === 'PYTHON_SYNTAX')).toMatchObject({ file: '.claude/skills/helpers.py', line: 3 });
    expect(report.findings.find((f) => f.code === 'LIVE_SKIPPED')?.message).toMatch(/fix the errors above first/);
  });

  it('checks setup fields: statically in the source and live on the first step', async ({ cleanup }) => {
    const dir = made(cleanup, 'skilldef');
    fs.writeFileSync(
      path.join(dir, 'setup.py'),
      [
        'from dev.types.setup_types import SetupField, SetupResult, SetupStep',
        '',
        'STEP = SetupStep(id="prefs", title="Preferences", fields=[',
        '    SetupField(name="currency", type="select", label="Currency"),',
        '    SetupField(name="colour", type="colour", label="Colour"),',
        '])',
        '',
        'async def on_setup_start(ctx):',
        '    return STEP',
        '',
      ].join('\n'),
    );
    const report = await runDoctor(dir, { home: cleanup.tempDir(), live: false });
    const found = report.findings.filter((f) => f.code.startsWith('SETUP_')).map((f) => [f.code, f.file, f.line]);
    expect(found).toEqual([
      ['SETUP_SELECT_OPTIONS', 'setup.py', 4],
      ['SETUP_FIELD_TYPE', 'setup.py', 5],
    ]);

    // Live: a select with no options, from a skill whose setup the manifest requires.
    const live = made(cleanup, 'skilldef');
    edit(path.join(live, 'manifest.json'), '"setup": { "required": false }', '"setup": { "required": true, "label": "Connect" }');
    edit(path.join(live, 'skill.py'), 'async def on_load(ctx):', [
      'from dev.types.setup_types import SetupField, SetupStep',
      'async def on_setup_start(ctx):',
      '    return SetupStep(id="prefs", title="Preferences", fields=[SetupField(name="currency", type="select", label="Currency", options=[])])',
      'async def on_setup_cancel(ctx):',
      '    return None',
      'async def on_load(ctx):',
    ].join('\n'));
    edit(path.join(live, 'skill.py'), 'hooks=SkillHooks(on_load=on_load, ', 'has_setup=True,\n    hooks=SkillHooks(on_load=on_load, on_setup_start=on_setup_start, on_setup_cancel=on_setup_cancel, ');
    const r2 = await runDoctor(live, { home: cleanup.tempDir() });
    expect(codes(r2.findings, 'error')).toEqual(['SETUP_SELECT_OPTIONS']);
    expect(codes(r2.findings)).toContain('SETUP_CHECKED');
  });

  it('checks a namel3ss app with its own readers: a binding whose module is missing', async ({ cleanup }) => {
    const dir = made(cleanup, 'namel3ss');
    edit(path.join(dir, '.namel3ss', 'tools.yaml'), 'tools.greeting:greet', 'tools.greetings:greet');
    const report = await runDoctor(dir, { home: cleanup.tempDir() });
    expect(report.findings.find((f) => f.code === 'ENTRY_NOT_FOUND')).toMatchObject({ file: '.namel3ss/tools.yaml', line: 2 });
    expect(report.findings.find((f) => f.code === 'ENTRY_NOT_FOUND')?.message).toMatch(/expected tools\/greetings\.py/);
  });

  it('passes the bundled examples', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    for (const [name, skill] of [['gas-estimator'], ['price-alerts'], ['greeter-app'], ['build-analysis', 'build_analysis']]) {
      const report = await runDoctor(path.join(EXAMPLES, name), { home, skill });
      expect(report.findings.filter((f) => f.severity === 'error'), name).toEqual([]);
    }
  });

  it('with --static starts nothing; a path that is not a skill exits 2', async ({ cleanup }) => {
    const dir = made(cleanup, 'skilldef');
    const r = await cli(['doctor', dir, '--static', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(codes(report.findings)).toContain('LIVE_SKIPPED');
    expect(codes(report.findings)).not.toContain('LIVE_STARTED');

    const empty = cleanup.tempDir();
    const none = await cli(['doctor', empty]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/No skill found/);
  });
});
