/**
 * `npm start` (scripts/start.mjs): the desktop app where an Electron binary can run, else browser mode on the
 * bundled examples with one sentence saying why, and a clean exit 0 on Ctrl+C. Its build step is left out
 * (SKILLBENCH_NO_BUILD; build-stamp.test.ts tests it), so the test runs on what `npm test` has already built.
 * And the install's note (scripts/postinstall.mjs) where there is no binary, which never fails the install.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { exited, ROOT, waitFor, watchChild } from './helpers';
import { workspaceFile } from '../src-main/workbench/workspace';

const START = path.join(ROOT, 'scripts', 'start.mjs');

/** A folder that stands for Electron's binary folder, holding a fake binary when asked. */
function stage(cleanup: Cleanup, fakeElectron: boolean): { dir: string; argsFile: string } {
  const dir = cleanup.tempDir('skillbench-start-');
  const argsFile = path.join(dir, 'electron-args.json');
  if (fakeElectron) {
    const bin = path.join(dir, 'electron');
    fs.writeFileSync(bin, `#!${process.execPath}\nrequire('fs').writeFileSync(${JSON.stringify(argsFile)}, JSON.stringify(process.argv.slice(2)));\n`);
    fs.chmodSync(bin, 0o755);
  }
  return { dir, argsFile };
}

function start(cleanup: Cleanup, env: NodeJS.ProcessEnv, args: string[] = []): { proc: ChildProcess; out: () => string; err: () => string } {
  const proc = spawn(process.execPath, [START, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return { proc, ...watchChild(cleanup, proc) };
}


function electronPackageInstalled(): boolean {
  try {
    createRequire(__filename).resolve('electron');
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('with no Electron binary, says so in one sentence, serves the examples in browser mode, and exits 0 on Ctrl+C', async ({ cleanup }) => {
    const { dir } = stage(cleanup, false);
    // An empty folder as Electron's binary folder: no binary there, whatever this machine has installed.
    const run = start(cleanup, { SKILLBENCH_NO_BUILD: '1', ELECTRON_OVERRIDE_DIST_PATH: dir, SKILLBENCH_HOME: cleanup.tempDir(), DISPLAY: '', BROWSER: 'none' });
    const url = await waitFor(() => /Skill Workbench: (http:\/\/\S+)/.exec(run.out())?.[1], 20_000, 'the browser-mode URL');
    const lines = run.out().trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^No Electron binary is installed here .*browser/);
    expect(url).toMatch(/\?token=[\w-]{20,}/);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const skills = await fetch(new URL('/', url)).then((r) => r.status);
    expect(skills).toBe(401);

    run.proc.kill('SIGINT');
    expect(await exited(run.proc)).toBe(0);
    expect(run.err()).not.toMatch(/Error|at .*\(/);
  });

  it('npm start -- <folder>, as the README says: opens that folder, not the examples, and npm exits 0 on Ctrl+C', async ({ cleanup }) => {
    const { dir } = stage(cleanup, false);
    const home = cleanup.tempDir();
    const folder = path.join(cleanup.tempDir(), 'my skills');
    fs.mkdirSync(folder);
    // Its own process group, as a terminal's: Ctrl+C reaches npm, its shell and the workbench at once.
    const npm = spawn('npm', ['start', '--', folder], {
      cwd: ROOT,
      detached: true,
      // No display: no browser can open, and the workbench says so rather than promise one.
      env: { ...process.env, SKILLBENCH_NO_BUILD: '1', ELECTRON_OVERRIDE_DIST_PATH: dir, SKILLBENCH_HOME: home, DISPLAY: '', WAYLAND_DISPLAY: '', BROWSER: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { out, err } = watchChild(cleanup, npm, { group: true });
    await waitFor(() => out().includes('Skill Workbench: http') && err().includes('No browser could be opened'), 20_000, 'the browser-mode URL');
    expect(out()).toMatch(/so the workbench is served to your browser instead/);
    expect(err()).toMatch(/^No browser could be opened from here \(this machine has no display\): open the address above in a browser\.$/m);
    expect(JSON.parse(fs.readFileSync(workspaceFile(home, [folder]), 'utf8')).folders).toEqual([folder]);
    process.kill(-npm.pid!, 'SIGINT');
    expect(await exited(npm)).toBe(0);
  });

  // The fake binary is reached through the electron package's own path lookup, so that package must be here.
  const installed = electronPackageInstalled();
  const why = installed ? '' : ' (skipped: the optional electron package is not installed here, so no binary can be faked through it)';
  it.skipIf(!installed)(`where an Electron binary exists, opens the desktop app on the folders given${why}`, async ({ cleanup }) => {
    const { dir, argsFile } = stage(cleanup, true);
    const folder = cleanup.tempDir();
    const run = start(cleanup, { SKILLBENCH_NO_BUILD: '1', ELECTRON_OVERRIDE_DIST_PATH: dir, DISPLAY: ':0' }, [folder]);
    expect(await exited(run.proc)).toBe(0);
    expect(JSON.parse(fs.readFileSync(argsFile, 'utf8'))).toEqual(['.', '--', folder]);
    expect(run.out()).toBe('');
  });

  it('the install says when there is no Electron binary and what npm start does instead, and exits 0', ({ cleanup }) => {
    const { dir } = stage(cleanup, false);
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'postinstall.mjs')], { cwd: ROOT, env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: dir }, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/Electron's binary could not be fetched.*`npm start` will open the workbench in your browser instead \(browser mode/);
    // With a binary (faked through the electron package's own lookup, so only where that package is), nothing to say.
    if (!electronPackageInstalled()) return;
    const withBinary = stage(cleanup, true);
    const quiet = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'postinstall.mjs')], { cwd: ROOT, env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: withBinary.dir }, encoding: 'utf8' });
    expect(quiet.status).toBe(0);
    expect(quiet.stderr + quiet.stdout).toBe('');
  });
});
