/**
 * The single-file `skillbench` (`npm run package:cli`, Node's single executable applications): built here for this
 * platform, then started as a user who has no Node would, with nothing on PATH, from a double-click (no arguments).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { exited, ROOT, waitFor, watchChild } from './helpers';
import { scaled } from './machine-factor';

const [major, minor] = process.versions.node.split('.').map(Number);
const canBuild = major > 25 || (major === 25 && minor >= 5);
const why = canBuild ? '' : ` (skipped: building it needs Node 25.5 or newer for node --build-sea, and this is Node ${process.versions.node})`;
const EXE = path.join(ROOT, 'dist', `skillbench-${process.platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`);

/** A user's machine with no Node: an empty PATH, and a home and cache of its own. */
function machine(cleanup: Cleanup): NodeJS.ProcessEnv {
  const user = cleanup.tempDir('skillbench-user-');
  return { PATH: path.join(user, 'bin'), HOME: user, XDG_CACHE_HOME: path.join(user, 'cache'), SKILLBENCH_HOME: path.join(user, 'home'), DISPLAY: '', LANG: 'C.UTF-8' };
}


describe.skipIf(!canBuild)(`the single-file skillbench${why}`, () => {
  it('is built by npm run package:cli, and with no Node on PATH lists the examples and, double-clicked, serves the app', { timeout: scaled(240_000) }, async ({ cleanup }) => {
    const made = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'package-cli.mjs')], { cwd: ROOT, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Packaging the single-file skillbench… dist\/skillbench-\w+-\w+(\.exe)? \(\d+ MiB\)\.\n$/);

    const env = machine(cleanup);
    const help = spawnSync(EXE, ['--help'], { env, encoding: 'utf8' });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Skill Workbench command line\n/);
    // Its assets were written once, to a folder of this build's own in the user's cache: the examples among them.
    const unpacked = fs.readdirSync(path.join(env.XDG_CACHE_HOME!, 'skill-workbench'));
    expect(unpacked).toEqual([expect.stringMatching(/^app-[0-9a-f]{16}$/)]);
    const examples = path.join(env.XDG_CACHE_HOME!, 'skill-workbench', unpacked[0], 'resources', 'examples');
    const list = spawnSync(EXE, ['list', examples, '--json'], { env, encoding: 'utf8' });
    expect(list.status, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as { name: string }[]).map((s) => s.name)).toContain('gas-estimator');
    // What it hands out names the executable itself: there is no clone to point at.
    const wrong = spawnSync(EXE, ['list', path.join(examples, 'nothing-here')], { env, encoding: 'utf8' });
    expect(wrong.stderr).toContain(`Run "${EXE} help" for usage.`);
    // Added to an agent, the entry starts the executable itself (no Node anywhere), and it answers as that agent. The
    // skill is a Python one: Python is on this machine's PATH, Node is not.
    fs.mkdirSync(env.PATH!, { recursive: true });
    fs.symlinkSync(spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim(), path.join(env.PATH!, 'python3'));
    const added = spawnSync(EXE, ['mcp', path.join(examples, 'gas-estimator'), '--install', 'cursor'], { env, encoding: 'utf8' });
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain('Checked as Cursor (cursor): it started and offers 3 tools');
    const entry = JSON.parse(fs.readFileSync(path.join(env.HOME!, '.cursor', 'mcp.json'), 'utf8')).mcpServers['gas-estimator'];
    expect([entry.command, ...entry.args.slice(0, 1)]).toEqual([EXE, 'mcp']);

    const app = spawn(EXE, [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const { out, err } = watchChild(cleanup, app);
    const url = await waitFor(() => /Skill Workbench: (http:\/\/\S+)/.exec(out())?.[1], 30_000, 'the browser-mode URL');
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    await waitFor(() => err().includes('No browser could be opened'), 10_000, 'the note that no browser could open');
    app.kill('SIGINT');
    expect(await exited(app)).toBe(0);
    expect(fs.readdirSync(path.join(env.XDG_CACHE_HOME!, 'skill-workbench'))).toEqual(unpacked);
  });
});
