/**
 * The ways out of a namel3ss sandbox, tried by real Python tools (tests/fixtures/sandbox-routes/tools):
 * files written through every API, file mutations, links, reads of a home's keys and the workbench's
 * secrets, programs started every way, signals to the runner, sockets of every family, the environment,
 * ctypes and raw system calls, reloaded modules and the guard's own originals, and the ways to rewrite the app
 * for a later run (its bindings, config, program, capsules, modules, sitecustomize.py, stdlib-named modules, .pth
 * files, bytecode, links and moves; tools/routes_persist.py). On Linux with Landlock each
 * must be blocked; what is out of reach is listed in the README's Security section, not here.
 */
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { LogSink } from '../src-main/engine/log-sink';
import { MessageLog } from '../src-main/engine/message-log';
import { Redactor } from '../src-main/engine/redactor';
import { confineSupport } from '../src-main/host/confine';
import { namel3ssProtocol, type Namel3ssSkill } from '../src-main/protocols/namel3ss';
import { toolWorkspace, workspacesFolder } from '../src-main/protocols/namel3ss/plan';
import { FIXTURES, tempDir } from './helpers';
import { scaled } from './machine-factor';

const T = { timeout: scaled(120_000) };
const linux = process.platform === 'linux' && confineSupport().landlockAbi >= 4;
const SECRET = 'route-secret-value-5b1f';
/** tools/routes_persist.py: each rewrites the app for a later run. */
const PERSIST_ROUTES = [
  ...['persist_rewrite_bindings', 'persist_delete_bindings', 'persist_rename_bindings', 'persist_other_namel3ss_file', 'persist_config_overrides'],
  ...['persist_program', 'persist_capsule', 'persist_sibling_module', 'persist_tools_init', 'persist_sitecustomize', 'persist_stdlib_json'],
  ...['persist_stdlib_ctypes', 'persist_stdlib_encodings', 'persist_pth', 'persist_venv_pth', 'persist_pycache', 'persist_symlink_to_bindings'],
  ...['persist_hardlink_bindings', 'persist_move_module_out', 'persist_relative_write', 'persist_any_file_in_app'],
];

let root: string;
let spec: Record<string, unknown>;
let received: string[] = [];
let victimStat: fs.Stats;
const servers: { close: () => void }[] = [];

