/** Shared test helpers: temporary homes, process checks, polling, a crash on record. */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { RecordingInfo, ToolInfo } from '../src-main/contract';
import type { Cleanup } from './cleanup-fixture';
import { Workbench } from '../src-main/workbench/workbench';
import { scaled } from './machine-factor';

export const ROOT = path.resolve(__dirname, '..');
export const FIXTURES = path.join(ROOT, 'tests', 'fixtures');
export const EXAMPLES = path.join(ROOT, 'resources', 'examples');

/** The five interop tools a SkillDefinition SDK lists on every skill, after the skill's own. */
export const SDK_TOOLS = ['list-skills', 'list-skill-data', 'list-skill-functions', 'request-skill-data', 'call-skill-function'];

/** The names of a skill's own tools (those its SDK adds to every skill left out). */
export function ownTools(tools: ToolInfo[]): string[] {
  return tools.filter((t) => t.origin !== 'sdk').map((t) => t.name);
}

/** A workbench in browser mode over the misbehaving JSON-RPC fixture, closed when the test ends. */
export function rpcWorkbench(cleanup: Cleanup, home = cleanup.tempDir()): Workbench {
  return cleanup.add(new Workbench({ home, kind: 'browser', folders: [path.join(FIXTURES, 'rpc')], namedFolders: true }));
}

export function tempDir(prefix = 'skillbench-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie still answers kill(0); on Linux its state in /proc says so.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) Z /.test(stat);
  } catch {
    return true;
  }
}

/** Polls until `fn` gives a value; gives up after `timeoutMs` on a quiet machine, stretched on a busy one. */
export async function waitFor<T>(fn: () => T | undefined | null | false, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const end = Date.now() + scaled(timeoutMs);
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Child processes (ProcessWrap) or folder watchers (FSEventWrap) this test process holds open. */
export function liveHandles(kind: 'ProcessWrap' | 'FSEventWrap'): number {
  return process.getActiveResourcesInfo().filter((r) => r === kind).length;
}

/**
 * Waits until what earlier tests of the file started and left to end by itself (a syntax check, a static scan) has
 * ended, so that a test counting handles starts from none: counted in a baseline and then gone, a straggler would make
 * the count look one short for ever.
 */
export async function noHandlesLeft(): Promise<void> {
  await waitFor(() => liveHandles('ProcessWrap') + liveHandles('FSEventWrap') === 0, 30_000, 'what earlier tests started to end');
}

/** Every file below `dir`, recursively. */
export function allFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...allFiles(p));
    else out.push(p);
  }
  return out;
}

/** Polls an async check until it returns something truthy; gives up as waitFor does. */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const end = Date.now() + scaled(timeoutMs);
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A recording of the rpc fixture: one call that answers, then one that crashes the skill (expected CRASHED). */
export async function recordEchoThenCrash(wb: Workbench): Promise<RecordingInfo> {
  await wb.startSkill('rpc');
  const info = await wb.startRecording('rpc');
  await wb.callTool('rpc', 'echo', { n: 1 });
  const crash = await wb.callTool('rpc', 'crash', {});
  expect(crash.outcome?.error?.code).toBe('CRASHED');
  return info;
}

/** A TCP server on 127.0.0.1 that counts the connections it gets (and closes each): to prove a tool reached nothing. */
export interface CountingServer {
  port: number;
  connections: number;
  close(): Promise<void>;
}

export async function countingServer(): Promise<CountingServer> {
  const counted: CountingServer = { port: 0, connections: 0, close: () => new Promise<void>((r) => server.close(() => r())) };
  const server = net.createServer((s) => {
    counted.connections++;
    s.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  counted.port = (server.address() as net.AddressInfo).port;
  return counted;
}

/** The exit code of a child process, once it has exited (at once if it already has; null when a signal ended it). */
export function exited(p: ChildProcess): Promise<number | null> {
  return new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r(p.exitCode) : p.once('exit', (code) => r(code))));
}

/**
 * A child's output, collected as it comes; a child the test did not end is killed at cleanup (with its process group
 * when `group`: npm and what it started) and waited for before the test's folders go.
 */
export function watchChild(cleanup: Cleanup, child: ChildProcess, { group = false } = {}): { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (err += d));
  cleanup.add({
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (group) process.kill(-child.pid!, 'SIGKILL');
      else child.kill('SIGKILL');
      await exited(child);
    },
  });
  return { out: () => out, err: () => err };
}
