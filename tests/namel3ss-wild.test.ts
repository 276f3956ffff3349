/**
 * namel3ss apps as the namel3ss repository has them (tests/fixtures/namel3ss-wild, our own fixtures of
 * each real shape): a capsule app with a foreign function, installed and built-in packs, sandboxed tools
 * with [capability_overrides], a service binding without a local module behind a capability handshake,
 * and a folder of programs side by side with an app inside it. Real Python processes and a real service.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import type { CallOutcome, SkillRef } from '../src-main/contract';
import { LogSink } from '../src-main/engine/log-sink';
import { MessageLog } from '../src-main/engine/message-log';
import { Redactor } from '../src-main/engine/redactor';
import { systemPython } from '../src-main/host/paths';
import { discover, resolveSkill } from '../src-main/protocols/discover';
import { namel3ssProtocol, type Namel3ssSkill } from '../src-main/protocols/namel3ss';
import { toolWorkspace, workspacesFolder } from '../src-main/protocols/namel3ss/plan';
import { packDigest } from '../src-main/protocols/namel3ss/packs';
import { countingServer, FIXTURES, ROOT, tempDir, type CountingServer } from './helpers';
import { scaled } from './machine-factor';

const T = { timeout: scaled(60_000) };
const WILD = path.join(FIXTURES, 'namel3ss-wild');
let copy: string;

beforeAll(() => {
  // Tools here write files (that is what the sandbox is tested on): work on a copy.
  copy = path.join(tempDir('skillbench-n3wild-'), 'namel3ss-wild');
  fs.cpSync(WILD, copy, { recursive: true });
});
afterAll(() => fs.rmSync(path.dirname(copy), { recursive: true, force: true }));

function app(cleanup: Cleanup, rel: string, env: Record<string, string> = {}): { skill: Namel3ssSkill; ref: SkillRef; dir: string; workspace: (tool: string) => string } {
  const dir = path.join(copy, rel);
  const [ref] = namel3ssProtocol.detect(dir, copy);
  const home = cleanup.tempDir();
  const skill = namel3ssProtocol.create(ref, { logs: new LogSink(), messages: new MessageLog(), redactor: new Redactor(), home, env }) as Namel3ssSkill;
  return { skill, ref, dir, workspace: (tool) => toolWorkspace(workspacesFolder(home, ref.id), tool) };
}

/** The capability_check events of a call's trace, as namel3ss's runner reports them. */
function checksOf(out: CallOutcome): Record<string, unknown>[] {
  const events = (out.trace?.traces ?? []) as Record<string, unknown>[];
  return events.filter((e) => e.type === 'capability_check').map(({ capability, allowed, guarantee_source, reason }) => ({ capability, allowed, guarantee_source, reason }));
}

function refused(out: CallOutcome, code: string, message: string | RegExp): void {
  expect(out.ok).toBe(false);
  expect(out.error?.code).toBe(code);
  if (typeof message === 'string') expect(out.error?.message).toBe(message);
  else expect(out.error?.message).toMatch(message);
}

