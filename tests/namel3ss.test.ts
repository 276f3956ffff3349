/**
 * namel3ss Python tools, end to end: real Python children through our runner, a real HTTP tool service,
 * and the host-side failure rules (validation before and after, crashes, bad output, timeouts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SkillStatus } from '../src-main/contract';
import { LogSink } from '../src-main/engine/log-sink';
import { MessageLog } from '../src-main/engine/message-log';
import { Redactor } from '../src-main/engine/redactor';
import type { AdapterContext } from '../src-main/protocols/adapter';
import { namel3ssProtocol, Namel3ssSkill } from '../src-main/protocols/namel3ss';
import { parseAiFile } from '../src-main/protocols/namel3ss/ai-file';
import { serviceUrl } from '../src-main/protocols/namel3ss/service-runner';
import { resolveTimeout } from '../src-main/protocols/namel3ss/timeouts';
import { EXAMPLES, FIXTURES, isAlive, ROOT, tempDir } from './helpers';
import { scaled } from './machine-factor';

const FIX = path.join(FIXTURES, 'namel3ss');
const EXAMPLE = path.join(EXAMPLES, 'greeter-app');
const SERVICE_SCRIPT = path.join(ROOT, 'resources', 'python', 'namel3ss_service.py');
const RUNNER_SCRIPT = path.join(ROOT, 'resources', 'python', 'namel3ss_runner.py');
const PY = process.env.SKILLBENCH_PYTHON ?? 'python3';
/**
 * Tests that stand in for the app's `.venv/bin/python` with a shell script: skipped on Windows, where a venv's
 * interpreter is `Scripts\python.exe` and a shell script cannot take its place.
 */
const posix = process.platform !== 'win32';
/** The test's name, saying why where it is skipped. */
const posixName = (name: string) => (posix ? name : `${name} (skipped: a shell script cannot stand in for a Windows venv's python.exe)`);

