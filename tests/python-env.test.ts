/**
 * A skill's Python environment in one step. An AlphaHuman-style skill (`skills-py/<id>/` in a repository, a package
 * whose manifest needs `aiohttp>=3.9` and imports it as it loads) goes from "needs aiohttp>=3.9" to running: the
 * app's "Prepare the environment" is cancelled mid-install (the installer's tree is gone, the environment is marked
 * unfinished, the checks say so and the skill does not start); `skillbench env --find-links` (a real process) then
 * finishes it from a wheelhouse made here, and the skill starts on it and answers. An installed version too old is
 * named with both versions; Ctrl+C stops the command line; what cannot run exits 2 in one sentence.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import type { WorkbenchEvents } from '../src-main/contract';
import { runDoctor } from '../src-main/authoring/doctor';
import { dependencyReport } from '../src-main/authoring/checks/dependencies';
import { main } from '../src-main/cli/index';
import { readEnvMarker } from '../src-main/runtime/python-env-marker';
import { planEnvironment } from '../src-main/runtime/python-env';
import { workbenchApi } from '../src-main/workbench/api';
import { Workbench } from '../src-main/workbench/workbench';
import { cli, cliProcess } from './cli-run';
import { FIXTURES } from './helpers';
import { wheelhouse } from './wheelhouse';

const OTTER_LIKE = path.join(FIXTURES, 'python-env', 'otter-like');
const linux = process.platform === 'linux';

/** The skill in a repository, as the real ones sit: `<repo>/skills-py/otter-like`. */
function repository(cleanup: Cleanup): { repo: string; dir: string } {
  const repo = cleanup.tempDir('skillbench-env-repo-');
  fs.mkdirSync(path.join(repo, '.git'));
  const dir = path.join(repo, 'skills-py', 'otter-like');
  fs.cpSync(OTTER_LIKE, dir, { recursive: true });
  return { repo, dir };
}

/** Processes whose command line names `text` (Linux: /proc). */
function processesNaming(text: string): number[] {
  const out: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)) out.push(Number(pid));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

const codes = (r: { findings: { code: string }[] }) => r.findings.map((f) => f.code);

