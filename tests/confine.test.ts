/**
 * "Confine this skill" (`--confine`): any protocol's process confined by the operating system. On Linux,
 * real skills under Landlock and seccomp: a Python JSON-RPC skill and a Node MCP server. macOS's
 * sandbox-exec cannot run here: its profile's text is checked instead.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { confinePolicy, confineSupport, darwinProfile, type ConfinePolicy } from '../src-main/host/confine';
import { pythonResources, systemPython } from '../src-main/host/paths';
import { skillFolder, skillPaths } from '../src-main/host/workbench-home';
import { writeSettings } from '../src-main/runtime/skill-settings';
import { processContext } from '../src-main/cli/context';
import { openSkill } from '../src-main/cli/open-skill';
import { resolveSkill } from '../src-main/protocols/discover';
import { SkillRuntime } from '../src-main/runtime/skill-runtime';
import { countingServer, FIXTURES, type CountingServer } from './helpers';
import { scaled } from './machine-factor';

const T = { timeout: scaled(60_000) };
const linux = process.platform === 'linux' && confineSupport().landlockAbi >= 4;
let tcp: CountingServer;
let port = 0;
beforeAll(async () => {
  tcp = await countingServer();
  port = tcp.port;
});
afterAll(() => tcp.close());

function probe(cleanup: Cleanup, network: boolean) {
  const home = cleanup.tempDir();
  const ref = resolveSkill(path.join(FIXTURES, 'confine-probe'), { protocol: 'jsonrpc' });
  const rt = cleanup.add(SkillRuntime.withSettings(ref, home, { restart: { enabled: false }, confine: { network } }));
  const tryOp = async (args: Record<string, unknown>) => {
    const out = await rt.call('try', args);
    return out.text ?? JSON.stringify(out.error);
  };
  return { rt, home, ref, tryOp };
}

describe.runIf(linux)('a confined skill on Linux (Landlock + seccomp, through the confine launcher)', () => {
  it('writes only to its data folder and its private temporary folder, reads nothing of the workbench home, has no network', T, async ({ cleanup }) => {
    const { rt, home, ref, tryOp } = probe(cleanup, false);
    fs.writeFileSync(path.join(home, 'secrets.json'), '{"k": "SECRET-IN-HOME"}');
    fs.writeFileSync(path.join(home, 'secret.key'), 'KEY-IN-HOME');
    const other = skillPaths(home, 'someone-else').dataDir;
    fs.mkdirSync(other, { recursive: true });
    fs.writeFileSync(path.join(other, 'state.json'), 'OTHER-SKILL');
    const outside = cleanup.tempDir();
    const info = await rt.start();
    expect(info.confinement).toMatch(/^Confined by Landlock ABI \d+ \+ seccomp: writes only to its data folder and a private temporary folder; .*no network; the workbench's home out of reach\.$/);
    const data = skillPaths(home, ref.id).dataDir;
    expect(await tryOp({ op: 'write', path: path.join(data, 'mine.txt') })).toBe('ok: written');
    expect(await tryOp({ op: 'tmp' })).toMatch(/^ok: .*skillbench-/);
    expect(await tryOp({ op: 'write', path: path.join(outside, 'x.txt') })).toMatch(/^refused: PermissionError/);
    expect(await tryOp({ op: 'write', path: path.join(os.homedir(), `.skillbench-confine-${process.pid}`) })).toMatch(/^refused: PermissionError/);
    for (const file of [path.join(home, 'secrets.json'), path.join(home, 'secret.key'), path.join(other, 'state.json')]) {
      expect(await tryOp({ op: 'read', path: file })).toMatch(/^refused: PermissionError/);
    }
    const before = tcp.connections;
    expect(await tryOp({ op: 'connect', port })).toMatch(/^refused: PermissionError/);
    expect(tcp.connections).toBe(before);
    expect(await tryOp({ op: 'exec', argv: ['/bin/echo', 'programs run'] })).toBe('ok: programs run');
    expect(fs.existsSync(path.join(outside, 'x.txt'))).toBe(false);
  });

  it('allows the network when its settings do', T, async ({ cleanup }) => {
    const { rt, tryOp } = probe(cleanup, true);
    expect((await rt.start()).confinement).toContain('network allowed');
    expect(await tryOp({ op: 'connect', port })).toBe('ok: connected');
  });

  it('confines a Node MCP server too: Landlock and seccomp survive execve', T, async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const server = path.join(FIXTURES, 'mcp-conformance-server', 'server.mjs');
    const ref = resolveSkill(path.dirname(server), { protocol: 'mcp' });
    const rt = cleanup.add(SkillRuntime.withSettings(ref, home, { restart: { enabled: false }, confine: { network: false } }));
    const info = await rt.start();
    expect(info.tools.length).toBeGreaterThan(0);
    expect(info.confinement).toMatch(/^Confined by Landlock/);
    expect(rt.logs.entries().map((e) => e.text).join('\n')).toContain('skillbench: confined:');
  });

  it('follows the skill\'s saved setting ("Confine this skill"), read at each start', T, async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const ref = resolveSkill(path.join(FIXTURES, 'confine-probe'), { protocol: 'jsonrpc' });
    const rt = cleanup.add(SkillRuntime.withSettings(ref, home, { restart: { enabled: false } }));
    expect((await rt.start()).confinement).toBeUndefined();
    await rt.stop();
    writeSettings(skillFolder(home, ref.id), ref.id, { confine: true }, rt.homeStores.secrets);
    expect((await rt.start()).confinement).toMatch(/^Confined by Landlock .*no network/);
    expect((await rt.call('try', { op: 'connect', port })).text).toMatch(/^refused: PermissionError/);
    expect(() => writeSettings(skillFolder(home, ref.id), ref.id, { confine: 'yes' as unknown as boolean }, rt.homeStores.secrets)).toThrow(/Confine this skill/);
  });

  it('is what --confine asks for on the command line', T, async ({ cleanup }) => {
    const ctx = { ...processContext(), env: { ...process.env, SKILLBENCH_HOME: cleanup.tempDir() }, atEnd: () => undefined };
    const rt = cleanup.add(openSkill(ctx, path.join(FIXTURES, 'confine-probe'), { protocol: 'jsonrpc', confine: true }));
    expect((await rt.start()).confinement).toMatch(/^Confined by Landlock .*no network/);
    const out = await rt.call('try', { op: 'connect', port });
    expect(out.text).toMatch(/^refused: PermissionError/);
    const plain = cleanup.add(openSkill(ctx, path.join(FIXTURES, 'confine-probe'), { protocol: 'jsonrpc' }));
    expect((await plain.start()).confinement).toBeUndefined();
  });

  it('holds for an unprivileged user as for root', T, ({ cleanup }) => {
    const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => fs.existsSync(p));
    if (process.getuid?.() !== 0 || !setpriv) return;
    const dir = cleanup.tempDir();
    fs.chmodSync(dir, 0o777);
    const policy: ConfinePolicy = { read: [], write: [], exec: [], network: false, spawn: true, tmp: path.join(dir, 'tmp') };
    const python = fs.realpathSync('/usr/bin/python3');
    const run = spawnSync(setpriv, ['--reuid=65534', '--regid=65534', '--clear-groups', python, path.join(pythonResources(), 'skillbench_confine.py'), '--policy', JSON.stringify(policy), '--', '/bin/sh', '-c', `id -u; echo x > ${dir}/out.txt; echo x > ${dir}/tmp/in.txt && echo tmp-ok`], { encoding: 'utf8' });
    expect(run.stdout.trim().split('\n')).toEqual(['65534', 'tmp-ok']);
    expect(run.stderr).toContain('Permission denied');
    expect(fs.existsSync(path.join(dir, 'out.txt'))).toBe(false);
  });
});

describe('the confine launcher and its policy', () => {
  it('reads the skill, its arguments that are paths and its interpreter; writes its data folder', () => {
    const p = confinePolicy({ command: systemPython(), args: ['/usr/lib', 'not-a-path'], cwd: '/srv/skill', env: { PATH: process.env.PATH } }, { skillDir: '/srv/skill', dataDir: '/home/u/wb/skills/x/data', network: false }, '/tmp/t');
    expect(p.read).toEqual(expect.arrayContaining(['/srv/skill', pythonResources(), '/usr/lib']));
    expect(p.write).toEqual(['/home/u/wb/skills/x/data']);
    expect(p).toMatchObject({ network: false, spawn: true, tmp: '/tmp/t' });
  });

  it('writes a sandbox-exec profile for macOS that denies by default (not run here: these tests run on Linux)', () => {
    const p: ConfinePolicy = { read: ['/srv/skill'], write: ['/wb/skills/x/data'], exec: ['/srv/skill'], network: false, spawn: true, tmp: '/tmp/t' };
    const text = darwinProfile(p);
    expect(text.split('\n').slice(0, 2)).toEqual(['(version 1)', '(deny default)']);
    expect(text).toContain('(allow file-write* (subpath "/wb/skills/x/data") (subpath "/tmp/t") (literal "/dev/null"))');
    expect(text).toMatch(/\(allow file-read\*[^\n]*\(subpath "\/srv\/skill"\)/);
    expect(text).not.toContain('network');
    expect(darwinProfile({ ...p, network: true })).toContain('(allow network*)');
    expect(text).not.toMatch(/file-read\*[^\n]*subpath "\/Users"/);
  });

  it.runIf(process.platform === 'linux')('says what the kernel can enforce, and whether a cgroup v2 group per skill can be made', () => {
    const s = confineSupport();
    expect(s.platform).toBe('linux');
    expect(typeof s.landlockAbi).toBe('number');
    expect(s.cgroup2).toMatch(/^(yes|no: .+)$/);
  });
});