const tmpRoot = tempDir('skillbench-n3-');
afterAll(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

/** A private copy of a fixture app, so markers, .venv wrappers and __pycache__ stay out of the repo. */
function copyApp(name: string, from = path.join(FIX, name)): string {
  const dir = fs.mkdtempSync(path.join(tmpRoot, `${name}-`));
  fs.cpSync(from, dir, { recursive: true, filter: (src) => !src.includes('__pycache__') });
  return dir;
}

/** A copy of the failures app with its timeouts set: namel3ss.toml's, the .ai declarations', the binding's. */
function appWithTimeouts(t: { tomlSeconds: number; aiSeconds?: number; bindingMs: number }): string {
  const dir = copyApp('failures');
  const edit = (file: string, from: RegExp, to: string) => fs.writeFileSync(path.join(dir, file), fs.readFileSync(path.join(dir, file), 'utf8').replace(from, to));
  edit('namel3ss.toml', /timeout_seconds = \d+/, `timeout_seconds = ${t.tomlSeconds}`);
  if (t.aiSeconds) edit('app.ai', /timeout_seconds is 2/g, `timeout_seconds is ${t.aiSeconds}`);
  edit(path.join('.namel3ss', 'tools.yaml'), /timeout_ms: 400/, `timeout_ms: ${t.bindingMs}`);
  return dir;
}

function tmpFile(name: string): string {
  return path.join(fs.mkdtempSync(path.join(tmpRoot, 'm-')), name);
}

function open(dir: string, opts: { env?: Record<string, string>; timeoutMs?: number; secrets?: string[] } = {}) {
  const redactor = new Redactor();
  for (const s of opts.secrets ?? []) redactor.add(s);
  const logs = new LogSink({ redactor });
  const messages = new MessageLog({ redactor });
  const statuses: SkillStatus[] = [];
  const ctx: AdapterContext = {
    logs,
    messages,
    redactor,
    home: tmpRoot,
    env: { PYTHONDONTWRITEBYTECODE: '1', ...(opts.env ?? {}) },
    timeoutMs: opts.timeoutMs,
    onStatus: (s) => statuses.push(s),
  };
  const [ref] = namel3ssProtocol.detect(dir, path.dirname(dir));
  expect(ref, `${dir} should be detected as a namel3ss app`).toBeDefined();
  const skill = namel3ssProtocol.create(ref, ctx) as Namel3ssSkill;
  return { skill, logs, messages, redactor, statuses, ref };
}

function writeFakePython(appDir: string, script: string): string {
  const bin = path.join(appDir, '.venv', 'bin');
  fs.mkdirSync(bin, { recursive: true });
  const file = path.join(bin, 'python');
  fs.writeFileSync(file, `#!/bin/sh\n${script}\n`, { mode: 0o755 });
  return file;
}

describe('detection and inspection (nothing runs)', () => {
  it('detects the example app as one skill named after its folder, with app.ai as entry', () => {
    const refs = namel3ssProtocol.detect(EXAMPLE, path.dirname(EXAMPLE));
    expect(refs).toHaveLength(1);
    expect(refs[0]).toMatchObject({ protocol: 'namel3ss', name: 'greeter-app', dir: EXAMPLE, entry: path.join(EXAMPLE, 'app.ai') });
    expect(namel3ssProtocol.detectFile!(path.join(EXAMPLE, 'app.ai'), EXAMPLE)[0]?.dir).toBe(EXAMPLE);
  });

  it('takes the name from app.ai, and detects a bindings-only folder but not .ai files without python tools', () => {
    expect(namel3ssProtocol.detect(path.join(FIX, 'venv-app'), FIX)[0].name).toBe('venv demo');
    const plain = fs.mkdtempSync(path.join(tmpRoot, 'plain-'));
    fs.writeFileSync(path.join(plain, 'app.ai'), 'flow "x":\n  return 1\n');
    expect(namel3ssProtocol.detect(plain, tmpRoot)).toEqual([]);
    fs.mkdirSync(path.join(plain, '.namel3ss'));
    fs.writeFileSync(path.join(plain, '.namel3ss', 'tools.yaml'), 'tools:\n');
    expect(namel3ssProtocol.detect(plain, tmpRoot)).toHaveLength(1);
  });

  it('lists the declared tools with JSON Schemas, reports ready, and has no optional capabilities', async () => {
    const { skill, statuses } = open(EXAMPLE);
    const info = await skill.start();
    expect(statuses).toEqual(['ready']);
    expect(info.capabilities).toEqual({ setup: false, sessions: false, ticks: false, messageHooks: false, persistent: false });
    expect(info.tools.map((t) => t.name)).toEqual(['greet someone', 'word stats']);
    const greet = info.tools[0];
    expect(greet.inputSchema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string' }, age: { type: 'number' } },
    });
    expect(info.tools[1].outputSchema).toMatchObject({ required: ['counts', 'longest', 'words'], properties: { counts: {}, longest: { type: 'string' }, words: {} } });
    expect(info.tools[1].description).toContain('tools.text_stats:word_stats');
    expect(info.notes.join('\n')).toMatch(/Python: .*no \.venv/);
  });

  it('reports malformed tool blocks with file:line and keeps the good ones', async () => {
    const { skill } = open(path.join(FIX, 'malformed'));
    const info = await skill.start();
    expect(info.tools.map((t) => t.name)).toEqual(['good', 'bad fields', 'old style', 'node tool']);
    const notes = info.notes.join('\n');
    expect(notes).toContain('app.ai:10: Tool "no implementation" does not say how it is implemented');
    expect(notes).toContain('app.ai:18: timeout_seconds must be a positive whole number');
    expect(notes).toContain('app.ai:19: purity must be "pure" or "impure"');
    expect(notes).toContain('app.ai:21: Expected an input field');
    expect(notes).toContain('app.ai:22: Unsupported input field type "colour"');
    expect(notes).toContain('app.ai:28: Tool "old style" uses the old tool syntax');
    expect(notes).toContain('What happened: Tool "node tool" is not bound to a node entry.');
    expect(notes).toContain('app.ai:41: Expected a tool header');
    // namel3ss refuses the whole declaration: the tool is listed, and a call says why.
    expect(notes).toContain('namel3ss refuses the declaration of "bad fields": app.ai:18: timeout_seconds');
    const bad = await skill.call('bad fields', { y: 1 });
    expect(bad.error?.code).toBe('VALIDATION');
    expect(bad.error?.message).toContain('app.ai:22: Unsupported input field type "colour" for "y" in tool "bad fields". Use text, number, boolean, or json.');
    const good = info.tools[0];
    expect(good.inputSchema).toMatchObject({ required: ['first name'], properties: { 'first name': { type: 'string' }, 'web address': { type: 'string' } } });
    const out = await skill.call('good', { 'first name': 'Ada' });
    expect(out).toMatchObject({ ok: true, data: { greeting: 'Hi Ada' } });
    const node = await skill.call('node tool', { x: 'a' });
    expect(node.error).toMatchObject({ code: 'LAUNCH', message: expect.stringContaining('Example: tools:\n  "node tool":\n    kind: "node"') });
  });

  it('parses fields, aliases and comments the way namel3ss writes them', () => {
    const parsed = parseAiFile('tool "t":  # a tool\n  implemented using "python"\n  input:\n    count is integer\n    on is optional bool\n  output:\n    items is json\n', 'x.ai');
    expect(parsed.problems).toEqual([]);
    expect(parsed.tools[0]).toMatchObject({
      kind: 'python',
      input: [
        { name: 'count', type: 'number', required: true },
        { name: 'on', type: 'boolean', required: false },
      ],
      output: [{ name: 'items', type: 'json' }],
    });
    expect(parsed.tools[0].invalid).toBeUndefined();
  });

  it('refuses the field types namel3ss refuses, with the file and line, and keeps the tool listed', () => {
    const text = 'tool "t":\n  implemented using python\n  input:\n    tags is list<text>\n    names is list\n    opts is optional map\n    label is Text\n    n is number\n  output:\n    ok is boolean\n';
    const parsed = parseAiFile(text, 'app.ai');
    expect(parsed.problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      'app.ai:4: Unsupported input field type "list<text>" for "tags" in tool "t". Use text, number, boolean, or json.',
      'app.ai:5: Unsupported input field type "list" for "names" in tool "t". Use text, number, boolean, or json.',
      'app.ai:6: Unsupported input field type "map" for "opts" in tool "t". Use text, number, boolean, or json.',
      'app.ai:7: Unsupported input field type "Text" for "label" in tool "t". Use text, number, boolean, or json.',
    ]);
    expect(parsed.tools[0].input.map((f) => f.name)).toEqual(['n']);
    expect(parsed.tools[0].invalid).toHaveLength(4);
  });

  it('refuses a description in a tool block, as namel3ss does ("Unknown field in tool declaration")', () => {
    const text = 'tool "t":\n  implemented using python\n  description is "says hello"\n  input:\n    n is number\n  output:\n    ok is boolean\n';
    const parsed = parseAiFile(text, 'app.ai');
    expect(parsed.problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      'app.ai:3: Unknown field in tool declaration (tool "t"): namel3ss takes no description in a tool block; say what the tool does in a comment above it.',
    ]);
  });
});

