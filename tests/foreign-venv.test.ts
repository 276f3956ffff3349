/**
 * A `.venv` the workbench did not make is never run by "Prepare the environment" or `skillbench env`: a real
 * environment made by `python -m venv` (its `bin/python` a link to the installed Python, as a pull request could
 * bring one) whose `site-packages` holds a `.pth` line and a fake `pip/__main__.py`, each leaving a marker when
 * anything runs them. The command says the environment is not the workbench's and offers `--fresh`, which sets it
 * aside (kept as it is, nothing of it run) and makes a new one that the skill then runs on.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { readEnvMarker } from '../src-main/runtime/python-env-marker';
import { workbenchApi } from '../src-main/workbench/api';
import { Workbench } from '../src-main/workbench/workbench';
import { cli } from './cli-run';
import { FIXTURES } from './helpers';
import { scaled } from './machine-factor';
import { wheelhouse } from './wheelhouse';

const OTTER_LIKE = path.join(FIXTURES, 'python-env', 'otter-like');
const posix = process.platform !== 'win32';
/** Each test makes real environments and installs into them: pip alone takes seconds. */
const MAKES_VENVS = scaled(240_000);

/** A real venv in `<dir>/.venv`, not ours, whose site-packages leave a line in the returned file when Python starts or pip runs. */
function foreignVenv(cleanup: Cleanup, dir: string): string {
  const marker = path.join(cleanup.tempDir(), 'ran');
  const venv = path.join(dir, '.venv');
  execFileSync('python3', ['-m', 'venv', '--without-pip', venv]);
  const lib = path.join(venv, 'lib');
  const site = path.join(lib, fs.readdirSync(lib).find((n) => n.startsWith('python'))!, 'site-packages');
  fs.writeFileSync(path.join(site, 'trap.pth'), `import os; open(${JSON.stringify(marker)}, "a").write("pth\\n")\n`);
  fs.mkdirSync(path.join(site, 'pip'));
  fs.writeFileSync(path.join(site, 'pip', '__init__.py'), '');
  fs.writeFileSync(path.join(site, 'pip', '__main__.py'), `open(${JSON.stringify(marker)}, "a").write("pip\\n")\n`);
  return marker;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(!posix)('a .venv the workbench did not make is never run (POSIX: venv links its Python)', () => {
  it('skillbench env refuses it, says so and offers --fresh, which sets it aside and makes a new one', async ({ cleanup }) => {
    const dir = path.join(cleanup.tempDir(), 'otter-like');
    fs.cpSync(OTTER_LIKE, dir, { recursive: true });
    const marker = foreignVenv(cleanup, dir);
    const venv = path.join(dir, '.venv');
    expect(fs.lstatSync(path.join(venv, 'bin', 'python')).isSymbolicLink()).toBe(true);

    const refused = await cli(['env', dir]);
    expect(fs.existsSync(marker), 'something of the folder\'s .venv ran').toBe(false);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toMatch(
      new RegExp(
        `^skillbench: ${esc(venv)} is there, but the workbench did not make it, so nothing in it is run \\(its Python and packages came with the folder\\)\\. ` +
          `To make a fresh one: .*skillbench\\S* env ${esc(dir)} --fresh \\(it sets this one aside, as it is, and makes a new \\.venv\\)\\.$`,
      ),
    );

    const wheels = wheelhouse(cleanup.tempDir('skillbench-wheels-'), [['aiohttp', '3.9.5']]);
    const fresh = await cli(['env', dir, '--fresh', '--find-links', wheels]);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fs.existsSync(marker), 'something of the folder\'s .venv ran').toBe(false);
    const aside = fresh.stderr.match(/\(not the workbench's: set aside in (\S+), a new one made\)/)?.[1];
    expect(aside, fresh.stderr).toBeDefined();
    expect(fs.existsSync(path.join(aside!, 'lib')), 'the old environment is kept').toBe(true);
    expect(readEnvMarker(venv)?.state).toBe('ready');
    expect(fs.existsSync(path.join(venv, 'lib', path.basename(fs.readdirSync(path.join(venv, 'lib'))[0]), 'site-packages', 'trap.pth'))).toBe(false);
  }, MAKES_VENVS);

  it('a marker of ours that came with the folder does not make it ours: refused, nothing of it run, nothing removed', async ({ cleanup }) => {
    const dir = path.join(cleanup.tempDir(), 'otter-like');
    fs.cpSync(OTTER_LIKE, dir, { recursive: true });
    const marker = foreignVenv(cleanup, dir);
    const venv = path.join(dir, '.venv');
    // A marker as the workbench writes one, copied in from another machine (or forged): ready, and unfinished.
    for (const state of [{ state: 'ready', made: true }, { state: 'creating', made: false }]) {
      const forged = { ...state, python: '/usr/bin/python3', installer: 'pip', file: 'requirements.txt', requirements: [], at: new Date().toISOString(), folder: { dev: 1, ino: 2, birth: 3 } };
      fs.writeFileSync(path.join(venv, '.skillbench-env.json'), JSON.stringify(forged));
      expect(readEnvMarker(venv)).toBeNull();
      const refused = await cli(['env', dir]);
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr).toMatch(/the workbench did not make it, so nothing in it is run/);
      expect(fs.existsSync(marker), 'something of the folder\'s .venv ran').toBe(false);
      expect(fs.existsSync(path.join(venv, 'bin')), 'the folder\'s .venv was removed').toBe(true);
    }
  }, MAKES_VENVS);

  it('"Prepare the environment" in the app refuses it the same way, and its fresh option makes a new one', async ({ cleanup }) => {
    const folder = cleanup.tempDir();
    const dir = path.join(folder, 'otter-like');
    fs.cpSync(OTTER_LIKE, dir, { recursive: true });
    const marker = foreignVenv(cleanup, dir);
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [folder], namedFolders: true }));
    const api = workbenchApi(wb);
    const id = (await api.listSkills()).find((s) => s.name === 'Otter Like')!.id;
    const wheels = wheelhouse(cleanup.tempDir('skillbench-wheels-'), [['aiohttp', '3.9.5']]);

    const refused = await api.prepareEnv(id, { findLinks: wheels });
    expect(fs.existsSync(marker), 'something of the folder\'s .venv ran').toBe(false);
    expect(refused).toMatchObject({ ok: false, cancelled: false, notOurs: true });
    expect(refused.message).toMatch(/the workbench did not make it, so nothing in it is run/);

    const fresh = await api.prepareEnv(id, { findLinks: wheels, fresh: true });
    expect(fresh, fresh.message).toMatchObject({ ok: true });
    expect(fs.existsSync(marker), 'something of the folder\'s .venv ran').toBe(false);
    expect(readEnvMarker(path.join(dir, '.venv'))?.state).toBe('ready');
  }, MAKES_VENVS);
});
