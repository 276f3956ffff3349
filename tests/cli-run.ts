/** Runs the built `skillbench` CLI as a user would, in a temporary home. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, tempDir } from './helpers';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], opts: { home?: string; env?: Record<string, string>; input?: string; cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), ...args], {
      cwd: opts.cwd ?? ROOT,
      env: { ...process.env, SKILLBENCH_HOME: opts.home ?? tempDir(), ...opts.env },
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