describe('local runner', () => {
  it('runs both example tools end to end, records exchanges and traces, and goes busy then ready', async () => {
    const { skill, messages, statuses } = open(EXAMPLE);
    await skill.start();
    const greet = await skill.call('greet someone', { name: 'Ada', age: 36 });
    expect(greet.error).toBeUndefined();
    expect(greet).toMatchObject({ ok: true, data: { message: 'Hello Ada, 36 years young!' } });
    const stats = await skill.call('word stats', { text: 'the cat and the hat' });
    expect(stats.data).toEqual({ counts: { the: 2, cat: 1, and: 1, hat: 1 }, longest: 'the', words: ['the', 'cat', 'and', 'the', 'hat'] });
    expect(statuses).toEqual(['ready', 'busy', 'ready', 'busy', 'ready']);

    expect(greet.trace).toMatchObject({
      tool: 'greet someone',
      kind: 'python',
      entry: 'tools.greeting:greet',
      runner: 'local',
      resolved_source: 'binding',
      timeout_ms: 10_000,
      timeout_source: 'namel3ss.toml',
      protocol_version: 1,
      status: 'ok',
      python_env: 'system',
      deps_source: 'none',
      exit_code: 0,
    });
    // namel3ss records purity only when it is not "pure".
    expect(stats.trace).toMatchObject({ timeout_ms: 5000, timeout_source: 'tool declaration' });
    expect(stats.trace?.purity).toBeUndefined();
    expect(greet.trace).toMatchObject({ purity: 'impure', input_summary: { type: 'object', keys: ['age', 'name'], count: 2 }, output_summary: { type: 'object', keys: ['message'], count: 1 }, decision: 'allowed', capability: 'none', reason: 'policy_allowed', result: 'ok' });
    expect(typeof greet.trace!.duration_ms).toBe('number');
    expect(skill.traces().map((t) => t.tool)).toEqual(['greet someone', 'word stats']);

    const exchanges = messages.entries().filter((m) => m.kind === 'exchange');
    expect(exchanges).toHaveLength(2);
    expect(exchanges[0].body).toMatchObject({
      request: { protocol_version: 1, tool: 'greet someone', entry: 'tools.greeting:greet', payload: { name: 'Ada', age: 36 } },
      response: { output: { ok: true, protocol_version: 1, result: { message: 'Hello Ada, 36 years young!' } }, trace: { status: 'ok' } },
    });
  });

  it('keeps the tool\'s prints (Python, raw fd 1, child processes) out of the response and in the log', async () => {
    const { skill, logs } = open(path.join(FIX, 'failures'));
    const out = await skill.call('chatty', {});
    expect(out).toMatchObject({ ok: true, data: { message: 'clean' } });
    await vi.waitFor(() => {
      const text = logs.entries().map((e) => e.text).join('\n');
      expect(text).toContain('import-time print on stdout');
      expect(text).toContain('a print that looks like a response');
      expect(text).toContain('raw bytes on fd 1');
      expect(text).toContain('from a child process');
    }, { timeout: scaled(5000) });
  });

  it('validates the payload before Python starts: no child runs on a bad payload', async () => {
    const marker = tmpFile('marker');
    const { skill, messages } = open(path.join(FIX, 'failures'), { env: { MARKER_FILE: marker } });
    const cases: [unknown, string][] = [
      [{ count: '3' }, 'Input "count" must be a number, not text.'],
      [{ count: 1, label: 5 }, 'Input "label" must be text'],
      [{ count: 1, enabled: 'yes' }, 'Input "enabled" must be true or false'],
      [{ count: 1, x: 1 }, 'Unknown input field "x"'],
      [{ label: 'a' }, 'Missing required input field "count"'],
      [[1, 2], 'must be a JSON object, not a list'],
    ];
    for (const [args, message] of cases) {
      const out = await skill.call('marker', args);
      expect(out.ok, JSON.stringify(args)).toBe(false);
      expect(out.error?.code).toBe('VALIDATION');
      expect(out.error?.message).toContain(message);
    }
    expect(fs.existsSync(marker)).toBe(false);
    expect(messages.entries()).toHaveLength(0);
    // The same tool with a valid payload (json accepts anything) does run: the marker proves it.
    const ok = await skill.call('marker', { count: 1, extra: [1, { a: null }], flags: [], options: {}, enabled: true });
    expect(ok.ok).toBe(true);
    expect(fs.readFileSync(marker, 'utf8')).toBe('ran');
  });

  it('validates the result after the call', async () => {
    const { skill } = open(path.join(FIX, 'failures'));
    const wrong = await skill.call('bad output type', {});
    expect(wrong.error).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('Output "count" must be a number, not text.') });
    expect((wrong.error?.details as { result: unknown }).result).toEqual({ count: 'three' });
    const list = await skill.call('not an object', {});
    expect(list.error?.message).toContain('The output of "not an object" must be a JSON object, not a list.');
    const extra = await skill.call('extra output', {});
    expect(extra.error?.message).toContain('Unknown output field "surprise"');
    const missing = await skill.call('missing output', {});
    expect(missing.error?.message).toContain('Missing required output field "label"');
    expect(missing.trace).toMatchObject({ status: 'error', error_type: 'Namel3ssError', result: 'error' });
  });

  it('reports the tool\'s own exception and a non-serialisable result as tool errors', async () => {
    const { skill } = open(path.join(FIX, 'failures'));
    const raised = await skill.call('raise', {});
    // namel3ss's words (its ToolExecutionError), the short form under them; its trace keeps the type and the message.
    expect(raised.error).toMatchObject({ code: 'TOOL', details: { type: 'ValueError' } });
    expect(raised.error?.message).toMatch(/^What happened: Python tool "raise" failed with ValueError\.\nWhy: Missing input\nFix: Fix the tool implementation in tools\/ and try again\.\n[\s\S]*\nHint: ValueError: Missing input$/);
    expect(raised.trace).toMatchObject({ status: 'error', error_type: 'ValueError', error_message: 'Missing input' });
    const bad = await skill.call('unserialisable', {});
    expect(bad.error?.code).toBe('TOOL');
    expect(bad.error?.message).toMatch(/TypeError: Tool "unserialisable" returned a result that is not JSON-serialisable: .*set/);
  });

  it('reports a crash with empty stdout as "process failed" with stderr, secrets redacted', async () => {
    const secret = 'sk-live-0123456789abcdef';
    const { skill, logs, redactor } = open(path.join(FIX, 'failures'), { env: { API_TOKEN: secret }, secrets: [secret] });
    // The adapter reports what happened; secrets are scrubbed where it leaves the workbench, with the skill's redactor.
    const out = redactor.value(await skill.call('crash', {}));
    expect(out.error?.code).toBe('CRASHED');
    expect(out.error?.message).toContain('Python tool process failed (exited with code 3)');
    expect(out.error?.message).toContain('fatal: cannot reach the api with token ••••');
    const everything = JSON.stringify([out, redactor.value(skill.traces()), logs.entries()]);
    expect(everything).not.toContain(secret);
    expect(out.stderrTail?.join('\n')).toContain('token ••••');
    expect(out.trace).toMatchObject({ exit_code: 3, error_type: 'Namel3ssError', error_message: expect.stringMatching(/^What happened: Python tool process failed\.\nWhy: /) });
  });

  it.runIf(posix)(posixName('reports stdout that is not JSON, and JSON without "ok"'), async () => {
    const app = copyApp('venv-app');
    writeFakePython(app, "cat >/dev/null\necho 'this is not json'");
    const { skill } = open(app);
    const garbled = await skill.call('where', {});
    expect(garbled.error).toMatchObject({ code: 'PROTOCOL', message: expect.stringContaining('Python tool returned invalid JSON') });
    writeFakePython(app, 'cat >/dev/null\necho \'{"result": {"executable": "x"}}\'');
    const noOk = await skill.call('where', {});
    expect(noOk.error).toMatchObject({ code: 'PROTOCOL', message: expect.stringContaining('Python tool returned unexpected output') });
    writeFakePython(app, 'cat >/dev/null\necho \'{"ok": false, "error_type": "OldError", "error_message": "flat form"}\'');
    const flat = await skill.call('where', {});
    expect(flat.error?.message).toMatch(/^What happened: Python tool "where" failed with OldError\.\nWhy: flat form\n[\s\S]*\nHint: OldError: flat form$/);
  });

  it.runIf(posix)(posixName('prefers the app\'s .venv python, with the app root on PYTHONPATH and binding env applied'), async () => {
    const app = copyApp('venv-app');
    const used = path.join(app, 'venv-used.txt');
    const fake = writeFakePython(app, `echo used > "${used}"\nexec ${PY} "$@"`);
    const { skill } = open(app);
    const info = await skill.start();
    expect(info.notes.join('\n')).toContain("Python: the app's virtual environment");
    const out = await skill.call('where', { note: 'hi' });
    expect(out.error).toBeUndefined();
    expect(fs.existsSync(used)).toBe(true);
    expect(out.data).toMatchObject({ encoding: 'utf-8', path0: app, from_binding: 'yes' });
    expect(out.trace).toMatchObject({ python_env: 'venv', python_path: fake, deps_source: 'requirements.txt', timeout_source: 'default', timeout_ms: 10_000 });
  });

  it('refuses bad entries before anything runs, each with the fix', async () => {
    const marker = tmpFile('marker');
    const { skill } = open(path.join(FIX, 'bad-entries'), { env: { MARKER_FILE: marker } });
    const info = await skill.start();
    const expectations: [string, string, string][] = [
      ['outside tools', 'LAUNCH', 'entry module "helpers.ok" is not under tools/'],
      ['missing file', 'LAUNCH', 'expected tools/nothing_here.py in the app'],
      ['bad identifier', 'LAUNCH', '"my-module" is not a Python identifier'],
      ['bad function', 'LAUNCH', 'entry function "1run" is not a valid Python identifier'],
      ['no colon', 'LAUNCH', 'must be "module:function"'],
      ['unbound', 'LAUNCH', 'is not bound to a python entry'],
      ['boxed', 'UNSUPPORTED', 'bound to the container runner'],
    ];
    for (const [tool, code, text] of expectations) {
      const out = await skill.call(tool, {});
      expect(out.error?.code, tool).toBe(code);
      expect(out.error?.message, tool).toContain(text);
      expect(out.error?.message, tool).toContain(`"${tool}"`);
      expect(info.notes.join('\n'), tool).toContain(text);
    }
    expect(fs.existsSync(marker)).toBe(false);
    expect(info.notes.join('\n')).toContain('binds "ghost", but no .ai file declares');
    const unknown = await skill.call('nope', {});
    expect(unknown.error?.code).toBe('NOT_FOUND');
    const fine = await skill.call('fine', {});
    expect(fine.ok).toBe(true);
    expect(fs.existsSync(marker)).toBe(true);
  });

  it('says a container binding needs a container runtime where the PATH has none, and that it is not started here where it has one', async () => {
    const none = open(path.join(FIX, 'bad-entries'), { env: { PATH: fs.mkdtempSync(path.join(tmpRoot, 'no-docker-')) } });
    const out = await none.skill.call('boxed', {});
    expect(out).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED' }, trace: { runner: 'container', status: 'error' } });
    expect(out.error?.message).toBe('Tool "boxed" is bound to the container runner, which needs a container runtime (docker or podman), and none is installed on this machine. Install one, or bind the tool to runner: local (or service) in .namel3ss/tools.yaml to run it here.');
    const bin = fs.mkdtempSync(path.join(tmpRoot, 'with-podman-'));
    fs.writeFileSync(path.join(bin, 'podman'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    const some = open(path.join(FIX, 'bad-entries'), { env: { PATH: bin } });
    expect((await some.skill.call('boxed', {})).error?.message).toMatch(/does not start containers itself, though podman is installed/);
  });
});