beforeAll(async () => {
  root = tempDir('skillbench-routes-');
  const out = path.join(root, 'outside');
  const home = path.join(root, 'home');
  const wb = path.join(root, 'workbench-home');
  for (const d of [out, path.join(out, 'victim-dir'), path.join(home, '.ssh'), path.join(wb, 'skills', 'other', 'data')]) fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(out, 'victim.txt'), 'victim');
  victimStat = fs.statSync(path.join(out, 'victim.txt'));
  fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY');
  fs.writeFileSync(path.join(wb, 'secrets.json'), '{"secret": true}');
  fs.writeFileSync(path.join(wb, 'secret.key'), 'KEY');
  fs.writeFileSync(path.join(wb, 'skills', 'other', 'data', 'state.json'), '{"token": "other"}');
  const tcp = net.createServer((s) => {
    received.push('tcp');
    s.end('HTTP/1.0 200 OK\r\n\r\n');
  });
  await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
  const udp = dgram.createSocket('udp4');
  udp.on('message', (m) => received.push(`udp:${m.toString()}`));
  await new Promise<void>((r) => udp.bind(0, '127.0.0.1', r));
  const unixPath = path.join(root, 'u.sock');
  const unix = net.createServer((s) => received.push('unix') && s.end());
  await new Promise<void>((r) => unix.listen(unixPath, r));
  const abstract = `skillbench-routes-${process.pid}`;
  const abs = net.createServer((s) => received.push('abstract') && s.end());
  await new Promise<void>((r) => abs.listen(`\0${abstract}`, r));
  servers.push(tcp, { close: () => udp.close() }, unix, abs);
  spec = {
    out,
    victim: path.join(out, 'victim.txt'),
    victim_dir: path.join(out, 'victim-dir'),
    secret: path.join(home, '.ssh', 'id_ed25519'),
    wb_secrets: path.join(wb, 'secrets.json'),
    wb_key: path.join(wb, 'secret.key'),
    other_data: path.join(wb, 'skills', 'other', 'data', 'state.json'),
    tcp: (tcp.address() as net.AddressInfo).port,
    udp: udp.address().port,
    unix: unixPath,
    abstract,
  };
});
afterAll(() => {
  for (const s of servers) s.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function app(cleanup: Cleanup): { skill: Namel3ssSkill; dir: string; workspace: (tool: string) => string } {
  const dir = path.join(cleanup.tempDir(), 'routes-app');
  fs.cpSync(path.join(FIXTURES, 'sandbox-routes'), dir, { recursive: true });
  const [ref] = namel3ssProtocol.detect(dir, path.dirname(dir));
  const env = { ROUTE_SECRET: SECRET };
  const home = cleanup.tempDir();
  const skill = namel3ssProtocol.create(ref, { logs: new LogSink(), messages: new MessageLog(), redactor: new Redactor(), home, env }) as Namel3ssSkill;
  return { skill, dir, workspace: (tool) => toolWorkspace(workspacesFolder(home, ref.id), tool) };
}

/** Every file and link under a folder with its content (or target), to show a call changed nothing. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const p = path.join(e.parentPath, e.name);
    out[path.relative(dir, p)] = e.isSymbolicLink() ? `-> ${fs.readlinkSync(p)}` : e.isFile() ? fs.readFileSync(p).toString('base64') : 'dir';
  }
  return out;
}

function outsideUntouched(dir: string, linksInApp = false): void {
  expect(fs.readdirSync(spec.out as string).sort()).toEqual(['victim-dir', 'victim.txt']);
  expect(fs.readFileSync(spec.victim as string, 'utf8')).toBe('victim');
  const now = fs.statSync(spec.victim as string);
  expect([now.mode, now.uid, now.gid, now.mtimeMs]).toEqual([victimStat.mode, victimStat.uid, victimStat.gid, victimStat.mtimeMs]);
  expect(fs.readdirSync('/tmp').filter((f) => f.startsWith('skillbench-route-'))).toEqual([]);
  // Where it may write in the app, a symbolic link there is allowed; reading through it is not (the route's result).
  if (!linksInApp) expect(fs.readdirSync(dir).filter((f) => f.startsWith('stolen-'))).toEqual([]);
}

describe.runIf(linux)('a pure tool (all six guarantees) on Linux: Landlock and seccomp', () => {
  it('blocks every route, answers (so no signal reached the runner), and says how it was enforced', T, async ({ cleanup }) => {
    const { skill, dir } = app(cleanup);
    received = [];
    const out = await skill.call('pure routes', { spec });
    expect(out.error).toBeUndefined();
    const results = (out.data as { results: Record<string, string> }).results;
    const escaped = Object.entries(results).filter(([, v]) => !v.startsWith('blocked'));
    expect(escaped).toEqual([]);
    expect(Object.keys(results).length).toBeGreaterThanOrEqual(62);
    expect(JSON.stringify(results)).not.toContain(SECRET);
    expect(JSON.stringify(results)).not.toContain('PRIVATE KEY');
    outsideUntouched(dir);
    expect(received).toEqual([]);
    expect(out.trace?.enforcement).toMatch(/^isolated: no network \(Landlock\+seccomp\), no file writes \(Landlock\).*no subprocesses \(Landlock\+seccomp\), secrets withheld/);
    // namel3ss's own refusals still come first where its guard sees the call.
    expect(results.write_open).toContain('CapabilityViolation: What happened: Tool "pure routes" cannot write to the filesystem.');
    expect(results.env_secret).toContain('cannot read environment variables');
    const info = await skill.start();
    expect(info.tools.find((t) => t.name === 'pure routes')?.description).toMatch(/local runner · sandbox: no network \(Landlock\+seccomp\), no file writes \(Landlock\), reads only the interpreter/);
  });

  it('keeps the protocol descriptor from the tool: a forged answer and forged checks do not reach the host', T, async ({ cleanup }) => {
    const { skill } = app(cleanup);
    const out = await skill.call('forger', { spec });
    // It found the reply channel between it and the runner (its own process's pipe): the runner trusts none of it.
    expect(out.error?.code).toBe('TOOL');
    expect(out.error?.message).toContain("wrote to the runner's reply channel itself");
    expect(JSON.stringify([out.data, out.trace])).not.toContain('FORGED'); // its writes to stderr are in the log, as prints are
    const checks = (out.trace?.capability_checks ?? []) as Record<string, unknown>[];
    expect(checks.filter((c) => c.allowed === true && c.capability === 'network')).toEqual([]);
  });
});

describe.runIf(linux)('what a pure tool still does on Linux', () => {
  it('runs threads and imports more of the standard library; namel3ss\'s guard still refuses a read of its own code', T, async ({ cleanup }) => {
    const { skill } = app(cleanup);
    const out = await skill.call('pure controls', { spec: {} });
    expect(out.error).toBeUndefined();
    expect(out.data).toEqual({ results: { thread: true, stdlib_import: true, own_code: 'What happened: Tool "pure controls" cannot read from the filesystem.' } });
  });
});

describe.runIf(linux)('sandbox: true with no guarantee, on Linux', () => {
  it('still writes nothing outside its workspace and reads nothing of the home or the workbench', T, async ({ cleanup }) => {
    const { skill, dir } = app(cleanup);
    const only = [
      ...['write_open', 'write_underscore_io', 'write_posix_open', 'write_reloaded_io', 'write_tmp_outside_private', 'mkdir', 'rename', 'unlink', 'rmdir'],
      ...['hardlink', 'hardlink_secret_into_app', 'symlink', 'symlink_secret_into_app', 'truncate', 'sqlite3_connect', 'mmap_write', 'ctypes_libc_open'],
      ...['chown', 'setxattr'],
      ...['read_ssh_key', 'read_workbench_secrets', 'read_workbench_key', 'read_other_skill_data', 'read_ctypes', 'list_home', 'read_parent_environ', 'kill_parent'],
    ];
    const out = await skill.call('boxed routes', { spec: { ...spec, only } });
    expect(out.error).toBeUndefined();
    const results = (out.data as { results: Record<string, string> }).results;
    expect(Object.entries(results).filter(([, v]) => !v.startsWith('blocked'))).toEqual([]);
    expect(Object.keys(results)).toHaveLength(only.length);
    outsideUntouched(dir, true);
    expect(out.trace?.enforcement).toMatch(/no writes outside its workspace and a private temporary folder \(Landlock\)/);
    const info = await skill.start();
    expect(info.tools.find((t) => t.name === 'boxed routes')?.description).toMatch(/sandbox: no writes outside its workspace and a private temporary folder \(Landlock\), reads only the app, the interpreter and the system \(Landlock\)/);
  });

  it('lets it write in its workspace, outside the app, which it keeps from call to call', T, async ({ cleanup }) => {
    const { skill, dir, workspace } = app(cleanup);
    const out = await skill.call('boxed routes', { spec: { ...spec, out: workspace('boxed routes'), only: ['write_open'] } });
    expect((out.data as { results: Record<string, string> }).results.write_open).toMatch(/^ESCAPED/);
    expect(fs.readFileSync(path.join(workspace('boxed routes'), 'open.txt'), 'utf8')).toBe('x');
    expect(path.relative(dir, workspace('boxed routes')).startsWith('..')).toBe(true);
  });

  it('cannot rewrite its app for a later run: bindings, config, program, capsules, modules, planted imports, links', T, async ({ cleanup }) => {
    const { skill, dir } = app(cleanup);
    const before = tree(dir);
    const only = PERSIST_ROUTES;
    const out = await skill.call('boxed routes', { spec: { ...spec, only } });
    expect(out.error).toBeUndefined();
    const results = (out.data as { results: Record<string, string> }).results;
    expect(Object.entries(results).filter(([, v]) => !v.startsWith('blocked'))).toEqual([]);
    expect(Object.keys(results)).toHaveLength(only.length);
    expect(tree(dir)).toEqual(before);
    // Its next call is as sandboxed as the first.
    const again = await skill.call('boxed routes', { spec: { ...spec, only: ['list_home', 'write_open'] } });
    expect(again.trace?.enforcement).toMatch(/^isolated: /);
    expect(Object.values((again.data as { results: Record<string, string> }).results).every((v) => v.startsWith('blocked'))).toBe(true);
  });
});

describe('where the kernel cannot confine: the Python guard alone ("guarded, not isolated")', () => {
  it('says so in the label and the trace, refuses what its guard sees with namel3ss\'s text, and lets the rest out', T, async ({ cleanup }) => {
    const before = process.env.SKILLBENCH_CONFINE;
    process.env.SKILLBENCH_CONFINE = 'off';
    try {
      const { skill, dir } = app(cleanup);
      const only = ['write_open', 'env_secret', 'subprocess_run', 'write_posix_open'];
      const out = await skill.call('pure routes', { spec: { ...spec, out: cleanup.tempDir(), only } });
      const results = (out.data as { results: Record<string, string> }).results;
      expect(out.trace?.enforcement).toBe('guarded, not isolated');
      expect(results.write_open).toContain('cannot write to the filesystem');
      expect(results.env_secret).toContain('cannot read environment variables');
      expect(results.subprocess_run).toContain('cannot start a subprocess');
      // What the guard does not see gets out: why the label does not say "isolated" here.
      expect(results.write_posix_open).toMatch(/^ESCAPED/);
      const info = await skill.start();
      expect(info.tools.find((t) => t.name === 'pure routes')?.description).toContain('sandbox: guarded, not isolated (no network, no file writes, no file reads, no subprocesses, no environment variables (withheld): refused by a Python-level guard)');
      // With no guarantee, the guard still keeps its writes to its workspace: its bindings stay as they are.
      const bindings = fs.readFileSync(path.join(dir, '.namel3ss', 'tools.yaml'), 'utf8');
      const boxed = await skill.call('boxed routes', { spec: { ...spec, only: ['persist_rewrite_bindings', 'persist_sitecustomize', 'persist_relative_write'] } });
      expect(Object.values((boxed.data as { results: Record<string, string> }).results)).toEqual([
        expect.stringContaining('cannot write outside its workspace'),
        expect.stringContaining('cannot write outside its workspace'),
        'blocked: it returned nothing',
      ]);
      expect(fs.readFileSync(path.join(dir, '.namel3ss', 'tools.yaml'), 'utf8')).toBe(bindings);
      expect(fs.existsSync(path.join(dir, 'sitecustomize.py'))).toBe(false);
    } finally {
      if (before === undefined) delete process.env.SKILLBENCH_CONFINE;
      else process.env.SKILLBENCH_CONFINE = before;
    }
  });
});
