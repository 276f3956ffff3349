// The build, in two steps (the app: main, preload and renderer; the command line), each rebuilt only when its
// inputs changed since its last successful build. A step's inputs are hashed by content (sources, build configs,
// package.json and package-lock.json: about 30 ms), and the hashes are kept in out/.build-stamp.json, written after
// each step succeeds, so removing out/ also removes the stamp. Content, not modification times: a checkout or a copy
// changes times without changing a file, and an edit undone leaves nothing to build.
//
// `node scripts/build.mjs` (npm run build) builds every step and writes the stamp; `npm start` builds only the steps
// whose inputs changed, saying each step in one line as it goes.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onPinnedNode } from './pinned-node.mjs';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = ['src-main', 'package.json', 'package-lock.json'];

/** The steps: what each reads, what it makes, and how to run it (with this Node, from the root, no shell). */
export function buildSteps(root = here) {
  return [
    {
      name: 'app',
      label: 'Building the app (main process, preload, renderer)',
      inputs: [...SHARED, 'src-preload', 'src-renderer', 'electron.vite.config.ts', 'tsconfig.json', 'tsconfig.node.json', 'tsconfig.web.json'],
      outputs: ['out/main/index.js', 'out/preload/index.js', 'out/renderer/index.html'],
      command: [process.execPath, path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
    },
    {
      name: 'cli',
      label: 'Building the skillbench command',
      inputs: [...SHARED, 'tsconfig.json', 'scripts/build-cli.mjs', 'scripts/bench', 'scripts/bench-ui'],
      outputs: ['out/cli/skillbench.cjs'],
      command: [process.execPath, path.join(root, 'scripts', 'build-cli.mjs')],
    },
  ];
}

export const STAMP = path.join('out', '.build-stamp.json');
const SKIP = new Set(['node_modules', '__pycache__', '.git']);

/** One hash over the inputs' paths and contents; a missing input counts as itself missing. */
export function inputsDigest(root, inputs) {
  const hash = createHash('sha256');
  const add = (rel) => {
    const abs = path.join(root, rel);
    let stat;
    try {
      stat = fs.statSync(abs);
    } catch {
      hash.update(`missing ${rel}\0`);
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) if (!SKIP.has(name)) add(path.posix.join(rel, name));
    } else if (stat.isFile()) {
      hash.update(`file ${rel}\0`).update(fs.readFileSync(abs)).update('\0');
    }
  };
  for (const rel of inputs) add(rel);
  return hash.digest('hex');
}

function readStamp(root) {
  try {
    const v = JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'));
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

function writeStamp(root, stamp) {
  const file = path.join(root, STAMP);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(stamp, null, 2) + '\n');
  fs.renameSync(tmp, file);
}

/** The steps that must run: their inputs changed since their last successful build, or what they make is gone. */
export function staleSteps(root = here, steps = buildSteps(root)) {
  const stamp = readStamp(root);
  return steps.filter((s) => stamp[s.name] !== inputsDigest(root, s.inputs) || s.outputs.some((o) => !fs.existsSync(path.join(root, o))));
}

/**
 * Runs the steps that are stale (all of them with `force`), one line each on `log`; a step's own output is shown only
 * when it fails. Returns the names of the steps run, or throws with the failed step's output.
 */
export function build(root = here, { steps = buildSteps(root), force = false, log = (line) => process.stdout.write(line) } = {}) {
  const todo = force ? steps : staleSteps(root, steps);
  for (const step of todo) {
    // Hashed before the step runs: an edit made while it builds makes the next start build again.
    const digest = inputsDigest(root, step.inputs);
    const t0 = Date.now();
    log(`${step.label}… `);
    const [command, ...args] = step.command;
    const r = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) {
      log('failed.\n');
      const err = new Error(`${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? `${r.error.message}\n` : ''}`);
      err.step = step.name;
      err.status = r.status ?? 1;
      throw err;
    }
    log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s.\n`);
    writeStamp(root, { ...readStamp(root), [step.name]: digest });
  }
  return todo.map((s) => s.name);
}

/**
 * `npx skillbench` inside the clone installs the clone into npm's npx cache, which runs `prepare` with no output to
 * show; a build there took a minute in silence, and a Ctrl+C during it left that cache without its package.json, so
 * every later `npx skillbench` failed until the cache was deleted. The clone's `npm install` builds already, and the
 * command says when it is not built: `prepare` under `npm exec` builds nothing.
 */
function preparedByNpx() {
  return process.argv.includes('--prepare') && process.env.npm_command === 'exec';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && !preparedByNpx()) {
  onPinnedNode(import.meta.url);
  try {
    build(here, { force: !process.argv.includes('--if-changed') });
  } catch (err) {
    process.stderr.write(`${err.message}The build failed (above).\n`);
    process.exit(err.status ?? 1);
  }
}