describe('timeouts', () => {
  it('resolves binding -> .ai -> environment -> namel3ss.toml -> default, and the workbench overrides all', () => {
    expect(resolveTimeout({})).toMatchObject({ ms: 10_000, source: 'default' });
    expect(resolveTimeout({ tomlSeconds: 4 })).toMatchObject({ ms: 4000, source: 'namel3ss.toml' });
    expect(resolveTimeout({ tomlSeconds: 4, envSeconds: '6' })).toMatchObject({ ms: 6000, source: 'environment' });
    expect(resolveTimeout({ tomlSeconds: 4, envSeconds: '6', aiSeconds: 3 })).toMatchObject({ ms: 3000, source: 'tool declaration' });
    expect(resolveTimeout({ tomlSeconds: 4, envSeconds: '6', aiSeconds: 3, bindingMs: 250 })).toMatchObject({ ms: 250, source: 'binding' });
    expect(resolveTimeout({ bindingMs: 250, skillMs: 700 })).toMatchObject({ ms: 700, source: 'skill', overrides: { ms: 250, source: 'binding' } });
    expect(resolveTimeout({ bindingMs: 250, skillMs: 700, callMs: 900 })).toMatchObject({ ms: 900, source: 'call' });
    expect(resolveTimeout({ envSeconds: 'soon' }).problems[0]).toContain('N3_PYTHON_TOOL_TIMEOUT_SECONDS');
  });

  it('applies each level to real calls, as the trace shows', async () => {
    // Each level far above what a call of no seconds takes, even on a busy machine: the test is which one applies.
    const dir = appWithTimeouts({ tomlSeconds: 11, aiSeconds: 12, bindingMs: 13_000 });
    const quick = { seconds: 0 };
    const plain = open(dir).skill;
    expect((await plain.call('slow', quick)).trace).toMatchObject({ timeout_ms: 11_000, timeout_source: 'namel3ss.toml', status: 'ok' });
    expect((await plain.call('slow declared', quick)).trace).toMatchObject({ timeout_ms: 12_000, timeout_source: 'tool declaration' });
    expect((await plain.call('slow bound', quick)).trace).toMatchObject({ timeout_ms: 13_000, timeout_source: 'binding' });
    const overridden = await plain.call('slow bound', quick, { timeoutMs: 14_000 });
    expect(overridden.trace).toMatchObject({ timeout_ms: 14_000, timeout_source: 'call', declared_timeout_ms: 13_000 });
    const withEnv = open(dir, { env: { N3_PYTHON_TOOL_TIMEOUT_SECONDS: '15' } }).skill;
    expect((await withEnv.call('slow', quick)).trace).toMatchObject({ timeout_ms: 15_000, timeout_source: 'environment' });
    expect((await withEnv.call('slow declared', quick)).trace).toMatchObject({ timeout_source: 'tool declaration' });
    const skillWide = open(dir, { timeoutMs: 16_000 }).skill;
    expect((await skillWide.call('slow bound', quick)).trace).toMatchObject({ timeout_ms: 16_000, timeout_source: 'skill' });
  });

  it('kills a tool that overruns its timeout, with its process group', async () => {
    const pidFile = tmpFile('pid');
    const childPidFile = tmpFile('child-pid');
    // The binding's 400 ms and namel3ss.toml's second, stretched on a busy machine: the tool must get as far as
    // starting its grandchild first.
    const bound = Math.ceil(scaled(400) / 100) * 100;
    const tomlSeconds = Math.ceil(scaled(1000) / 1000);
    const dir = appWithTimeouts({ tomlSeconds, bindingMs: bound });
    const { skill, statuses } = open(dir, { env: { PID_FILE: pidFile, CHILD_PID_FILE: childPidFile } });
    const t0 = performance.now();
    const out = await skill.call('slow bound', { seconds: 30 });
    expect(performance.now() - t0).toBeLessThan(scaled(5000));
    expect(out.error).toMatchObject({ code: 'TIMEOUT', message: `Tool exceeded ${bound / 1000}s timeout.` });
    expect(out.trace).toMatchObject({ status: 'error', error_type: 'TimeoutExpired', timeout_ms: bound });
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    const grandchild = Number(fs.readFileSync(childPidFile, 'utf8'));
    await vi.waitFor(() => expect([isAlive(pid), isAlive(grandchild)]).toEqual([false, false]), { timeout: scaled(5000) });
    const fromToml = await skill.call('slow', { seconds: 30 });
    expect(fromToml.error?.message).toBe(`Tool exceeded ${tomlSeconds}s timeout.`);
    expect(statuses.at(-1)).toBe('ready');
  });

  it('stop() cancels a call in flight', async () => {
    const { skill, statuses } = open(path.join(FIX, 'failures'));
    await skill.start();
    const pending = skill.call('slow declared', { seconds: 30 });
    await vi.waitFor(() => expect(skill.status()).toBe('busy'), { timeout: scaled(5000) });
    await skill.stop();
    const out = await pending;
    expect(out.error?.code).toBe('CANCELLED');
    expect(statuses.at(-1)).toBe('stopped');
  });
});

