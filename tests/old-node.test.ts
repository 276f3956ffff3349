/**
 * A machine whose own Node is too old (Node 20 from a distribution's packages): the README's commands fetch the pinned
 * Node (.node-version) from the npm registry into a cache and run on it, saying so (scripts/pinned-node.mjs). Run with
 * the machine's real old Node first on PATH; the fetch itself goes through a stand-in npm, so no download is needed.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { it, type Cleanup } from './cleanup-fixture';
import { exited, ROOT, waitFor, watchChild } from './helpers';
import { PINNED, pinnedDir, tooOld } from '../scripts/pinned-node.mjs';

const CHECK = path.join(ROOT, 'scripts', 'check-node.mjs');

/** A `node` older than the app runs on, from PATH or the distribution's folders, or undefined. */
function findOldNode(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin'];
  for (const dir of dirs) {
    const bin = path.join(dir, 'node');
    if (!dir || !fs.existsSync(bin)) continue;
    const v = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim();
    if (v && tooOld(v)) return bin;
  }
  return undefined;
}

const OLD = findOldNode();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const why = OLD ? '' : ' (skipped: this machine has no Node older than 22.12 to try it with)';
const PATH_OLD_FIRST = OLD ? `${path.dirname(OLD)}${path.delimiter}${process.env.PATH}` : '';

/** A stand-in for npm that "installs" node@<pinned> by linking this test's own (new) Node, or fails half-way. */
function fakeNpm(cleanup: Cleanup, fail: boolean): string {
  const file = path.join(cleanup.tempDir('skillbench-fake-npm-'), 'npm-cli.js');
  const body = fail
    ? `fs.mkdirSync(path.join(prefix, 'node_modules', 'node'), { recursive: true }); console.error('npm error network'); process.exit(1);`
    : `const bin = path.join(prefix, 'node_modules', 'node', 'bin'); fs.mkdirSync(bin, { recursive: true }); fs.symlinkSync(${JSON.stringify(process.execPath)}, path.join(bin, 'node'));`;
  fs.writeFileSync(file, `const fs = require('fs'), path = require('path');\nconst args = process.argv.slice(2);\nif (args[0] !== 'install' || !args.includes('node@${PINNED}')) process.exit(9);\nconst prefix = args[args.indexOf('--prefix') + 1];\n${body}\n`);
  return file;
}

describe.skipIf(!OLD)(`on a machine whose Node is too old${why}`, () => {
  it('npm test and npm install fetch the pinned Node once, into the cache, and run on it, saying so', ({ cleanup }) => {
    const cache = cleanup.tempDir('skillbench-cache-');
    const env = { ...process.env, XDG_CACHE_HOME: cache, npm_execpath: fakeNpm(cleanup, false) };
    // The gate's first step (npm test), on the old Node: it fetches, then runs on the pinned one.
    const gate = spawnSync(OLD!, [CHECK, '--say'], { encoding: 'utf8', env });
    expect(gate.status, gate.stderr).toBe(0);
    expect(gate.stderr).toMatch(new RegExp(`^This machine's Node is \\d+\\.\\d+\\.\\d+, too old for Skill Workbench: fetching Node ${PINNED} from the npm registry into ${escape(pinnedDir(env))} \\(once; SKILLBENCH_SYSTEM_NODE=1 turns this off\\)…\\nRunning on Node ${PINNED} from `));
    expect(gate.stdout).toBe(`Node ${process.version}\n`);
    // The install's first step finds it there: nothing fetched again, nothing said.
    const install = spawnSync(OLD!, [CHECK], { encoding: 'utf8', env: { ...env, npm_execpath: fakeNpm(cleanup, true) } });
    expect([install.status, install.stderr]).toEqual([0, '']);
  });

  it('a fetch that fails leaves nothing that looks fetched, and says what to install', ({ cleanup }) => {
    const cache = cleanup.tempDir('skillbench-cache-');
    const env = { ...process.env, XDG_CACHE_HOME: cache, npm_execpath: fakeNpm(cleanup, true) };
    const r = spawnSync(OLD!, [CHECK], { encoding: 'utf8', env });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`Could not fetch Node ${PINNED} from the npm registry (above).\nSkill Workbench needs Node.js 22.12 or newer`);
    expect(fs.readdirSync(path.join(cache, 'skill-workbench'))).toEqual([]);
  });

  it('with SKILLBENCH_SYSTEM_NODE=1, refuses the old Node in one sentence', () => {
    const r = spawnSync(OLD!, [CHECK], { encoding: 'utf8', env: { ...process.env, SKILLBENCH_SYSTEM_NODE: '1' } });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^Skill Workbench needs Node.js 22.12 or newer, and this is Node \\d+\\.\\d+\\.\\d+: install Node ${PINNED} LTS .*then run this again\\.\\n$`));
  });

  it('npm start, as the README says, with the old Node first on PATH: the workbench runs on the pinned Node, and npm exits 0 on Ctrl+C', async ({ cleanup }) => {
    const empty = cleanup.tempDir('skillbench-no-electron-');
    const npm = spawn('npm', ['start', '--', cleanup.tempDir()], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, PATH: PATH_OLD_FIRST, SKILLBENCH_NO_BUILD: '1', ELECTRON_OVERRIDE_DIST_PATH: empty, SKILLBENCH_HOME: cleanup.tempDir(), DISPLAY: '', WAYLAND_DISPLAY: '', BROWSER: 'none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { out, err } = watchChild(cleanup, npm, { group: true });
    const url = await waitFor(() => /Skill Workbench: (http:\/\/\S+)/.exec(out())?.[1], 60_000, 'the browser-mode URL');
    expect(err()).toMatch(new RegExp(`Running on Node ${PINNED} from .*, as this machine's Node \\d+\\.\\d+\\.\\d+ is too old\\.`));
    expect((await fetch(url)).status).toBe(200);
    process.kill(-npm.pid!, 'SIGINT');
    expect(await exited(npm)).toBe(0);
  });
});

describe('the pinned Node', () => {
  it('is the first of CI\'s matrix, beside the LTS before it', () => {
    const workflow = parseYaml(fs.readFileSync(path.join(ROOT, '.github', 'workflows', 'ci.yml'), 'utf8'));
    expect(workflow.jobs.gate.strategy.matrix.node).toEqual([PINNED, String(Number(PINNED) - 2)]);
  });
});

