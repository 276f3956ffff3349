/**
 * `skillbench serve` keeps its address per workspace: started again on the same folders it comes back at the same port
 * with the same token (so an open page reconnects); a kept port that is taken falls back to a free one and says so;
 * `--new-token` retires the old token. The kept address is a private file, and the token is on no command line and in
 * no environment block.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { ROOT } from './helpers';

interface Served {
  url: URL;
  proc: ChildProcess;
  err: () => string;
}

function serve(cleanup: Cleanup, home: string, folder: string, args: string[] = []): Promise<Served> {
  const env: NodeJS.ProcessEnv = { ...process.env, SKILLBENCH_HOME: home };
  delete env.SKILLBENCH_TOKEN;
  const proc = spawn(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'serve', folder, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanup.add({ close: () => stop(proc) });
  let out = '';
  let err = '';
  proc.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /Skill Workbench: (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: new URL(m[1]), proc, err: () => err });
    });
    proc.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

async function stop(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  await exited;
}

describe('skillbench serve keeps its address per workspace', () => {
  it('the same port and token on a restart; a taken port falls back with a message; --new-token makes another', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const folder = cleanup.tempDir('skillbench-ws-');
    const first = await serve(cleanup, home, folder);
    const token = first.url.searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{32}$/);
    // The kept address: one private file in a private folder.
    const dir = path.join(home, 'serve');
    const [file] = fs.readdirSync(dir);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))).toEqual({ port: Number(first.url.port), token });
    // Nowhere a process list or another process shows it.
    if (process.platform === 'linux') {
      expect(fs.readFileSync(`/proc/${first.proc.pid}/cmdline`, 'utf8')).not.toContain(token);
      expect(fs.readFileSync(`/proc/${first.proc.pid}/environ`, 'utf8')).not.toContain(token);
    }
    await stop(first.proc);

    const again = await serve(cleanup, home, folder);
    expect(again.url.href).toBe(first.url.href);
    expect((await fetch(again.url)).status).toBe(200);
    await stop(again.proc);

    // Something else on the kept port: a free one this time, said on stderr; the kept port is not forgotten.
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(Number(first.url.port), '127.0.0.1', r));
    cleanup.add({ close: () => new Promise<void>((r) => blocker.close(() => r())) });
    const moved = await serve(cleanup, home, folder);
    expect(moved.url.port).not.toBe(first.url.port);
    expect(moved.url.searchParams.get('token')).toBe(token);
    expect(moved.err()).toContain(`Port ${first.url.port}, this workspace's, is in use (by another program or another workbench), so this time the workbench is at port ${moved.url.port}`);
    await stop(moved.proc);
    await new Promise<void>((r) => blocker.close(() => r()));

    const fresh = await serve(cleanup, home, folder, ['--new-token']);
    expect(fresh.url.port).toBe(first.url.port);
    expect(fresh.url.searchParams.get('token')).not.toBe(token);
    // The old address no longer opens the workbench.
    expect((await fetch(first.url)).status).toBe(401);
    await stop(fresh.proc);

    // Another workspace (other folders) has an address of its own.
    const other = await serve(cleanup, home, cleanup.tempDir('skillbench-ws-'));
    expect(other.url.searchParams.get('token')).not.toBe(fresh.url.searchParams.get('token'));
    expect(fs.readdirSync(dir)).toHaveLength(2);
  });
});