describe('service runner', () => {
  let server: ChildProcess;
  let base = '';

  beforeAll(async () => {
    server = spawn(PY, [SERVICE_SCRIPT, '--app', path.join(FIX, 'service-app'), '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    });
    base = await new Promise<string>((resolve, reject) => {
      let buf = '';
      server.stdout!.on('data', (c: Buffer) => {
        buf += c.toString();
        const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(buf);
        if (m) resolve(m[1]);
      });
      server.once('exit', (code) => reject(new Error(`service exited with ${code}`)));
      setTimeout(() => reject(new Error(`service did not start: ${buf}`)), 8000).unref();
    });
  });

  afterAll(() => {
    if (server?.pid && server.exitCode === null) process.kill(server.pid, 'SIGTERM');
  });

  it('posts the documented request and reads ok/result and ok:false/error', async () => {
    const url = `${base}/tools`;
    const { skill, messages } = open(path.join(FIX, 'service-app'), { env: { N3_TOOL_SERVICE_URL: url } });
    const out = await skill.call('service greet', { name: 'Ada' });
    expect(out.error).toBeUndefined();
    expect(out.data).toEqual({ message: 'Hello Ada' });
    expect(out.trace).toMatchObject({ runner: 'service', service_url: url, status: 'ok', resolved_source: 'binding', timeout_ms: 10_000 });
    expect(out.trace?.python_env).toBeUndefined();
    const [exchange] = messages.entries();
    expect(exchange.body).toMatchObject({
      request: {
        protocol_version: 1,
        tool_name: 'service greet',
        kind: 'python',
        entry: 'tools.service_tools:greet',
        payload: { name: 'Ada' },
        timeout_ms: 10_000,
        trace_id: out.trace!.trace_id,
        project: { app_root: path.join(FIX, 'service-app') },
      },
      response: { output: { ok: true, result: { message: 'Hello Ada' } } },
    });
    const failed = await skill.call('service raise', { name: 'Ada' });
    expect(failed.error).toMatchObject({ code: 'TOOL', message: expect.stringMatching(/^What happened: Python tool "service raise" failed with ValueError\.[\s\S]*\nHint: ValueError: Missing input$/) });
    const invalid = await skill.call('service greet', { name: 7 });
    expect(invalid.error?.code).toBe('VALIDATION');
    const late = await skill.call('service slow', { seconds: 5 }, { timeoutMs: 300 });
    expect(late.error).toMatchObject({ code: 'TIMEOUT', message: 'Tool exceeded 0.3s timeout.' });
  });

  it('refuses requests from web pages (an Origin header)', async () => {
    const res = await fetch(`${base}/tools`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      body: JSON.stringify({ entry: 'tools.service_tools:greet', payload: { name: 'x' } }),
    });
    expect(res.status).toBe(403);
  });

  it('says plainly when the service is not running, or no URL is configured', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const url = `http://127.0.0.1:${port}/tools`;
    const closed = open(path.join(FIX, 'service-app'), { env: { N3_TOOL_SERVICE_URL: url } }).skill;
    const out = await closed.call('service greet', { name: 'Ada' });
    expect(out.error).toMatchObject({ code: 'LAUNCH', message: expect.stringContaining(`Could not reach the tool service at ${url}: connection refused`) });
    const nowhere = open(path.join(FIX, 'service-app'), { env: { N3_TOOL_SERVICE_URL: '' } }).skill;
    const none = await nowhere.call('service greet', { name: 'Ada' });
    expect(none.error?.message).toContain('no service URL is configured');
    expect(serviceUrl('http://a', 'http://b', 'http://c')).toBe('http://a');
    expect(serviceUrl(undefined, 'http://b', 'http://c')).toBe('http://b');
    expect(serviceUrl(undefined, undefined, 'http://c')).toBe('http://c');
  });
});

describe('namel3ss_runner.py on its own', () => {
  it('answers a malformed request with ok:false and exit 0', () => {
    const res = spawnSync(PY, [RUNNER_SCRIPT], { input: 'not json', encoding: 'utf8', cwd: path.join(FIX, 'failures') });
    expect(res.status).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ ok: false, protocol_version: 1, error: { type: 'JSONDecodeError' } });
    const missing = spawnSync(PY, [RUNNER_SCRIPT], {
      input: JSON.stringify({ protocol_version: 1, tool: 't', entry: 'tools.failing:nope', payload: {} }),
      encoding: 'utf8',
      cwd: path.join(FIX, 'failures'),
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    });
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false, error: { type: 'AttributeError', message: "Module 'tools.failing' has no function 'nope'" } });
  });
});
