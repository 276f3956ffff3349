/** Action skills: detection, the build-analysis example end to end, loose forms and misbehaviour, with real Python. */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import type { CallOutcome, SkillRef, SkillStatus } from '../src-main/contract';
import { LogSink } from '../src-main/engine/log-sink';
import { MessageLog } from '../src-main/engine/message-log';
import { Redactor } from '../src-main/engine/redactor';
import { ActionSkill, PROBE_ACTION, actionProtocol, type ActionAdapterOptions } from '../src-main/protocols/action';
import { buildRequest, interpretDoc, lastJsonObject, parseStdout } from '../src-main/protocols/action/envelope';
import { scanScript } from '../src-main/protocols/action/scan';
import { discover } from '../src-main/protocols/discover';
import { registerProtocol } from '../src-main/protocols/registry';
import { EXAMPLES, FIXTURES, isAlive, waitFor } from './helpers';
import { scaled } from './machine-factor';

const T = { timeout: scaled(10_000) };
const EXAMPLE = path.join(EXAMPLES, 'build-analysis');
const AGENT = path.join(FIXTURES, 'action', 'agent');

interface Harness {
  skill: ActionSkill;
  logs: LogSink;
  messages: MessageLog;
  statuses: SkillStatus[];
}

function refs(dir: string): Record<string, SkillRef> {
  return Object.fromEntries(actionProtocol.detect(dir, path.dirname(dir)).map((r) => [r.name, r]));
}

function harness(cleanup: Cleanup, ref: SkillRef, opts: ActionAdapterOptions = {}, env: Record<string, string> = {}): Harness {
  const logs = new LogSink();
  const messages = new MessageLog();
  const statuses: SkillStatus[] = [];
  const skill = new ActionSkill(ref, { logs, messages, redactor: new Redactor(), home: cleanup.tempDir(), env, onStatus: (s) => statuses.push(s) }, opts);
  cleanup.add(skill);
  return { skill, logs, messages, statuses };
}

const example = (cleanup: Cleanup, opts?: ActionAdapterOptions) => harness(cleanup, refs(EXAMPLE).build_analysis, opts);
const misbehave = (cleanup: Cleanup, opts?: ActionAdapterOptions, env?: Record<string, string>) => harness(cleanup, refs(AGENT).misbehave, { probe: false, ...opts }, env);
const loose = (cleanup: Cleanup) => harness(cleanup, refs(AGENT).loose, { probe: false });

function stderr(logs: LogSink): string[] {
  return logs.entries().filter((e) => e.stream === 'stderr').map((e) => e.text);
}

function expectError(out: CallOutcome, code: string, message?: RegExp): void {
  expect(out.ok).toBe(false);
  expect(out.error?.code).toBe(code);
  if (message) expect(out.error?.message).toMatch(message);
}

describe('finding action skills (nothing is run)', () => {
  it('yields one skill per agent.yaml entry, ids always <agent>#<name>', () => {
    const found = actionProtocol.detect(EXAMPLE, EXAMPLES);
    expect(found.map((r) => r.id)).toEqual(['build-analysis#build_analysis', 'build-analysis#flaky_tests'].map((id) => `examples/${id}`));
    expect(found[0]).toMatchObject({ protocol: 'action', dir: EXAMPLE, entry: path.join(EXAMPLE, '.claude/skills/build_analysis.py'), timeoutMs: 300_000 });
    expect(found[1].timeoutMs).toBe(30_000);
    // A quoted timeout in agent.yaml still counts.
    expect(refs(AGENT).loose.timeoutMs).toBe(15_000);
    // The skills folder of an agent with agent.yaml is covered by the agent folder.
    expect(actionProtocol.detect(path.join(EXAMPLE, '.claude', 'skills'), EXAMPLES)).toEqual([]);
  });

  it('yields lone scripts in .claude/skills without agent.yaml, skipping helpers and _private files', () => {
    const dir = path.join(FIXTURES, 'action', 'lone', '.claude', 'skills');
    const found = actionProtocol.detect(dir, path.join(FIXTURES, 'action'));
    expect(found.map((r) => r.name)).toEqual(['lone_tool']);
    expect(found[0]).toMatchObject({ id: 'action/lone#lone_tool', dir: path.join(FIXTURES, 'action', 'lone'), timeoutMs: 300_000 });
  });

  it('accepts a single script only when it reads an action from stdin', () => {
    const scripts = path.join(FIXTURES, 'action', 'scripts');
    const standalone = actionProtocol.detectFile!(path.join(scripts, 'standalone.py'), scripts);
    expect(standalone).toHaveLength(1);
    expect(standalone[0]).toMatchObject({ name: 'standalone', dir: scripts, id: 'scripts#standalone' });
    expect(actionProtocol.detectFile!(path.join(scripts, 'not_a_skill.py'), scripts)).toEqual([]);
    // A script listed in agent.yaml keeps its agent.yaml name and timeout.
    const listed = actionProtocol.detectFile!(path.join(EXAMPLE, '.claude/skills/flaky_tests.py'), EXAMPLES);
    expect(listed[0]).toMatchObject({ name: 'flaky_tests', dir: EXAMPLE, timeoutMs: 30_000 });
  });

  it('is found by the workspace walk, including inside .claude', () => {
    registerProtocol(actionProtocol);
    const ids = discover(path.join(FIXTURES, 'action'), { protocol: 'action' }).map((r) => r.id);
    expect(ids).toEqual(['action/agent#misbehave', 'action/agent#loose', 'action/listed#quiet', 'action/lone#lone_tool', 'action/prompted#ledger', 'action/prompted#report', 'action/wild#crawler', 'action/wild#digest']);
  });
});