describe.skipIf(!linux)('a skill\'s Python environment (Linux: the installer\'s tree is followed through /proc)', () => {
  it('goes from "needs aiohttp>=3.9" to running: cancelled in the app, finished by skillbench env from a local wheelhouse', async ({ cleanup }) => {
    const { repo, dir } = repository(cleanup);
    const wheels = wheelhouse(cleanup.tempDir('skillbench-wheels-'), [['aiohttp', '3.8.4'], ['aiohttp', '3.9.5']]);
    const venv = path.join(dir, '.venv');
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [path.join(repo, 'skills-py')], namedFolders: true }));
    const api = workbenchApi(wb);
    const id = (await api.listSkills()).find((s) => s.name === 'Otter Like')!.id;

    const before = await api.envStatus(id);
    expect(before).toMatchObject({ applies: true, venv, exists: false, file: 'manifest.json', requirements: ['aiohttp>=3.9'], unfinished: null });
    expect(before.command).toMatch(/ env .*otter-like$/);

    // "Prepare the environment", cancelled as the installing step begins: whatever of the installer had started goes
    // with its tree, and nothing claims it ready. (Cancelled once pip spoke instead, a busy machine let pip finish
    // installing first; the Ctrl+C test below stops an installer that is under way.)
    const events: WorkbenchEvents['pythonEnv'][] = [];
    let cancelAsked = false;
    wb.events.on('pythonEnv', (e) => {
      events.push(e);
      if (e.step?.startsWith('Installing') && !cancelAsked) {
        cancelAsked = true;
        void api.cancelEnv(id);
      }
    });
    const cancelled = await api.prepareEnv(id, { findLinks: wheels });
    expect(cancelled).toMatchObject({ ok: false, cancelled: true, restarted: false, venv });
    expect(cancelled.message).toBe(`Cancelled: the environment in ${venv} is not finished. Prepare it again to finish it.`);
    expect(events.map((e) => e.step).filter(Boolean)).toEqual([
      expect.stringMatching(/^Making a Python environment in .*\.venv with Python 3\.\d+/),
      `Installing 1 requirement from manifest.json with pip, offline from ${wheels}: aiohttp>=3.9`,
    ]);
    expect(events.at(-1)!.result).toEqual(cancelled);
    expect(processesNaming(venv), 'an installer outlived its cancel').toEqual([]);
    expect(readEnvMarker(venv)).toMatchObject({ state: 'cancelled', made: true });

    // Every check says what is missing, and that the environment is not finished; the skill does not start.
    const status = await api.envStatus(id);
    expect(status).toMatchObject({ exists: true, unfinished: 'its last preparation was cancelled', problems: [{ requirement: 'aiohttp>=3.9', name: 'aiohttp', installed: null, kind: 'missing' }] });
    expect(status.run).toMatchObject({ running: false, result: cancelled });
    const doctor = await runDoctor(dir, { live: false, home: cleanup.tempDir() });
    expect(codes(doctor)).toEqual(expect.arrayContaining(['ENV_UNFINISHED', 'DEPENDENCY_MISSING']));
    const missing = doctor.findings.find((f) => f.code === 'DEPENDENCY_MISSING')!;
    expect(missing.message).toMatch(/^manifest\.json needs "aiohttp>=3\.9", which its virtual environment's Python, .*\.venv\/bin\/python does not have/);
    expect(missing.fix).toMatch(/^Prepare the environment \("Prepare the environment" in the skill's header, or .* env .*otter-like\)/);
    await expect(api.startSkill(id)).rejects.toThrow(/aiohttp/);

    // skillbench env, as a user runs it: it finishes the environment from the wheelhouse, picking the version asked for.
    const r = await cliProcess(['env', dir, '--find-links', wheels]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Python environment: ${venv} (there already: installing into it)`);
    expect(r.stdout).toMatch(/Successfully installed aiohttp-3\.9\.5/);
    expect(r.stdout).toContain(`Prepared: ${venv} has what manifest.json lists. The skill runs on it from its next start.`);
    expect(readEnvMarker(venv)?.state).toBe('ready');

    const after = await api.envStatus(id);
    expect(after).toMatchObject({ problems: [], unfinished: null });
    expect(codes(await runDoctor(dir, { live: false, home: cleanup.tempDir() })).filter((c) => /^(DEPENDENC|ENV_)/.test(c))).toEqual([]);
    await api.startSkill(id);
    const info = await api.readSkill(id);
    expect(info.notes.join(' ')).toContain(`Python: ${path.join(venv, 'bin', 'python')} (the skill's virtual environment)`);
    expect((await api.callTool(id, 'client_version', {})).outcome).toMatchObject({ ok: true, text: 'aiohttp 3.9.5' });

    // A requirement with no version to be found (pip gives up on the whole list for it) is set aside, the rest installed.
    const manifest = path.join(dir, 'manifest.json');
    fs.writeFileSync(manifest, JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, 'utf8')), dependencies: ['nowhere-pkg>=1', 'aiohttp>=3.9'] }));
    fs.rmSync(path.join(wheels, 'aiohttp-3.8.4-py3-none-any.whl'));
    const partial = await api.prepareEnv(id, { findLinks: wheels });
    expect(partial).toMatchObject({ ok: false, cancelled: false });
    expect(partial.message).toMatch(/^Prepared all but nowhere-pkg>=1: no version of it could be found in .*skillbench-wheels-/);
    expect((await api.envStatus(id)).problems).toEqual([expect.objectContaining({ name: 'nowhere-pkg', kind: 'missing' })]);
    expect(readEnvMarker(venv)?.state).toBe('ready');
  });

  it('Ctrl+C stops skillbench env and its installer, and says the environment is not finished', async ({ cleanup }) => {
    const { dir } = repository(cleanup);
    const venv = path.join(dir, '.venv');
    const listeners = process.listenerCount('SIGINT');
    let stderr = '';
    const io = {
      out: () => undefined,
      err: (s: string) => {
        stderr += `${s}\n`;
        // While `python -m venv` makes it: the interrupt the terminal sends.
        if (s.startsWith('Making a Python environment')) setTimeout(() => process.emit('SIGINT'), 50);
      },
      verbose: false,
    };
    const code = await main(['env', dir], io, { env: { ...process.env, SKILLBENCH_HOME: cleanup.tempDir() }, cwd: dir, stdin: process.stdin, stderr: process.stderr });
    expect(code).toBe(1);
    expect(stderr).toContain('Cancelling: stopping the installer…');
    expect(stderr).toContain(`skillbench: Cancelled: the environment in ${venv} is not finished.`);
    expect(processesNaming(venv)).toEqual([]);
    expect(readEnvMarker(venv)).toMatchObject({ state: 'cancelled', made: false });
    expect(process.listenerCount('SIGINT'), 'the command left its handler behind').toBe(listeners);
    // Stopped while `venv` made it: the next run makes it again rather than trust it half made.
    expect((await planEnvironment(dir, { protocol: 'skilldef' })).existing).toBe('unfinished');
  });
});

