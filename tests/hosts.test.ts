/**
 * Finding agent hosts without running them (hosts/host-find.ts) on real folders laid out as npm and Claude Code's
 * native installer lay them out, `skillbench hosts` over them, and reading a host's first request
 * (hosts/host-request.ts) in the shape Claude Code 2.1 sends it. The real Claude Code is the long proof
 * tests/claude-code-host.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { compareVersions, findHosts, pickHost } from '../src-main/hosts/host-find';
import { hostKind, parseHostSpec } from '../src-main/hosts/host-kinds';
import { catalogLines, readHostRequest } from '../src-main/hosts/host-request';

/** An npm install of Claude Code into `<home>/hosts/claude-code@<version>`, as `hosts add` leaves one. */
function fakeInstall(home: string, version: string, withBinary = true): string {
  const modules = path.join(home, 'hosts', `claude-code@${version}`, 'node_modules', '@anthropic-ai');
  fs.mkdirSync(path.join(modules, 'claude-code'), { recursive: true });
  fs.writeFileSync(path.join(modules, 'claude-code', 'package.json'), JSON.stringify({ name: '@anthropic-ai/claude-code', version }));
  const bin = path.join(modules, `claude-code-${process.platform}-${process.arch}`, 'claude');
  if (withBinary) {
    fs.mkdirSync(path.dirname(bin), { recursive: true });
    // A binary that fails the test if anything runs it: finding a host never does.
    fs.writeFileSync(bin, '#!/bin/sh\necho ran >&2\nexit 99\n', { mode: 0o755 });
  }
  return bin;
}

describe('finding hosts', () => {
  it('lists installed versions newest first (2.1.10 after 2.1.9), skips a half install, and says where a host is nowhere', ({ cleanup }) => {
    const home = cleanup.tempDir();
    fakeInstall(home, '2.1.9');
    const newest = fakeInstall(home, '2.1.10');
    fakeInstall(home, '2.1.11', false);
    const hosts = findHosts(home, { PATH: '' });
    expect(hosts.filter((h) => h.id === 'claude-code').map((h) => [h.version, h.source])).toEqual([
      ['2.1.10', 'home'],
      ['2.1.9', 'home'],
    ]);
    expect(hosts[0].path).toBe(newest);
    expect(hosts.find((h) => h.id === 'codex')).toMatchObject({ found: false, path: null, version: null, proxied: false });
    expect(pickHost(home, { PATH: '' }, hostKind('claude-code')!).version).toBe('2.1.10');
    expect(pickHost(home, { PATH: '' }, hostKind('claude-code')!, '2.1.9').version).toBe('2.1.9');
    expect(() => pickHost(home, { PATH: '' }, hostKind('claude-code')!, '2.0.1')).toThrow('claude-code@2.0.1 is not installed: run "skillbench hosts add claude-code@2.0.1"');
    expect(() => pickHost(home, { PATH: '' }, hostKind('gemini-cli')!)).toThrow('gemini-cli is not installed');
  });

  it.skipIf(process.platform === 'win32')('finds a host on PATH and reads its version from where it links to, without running it (skipped on Windows: symbolic links)', ({ cleanup }) => {
    const root = cleanup.tempDir();
    // npm -g: bin/claude -> lib/node_modules/@anthropic-ai/claude-code/bin/claude.exe
    const pkg = path.join(root, 'lib', 'node_modules', '@anthropic-ai', 'claude-code');
    fs.mkdirSync(path.join(pkg, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: '@anthropic-ai/claude-code', version: '2.1.300' }));
    fs.writeFileSync(path.join(pkg, 'bin', 'claude.exe'), '#!/bin/sh\nexit 99\n', { mode: 0o755 });
    fs.mkdirSync(path.join(root, 'bin'));
    fs.symlinkSync(path.join(pkg, 'bin', 'claude.exe'), path.join(root, 'bin', 'claude'));
    // The native installer: ~/.local/bin/gemini -> …/versions/0.20.1 (a version in the real path)
    const native = path.join(root, 'share', 'versions', '0.20.1');
    fs.mkdirSync(path.dirname(native), { recursive: true });
    fs.writeFileSync(native, '#!/bin/sh\nexit 99\n', { mode: 0o755 });
    fs.symlinkSync(native, path.join(root, 'bin', 'gemini'));
    const hosts = findHosts(cleanup.tempDir(), { PATH: path.join(root, 'bin') });
    expect(hosts.find((h) => h.id === 'claude-code')).toMatchObject({ version: '2.1.300', source: 'path', found: true, path: path.join(root, 'bin', 'claude') });
    expect(hosts.find((h) => h.id === 'gemini-cli')).toMatchObject({ version: '0.20.1', source: 'path' });
  });

  it('skillbench hosts prints a table and --json; hosts add refuses an unknown host or a version that is none', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    fakeInstall(home, '2.1.332');
    const table = await cli(['hosts'], { home, env: { PATH: '' } });
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^HOST +VERSION +WHERE +PATH$/);
    expect(table.stdout).toMatch(/claude-code +2\.1\.332 +installed +.*claude\n/);
    expect(table.stdout).toMatch(/codex +- +not found +headless with `codex exec --json`.*Responses API/);
    const listed = JSON.parse((await cli(['hosts', '--json'], { home, env: { PATH: '' } })).stdout);
    expect(listed.hosts.map((h: { id: string }) => h.id)).toEqual(['claude-code', 'codex', 'gemini-cli']);
    const unknown = await cli(['hosts', 'add', 'cursor'], { home });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('There is no agent host "cursor": the hosts are claude-code, codex, gemini-cli.');
    const bad = await cli(['hosts', 'add', 'claude-code@;rm -rf'], { home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not a version');
    // An exact version installed already: no registry is asked (PATH has no npm).
    const again = await cli(['hosts', 'add', 'claude-code@2.1.332'], { home, env: { PATH: '' } });
    expect(again.stderr).toBe('');
    expect(again.stdout).toMatch(/^claude-code 2\.1\.332 is installed already: /);
  });

  it('host-view refuses a host the proxy cannot speak to yet, and a host not installed, in plain words', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const skill = path.join(cleanup.tempDir(), 'pdf');
    fs.mkdirSync(skill);
    fs.writeFileSync(path.join(skill, 'SKILL.md'), '---\nname: pdf\ndescription: Read PDFs.\n---\nBody.\n');
    const codex = await cli(['host-view', skill, '--host', 'codex'], { home, env: { PATH: '' } });
    expect(codex.code).toBe(2);
    expect(codex.stderr).toContain('the proxy does not speak yet, so the workbench cannot run it yet');
    const missing = await cli(['host-view', skill, '--host', 'claude-code'], { home, env: { PATH: '' } });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('claude-code is not installed: run "skillbench hosts add claude-code"');
  });

  it('parses a host spec and orders versions', () => {
    expect(parseHostSpec('claude-code@2.1.332')).toMatchObject({ kind: { id: 'claude-code' }, version: '2.1.332' });
    expect(parseHostSpec('gemini-cli').version).toBeUndefined();
    expect(compareVersions('2.1.10', '2.1.9')).toBeGreaterThan(0);
    expect(compareVersions('0.16.0', '0.16.0')).toBe(0);
  });
});

