/**
 * The `skillbench` bin as a process: what the in-process runs of the other CLI tests cannot show. The
 * bundle loads and answers, the exit code reaches the shell, the process lives until its command ends,
 * Ctrl+C ends the command and its skill, and a reader that goes away (`skillbench list | head`) is no error.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliProcess } from './cli-run';
import { EXAMPLES, FIXTURES, isAlive, ROOT, tempDir, waitFor } from './helpers';
import { scaled } from './machine-factor';

const BIN = path.join(ROOT, 'bin', 'skillbench.cjs');
const RPC = path.join(FIXTURES, 'rpc');
const T = { timeout: scaled(60_000) };

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return fs.readFileSync(`/proc/${p}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('the skillbench process', () => {
  it('loads the bundle and answers --version and --help', T, async () => {
    const version = await cliProcess(['--version']);
    expect(version).toEqual({ code: 0, stdout: '0.1.0\n', stderr: '' });
    const help = await cliProcess(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Skill Workbench command line\n\nUsage: skillbench <command>/);
  });

  it('hands the exit code to the shell: 0, 1, 2 and 3', T, async () => {
    const ok = await cliProcess(['call', RPC, 'echo', '--args', '{"n":1}']);
    expect(ok.code).toBe(0);
    const toolError = await cliProcess(['call', path.join(EXAMPLES, 'gas-estimator'), 'estimate_gas_cost', '--args', '{"operation":"swap"}']);
    expect(toolError.code).toBe(1);
    const usage = await cliProcess(['frobnicate']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/unknown command "frobnicate"/);
    const timeout = await cliProcess(['call', RPC, 'hang', '--timeout', '0.5']);
    expect(timeout.code).toBe(3);
  });

  it('lives until the command ends: a timeout that waits for the skill\'s children to go still says so, exit 3', T, async () => {
    // The wait is on timers that do not hold a process open: a process that ended at once said nothing, exit 0.
    const runs = await Promise.all([1, 2, 3].map(() => cliProcess(['call', RPC, 'spawn_and_hang', '--timeout', '1', '--json'])));
    for (const r of runs) {
      expect(r.code).toBe(3);
      expect((JSON.parse(r.stdout) as { error: { code: string } }).error.code).toBe('TIMEOUT');
    }
  });

  it('takes a closed pipe (skillbench list | head) as no error: exit 0, nothing on stderr', T, async () => {
    const child = spawn(process.execPath, [BIN, 'list', EXAMPLES], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SKILLBENCH_HOME: tempDir() } });
    // The reader is gone before the first line is written.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((r) => child.on('close', r));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('ends on Ctrl+C, and its skill with it', T, async () => {
    // Ctrl+C signals the terminal's foreground process group: the command and the skill it started.
    const child = spawn(process.execPath, [BIN, 'call', RPC, 'hang', '--timeout', '30'], { detached: true, stdio: 'ignore', env: { ...process.env, SKILLBENCH_HOME: tempDir() } });
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((r) => child.on('exit', (code, signal) => r([code, signal])));
    const [skill] = await waitFor((): number[] | null => {
      const started = childrenOf(child.pid!);
      return started.length ? started : null;
    }, 15_000, 'the skill to start');
    process.kill(-child.pid!, 'SIGINT');
    const [code, signal] = await exited;
    expect(signal === 'SIGINT' || code === 130).toBe(true);
    await waitFor(() => !isAlive(skill), 5000, 'the skill to exit');
  });
});
