/**
 * `serve` given SKILLBENCH_TOKEN, `mcp --http` given SKILLBENCH_MCP_TOKEN: the token sits in the process's environment
 * block, which every process of the same user (a skill too) reads at /proc/<pid>/environ, and deleting it from
 * process.env does not change that block. So the command replaces itself (execve: the same process, a new environment
 * block) with the same command without the token, which it reads from a private file that it then removes, before any
 * skill runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The commands that take a fixed token from the environment, and its variable. */
const TOKEN_ENV: Record<string, string> = { serve: 'SKILLBENCH_TOKEN', mcp: 'SKILLBENCH_MCP_TOKEN' };

/** In the environment after the swap: the file the token waits in. */
const FILE_ENV = 'SKILLBENCH_TOKEN_FILE';
const DIR_PREFIX = 'skillbench-token-';

/**
 * Replaces this process with the same command, the token out of its environment. Returns only where it does not
 * (another command, no token, or a platform without execve: Windows, where the README says so).
 */
export function reexecWithoutToken(command: string | undefined): void {
  const name = command === undefined ? undefined : TOKEN_ENV[command];
  const token = name === undefined ? undefined : process.env[name];
  if (!name || !token || typeof process.execve !== 'function') return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), DIR_PREFIX));
  const file = path.join(dir, 'token');
  fs.writeFileSync(file, token, { mode: 0o600 });
  const env: NodeJS.ProcessEnv = { ...process.env, [FILE_ENV]: file };
  delete env[name];
  try {
    process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], env);
  } catch {
    // Not swapped (the call failed): the command goes on as it is, the token taken out of process.env only.
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** After the swap: the token, its file removed; undefined when this process was not swapped. */
export function takeHandedToken(): string | undefined {
  const file = process.env[FILE_ENV];
  if (file === undefined) return undefined;
  delete process.env[FILE_ENV];
  const dir = path.dirname(file);
  // Only a file this command made is read and removed, whatever the variable says.
  if (path.basename(file) !== 'token' || path.dirname(dir) !== os.tmpdir() || !path.basename(dir).startsWith(DIR_PREFIX)) return undefined;
  try {
    return fs.readFileSync(file, 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
