import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import WebSocket from 'ws';
import { cliProcess } from './cli-run';
import { overHttp, serveHttp } from './mcp-bridge-client';
import { ROOT } from './helpers';

const LOUD = path.join(ROOT, 'e2e', 'fixtures', 'loud');
/** Ends the server as Ctrl+C would, and waits until it has exited. */
async function terminate(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  await exited;
}

function serve(cleanup: Cleanup, token: string): Promise<string> {
  return serveProcess(cleanup, token).then((s) => s.url);
}

function serveProcess(cleanup: Cleanup, token: string): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'serve', LOUD, '--port', '0'], {
    env: { ...process.env, SKILLBENCH_HOME: cleanup.tempDir(), SKILLBENCH_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanup.add({ close: () => terminate(proc) });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /Skill Workbench: (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1], proc });
    });
    proc.stderr.on('data', (d) => (err += d));
    proc.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

/** The environment block other processes of the user see; '' once the process is gone. */
function environBlock(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
  } catch {
    return '';
  }
}

function parentOf(pid: string): { ppid: number; zombie: boolean } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(ppid), zombie: state === 'Z' };
  } catch {
    return null;
  }
}

/** Live processes below `pid`. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  const walk = (of: number) => {
    for (const e of entries) {
      const p = parentOf(e);
      if (p && !p.zombie && p.ppid === of) {
        found.push(Number(e));
        walk(Number(e));
      }
    }
  };
  walk(pid);
  return found;
}

/** One core command over the browser-mode socket, as the page sends it (JSON-RPC). */
function command(url: URL, method: string, params: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${url.host}/api?token=${url.searchParams.get('token')}`);
    ws.on('open', () => ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: `core/${method}`, params })));
    ws.on('message', (data) => {
      const msg = JSON.parse((data as Buffer).toString()); // a text frame, as one Buffer
      if (msg.id !== 1) return;
      ws.close();
      if (msg.error) reject(new Error(msg.error.message));
      else resolve(msg.result);
    });
    ws.on('error', reject);
  });
}

describe('skillbench serve with SKILLBENCH_TOKEN', () => {
  it('keeps the given token, so a restarted server has the same address, and no skill process inherits it', async ({ cleanup }) => {
    const token = 'a-fixed-token-for-this-test_0123';
    const url = new URL(await serve(cleanup, token));
    expect(url.searchParams.get('token')).toBe(token);
    const [skill] = (await command(url, 'listSkills', [])) as { id: string }[];
    const call = (await command(url, 'callTool', [skill.id, 'getenv', { name: 'SKILLBENCH_TOKEN' }])) as { outcome: { ok: boolean; text: string } };
    expect(call.outcome).toMatchObject({ ok: true, text: '(unset)' });
    // The safe defaults do reach the skill (HOME); the rest of the server's environment does not.
    const home = (await command(url, 'callTool', [skill.id, 'getenv', { name: 'HOME' }])) as { outcome: { text: string } };
    expect(home.outcome.text).toBe(process.env.HOME);
    const other = (await command(url, 'callTool', [skill.id, 'getenv', { name: 'SKILLBENCH_HOME' }])) as { outcome: { text: string } };
    expect(other.outcome.text).toBe('(unset)');
  });

  it.runIf(process.platform === 'linux')('holds the token in no process environment block, and leaves no file of it behind (Linux: read through /proc)', async ({ cleanup }) => {
    // Any process of the user, a skill among them, reads another's environment block at /proc/<pid>/environ.
    const token = 'a-token-no-environment-holds_012';
    const { url, proc } = await serveProcess(cleanup, token);
    const u = new URL(url);
    expect(u.searchParams.get('token')).toBe(token);
    const [skill] = (await command(u, 'listSkills', [])) as { id: string }[];
    await command(u, 'startSkill', [skill.id]);
    const tree = [proc.pid!, ...descendants(proc.pid!)];
    expect(tree.length).toBeGreaterThan(1); // the server and its skill
    for (const pid of tree) expect(environBlock(pid)).not.toContain(token);
    expect(fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('skillbench-token-'))).toEqual([]);
  });

  it('refuses a token short enough to guess, in one sentence', async () => {
    // serve reads its token from the process environment (and empties it): a process of its own.
    const r = await cliProcess(['serve', LOUD, '--port', '0'], { env: { SKILLBENCH_TOKEN: 'short' } });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('skillbench: SKILLBENCH_TOKEN must be at least 16 letters, digits, "-" or "_"');
  });
});

describe('skillbench mcp --http with SKILLBENCH_MCP_TOKEN', () => {
  it.runIf(process.platform === 'linux')('keeps the token and holds it in no process environment block (Linux: read through /proc)', async ({ cleanup }) => {
    const token = 'an-mcp-token-no-environment-holds';
    const served = await serveHttp([LOUD], cleanup.tempDir(), { SKILLBENCH_MCP_TOKEN: token });
    cleanup.add({ close: () => served.stop() });
    expect(served.token).toBe(token);
    const mcp = cleanup.add(await overHttp(served.url, token));
    expect((await mcp.client.listTools()).tools.length).toBeGreaterThan(0);
    const tree = [served.child.pid!, ...descendants(served.child.pid!)];
    expect(tree.length).toBeGreaterThan(1); // the bridge and its skill
    for (const pid of tree) expect(environBlock(pid)).not.toContain(token);
  });
});