describe('finding every app under a folder', () => {
  it('finds apps side by side, one per program in a shared folder, and an app inside another', () => {
    const refs = discover(WILD);
    expect(refs.map((r) => [r.id, r.name])).toEqual([
      ['namel3ss-wild/capsule-app', 'capsule-app'],
      ['namel3ss-wild/pack-app', 'pack-app'],
      ['namel3ss-wild/sandboxed', 'sandboxed'],
      ['namel3ss-wild/service-client', 'service-client'],
      ['namel3ss-wild/service-code', 'service-code'],
      ['namel3ss-wild/several#alpha', 'alpha'],
      ['namel3ss-wild/several#beta', 'beta'],
      ['namel3ss-wild/several/nested', 'nested'],
    ]);
    const several = refs.filter((r) => r.dir.endsWith('several'));
    expect(several.map((r) => path.basename(r.entry!))).toEqual(['alpha.ai', 'beta.ai']);
  });

  it('keeps programs side by side separate: each has its own tools, with the folder\'s bindings', async ({ cleanup }) => {
    const [alpha, beta] = namel3ssProtocol.detect(path.join(copy, 'several'), copy);
    const ctx = () => ({ logs: new LogSink(), messages: new MessageLog(), redactor: new Redactor(), home: cleanup.tempDir(), env: {} });
    const a = namel3ssProtocol.create(alpha, ctx());
    const b = namel3ssProtocol.create(beta, ctx());
    expect((await a.start()).tools.map((t) => t.name)).toEqual(['alpha shout']);
    expect((await b.start()).tools.map((t) => t.name)).toEqual(['beta whisper']);
    expect(await a.call('alpha shout', { text: 'hi' })).toMatchObject({ ok: true, data: { text: 'HI!' } });
    expect((await a.call('beta whisper', { text: 'hi' })).error?.code).toBe('NOT_FOUND');
    expect(await b.call('beta whisper', { text: 'HI' })).toMatchObject({ ok: true, data: { text: 'hi...' } });
  });

  it('finds with --skill a program that list shows below a folder that is itself a skill', () => {
    // `several` holds two programs of its own, and an app below it.
    expect(resolveSkill(path.join(WILD, 'several'), { skill: 'nested' })).toMatchObject({ id: 'several/nested', name: 'nested' });
    expect(resolveSkill(path.join(WILD, 'several'), { skill: 'alpha' }).entry).toBe(path.join(WILD, 'several', 'alpha.ai'));
    expect(() => resolveSkill(path.join(WILD, 'several'), { skill: 'nowhere' })).toThrow(/No skill named "nowhere" at .*several\. Found: alpha, beta, nested\./);
    // The command itself, once.
    const res = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'inspect', path.join(WILD, 'several'), '--skill', 'nested', '--json'], { encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ name: 'nested', protocol: 'namel3ss' });
  });
});

describe('a capsule\'s folder opened on its own', () => {
  it('says it is the capsule of which program, and runs its tools as that program binds them', T, async ({ cleanup }) => {
    const dir = path.join(copy, 'capsule-app', 'modules', 'inventory');
    const [ref] = namel3ssProtocol.detect(dir, dir);
    expect(ref).toMatchObject({ name: 'inventory', description: 'namel3ss capsule "inventory" of the program app.ai in capsule-app, with 2 python tools' });
    const skill = namel3ssProtocol.create(ref, { logs: new LogSink(), messages: new MessageLog(), redactor: new Redactor(), home: cleanup.tempDir(), env: {} }) as Namel3ssSkill;
    const info = await skill.start();
    expect(info.notes[0]).toBe(`This folder is the capsule "inventory" of the program app.ai in ${path.join(copy, 'capsule-app')}: its tools are that program's, named "inventory.<tool>", bound in its ${path.join('.namel3ss', 'tools.yaml')}, and run as it runs them.`);
    expect(info.tools.map((t) => [t.name, /no binding|cannot run/.test(t.description ?? '')])).toEqual([
      ['inventory.count items', false],
      ['inventory.restock', false],
    ]);
    expect(await skill.call('inventory.count items', { sku: 'A-1' })).toMatchObject({ ok: true, data: { sku: 'A-1', count: 12 } });
    // A file of the capsule stands for the capsule too.
    expect(namel3ssProtocol.detectFile!(path.join(dir, 'stock.ai'), dir).map((r) => r.name)).toEqual(['inventory']);
  });
});