describe('the build-analysis example', () => {
  it('learns its actions at start by reading the script, and runs it to discover them only when asked', T, async ({ cleanup }) => {
    const { skill, messages, statuses } = example(cleanup);
    const info = await skill.start();
    expect(info.tools.map((t) => t.name)).toEqual(['analyze', 'report', 'fetch', 'daily_briefing']);
    expect(info.notes.join('\n')).toMatch(/found by reading the script with Python's parser \(nothing was run\): .*report, fetch, daily_briefing/);
    expect(info.notes.join('\n')).toMatch(/Discover by running/);
    // Nothing ran: no exchange was recorded.
    expect(messages.entries()).toEqual([]);
    expect(info.capabilities).toEqual({ setup: false, sessions: false, ticks: false, messageHooks: false, persistent: false });
    const analyze = info.tools[0];
    expect(analyze.description).toMatch(/Analyse recent builds/);
    expect(analyze.inputSchema).toMatchObject({ type: 'object', additionalProperties: true, properties: { target: {}, days: { type: 'integer', default: 7 } } });
    expect(skill.status()).toBe('ready');
    expect(statuses).toEqual(['starting', 'ready']);

    const discovered = await skill.discoverActions();
    expect(discovered.tools.map((t) => t.name)).toEqual(['analyze', 'report', 'fetch', 'daily_briefing']);
    expect(discovered.notes.join('\n')).toMatch(/UNKNOWN_ACTION answer \(supported_actions\).*: analyze, report, fetch, daily_briefing/);
    expect(discovered.notes.join('\n')).not.toMatch(/Discover by running runs/);
    const probe = messages.entries().find((m) => m.method === PROBE_ACTION);
    expect(probe?.note).toMatch(/discovery: an unknown action/);
  });

  it('runs every action and records each call', T, async ({ cleanup }) => {
    const { skill, logs, messages, statuses } = example(cleanup, { probe: false });
    await skill.start();
    const analyze = await skill.call('analyze', { target: 'ci_builds', days: 7 });
    expect(analyze).toMatchObject({ ok: true, trace: { exitCode: 0, form: 'documented' } });
    expect((analyze.data as { metrics: { total: number } }).metrics.total).toBeGreaterThan(0);
    expect(analyze.text).toMatch(/builds succeeded/);
    expect(analyze.trace?.metadata).toMatchObject({ items_count: expect.any(Number) });
    expect(stderr(logs)).toContain('50% complete');

    const report = await skill.call('report', { type: 'weekly', format: 'markdown' });
    expect((report.data as { content: string }).content).toMatch(/^# Weekly build report/);
    const fetched = await skill.call('fetch', { source: 'builds', query: 'status=failed pipeline=mobile' });
    const items = (fetched.data as { items: { status: string; pipeline: string }[] }).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((b) => b.status === 'failed' && b.pipeline === 'mobile')).toBe(true);
    const briefing = await skill.call('daily_briefing', {});
    expect(briefing).toMatchObject({ ok: true, data: { date: '2026-01-14' } });

    const exchanges = messages.entries().filter((m) => m.kind === 'exchange');
    expect(exchanges.map((m) => m.method)).toEqual(['analyze', 'report', 'fetch', 'daily_briefing']);
    expect(exchanges[0].note).toMatch(/both inside "params".*top level/);
    expect((exchanges[0].body as { response: { success: boolean } }).response.success).toBe(true);
    expect(statuses.filter((s) => s === 'busy')).toHaveLength(4);
    expect(skill.status()).toBe('ready');
  });

  it('returns the skill its own errors: MISSING_PARAM, INVALID_PARAM, DATA_NOT_FOUND, UNKNOWN_ACTION', T, async ({ cleanup }) => {
    const { skill } = example(cleanup, { probe: false });
    expectError(await skill.call('analyze', {}), 'MISSING_PARAM', /target/);
    const invalid = await skill.call('analyze', { target: 'ci_builds', days: -1 });
    expectError(invalid, 'INVALID_PARAM', /days/);
    expect(invalid.error?.details).toMatchObject({ param: 'days', value: -1 });
    expectError(await skill.call('fetch', { source: 'builds', query: 'no-such-thing' }), 'DATA_NOT_FOUND');
    const unknown = await skill.call('deploy', {});
    expectError(unknown, 'UNKNOWN_ACTION', /deploy/);
    expect(unknown.error?.details).toMatchObject({ supported_actions: ['analyze', 'report', 'fetch', 'daily_briefing'] });
  });

  it('turns SKILL_DEBUG on and off with setDebug', T, async ({ cleanup }) => {
    const { skill, logs } = example(cleanup, { probe: false });
    await skill.call('report', {});
    expect(stderr(logs).some((l) => l.startsWith('DEBUG'))).toBe(false);
    skill.setDebug(true);
    await skill.call('report', {});
    expect(stderr(logs).some((l) => l.startsWith('DEBUG Input data'))).toBe(true);
    skill.setDebug(false);
    logs.clear();
    await skill.call('report', {});
    expect(stderr(logs).some((l) => l.startsWith('DEBUG'))).toBe(false);
  });

  it('learns a dict-dispatched skill the same way', T, async ({ cleanup }) => {
    const { skill } = harness(cleanup, refs(EXAMPLE).flaky_tests);
    const info = await skill.start();
    expect(info.tools.map((t) => t.name)).toEqual(['list', 'score']);
    expect(info.notes.join('\n')).toMatch(/found by reading the script with Python's parser \(nothing was run\): list, score/);
    const score = await skill.call('score', { test: 'SyncTest#offlineQueue' });
    expect(score).toMatchObject({ ok: true, data: { flakiness: 1 } });
  });
});

describe('the envelope as real scripts see it', () => {
  it('sends the documented envelope plus top-level params, from the agent folder, with the context', T, async ({ cleanup }) => {
    const { skill } = misbehave(cleanup, {}, { FIXTURE_EXTRA: 'from ctx.env' });
    const out = await skill.call('echo', { name: 'ada', action: 'clobber?' });
    const data = out.data as { request: Record<string, unknown>; cwd: string; extra_env: string; skill_debug: null };
    expect(data.cwd).toBe(AGENT);
    expect(data.extra_env).toBe('from ctx.env');
    expect(data.request).toMatchObject({ action: 'echo', name: 'ada', params: { name: 'ada', action: 'clobber?' } });
    const ctx = data.request.context as Record<string, string>;
    expect(ctx).toMatchObject({ agent_id: 'fixture-agent', user_id: 'skillbench' });
    expect(ctx.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes the actions agent.yaml lists, with their descriptions, when the script lists none', T, async ({ cleanup }) => {
    const { skill } = harness(cleanup, refs(path.join(FIXTURES, 'action', 'listed')).quiet);
    const info = await skill.start();
    expect(info.tools.map((t) => t.name)).toEqual(['summarise', 'export']);
    expect(info.tools[1].description).toBe('Export the summary as CSV.');
    expect(info.notes.join('\n')).toMatch(/listed in agent\.yaml: summarise, export/);
    expect(await skill.call('export', {})).toMatchObject({ ok: true, data: { did: 'export' } });
  });

  it('reads the loose forms: flat params, string error, flat code, error without success', T, async ({ cleanup }) => {
    const { skill } = loose(cleanup);
    const info = await skill.start();
    expect(info.tools.map((t) => t.name)).toEqual(['echo_flat', 'fail_string', 'fail_flat', 'error_only', 'message_only']);
    expect(info.notes.join('\n')).toMatch(/found by reading the script/);

    const echo = await skill.call('echo_flat', { name: 'ada', count: 2 });
    expect(echo).toMatchObject({ ok: true, data: { greeting: 'hello ada', count: 2 } });
    expect(echo.trace?.form).toMatch(/^loose: no "success" field/);
    const str = await skill.call('fail_string', {});
    expectError(str, 'TOOL', /^Something broke$/);
    expect(str.trace?.form).toMatch(/plain string/);
    const flat = await skill.call('fail_flat', {});
    expectError(flat, 'QUOTA_EXCEEDED', /Too many requests/);
    expect(flat.trace?.form).toMatch(/flat "code"/);
    expectError(await skill.call('error_only', {}), 'NOPE', /no success field/);
    const msg = await skill.call('message_only', {});
    expect(msg).toMatchObject({ ok: true, text: 'done, nothing to return', data: { message: 'done, nothing to return' } });
  });

  it('parses pretty and compact output, and JSON after log lines', T, async ({ cleanup }) => {
    const { skill, messages } = misbehave(cleanup);
    expect(await skill.call('compact', {})).toMatchObject({ ok: true, data: { n: 1 }, trace: { form: 'documented' } });
    expect(await skill.call('pretty', {})).toMatchObject({ ok: true, data: { n: 2, nested: { list: [1, 2, 3] } }, text: 'pretty' });
    const logsFirst = await skill.call('logs_then_json', {});
    expect(logsFirst).toMatchObject({ ok: true, data: { rows: 3 } });
    expect(logsFirst.trace?.form).toMatch(/text besides the JSON/);
    expect(messages.entries().at(-1)?.note).toMatch(/last JSON object/);
  });

  it('reads a JSON error printed with a non-zero exit', T, async ({ cleanup }) => {
    const { skill } = misbehave(cleanup);
    const out = await skill.call('exit_nonzero', {});
    expectError(out, 'INTERNAL_ERROR', /disk on fire/);
    expect(out.trace).toMatchObject({ exitCode: 1 });
  });

  it('takes text on stdout with exit 0 as a text result labelled "not JSON", and reports an empty stdout', T, async ({ cleanup }) => {
    const { skill, messages } = misbehave(cleanup);
    const garbage = await skill.call('garbage', {});
    expect(garbage).toMatchObject({ ok: true, text: 'this is not json at all\n', trace: { form: 'not JSON', exitCode: 0 } });
    expect(garbage.error).toBeUndefined();
    expect((messages.entries().at(-1)?.body as { response: unknown }).response).toBe('this is not json at all\n');
    expect(messages.entries().at(-1)?.note).toMatch(/not JSON/);
    expectError(await skill.call('empty', {}), 'PROTOCOL', /printed nothing/);
  });
});

describe('misbehaving scripts', () => {
  it('merges the scan with supported_actions', T, async ({ cleanup }) => {
    const { skill } = misbehave(cleanup, { probe: true });
    const info = await skill.start();
    const names = info.tools.map((t) => t.name);
    expect(names.slice(0, 3)).toEqual(['echo', 'compact', 'pretty']);
    expect(names).toEqual(expect.arrayContaining(['hang', 'big']));
    expect(info.notes.join('\n')).toMatch(/found by reading the script with Python's parser \(nothing was run\): .*hang.*big/);
  });

  it('stops a call at its timeout, grandchild included', T, async ({ cleanup }) => {
    const { skill, logs } = misbehave(cleanup);
    const out = await skill.call('hang', {}, { timeoutMs: 1500 });
    expectError(out, 'TIMEOUT', /did not finish within 1\.5 s and was stopped/);
    const line = stderr(logs).find((l) => l.startsWith('grandchild pid '));
    const pid = Number(line?.split(' ')[2]);
    expect(pid).toBeGreaterThan(0);
    await waitFor(() => !isAlive(pid), 3000, 'the grandchild to be gone');
  });

  it('takes its timeout from agent.yaml, ctx.timeoutMs, then the call', T, async ({ cleanup }) => {
    const { skill } = misbehave(cleanup, { probe: false });
    expect(skill.ref.timeoutMs).toBe(20_000);
    const out = await skill.call('sleep', { seconds: 5 }, { timeoutMs: 300 });
    expectError(out, 'TIMEOUT', /0\.3 s/);
  });

  it('stops a script that prints more than the stdout limit', T, async ({ cleanup }) => {
    const { skill } = misbehave(cleanup, { maxStdoutBytes: 64 * 1024 });
    const out = await skill.call('big', { bytes: 1 << 20 });
    expectError(out, 'PROTOCOL', /more than 64 KB on stdout/);
  });

  it('reports a crash mid-call with its stderr', T, async ({ cleanup }) => {
    const { skill } = misbehave(cleanup);
    const killed = await skill.call('crash', {});
    expectError(killed, 'CRASHED', /SIGKILL/);
    expect(killed.trace).toMatchObject({ signal: 'SIGKILL' });
    const raised = await skill.call('raise', {});
    expectError(raised, 'CRASHED', /exited with code 1 without printing a result/);
    expect(raised.stderrTail?.join('\n')).toMatch(/RuntimeError: unexpected failure in raise/);
  });

  it('cancels a call, and stop() cancels what is running', T, async ({ cleanup }) => {
    const { skill, statuses } = misbehave(cleanup);
    const ctrl = new AbortController();
    const started = Date.now();
    setTimeout(() => ctrl.abort(), 300);
    expectError(await skill.call('sleep', { seconds: 20 }, { signal: ctrl.signal }), 'CANCELLED', /cancelled/);
    expect(Date.now() - started).toBeLessThan(scaled(3000));

    const running = skill.call('sleep', { seconds: 20 });
    await waitFor(() => skill.status() === 'busy', 3000, 'busy');
    await skill.stop();
    expectError(await running, 'CANCELLED', /skill was stopped/);
    expect(skill.status()).toBe('stopped');
    expect(statuses.at(-1)).toBe('stopped');
  });

  it('streams progress lines into the log while the call runs', T, async ({ cleanup }) => {
    const { skill, logs } = misbehave(cleanup);
    const call = skill.call('progress', {});
    await waitFor(() => stderr(logs).includes('25% complete'), 3000, 'the first progress line');
    expect(stderr(logs)).not.toContain('100% complete');
    expect((await call).ok).toBe(true);
    expect(stderr(logs)).toContain('100% complete');
  });

  it('reports an interpreter that cannot start as LAUNCH', T, async ({ cleanup }) => {
    const { skill } = misbehave(cleanup, { python: '/nonexistent/python3' });
    expectError(await skill.call('echo', {}), 'LAUNCH');
  });
});

describe('pieces, without processes', () => {
  it('scans if/elif, match, dict dispatch and ACTIONS lists', () => {
    const src = [
      'ACTIONS = ["alpha", "beta"]',
      'def do_gamma(p):',
      '    """Gamma things."""',
      '    return p.get("size", 3)',
      'HANDLERS = {"delta": do_gamma, "type": str}',
      'if action == "gamma":',
      '    do_gamma(params)',
      "elif 'eps' == action: pass",
      'match action:',
      '    case "zeta" | "eta":',
      '        pass',
      'if input_data.get("action") in ("theta",): pass',
    ].join('\n');
    const scan = scanScript(src);
    expect(scan.actions.map((a) => a.name)).toEqual(['alpha', 'beta', 'delta', 'gamma', 'eps', 'zeta', 'eta', 'theta']);
    const gamma = scan.actions.find((a) => a.name === 'gamma')!;
    expect(gamma).toMatchObject({ handler: 'do_gamma', description: 'Gamma things.', params: { size: { type: 'integer', default: 3 } } });
  });

  it('parses stdout: whole document first, else the last top-level object', () => {
    expect(parseStdout('{\n  "a": 1\n}\n')).toEqual({ ok: true, doc: { a: 1 } });
    expect(parseStdout('   ')).toEqual({ ok: false, empty: true });
    expect(parseStdout('nope')).toEqual({ ok: false, empty: false });
    const mixed = parseStdout('log {brace\n{"first": {"inner": 1}}\nmore "quotes\n{"second": {"x": "}"}}\ntrailing');
    expect(mixed).toMatchObject({ ok: true, doc: { second: { x: '}' } } });
    expect(lastJsonObject('{'.repeat(10_000))).toBeNull();
  });

  it('maps result shapes onto outcomes', () => {
    expect(interpretDoc({ success: true, action: 'a', data: [1], message: 'hi' })).toMatchObject({ ok: true, data: [1], text: 'hi', loose: [] });
    expect(interpretDoc({ success: true, action: 'a', rows: 2 })).toMatchObject({ ok: true, data: { rows: 2 } });
    expect(interpretDoc({ success: false, error: { code: 'X', message: 'm', details: { a: 1 }, supported_actions: ['q'] } }).error).toEqual({
      code: 'X', message: 'm', details: { a: 1, supported_actions: ['q'] },
    });
    expect(interpretDoc({ error: 'bad' })).toMatchObject({ ok: false, error: { code: 'TOOL', message: 'bad' } });
  });

  it('does not let params overwrite the envelope', () => {
    const { request, note } = buildRequest('go', { action: 'x', context: 1, n: 2 }, { agent_id: 'a', user_id: 'u', request_id: 'r' });
    expect(request).toEqual({ action: 'go', params: { action: 'x', context: 1, n: 2 }, context: { agent_id: 'a', user_id: 'u', request_id: 'r' }, n: 2 });
    expect(note).toMatch(/not copied to the top level: action, context/);
  });
});
