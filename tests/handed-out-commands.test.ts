/**
 * Every `skillbench` command the workbench hands out runs where it is pasted: into `sh -c`, in another folder, with a
 * PATH that has no `skillbench` on it (as after `npm install && npm start`), and, for the README's own lines, with
 * `skillbench` linked onto PATH the way `npm link` links it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { cliPrefix } from '../src-main/host/cli-command';
import { withHostEnv } from '../src-main/host/host-env';
import { runDoctor } from '../src-main/authoring/doctor';
import { Workbench } from '../src-main/workbench/workbench';
import { callCommand } from '../src-renderer/src/lib/command-line';
import { cli } from './cli-run';
import { EXAMPLES, ROOT } from './helpers';

const BIN = path.join(ROOT, 'bin', 'skillbench.cjs');

/** This machine's PATH without any folder that holds a `skillbench`, and with this Node's folder first. */
function unlinkedPath(): string {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter((d) => d && !fs.existsSync(path.join(d, 'skillbench')));
  return [path.dirname(process.execPath), ...dirs].join(path.delimiter);
}

/** What `npm link` makes: <prefix>/bin/skillbench -> ../lib/node_modules/skill-workbench/bin/skillbench.cjs, that package a link to the clone. */
function npmLinked(cleanup: Cleanup): string {
  const prefix = cleanup.tempDir('skillbench-prefix-');
  fs.mkdirSync(path.join(prefix, 'lib', 'node_modules'), { recursive: true });
  fs.symlinkSync(ROOT, path.join(prefix, 'lib', 'node_modules', 'skill-workbench'));
  fs.mkdirSync(path.join(prefix, 'bin'));
  fs.symlinkSync('../lib/node_modules/skill-workbench/bin/skillbench.cjs', path.join(prefix, 'bin', 'skillbench'));
  return path.join(prefix, 'bin');
}

