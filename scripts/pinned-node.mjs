// The Node the workbench is built, run and tested on (.node-version), for a machine whose own Node is older than it
// can run on (Node 18 or 20 from a distribution's packages). The README's commands (`npm install`, `npm start`,
// `npm test`) then fetch the pinned Node from the npm registry's `node` package into a cache outside the clone, once,
// and run on it, saying so in one line. SKILLBENCH_SYSTEM_NODE=1 turns this off: the old Node is then refused with
// one sentence saying what to install. Plain Node 18 syntax only: this file runs on the old Node.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The oldest Node the app runs on (package.json's engines): Electron 45 and the AI SDK need 22. */
export const MIN = [22, 12];
/** The major version we build, ship and test on; `.ci/run` reads the same file. */
export const PINNED = fs.readFileSync(path.join(root, '.node-version'), 'utf8').trim();

export function tooOld(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major < MIN[0] || (major === MIN[0] && minor < MIN[1]);
}

/** Where the pinned Node is kept: shared by every clone, and by `.ci/run`. */
export function pinnedDir(env = process.env) {
  const cache = env.XDG_CACHE_HOME || (process.platform === 'win32' && env.LOCALAPPDATA) || path.join(os.homedir(), '.cache');
  return path.join(cache, 'skill-workbench', `node${PINNED}`);
}

function pinnedBin(dir) {
  return path.join(dir, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
}

function refuse() {
  process.stderr.write(
    `Skill Workbench needs Node.js ${MIN.join('.')} or newer, and this is Node ${process.versions.node}: install Node ${PINNED} LTS (https://nodejs.org, or "nvm install ${PINNED}"), then run this again.\n`,
  );
  process.exit(1);
}

/**
 * The pinned Node's binary, fetched first when it is not in the cache yet. Into a folder of its own that is renamed
 * into place whole, so an interrupted fetch leaves nothing that looks fetched.
 */
export function fetchPinnedNode() {
  const dir = pinnedDir();
  if (fs.existsSync(pinnedBin(dir))) return pinnedBin(dir);
  process.stderr.write(`This machine's Node is ${process.versions.node}, too old for Skill Workbench: fetching Node ${PINNED} from the npm registry into ${dir} (once; SKILLBENCH_SYSTEM_NODE=1 turns this off)…\n`);
  const tmp = `${dir}.tmp-${process.pid}`;
  fs.mkdirSync(tmp, { recursive: true });
  // npm itself: the one running this script where npm started it, else the npm on PATH.
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const args = ['install', '--prefix', tmp, '--no-audit', '--no-fund', '--no-save', '--loglevel=error', `node@${PINNED}`];
  const r = spawnSync(npm[0], [...npm.slice(1), ...args], { stdio: ['ignore', 'ignore', 'inherit'], shell: npm.length === 1 && process.platform === 'win32' });
  if (r.status !== 0 || !fs.existsSync(pinnedBin(tmp))) {
    fs.rmSync(tmp, { recursive: true, force: true });
    process.stderr.write(`Could not fetch Node ${PINNED} from the npm registry (above).\n`);
    refuse();
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
  return pinnedBin(dir);
}

/**
 * Called first by an entry script (the build, `npm start`, the gate): on a Node too old for the app, runs the same
 * script with the same arguments on the pinned Node (with its folder first on PATH, so the `node` and `npx` the
 * script starts are that Node too) and exits as it does. Returns when this Node will do.
 */
export function onPinnedNode(script) {
  if (!tooOld()) return;
  if (process.env.SKILLBENCH_SYSTEM_NODE === '1') refuse();
  const bin = fetchPinnedNode();
  process.stderr.write(`Running on Node ${PINNED} from ${path.dirname(bin)}, as this machine's Node ${process.versions.node} is too old.\n`);
  // The child has the terminal: Ctrl+C reaches it too, and ending as it chooses is its own (start.mjs exits 0).
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => undefined);
  const env = { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}` };
  const r = spawnSync(bin, [fileURLToPath(script), ...process.argv.slice(2)], { stdio: 'inherit', env });
  process.exit(r.status ?? 1);
}
