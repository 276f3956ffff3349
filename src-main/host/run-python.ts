/**
 * Runs a short Python program of our own (a syntax check, a static scan) on text given on stdin, and gives
 * its stdout, or null where Python is missing, fails, or takes longer than `timeoutMs` (then it is killed).
 * `-I` in the arguments keeps the user's site and PYTHON* variables from changing the answer; callers pass
 * skill-env.ts's `toolEnvironment()` so the rest of the user's environment (tokens) stays out too. `cwd`
 * defaults to the system's temporary folder: a skill's folder as the working directory would put its files
 * first on `sys.path` for a Python run without -I.
 */
import os from 'node:os';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { directInterpreter } from '../engine/interpreter';

export function runPythonFilter(python: string, args: string[], input: string, timeoutMs: number, env?: NodeJS.ProcessEnv, cwd = os.tmpdir()): Promise<string | null> {
  return new Promise((resolve) => {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn(directInterpreter(python, cwd, env ?? process.env), args, { stdio: ['pipe', 'pipe', 'pipe'], env, cwd });
    } catch {
      resolve(null);
      return;
    }
    let stdout = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    timer.unref();
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.resume();
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? stdout : null);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