describe('capsules and foreign functions', () => {
  it('binds a capsule\'s tools as "<capsule>.<tool>", grouped under the capsule', T, async ({ cleanup }) => {
    const { skill } = app(cleanup, 'capsule-app');
    const info = await skill.start();
    expect(info.tools.map((t) => [t.name, t.group])).toEqual([
      ['calculate tax', undefined],
      ['inventory.count items', 'inventory'],
      ['inventory.restock', 'inventory'],
    ]);
    expect(info.notes.join('\n')).toContain('Program: app.ai (with modules/inventory/capsule.ai, modules/inventory/stock.ai).');
    const out = await skill.call('inventory.count items', { sku: 'A-1' });
    expect(out).toMatchObject({ ok: true, data: { sku: 'A-1', count: 12 }, trace: { tool: 'inventory.count items', entry: 'tools.inventory:count_items', resolved_source: 'binding' } });
    expect((await skill.call('count items', { sku: 'A-1' })).error?.code).toBe('NOT_FOUND');
  });

  it('runs a foreign python function sandboxed in its own workspace, without network, and takes its bare result', T, async ({ cleanup }) => {
    const { skill, dir, workspace } = app(cleanup, 'capsule-app');
    const info = await skill.start();
    expect(info.tools[0]).toMatchObject({ name: 'calculate tax', inputSchema: { required: ['amount', 'rate'] }, outputSchema: { type: 'number' } });
    const out = await skill.call('calculate tax', { amount: 100, rate: 0.2 });
    expect(out).toMatchObject({ ok: true, data: 20, trace: { declared_as: 'foreign', sandbox: true } });
    // Its workspace is in the skill's data folder: nothing it writes lands in the app.
    expect(fs.readFileSync(path.join(workspace('calculate tax'), 'last_amount.txt'), 'utf8')).toBe('100');
    expect(fs.existsSync(path.join(dir, 'last_amount.txt'))).toBe(false);
    expect(fs.existsSync(path.join(dir, '.namel3ss', 'foreign'))).toBe(false);
    const net = await skill.call('calculate tax', { amount: 1, rate: -1 });
    refused(net, 'CAPABILITY', /^What happened: Tool "calculate tax" cannot use the network\.\nWhy: Effective guarantees forbid network access \(GET http:\/\/127\.0\.0\.1:9\/\)\./);
    expect(net.trace).toMatchObject({ error_type: 'CapabilityViolation' });
    expect(checksOf(net)).toContainEqual({ capability: 'network', allowed: false, guarantee_source: 'engine', reason: 'guarantee_blocked' });
    // namel3ss frames a foreign call with its boundary events.
    expect((net.trace?.traces as Record<string, unknown>[]).map((e) => e.type)).toEqual(['boundary_start', ...checksOf(net).map(() => 'capability_check'), 'tool_call', 'boundary_end']);
    refused(await skill.call('calculate tax', { amount: '1', rate: 1 }), 'VALIDATION', /Input "amount" must be a number/);
  });
});

