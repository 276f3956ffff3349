/**
 * The `skillbench` command line as the tests run it. `cli()` runs it in this process, through `main` with
 * a context of its own (a temporary home, the environment and input given): no Node start and no bundle
 * load per call. `cliProcess()` runs the built bin as a user does; keep it for what only a real process
 * shows (exit codes of the bin, signals, a closed pipe, the bundle loading, a command that blocks until a
 * signal such as `serve`).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import type { CliContext } from '../src-main/cli/context';
import { main } from '../src-main/cli/index';
import type { Io } from '../src-main/cli/output';
import { ROOT, tempDir } from './helpers';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  home?: string;
  env?: Record<string, string>;
  input?: string;
  cwd?: string;
  /** In-process only: the input is a terminal's (`isTTY`), as a person typing answers it. */
  tty?: boolean;
}

/** The environment a run sees: this one's, in a home of its own unless given one. */
function envOf(opts: CliOptions): NodeJS.ProcessEnv {
  return { ...process.env, SKILLBENCH_HOME: opts.home ?? tempDir(), ...opts.env };
}

export async function cli(args: string[], opts: CliOptions = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const line = (s: string) => (s.endsWith('\n') ? s : s + '\n');
  const io: Io = { out: (s) => (stdout += line(s)), err: (s) => (stderr += line(s)), verbose: false };
  const ctx: CliContext = {
    env: envOf(opts),
    cwd: opts.cwd ?? ROOT,
    // Input that ends at once, as a child's closed stdin does.
    stdin: Object.assign(Readable.from(opts.input ? [opts.input] : []), opts.tty ? { isTTY: true } : {}),
    stderr: new Writable({
      write(chunk: Buffer | string, _enc, done) {
        stderr += chunk.toString();
        done();
      },
    }),
  };
  try {
    return { code: await main(args, io, ctx), stdout, stderr };
  } catch (err) {
    // What the bin's entry does with an error that escapes main.
    return { code: 2, stdout, stderr: stderr + `skillbench: ${(err as Error).message}\n` };
  }
}

/** The built bin in a child process: only where the process itself is what is tested (see above). */
export function cliProcess(args: string[], opts: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), ...args], {
      cwd: opts.cwd ?? ROOT,
      env: envOf(opts),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.input ?? '');
  });
}
