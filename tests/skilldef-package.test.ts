/**
 * Real skill packages on the bundled SDK: `skills/<id>/__main__.py` with relative imports loads as a package
 * wherever it sits (copied out alone, in a folder whose name is no identifier), the inspector says so, and a
 * package the interpreter lacks (the MCP SDK, pydantic) is named in one line with how to point the workbench
 * at an interpreter that has it; a `.venv` in the skill's repository is then used by itself.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { launchMode, skillVenv } from '../src-main/protocols/skilldef/locate';
import { systemPython } from '../src-main/host/paths';
import { Workbench } from '../src-main/workbench/workbench';
import { FIXTURES, waitFor } from './helpers';
import { launch, loadFailure, text } from './python-sdk-host';

const CURRENT = path.join(FIXTURES, 'skilldef-current');
const STAND_INS = path.join(FIXTURES, 'stand-ins');

const pkg = (name: string, dir = path.join(CURRENT, name)) => ['--skill-dir', dir, '--entry', '__main__.py', '--package', `skills.${name.replace(/-/g, '_')}`];

/** A repository like the newest snapshot of the real one: `.git`, and the skill under a folder that is no identifier. */
function repoWithWatchlist(cleanup: Cleanup): { repo: string; skill: string } {
  const repo = cleanup.tempDir('skillbench-repo-');
  fs.mkdirSync(path.join(repo, '.git'));
  const skill = path.join(repo, 'skills-py', 'watch-list');
  fs.cpSync(path.join(CURRENT, 'watchlist'), skill, { recursive: true });
  return { repo, skill };
}

/** A virtual environment without pip (standard library only), and its site-packages folder. */
function makeVenv(dir: string): { python: string; site: string } {
  execFileSync(systemPython(), ['-m', 'venv', '--without-pip', path.join(dir, '.venv')]);
  const python = path.join(dir, '.venv', 'bin', 'python');
  const site = execFileSync(python, ['-c', 'import sysconfig; print(sysconfig.get_paths()["purelib"])'], { encoding: 'utf8' }).trim();
  return { python, site };
}

describe('package-shaped skills on the bundled SDK', () => {
  it('loads __main__.py as a package, so its relative imports work, and says so', async ({ cleanup }) => {
    const s = launch(cleanup, pkg('watchlist'), { PYTHONPATH: STAND_INS });
    const { tools } = await s.req('tools/list');
    expect(tools.map((t: any) => t.name)).toContain('add-symbol');
    await waitFor(() => s.stderr().includes('loaded as package skills.watchlist'), 3000, 'the package line');
  });

  it('loads a copy that sits alone, in a folder whose name is not an identifier', async ({ cleanup }) => {
    const { skill } = repoWithWatchlist(cleanup);
    const s = launch(cleanup, pkg('watch-list', skill), { PYTHONPATH: STAND_INS });
    await s.req('skill/load', { manifest: {}, dataDir: cleanup.tempDir() });
    expect(text(await s.req('tools/call', { name: 'add-symbol', arguments: { symbol: 'ada' } }))).toBe('added ADA');
    expect(s.stderr()).toContain(`loaded as package skills.watch_list (from ${skill})`);
  });

  it('the workbench finds the package, its repository and its interpreter', ({ cleanup }) => {
    const { repo, skill } = repoWithWatchlist(cleanup);
    expect(launchMode(skill)).toEqual({ kind: 'bundled-package', module: 'skills.watch_list' });
    expect(launchMode(path.join(FIXTURES, 'skilldef', 'full'))).toEqual({ kind: 'bundled-sdk' });
    expect(skillVenv(skill)).toBeNull();
    fs.mkdirSync(path.join(repo, '.venv', 'bin'), { recursive: true });
    fs.writeFileSync(path.join(repo, '.venv', 'bin', 'python'), '');
    expect(skillVenv(skill)).toBe(path.join(repo, '.venv', 'bin', 'python'));
    fs.mkdirSync(path.join(skill, '.venv', 'bin'), { recursive: true });
    fs.writeFileSync(path.join(skill, '.venv', 'bin', 'python'), '');
    expect(skillVenv(skill)).toBe(path.join(skill, '.venv', 'bin', 'python'));
  });
});

describe('a package the interpreter lacks', () => {
  // `-S` leaves site-packages out, so these packages are missing whatever this machine has installed.
  const lastLine = (out: string) => out.trim().split('\n').pop()!;

  it('mcp: one line names it, with the manifest requirement, where it was imported, and SKILLBENCH_PYTHON or a .venv', async ({ cleanup }) => {
    const s = launch(cleanup, pkg('watchlist'), {}, ['-S']);
    const out = await loadFailure(s, /needs the Python package/);
    const line = lastLine(out);
    expect(line).toContain('skillbench: the skill needs the Python package "mcp" (mcp>=1.0.0, as the skill\'s files ask)');
    expect(line).toContain(`(imported at ${path.join(CURRENT, 'watchlist', 'tools.py')}, line 3)`);
    expect(line).toContain('set SKILLBENCH_PYTHON=/path/to/python, or create a virtual environment named .venv in the skill\'s folder or in its repository\'s folder');
    expect(out).not.toContain('Traceback');
  });

  it('pydantic: the same', async ({ cleanup }) => {
    const s = launch(cleanup, pkg('uses-pydantic'), {}, ['-S']);
    const line = lastLine(await loadFailure(s, /needs the Python package/));
    expect(line).toContain('needs the Python package "pydantic" (pydantic>=2.0, as the skill\'s files ask)');
    expect(line).toContain(`store.py, line 3)`);
    expect(s.stderr()).not.toContain('Traceback');
  });

  it('a stand-in package without the module asked for is named too', async ({ cleanup }) => {
    const stub = cleanup.tempDir();
    fs.mkdirSync(path.join(stub, 'mcp'));
    fs.writeFileSync(path.join(stub, 'mcp', '__init__.py'), '');
    const line = lastLine(await loadFailure(launch(cleanup, pkg('watchlist'), { PYTHONPATH: stub }), /needs its module/));
    expect(line).toMatch(/the skill needs its module mcp\.types, which the mcp package in this interpreter, .* does not provide/);
  });

  it('in the workbench: the inspector says what is missing, then uses the repository\'s .venv by itself', async ({ cleanup }) => {
    const { repo, skill } = repoWithWatchlist(cleanup);
    const venv = makeVenv(repo);
    const home = cleanup.tempDir();
    const wb = new Workbench({ home, kind: 'browser', folders: [skill], replaceFolders: true });
    cleanup.add(wb);
    const failed = await wb.inspectSkill('watch-list').then(() => null, (e: Error) => e);
    expect(failed?.message).toMatch(/^Watchlist could not be loaded: the skill needs the Python package "mcp" \(mcp>=1\.0\.0/);
    expect(failed?.message).toContain(`this interpreter, ${venv.python}`);
    // Install the stand-in into that virtual environment, as a user would install the real one.
    fs.cpSync(path.join(STAND_INS, 'mcp'), path.join(venv.site, 'mcp'), { recursive: true });
    await wb.restartSkill('watch-list').catch(() => undefined);
    const info = await wb.inspectSkill('watch-list');
    expect(info.tools.map((t) => t.name)).toContain('add-symbol');
    const notes = info.notes.join('\n');
    expect(notes).toContain('loaded as package skills.watch_list');
    expect(notes).toContain(`Python: ${venv.python} (the skill's virtual environment)`);
  });
});
