/** The MCP SDK's own client against `skillbench mcp` (the built CLI), over stdio or HTTP, recording what it hears. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ClientCapabilities, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ROOT } from './helpers';

export const BIN = path.join(ROOT, 'bin', 'skillbench.cjs');

export interface Connected {
  client: Client;
  /** Every message the client received, as it came. */
  heard: JSONRPCMessage[];
  stderr: () => string;
  close(): Promise<void>;
}

function baseEnv(home: string): Record<string, string> {
  const env: Record<string, string> = { SKILLBENCH_HOME: home };
  for (const k of ['PATH', 'HOME', 'LANG', 'SKILLBENCH_PYTHON', 'TMPDIR']) if (process.env[k]) env[k] = process.env[k]!;
  return env;
}

/** Records what reaches the client before the client sees it. */
function recording(t: Transport, heard: JSONRPCMessage[]): Transport {
  const start = t.start.bind(t);
  t.start = async () => {
    const deliver = t.onmessage;
    t.onmessage = (m, extra) => {
      heard.push(m);
      deliver?.(m, extra);
    };
    return start();
  };
  return t;
}

/** `skillbench mcp <args>` over stdio, started in `cwd` (the repository unless given). */
export async function overStdio(args: string[], home: string, capabilities: ClientCapabilities = {}, setup?: (c: Client) => void, cwd = ROOT): Promise<Connected> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], env: baseEnv(home), stderr: 'pipe', cwd });
  let err = '';
  transport.stderr?.on('data', (d) => (err += d));
  const heard: JSONRPCMessage[] = [];
  const client = new Client({ name: 'skillbench-test', version: '1.0.0' }, { capabilities });
  setup?.(client);
  await client.connect(recording(transport, heard));
  return { client, heard, stderr: () => err, close: () => client.close() };
}

export interface HttpServe {
  url: string;
  token: string;
  child: ChildProcess;
  stderr: () => string;
  stop(): Promise<void>;
}

/** `skillbench mcp <args> --http 0`, with the address and token it prints on stderr. */
export function serveHttp(args: string[], home: string, env: NodeJS.ProcessEnv = {}): Promise<HttpServe> {
  const child = spawn(process.execPath, [BIN, 'mcp', ...args, '--http', '0'], { env: { ...baseEnv(home), ...env }, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d) => {
      err += d;
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err)?.[1];
      const token = /Token: (\S+)/.exec(err)?.[1];
      if (url && token)
        resolve({
          url,
          token,
          child,
          stderr: () => err + out,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`skillbench mcp --http exited (${code}): ${err}`)));
  });
}

export async function overHttp(url: string, token: string | null, capabilities: ClientCapabilities = {}): Promise<Connected> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const heard: JSONRPCMessage[] = [];
  const client = new Client({ name: 'skillbench-test', version: '1.0.0' }, { capabilities });
  await client.connect(recording(transport, heard));
  return { client, heard, stderr: () => '', close: () => client.close() };
}