describe('versions checked', () => {
  /** A `.venv` laid out as venv makes one, with an old aiohttp installed; its interpreter a file that must never run. */
  function oldVenv(cleanup: Cleanup, dir: string): string {
    const ran = path.join(cleanup.tempDir(), 'ran');
    fs.mkdirSync(path.join(dir, '.venv', 'bin'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.venv', 'pyvenv.cfg'), 'home = /usr/bin\nversion = 3.11.7\n');
    fs.writeFileSync(path.join(dir, '.venv', 'bin', 'python'), `#!/bin/sh\necho "$@" >> "${ran}"\nexit 1\n`, { mode: 0o755 });
    const site = path.join(dir, '.venv', 'lib', 'python3.11', 'site-packages');
    fs.mkdirSync(path.join(site, 'aiohttp-3.8.4.dist-info'), { recursive: true });
    fs.writeFileSync(path.join(site, 'aiohttp-3.8.4.dist-info', 'METADATA'), 'Name: aiohttp\nVersion: 3.8.4\n');
    return ran;
  }

  it('an installed package too old is named with both versions, and its fix is "Prepare the environment"', async ({ cleanup }) => {
    const { dir } = repository(cleanup);
    const ran = oldVenv(cleanup, dir);
    const report = await runDoctor(dir, { live: false, home: cleanup.tempDir() });
    const old = report.findings.filter((f) => f.code === 'DEPENDENCY_VERSION');
    expect(old).toMatchObject([{ severity: 'warning', title: 'A package the skill needs is at the wrong version', file: 'manifest.json', field: 'dependencies' }]);
    expect(old[0].message).toMatch(/^manifest\.json needs aiohttp>=3\.9; the skill's Python has 3\.8\.4, which is too old \(.*\.venv\/bin\/python\)\.$/);
    expect(old[0].fix).toMatch(/^Prepare the environment .* env .*otter-like.*Or upgrade it yourself: .*-m pip install "aiohttp>=3\.9"\.$/);
    expect((await dependencyReport(dir))!.problems).toEqual([{ requirement: 'aiohttp>=3.9', name: 'aiohttp', installed: '3.8.4', kind: 'too-old' }]);

    // An upper bound passed is not "too old"; a marker for another Python is not asked of this one.
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ ...JSON.parse(fs.readFileSync(path.join(OTTER_LIKE, 'manifest.json'), 'utf8')), dependencies: ['aiohttp<3.8', 'aiohttp>=4; python_version < "3.10"', 'aiohttp[speedups]>=3.8,!=3.8.5'] }));
    expect((await dependencyReport(dir))!.problems).toEqual([{ requirement: 'aiohttp<3.8', name: 'aiohttp', installed: '3.8.4', kind: 'other-version' }]);

    // skillbench env will not run an interpreter that is a file of the folder: it says what to do instead.
    const r = await cli(['env', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^skillbench: .*\.venv is there, but the workbench did not make it, so nothing in it is run \(its Python and packages came with the folder\)\. To make a fresh one: .* --fresh /);
    expect(fs.existsSync(ran), 'the folder\'s interpreter ran').toBe(false);
  });
});

describe('skillbench env: what cannot run exits 2, in one sentence', () => {
  it('no folder, nothing to install, no Python, a Python from the skill\'s folder, a missing wheelhouse, another run under way', async ({ cleanup }) => {
    const { dir } = repository(cleanup);
    const empty = cleanup.tempDir();
    fs.writeFileSync(path.join(empty, 'skill.py'), 'skill = None\n');
    fs.writeFileSync(path.join(dir, 'python3'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const cases: [string[], RegExp][] = [
      [['env', path.join(empty, 'nope')], /^skillbench: No such folder: .*nope$/],
      [['env', empty], /^skillbench: Nothing to install: .* lists no packages \(none in manifest\.json's "dependencies", a requirements\.txt or pyproject\.toml's \[project\] dependencies\)\.$/],
      [['env', dir, '--python', '/nonexistent/python3'], /^skillbench: No Python: \/nonexistent\/python3 \(--python\) was not found\./],
      [['env', dir, '--python', path.join(dir, 'python3')], /^skillbench: .*python3 is in the skill's folder or its repository: the environment is made with a Python installed on this computer/],
      [['env', dir, '--find-links', path.join(empty, 'wheels')], /^skillbench: No such folder of packages: .*wheels \(--find-links names a folder of wheels\)\.$/],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim(), args.join(' ')).toMatch(message);
    }
    expect(fs.existsSync(path.join(dir, '.venv')), 'a refusal made nothing').toBe(false);

    // One preparation at a time: another process (alive) preparing the same environment is waited for.
    fs.mkdirSync(path.join(dir, '.venv'));
    // Written as the workbench writes one, with the identity of the folder it is in (python-env-marker.ts).
    const st = fs.statSync(path.join(dir, '.venv'));
    const folder = { dev: st.dev, ino: st.ino, birth: Math.round(st.birthtimeMs) };
    const marker = { state: 'installing', python: 'python3', installer: 'pip', file: 'manifest.json', requirements: ['aiohttp>=3.9'], at: new Date().toISOString(), pid: process.ppid, folder };
    fs.writeFileSync(path.join(dir, '.venv', '.skillbench-env.json'), JSON.stringify(marker));
    const busy = await cli(['env', dir]);
    expect(busy.code).toBe(2);
    expect(busy.stderr.trim()).toBe(`skillbench: ${path.join(dir, '.venv')} is being prepared by another process (pid ${process.ppid}): wait for it to finish.`);
  });
});
