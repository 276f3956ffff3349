// `npm test`, the gate: the Node version, the type check and the build, then the unit tests, then the end-to-end
// suite with the component tests beside it, and lint throughout at the lowest priority, every line a lane prints
// tagged with its lane's name. The unit and end-to-end lanes run in turn: side by side they finished barely sooner on
// two cores and made the busy-machine failures the gate must not have. At the end: each lane's verdict and time, and one closing line.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onPinnedNode } from './pinned-node.mjs';

onPinnedNode(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** [command, args] that run a tool's own script with this Node: no .bin shim (a .cmd on Windows), no shell between. */
const tool = (script, args) => [process.execPath, [path.join(root, 'node_modules', script), ...args]];
const started = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Runs one step in the foreground; stops the gate where it fails. */
function step(name, command, args) {
  const t0 = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    process.stderr.write(`\ngate: ${name} failed (exit ${r.status ?? r.signal}), so nothing else ran.\n`);
    process.exit(r.status || 1);
  }
  process.stdout.write(`gate: ${name} passed in ${secs(Date.now() - t0)}\n`);
}

/**
 * Runs a lane, each of its lines tagged with its name; resolves with its exit code and time. `idle`: the lane runs at
 * the lowest priority, on the CPU the others leave idle.
 */
function lane(name, command, args, env = {}, { idle = false } = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', ...env } });
    if (idle && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 19);
      } catch {
        // Not allowed here: it runs at the usual priority.
      }
    }
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      let rest = '';
      stream.setEncoding('utf8').on('data', (d) => {
        const lines = (rest + d).split('\n');
        rest = lines.pop();
        for (const l of lines) out.write(`[${name}] ${l}\n`);
      });
      stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
    }
    child.on('error', (err) => resolve({ name, code: 1, ms: Date.now() - t0, why: err.message }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? 1, ms: Date.now() - t0, why: signal ?? undefined }));
  });
}

/** The share of the cores that sat idle over half a second (0 to 1): how much other work takes them now. */
function idleShare() {
  const sum = (cpus, f) => cpus.reduce((n, c) => n + f(c.times), 0);
  const before = os.cpus();
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  const after = os.cpus();
  const total = sum(after, (t) => t.user + t.nice + t.sys + t.irq + t.idle) - sum(before, (t) => t.user + t.nice + t.sys + t.irq + t.idle);
  return total > 0 ? (sum(after, (t) => t.idle) - sum(before, (t) => t.idle)) / total : 1;
}

// Stopped by Ctrl+C: the lanes get it from the terminal too; this only keeps the summary from claiming anything.
process.on('SIGINT', () => process.exit(130));

step('Node version', process.execPath, [path.join(root, 'scripts', 'check-node.mjs'), '--say']);
const tsc = path.join(root, 'node_modules', 'typescript-7', 'bin', 'tsc');
step('type check (engine)', process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.node.json']);
step('type check (renderer)', process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.web.json']);
// common/ serves both sides: it compiles with neither Node's types nor the DOM.
step('type check (common)', process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.common.json']);
step('build (app)', ...tool('electron-vite/bin/electron-vite.js', ['build']));
step('build (command line)', process.execPath, [path.join(root, 'scripts', 'build-cli.mjs')]);

// Lint starts now at the lowest priority and takes what CPU the tests leave idle: little beside the unit lane, more
// beside the end-to-end lane, whose tests wait on the app and its skills. (At the usual priority it slowed whichever
// lane it ran beside; started with the end-to-end lane alone, it finished last.) Where other work already keeps the
// cores busy, the lowest priority would get it almost nothing (about 1.5% of a core beside a busy loop) and the gate
// would wait on it for ever: then it runs at the usual priority.
const lint = lane('lint', ...tool('eslint/bin/eslint.js', ['.']), {}, { idle: idleShare() > 0.5 });
const results = [];
results.push(await lane('unit', ...tool('vitest/vitest.mjs', ['run', '--project', 'unit'])));
// Screenshots and traces are for people to look at (`npm run test:e2e` makes them); the gate only checks. The
// component tests (one browser) run beside the end-to-end lane.
results.push(
  ...(await Promise.all([
    lane('e2e', ...tool('@playwright/test/cli.js', ['test']), { SKILLBENCH_SHOTS: 'off', SKILLBENCH_TRACE: 'off' }),
    lane('components', ...tool('vitest/vitest.mjs', ['run', '--project', 'components'])),
    lint,
  ])),
);
process.stdout.write('\n');
for (const r of results) process.stdout.write(`gate: ${r.name} ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code}${r.why ? `, ${r.why}` : ''})`} in ${secs(r.ms)}\n`);
const failed = results.filter((r) => r.code !== 0).length;
process.stdout.write(`gate: ${secs(Date.now() - started)} in all\n`);
process.stdout.write(`gate: ${results.length - failed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