describe('packs', () => {
  it('runs an installed, enabled and verified pack\'s tool from the pack, with namel3ss\'s trace fields', T, async ({ cleanup }) => {
    const { skill } = app(cleanup, 'pack-app');
    const out = await skill.call('pack echo', { payload: { a: 1 } });
    expect(out).toMatchObject({
      ok: true,
      data: { result: { echo: { a: 1 }, from: 'acme.echo' } },
      trace: { resolved_source: 'installed_pack', pack_id: 'acme.echo', pack_name: 'Acme Echo', pack_version: '1.2.0', runner: 'local', sandbox: true },
    });
    expect(out.trace?.entry).toBeUndefined();
  });

  it('keeps a pack tool to what its capabilities allow: reads inside the app, not outside', T, async ({ cleanup }) => {
    const { skill, dir } = app(cleanup, 'pack-app');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'inside the app');
    expect(await skill.call('pack peek', { path: 'notes.txt' })).toMatchObject({ ok: true, data: { text: 'inside the app' } });
    const outside = path.join(cleanup.tempDir(), 'secret.txt');
    fs.writeFileSync(outside, 'outside');
    const out = await skill.call('pack peek', { path: outside });
    refused(out, 'CAPABILITY', new RegExp(`^What happened: Tool "pack peek" cannot read outside its workspace\\.\\nWhy: Filesystem access to ${outside.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is outside`));
    expect(checksOf(out)).toEqual([
      { capability: 'pack_permission', allowed: true, guarantee_source: 'pack', reason: 'pack_declared' },
      { capability: 'filesystem_read', allowed: false, guarantee_source: 'engine', reason: 'guarantee_blocked' },
    ]);
  });

  it('refuses an unverified pack, and a pack edited after it was verified, in namel3ss\'s words', T, async ({ cleanup }) => {
    const { skill, dir } = app(cleanup, 'pack-app');
    const unverified = await skill.call('unverified echo', { payload: 1 });
    refused(unverified, 'LAUNCH', 'What happened: Tool "unverified echo" is provided by an installed pack but is unavailable.\nWhy: Pack tool is not verified or enabled (packs: acme.unverified).\nFix: Run `n3 packs verify acme.unverified` then `n3 packs enable acme.unverified`.\nExample: n3 packs status');
    // namel3ss refuses it while resolving the binding, before the tool's runtime: its trace says so, and no more.
    expect(unverified.trace).toMatchObject({ type: 'tool_call', status: 'blocked', decision: 'blocked', reason: 'pack_unavailable_or_unverified', result: 'blocked' });
    expect(unverified.trace?.pack_id).toBeUndefined();
    // The digest is namel3ss's: the same files give the same digest, an edit breaks it.
    const packDir = path.join(dir, '.namel3ss', 'packs', 'acme.echo');
    const digest = JSON.parse(fs.readFileSync(path.join(packDir, 'verification.json'), 'utf8')).digest;
    expect(packDigest(fs.readFileSync(path.join(packDir, 'pack.yaml'), 'utf8'), fs.readFileSync(path.join(packDir, 'tools.yaml'), 'utf8'))).toBe(digest);
    fs.appendFileSync(path.join(packDir, 'tools.yaml'), '    timeout_ms: 9000\n');
    refused(await skill.call('pack echo', { payload: 1 }), 'LAUNCH', /provided by an installed pack but is unavailable/);
  });

  it('lists a built-in pack tool where namel3ss is missing, with the reason, and runs it where namel3ss is there', T, async ({ cleanup }) => {
    const { skill, dir } = app(cleanup, 'pack-app');
    const info = await skill.start();
    const lower = info.tools.find((t) => t.name === 'convert text to lowercase')!;
    expect(lower.description).toMatch(/built-in pack builtin\.text stable · namel3ss\.tool_packs\.text:lower · local runner · sandbox: [^·]* · cannot run here: Tool "convert text to lowercase" runs namel3ss\.tool_packs\.text:lower from the built-in pack builtin\.text, which is part of namel3ss, and namel3ss is not installed/);
    // namel3ss's own words (its runner's import fails), then the plainer reason.
    refused(await skill.call('convert text to lowercase', { text: 'Hi' }), 'LAUNCH', /^What happened: Python tool "convert text to lowercase" failed with ModuleNotFoundError\.\nWhy: No module named 'namel3ss'\n[\s\S]*\nHint: .*namel3ss is not installed in .*pip install namel3ss/);

    // An interpreter that has (a stand-in for) namel3ss: the app's .venv, laid out as `python -m venv` lays it out,
    // since the workbench reads what a venv has from its folders rather than run its interpreter.
    const fake = path.join(dir, '.venv', 'lib', 'python3.11', 'site-packages');
    fs.mkdirSync(path.join(fake, 'namel3ss', 'tool_packs'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.venv', 'pyvenv.cfg'), 'home = /usr/bin\nversion = 3.11.2\n');
    fs.writeFileSync(path.join(fake, 'namel3ss', '__init__.py'), '');
    fs.writeFileSync(path.join(fake, 'namel3ss', 'tool_packs', '__init__.py'), '');
    fs.writeFileSync(path.join(fake, 'namel3ss', 'tool_packs', 'text.py'), 'def lower(payload):\n    return {"result": payload["text"].lower()}\n');
    fs.mkdirSync(path.join(dir, '.venv', 'bin'), { recursive: true });
    const real = fs.realpathSync(realPython());
    fs.writeFileSync(path.join(dir, '.venv', 'bin', 'python'), `#!/bin/sh\nPYTHONPATH="${fake}:$PYTHONPATH" exec "${real}" "$@"\n`, { mode: 0o755 });
    try {
      const again = app(cleanup, 'pack-app').skill;
      await again.start();
      const out = await again.call('convert text to lowercase', { text: 'HeLLo' });
      expect(out).toMatchObject({ ok: true, data: { result: 'hello' }, trace: { resolved_source: 'builtin_pack', pack_id: 'builtin.text', pack_name: 'text', pack_version: 'stable', python_env: 'venv', sandbox: true } });
    } finally {
      fs.rmSync(path.join(dir, '.venv'), { recursive: true, force: true });
    }
  });
});

describe('sandbox and capability overrides in the local runner', () => {
  let tcp: CountingServer;
  let port = 0;
  beforeAll(async () => {
    tcp = await countingServer();
    port = tcp.port;
  });
  afterAll(() => tcp.close());

  it('refuses a file write the overrides forbid, with namel3ss\'s error and trace fields, and writes nothing', T, async ({ cleanup }) => {
    const { skill, dir } = app(cleanup, 'sandboxed');
    const out = await skill.call('user writes file', { path: 'blocked.txt' });
    refused(out, 'CAPABILITY', 'What happened: Tool "user writes file" cannot write to the filesystem.\nWhy: Effective guarantees forbid filesystem access (blocked.txt).\nFix: Remove the restriction or choose a tool that does not need the capability.\nExample: [capability_overrides]\\n"user writes file" = { no_filesystem_write = true }');
    expect(out.error?.details).toMatchObject({ type: 'CapabilityViolation', reason_code: 'guarantee_blocked' });
    expect(out.trace).toMatchObject({
      tool: 'user writes file',
      resolved_source: 'binding',
      runner: 'local',
      entry: 'tools.user_file:run',
      sandbox: true,
      status: 'error',
      error_type: 'CapabilityViolation',
    });
    expect(checksOf(out)).toEqual([{ capability: 'filesystem_write', allowed: false, guarantee_source: 'user', reason: 'guarantee_blocked' }]);
    expect(fs.existsSync(path.join(dir, 'blocked.txt'))).toBe(false);
  });

  it('refuses the network where the overrides forbid it: no connection is made', T, async ({ cleanup }) => {
    const { skill } = app(cleanup, 'sandboxed');
    const before = tcp.connections;
    const out = await skill.call('fetch page', { port });
    refused(out, 'CAPABILITY', new RegExp(`^What happened: Tool "fetch page" cannot use the network\\.\\nWhy: Effective guarantees forbid network access \\(CONNECT socket://127\\.0\\.0\\.1:${port}\\)\\.`));
    expect(tcp.connections).toBe(before);
  });

  it('refuses, before it starts, a tool whose guarantees need a sandbox it does not have', T, async ({ cleanup }) => {
    const { skill, dir } = app(cleanup, 'sandboxed');
    const out = await skill.call('unguarded writer', { path: 'unguarded.txt' });
    refused(out, 'CAPABILITY', 'What happened: Tool "unguarded writer" requires sandbox enforcement.\nWhy: Sandbox is disabled but guarantees require: filesystem_write.\nFix: Enable sandbox in tools.yaml or relax the capability overrides.\nExample: sandbox: true');
    // Refused in namel3ss's preflight: the trace has the runner but none of its metadata (no sandbox, no python_path).
    expect(out.trace).toMatchObject({ runner: 'local', error_type: 'Namel3ssError', decision: 'allowed', result: 'error' });
    expect(out.trace?.sandbox).toBeUndefined();
    expect(checksOf(out)).toEqual([{ capability: 'filesystem_write', allowed: false, guarantee_source: 'user', reason: 'coverage_missing' }]);
    expect(out.trace?.exit_code).toBeUndefined();
    expect(fs.existsSync(path.join(dir, 'unguarded.txt'))).toBe(false);
  });

  it('lets a sandboxed tool with no restriction write in its workspace, and records the allowed check', T, async ({ cleanup }) => {
    const { skill, dir, workspace } = app(cleanup, 'sandboxed');
    const out = await skill.call('free writer', { path: 'free.txt' });
    expect(out).toMatchObject({ ok: true, data: { ok: true }, trace: { sandbox: true } });
    expect(checksOf(out)).toEqual([{ capability: 'filesystem_write', allowed: true, guarantee_source: 'pack', reason: 'guarantee_allowed' }]);
    expect(fs.readFileSync(path.join(workspace('free writer'), 'free.txt'), 'utf8')).toBe('written');
    expect(fs.existsSync(path.join(dir, 'free.txt'))).toBe(false);
    // Not its app: namel3ss's guard refuses, in its words.
    const app_ = await skill.call('free writer', { path: path.join(dir, '.namel3ss', 'tools.yaml') });
    expect(app_.error?.message).toMatch(/^What happened: Tool "free writer" cannot write outside its workspace\./);
    expect(fs.readFileSync(path.join(dir, '.namel3ss', 'tools.yaml'), 'utf8')).toContain('sandbox: true');
  });
});

describe('the service runner', () => {
  let service: ChildProcess;
  let url = '';
  beforeAll(async () => {
    service = spawn(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'n3-service', path.join(copy, 'service-code'), '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      service.stdout!.on('data', (d) => {
        out += d;
        const m = /"url": "([^"]+)"/.exec(out);
        if (m) resolve(m[1]);
      });
      service.on('exit', (code) => reject(new Error(`n3-service exited ${code}`)));
    });
  }, scaled(30_000));
  afterAll(async () => {
    const exited = new Promise<number | null>((r) => service.on('exit', (c) => r(c)));
    service.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it("runs tools only at its address with the token, answers only for 127.0.0.1, and keeps namel3ss's handshake at the origin", T, async () => {
    const u = new URL(url);
    expect(u.pathname).toMatch(/^\/[A-Za-z0-9_-]{16,}\/tools$/);
    const call = { protocol_version: 1, tool_name: 'remote greet', kind: 'python', entry: 'tools.remote:greet', payload: { name: 'Ada' } };
    const post = (to: string, host?: string) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify(call);
        const req = http.request(to, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(host ? { host } : {}) } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(body);
      });
    expect(await post(`${u.origin}/tools`)).toBe(404);
    expect(await post(`${u.origin}/not-the-token/tools`)).toBe(404);
    expect(await post(url, `evil.example:${u.port}`)).toBe(403);
    expect(await post(`${u.origin}/capabilities/handshake`)).toBe(200);
  });

  it('runs a service-bound tool with no local module file, after the handshake, and shows the URL as healthy', T, async ({ cleanup }) => {
    const { skill, dir } = app(cleanup, 'service-client', { N3_TOOL_SERVICE_URL: url });
    expect(fs.existsSync(path.join(dir, 'tools'))).toBe(false);
    const info = await skill.start();
    expect(info.services).toEqual([
      { tool: 'remote greet', url, health: 'ok', detail: 'answers: HTTP 200, namel3ss tools (protocol 1)' },
      { tool: 'remote writer', url, health: 'ok', detail: 'answers: HTTP 200, namel3ss tools (protocol 1)' },
    ]);
    const out = await skill.call('remote greet', { name: 'Ada' });
    expect(out).toMatchObject({ ok: true, data: { message: 'Hello Ada, from the service in service-code' }, trace: { runner: 'service', service_url: url, service_handshake: true, enforcement_level: 'enforced' } });
  });

  it('has the service enforce what the handshake asked for: a forbidden write is refused there', T, async ({ cleanup }) => {
    const { skill } = app(cleanup, 'service-client', { N3_TOOL_SERVICE_URL: url });
    const out = await skill.call('remote writer', { path: 'service-wrote.txt' });
    refused(out, 'CAPABILITY', /^What happened: Tool "remote writer" cannot write to the filesystem\./);
    expect(fs.existsSync(path.join(copy, 'service-code', 'service-wrote.txt'))).toBe(false);
  });

  it('refuses a tool whose guarantees a service does not enforce, before posting the call', T, async ({ cleanup }) => {
    let calls = 0;
    const weak = http.createServer((req, res) => {
      if (req.url === '/capabilities/handshake') res.end(JSON.stringify({ ok: true, enforcement: 'none', supported_guarantees: {} }));
      else if (req.method === 'POST') {
        calls++;
        res.end(JSON.stringify({ ok: true, result: { message: 'from the weak service' } }));
      } else res.end('{}');
    });
    await new Promise<void>((r) => weak.listen(0, '127.0.0.1', r));
    try {
      const { skill } = app(cleanup, 'service-client', { N3_TOOL_SERVICE_URL: `http://127.0.0.1:${(weak.address() as net.AddressInfo).port}/tools` });
      const out = await skill.call('remote writer', { path: 'x.txt' });
      refused(out, 'CAPABILITY', 'What happened: Tool "remote writer" cannot run on the service runner.\nWhy: Service enforcement is none. Missing guarantees: filesystem_write.\nFix: Update the service to enforce the guarantees or switch runners.\nExample: n3 tools set-runner "remote writer" --runner local');
      expect(out.trace).toMatchObject({ service_handshake: true, enforcement_level: 'none' });
      expect(checksOf(out)).toEqual([
        { capability: 'network', allowed: true, guarantee_source: 'pack', reason: 'guarantee_allowed' },
        { capability: 'filesystem_write', allowed: false, guarantee_source: 'user', reason: 'coverage_missing' },
      ]);
      expect(calls).toBe(0);
      // A tool with no guarantees goes through.
      expect(await skill.call('remote greet', { name: 'x' })).toMatchObject({ ok: true });
      expect(calls).toBe(1);
    } finally {
      await new Promise((r) => weak.close(r));
    }
  });

  it('says plainly that nothing answers at a URL where no service runs', T, async ({ cleanup }) => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const { skill } = app(cleanup, 'service-client', { N3_TOOL_SERVICE_URL: `http://127.0.0.1:${port}/tools` });
    const info = await skill.start();
    expect(info.services?.[0]).toMatchObject({ health: 'unreachable', detail: expect.stringMatching(/connection refused.*skillbench(\.cjs)? n3-service/) });
  });
});

function realPython(): string {
  const py = systemPython();
  if (path.isAbsolute(py)) return py;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const p = path.join(dir, py);
    if (fs.existsSync(p)) return p;
  }
  return py;
}
