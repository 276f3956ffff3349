/** Real MCP servers from npm for the MCP tests: a folder whose `.mcp.json` names them, and a workbench on it. */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { EventName, WorkbenchEvents } from '../src-main/contract';
import { Workbench } from '../src-main/workbench/workbench';
import type { Cleanup } from './cleanup-fixture';
import { ROOT, waitFor } from './helpers';

export const EVERYTHING = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
export const FILESYSTEM = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-filesystem', 'dist', 'index.js');

/** A `.mcp.json` in a new temporary folder; returns the folder. */
export function mcpFolder(cleanup: Cleanup, servers: Record<string, unknown>, prefix = 'mcp-'): string {
  const dir = cleanup.tempDir(prefix);
  fs.writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  return dir;
}

export const everythingStdio = () => ({ command: process.execPath, args: [EVERYTHING, 'stdio'] });

/** A workbench on `dir`, and the id of its server `name` (`folder#name`). */
export function mcpBench(cleanup: Cleanup, dir: string, name: string): { wb: Workbench; id: string } {
  const wb = cleanup.add(new Workbench({ home: cleanup.tempDir('mcp-home-'), kind: 'browser', folders: [dir], namedFolders: true }));
  return { wb, id: `${path.basename(dir)}#${name}` };
}

/** Every event of one kind the workbench tells, as they come. */
export function collect<K extends EventName>(wb: Workbench, event: K): WorkbenchEvents[K][] {
  const seen: WorkbenchEvents[K][] = [];
  wb.events.on(event, (p) => seen.push(p));
  return seen;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** server-everything over Streamable HTTP on a free loopback port (it reads PORT); stopped when the test ends. */
export async function everythingHttp(cleanup: Cleanup, port?: number): Promise<{ url: string; proc: ChildProcess; port: number }> {
  port ??= await freePort();
  const proc = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  proc.stderr.on('data', (c: Buffer) => (said += c.toString()));
  proc.stdout.on('data', (c: Buffer) => (said += c.toString()));
  cleanup.add({ stop: () => new Promise<void>((resolve) => (proc.exitCode !== null || proc.signalCode !== null ? resolve() : (proc.once('exit', () => resolve()), proc.kill('SIGTERM')))) });
  await waitFor(() => /listening on port/i.test(said) || proc.exitCode !== null, 20_000, 'the HTTP server to listen');
  if (proc.exitCode !== null) throw new Error(`server-everything did not start: ${said}`);
  return { url: `http://127.0.0.1:${port}/mcp`, proc, port };
}
