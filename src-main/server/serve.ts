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
import { LOG_FILE_ROUTE, MCP_APP_ROUTE } from '../contract';
import { workbenchDoor } from '../workbench/door';
import { RESET_ROUTE, serveReset, type ResetRequest } from './reset-route';

/**
 * The largest command a window may send. The biggest legitimate ones carry a tool's arguments (typed or
 * pasted into a form, or a saved request) or a skill's whole state from the Data tab; nothing in the
 * contract uploads files. Larger messages close the socket with 1009 (message too big) before they are read.
 */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

export interface ServeOptions {
  workbench: Workbench;
  rendererDir: string;
  host?: string;
  port?: number;
  token?: string;
  /**
   * The end-to-end suite's hook (reset-route.ts): given, RESET_ROUTE swaps the workbench for the one this makes.
   * Absent (always, for users), the route does not exist.
   */
  resetTo?: (req: ResetRequest) => Workbench;
}

export interface RunningServer {
  url: string;
  token: string;
  port: number;
  /** The workbench served now (another one after a reset). */
  readonly workbench: Workbench;
  close(): Promise<void>;
}

/** A path under the page's prefix as the same path at the root; other paths as they are. */
function withinPage(pathname: string, prefix: string): string {
  return pathname.startsWith(prefix) ? pathname.slice(prefix.length - 1) : pathname;
}

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  let workbench = opts.workbench;
  let door = workbenchDoor(workbench);
  const host = opts.host ?? '127.0.0.1';
  const token = opts.token ?? newToken();
  let gate: Gate | null = null;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  // Windows of the old workbench are cut off (they would talk to a closed one), then it closes, stopping its
  // skills, before the new one opens. One reset at a time.
  let resetting = Promise.resolve();
  const resetTo =
    opts.resetTo &&
    ((req: ResetRequest) => {
      const done = resetting.then(async () => {
        const closedSockets = wss.clients.size;
        for (const c of wss.clients) c.terminate();
        await workbench.close();
        workbench = opts.resetTo!(req);
        door = workbenchDoor(workbench);
        return { closedSockets };
      });
      resetting = done.then(
        () => undefined,
        () => undefined,
      );
      return done;
    });
  const server = http.createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      // Whatever a request holds, it fails alone: the server never goes down with it.
      if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad request.\n');
    }
  });
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const refused = gate!.refuse(req);
    if (refused) {
      res.writeHead(refused.status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${refused.reason}.\n`);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const pathname = withinPage(url.pathname, gate!.prefix);
    if (resetTo && pathname === RESET_ROUTE) {
      void serveReset(req, res, resetTo);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    if (pathname === LOG_FILE_ROUTE) {
      void serveLogFile(workbench, url, res, req.method === 'HEAD');
      return;
    }
    if (pathname === MCP_APP_ROUTE) {
      // An MCP App's document, with its own policy (workbench/mcp-apps.ts); the gate has checked the token.
      const doc = workbench.mcp.apps.response(url.searchParams.get('id'));
      res.writeHead(doc.status, doc.headers).end(req.method === 'HEAD' ? undefined : doc.body);
      return;
    }
    // The page itself lives under its prefix, where the cookie is sent: the address printed (`/?token=`) leads there.
    if (pathname === url.pathname && (pathname === '/' || pathname === '/index.html' || `${pathname}/` === gate!.prefix)) {
      res.writeHead(302, { Location: `${gate!.prefix}${url.search}`, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).end();
      return;
    }
    // The first page load carries the token in the URL; the cookie carries it for the assets that follow.
    serveStatic(opts.rendererDir, pathname, res, { 'Set-Cookie': gate!.cookie() });
  };
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => undefined);
    let refused: { status: number } | null;
    let pathname: string;
    try {
      refused = gate!.refuse(req);
      pathname = withinPage(new URL(req.url ?? '/', 'http://x').pathname, gate!.prefix);
    } catch {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    if (refused || pathname !== '/api') {
      const status = refused?.status ?? 404;
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\nConnection: close\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => bridgeSocket(ws, door, workbench.events));
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
    get workbench() {
      return workbench;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
