/**
 * Browser mode: the built renderer and the WorkbenchApi on one HTTP server, on 127.0.0.1 by default,
 * behind a random token. Any other interface must be asked for explicitly.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { Workbench } from '../workbench/workbench';
import { Gate, newToken } from './auth';
import { serveStatic } from './static-files';
import { bridgeSocket } from './ws-bridge';
import { serveLogFile } from './log-file-route';
import { LOG_FILE_ROUTE } from '../contract';
import { workbenchApi } from '../workbench/api';

export interface ServeOptions {
  workbench: Workbench;
  rendererDir: string;
  host?: string;
  port?: number;
  token?: string;
}

export interface RunningServer {
  url: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const api = workbenchApi(opts.workbench);
  const host = opts.host ?? '127.0.0.1';
  const token = opts.token ?? newToken();
  let gate: Gate | null = null;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  const server = http.createServer((req, res) => {
    const refused = gate!.refuse(req);
    if (refused) {
      res.writeHead(refused.status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${refused.reason}.\n`);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === LOG_FILE_ROUTE) {
      void serveLogFile(opts.workbench, url, res, req.method === 'HEAD');
      return;
    }
    // The first page load carries the token in the URL; the cookie carries it for the assets that follow.
    serveStatic(opts.rendererDir, url.pathname, res, { 'Set-Cookie': gate!.cookie() });
  });
  server.on('upgrade', (req, socket, head) => {
    const refused = gate!.refuse(req);
    const url = new URL(req.url ?? '/', 'http://x');
    if (refused || url.pathname !== '/api') {
      const status = refused?.status ?? 404;
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\nConnection: close\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => bridgeSocket(ws, api, opts.workbench.events));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  gate = new Gate(token, host, port);
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/?token=${token}`,
    token,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