describe("reading a host's first request", () => {
  it('finds the catalog in the system role message after the user’s, a line per skill, descriptions over several lines kept whole', async () => {
    const catalog = 'Intro.\n\nThe following skills are available for use with the Skill tool:\n\n- pdf: Extract text from PDFs.\n- dataviz: Use for charts.\n  Also for dashboards.\n- keybindings-help: Rebind keys.\n\nWhen you launch agents, send them together.';
    const view = await readHostRequest({
      model: 'claude-opus-5-5',
      system: [{ type: 'text', text: 'You are a Claude agent.' }],
      tools: [{ name: 'Skill', description: 'Invoke a skill.', input_schema: { type: 'object' } }, { name: 'Bash', description: 'Run a command.' }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Summarise report.pdf' }] },
        { role: 'system', content: [{ type: 'text', text: catalog }] },
      ],
    });
    expect(view.catalogIn).toBe('system message');
    expect(view.catalog.map((l) => [l.name, l.description])).toEqual([
      ['pdf', 'Extract text from PDFs.'],
      ['dataviz', 'Use for charts.\n  Also for dashboards.'],
      ['keybindings-help', 'Rebind keys.'],
    ]);
    expect(view.catalog[0].tokens).toBeGreaterThan(3);
    expect(view.tools.map((t) => t.name)).toEqual(['Skill', 'Bash']);
    expect(view.system).toBe('You are a Claude agent.');
    expect(view.model).toBe('claude-opus-5-5');
  });

  it('says there is no catalog where the request has none', async () => {
    expect(catalogLines('no skills here')).toBeNull();
    const view = await readHostRequest({ messages: [{ role: 'user', content: 'hi' }] });
    expect(view).toMatchObject({ catalogIn: null, catalog: [], tools: [], system: '' });
  });
});