function paste(line: string, cwd: string, env: Record<string, string>) {
  const r = spawnSync('sh', ['-c', line], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { ...r, shown: `$ ${line}\n${r.stdout}${r.stderr}` };
}

/** The lines of the fenced bash block that holds `marker`, comments and blank lines left out. */
function bashBlock(markdown: string, marker: string): string[] {
  const blocks = [...markdown.matchAll(/```bash\n([^]*?)```/g)].map((m) => m[1]);
  const block = blocks.find((b) => b.includes(marker));
  if (!block) throw new Error(`no bash block holds ${marker}`);
  return block.split('\n').map((l) => l.replace(/\s+#\s.*$/, '').trim()).filter((l) => l && !l.startsWith('#'));
}

describe('the skillbench command as handed out', () => {
  it('is "skillbench" only where the first one on PATH is this install (npm link), else the launcher by its absolute path', ({ cleanup }) => {
    expect(cliPrefix({ env: { PATH: unlinkedPath() } })).toBe(`node ${BIN}`);
    expect(cliPrefix({ env: { PATH: '' }, bin: '/opt/my tools/sb/bin/skillbench.cjs' })).toBe(`node '/opt/my tools/sb/bin/skillbench.cjs'`);
    expect(cliPrefix({ platform: 'win32', bin: 'C:\\Program Files\\sb\\bin\\skillbench.cjs' })).toBe(`node "C:\\Program Files\\sb\\bin\\skillbench.cjs"`);

    const linked = npmLinked(cleanup);
    expect(cliPrefix({ env: { PATH: `${linked}${path.delimiter}${unlinkedPath()}` } })).toBe('skillbench');
    // Another install's skillbench first on PATH is not this one: the absolute form again.
    const other = cleanup.tempDir('skillbench-other-');
    fs.writeFileSync(path.join(other, 'skillbench'), '#!/bin/sh\necho another\n', { mode: 0o755 });
    expect(cliPrefix({ env: { PATH: [other, linked].join(path.delimiter) } })).toBe(`node ${BIN}`);
    // And the linked one really runs from a shell.
    const help = paste('skillbench --help', cleanup.tempDir(), { PATH: `${linked}${path.delimiter}${unlinkedPath()}` });
    expect(help.status, help.shown).toBe(0);
    expect(help.stdout).toContain('Usage: skillbench <command>');
  });

  it('new: its "Next:" lines and its README\'s commands run, pasted, with no skillbench on PATH', async ({ cleanup }) => {
    const work = path.join(cleanup.tempDir(), 'my projects');
    fs.mkdirSync(work);
    const env = { PATH: unlinkedPath(), SKILLBENCH_HOME: cleanup.tempDir() };
    const made = await cli(['new', 'hello', '--protocol', 'jsonrpc'], { cwd: work, env });
    expect(made.code, made.stderr).toBe(0);
    const next = made.stdout.split('Next:\n')[1].trim().split('\n').map((l) => l.trim());
    expect(next[0]).toBe(`node ${BIN} call hello greet --args '{"name": "Ada"}'`);
    const outputs: string[] = [];
    for (const line of next) {
      const r = paste(line, work, env);
      expect(r.status, r.shown).toBe(0);
      outputs.push(r.stdout + r.stderr);
    }
    expect(outputs[0]).toContain('Hello, Ada!');
    expect(outputs[1]).toContain('the request passed.');

    const readme = bashBlock(fs.readFileSync(path.join(work, 'hello', 'README.md'), 'utf8'), 'inspect .');
    expect(readme.length).toBeGreaterThanOrEqual(4);
    for (const line of readme) {
      expect(line.startsWith(`node ${BIN} `), line).toBe(true);
      // Its doctor line is the one just run from "Next:" (and the slowest).
      if (line.endsWith(' doctor .')) continue;
      const r = paste(line, path.join(work, 'hello'), env);
      expect(r.status, r.shown).toBe(0);
    }
  });

  it('the README\'s "new, doctor, validate, run" lines run as written once skillbench is linked', ({ cleanup }) => {
    const lines = bashBlock(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'), 'skillbench new my-skill');
    expect(lines.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual(['skillbench new', 'skillbench doctor', 'skillbench validate', 'skillbench run']);
    const work = cleanup.tempDir();
    const env = { PATH: `${npmLinked(cleanup)}${path.delimiter}${unlinkedPath()}`, SKILLBENCH_HOME: cleanup.tempDir() };
    for (const line of lines) {
      const r = paste(line, work, env);
      expect(r.status, r.shown).toBe(0);
    }
    expect(fs.readFileSync(path.join(work, 'run.xml'), 'utf8')).toMatch(/<testsuite name="smoke \(dev\)" tests="1" failures="0"/);
  });

  it('Copy as command, the "server stopped" banner, hints and messages: the prefix the engine gives runs', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const env = { PATH: unlinkedPath(), SKILLBENCH_HOME: home };
    const elsewhere = cleanup.tempDir();
    // What the renderer is told (HostInfo over the contract), under the environment a fresh install has.
    const fresh = { ...process.env, ...env };
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [], namedFolders: true }));
    const host = await withHostEnv(fresh, () => wb.hostInfo());
    expect(host.cli).toBe(`node ${BIN}`);

    // Copy as command.
    const copied = callCommand({ path: path.join(EXAMPLES, 'gas-estimator'), tool: 'estimate_gas_cost', args: { operation: 'swap', gas_price_gwei: 30 }, prefix: host.cli });
    const call = paste(copied.line, elsewhere, env);
    expect(call.status, call.shown).toBe(0);
    expect(call.stdout).toContain('gas_limit');
    // The banner's `<cli> serve`, and the usage, replay and n3-service hints (with --help: they need a server, a recording, an app).
    for (const line of [`${host.cli} serve --help`, `${host.cli} replay --help`, `${host.cli} n3-service --help`, `${host.cli} help`]) {
      const r = paste(line, elsewhere, env);
      expect(r.status, r.shown).toBe(0);
      expect(r.stdout).toMatch(/Usage: skillbench/);
    }
    // The doctor's hint for the live check, as it gives it.
    const report = await withHostEnv(fresh, () => runDoctor(path.join(EXAMPLES, 'gas-estimator'), { live: false, home }));
    const hint = report.findings.find((f) => f.code === 'LIVE_SKIPPED')?.fix;
    const command = /run "([^"]+)"/.exec(hint ?? '')?.[1];
    expect(command).toBe(`node ${BIN} doctor ${path.join(EXAMPLES, 'gas-estimator')}`);
    const doctor = paste(command!, elsewhere, env);
    expect(doctor.status, doctor.shown).toBe(0);
    expect(doctor.stdout).toContain('gas-estimator');
  });
});
