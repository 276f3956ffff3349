/** `skillbench serve` as the end-to-end suite runs it: started on a free port, reset between tests, stopped. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chooseRunOnOpen } from './run-on-open';
import { scaled } from './machine';

export const ROOT = path.resolve(__dirname, '..');

/** Must match src-main/server/reset-route.ts. */
const RESET_ENV = 'SKILLBENCH_E2E_RESET';
const RESET_ROUTE = '/__e2e/reset';

export interface ServeProcess {
  url: string;
  proc: ChildProcess;
}

/**
 * Starts `skillbench serve` on a free port; `skills` null opens no folder (what a first start shows).
 * `resettable` turns on the test hook that swaps the workbench for a fresh one (resetServe).
 */
export async function startServe(skills: string | null, home: string, opts: { resettable?: boolean; runOnOpen?: boolean; env?: Record<string, string> } = {}): Promise<ServeProcess> {
  const folders = skills === null ? [] : [skills];
  if (folders.length && opts.runOnOpen !== false) chooseRunOnOpen(home, folders);
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, SKILLBENCH_HOME: home };
  if (opts.resettable) env[RESET_ENV] = '1';
  else delete env[RESET_ENV];
  const proc = spawn(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'serve', ...folders, '--port', '0'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    // Only a guard against a server that hangs: a busy machine may take long, an exit is reported at once.
    const timer = setTimeout(() => reject(new Error(`skillbench serve did not start: ${err}`)), scaled(30_000));
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /Skill Workbench: (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.stderr.on('data', (d) => (err += d));
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`skillbench serve exited with ${code}: ${err}`));
    });
  });
  return { url, proc };
}

/**
 * Stops a server as Ctrl+C or a service manager would. One that is still alive 10 s after SIGTERM is killed
 * and the test fails: a workbench that ignores the signal is a bug (it would outlive its terminal).
 */
export async function stopServe(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<boolean>((r) => proc.once('exit', () => r(true)));
  proc.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 10_000)));
  const stopped = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (stopped) return;
  proc.kill('SIGKILL');
  throw new Error(`skillbench serve (pid ${proc.pid}) was still running 10 s after SIGTERM`);
}

/**
 * Swaps a resettable server's workbench for a new one over `home` and `folders`; the old one is closed first,
 * every skill it started stopped. Returns how many windows' sockets the server cut off.
 */
export async function resetServe(url: string, to: { home: string; folders: string[] }): Promise<{ closedSockets: number }> {
  const u = new URL(url);
  const res = await fetch(`${u.origin}${RESET_ROUTE}?token=${u.searchParams.get('token')}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(to),
  });
  if (!res.ok) throw new Error(`The workbench reset failed (${res.status}): ${await res.text()}`);
  return (await res.json()) as { closedSockets: number };
}

/** The live child processes of `pid` (Linux; elsewhere none are found). Skills are a server's children. */
export function childProcesses(pid: number): string[] {
  if (!fs.existsSync('/proc/self/stat')) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read from the last ')'.
    const close = stat.lastIndexOf(')');
    const [state, ppid] = stat.slice(close + 2).split(' ');
    if (Number(ppid) !== pid || state === 'Z') continue;
    let command = stat.slice(stat.indexOf('(') + 1, close);
    try {
      command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim() || command;
    } catch {
      // gone meanwhile: the short name will do
    }
    found.push(`${entry} ${command}`);
  }
  return found;
}
