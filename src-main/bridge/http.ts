/**
 * The bridge over Streamable HTTP, on 127.0.0.1 only, behind browser mode's gate (server/auth.ts): a random
 * token (here also as `Authorization: Bearer`, what MCP clients send), an Origin allow-list that fails
 * closed, and a Host check against DNS rebinding. Both eras at one address:
 * - a legacy client (2025: `initialize`, no `_meta` envelope) gets an MCP session, with its own SDK transport
 *   and `Server` over the one skill runtime, resumable streams and a GET stream;
 * - a modern one (2026-07-28: the version in each request's `_meta`) is served statelessly by the SDK's
 *   handler, a `Server` per request; it hears of changes on its `subscriptions/listen` stream.
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type McpServer,
  type Server,
  type ServerNotifier,
  type Transport,
} from '@modelcontextprotocol/server';
import type { McpEra } from '../contract';
import { Gate, newToken } from '../server/auth';
import { BoundedEventStore } from './event-store';
import { DEFAULT_SESSION_LIMITS, HttpSessions, type SessionLimits } from './http-sessions';
import { sendResponse, webRequest } from './web-http';

export const MCP_PATH = '/mcp';
/** The largest request body: a tool's arguments, or a setup form's answers. */
const MAX_BODY = 4 * 1024 * 1024;
/** How long a client whose SSE stream ended waits before it reconnects (the `retry` field). */
const RETRY_MS = 1000;

/** Browser mode's gate, which also takes the token from `Authorization: Bearer`. */
class BearerGate extends Gate {
  override tokenOf(req: IncomingMessage): string | null {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    return m ? m[1] : super.tokenOf(req);
  }
}

export interface HttpBridge {
  url: string;
  token: string;
  port: number;
  /** Sessions kept now (bounded by the cap; idle ones end). */
  sessionCount(): number;
  close(): Promise<void>;
}

/** What is served over HTTP: a skill (skill-server.ts) or a folder's Agent Skills (skills-server.ts), in either era. */
export interface HttpServed {
  /** A legacy client's session: a server connected to its transport. */
  connect(transport: Transport): Promise<unknown>;
  /** The server of one request of a modern client (or of one stateless legacy request). */
  requestServer(era: McpEra): Promise<McpServer | Server>;
  /** Where modern clients' listen streams are told of changes, if it has changes to tell; returns its removal. */
  addNotifier?(notifier: ServerNotifier): () => void;
  /** A modern client listens for these resources (a proxy subscribes to them upstream). */
  listening?(uris: string[]): Promise<void>;
}

export async function serveHttp(bridge: HttpServed, opts: { port?: number; token?: string; sessions?: Partial<SessionLimits> } = {}): Promise<HttpBridge> {
  const host = '127.0.0.1';
  const token = opts.token ?? newToken();
  const sessions = new HttpSessions({ ...DEFAULT_SESSION_LIMITS, ...opts.sessions });
  let gate: BearerGate | null = null;
  // The modern era, statelessly: a server per request (a legacy request never reaches it: routed below).
  const modern = createMcpHandler(({ era }) => bridge.requestServer(era), { legacy: 'reject', onerror: () => undefined });
  const unnotify = bridge.addNotifier?.(modern.notify);

  let port = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const refused = gate!.refuse(req);
    if (refused) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (refused.status === 401) headers['WWW-Authenticate'] = 'Bearer realm="skillbench"';
      res.writeHead(refused.status, headers).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: `${refused.reason}.` } }));
      return;
    }
    if (new URL(req.url ?? '/', 'http://x').pathname !== MCP_PATH) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`The MCP endpoint is ${MCP_PATH}.\n`);
      return;
    }
    const sid = req.headers['mcp-session-id'];
    const known = typeof sid === 'string' ? sessions.get(sid) : undefined;
    const request = webRequest(req, res, `http://${host}:${port}`);
    if (req.method === 'POST') {
      const body = await readJson(req);
      if (body === undefined) return jsonError(res, 400, -32700, 'The request body is not JSON.');
      if (!(await isLegacyRequest(request, body))) {
        // A modern client listening for resources: a proxied server is subscribed to them upstream.
        const uris = listenedUris(body);
        if (uris.length) void bridge.listening?.(uris);
        return sendResponse(res, await modern.fetch(request, { parsedBody: body }));
      }
      if (known) {
        sessions.touch(sid as string, res);
        return sendResponse(res, await known.handleRequest(request, { parsedBody: body }));
      }
      if (sid !== undefined) return jsonError(res, 404, -32001, 'That session has ended: initialize again.');
      if (!isInitializeRequest(body)) return jsonError(res, 400, -32000, 'No session: send initialize first (without an Mcp-Session-Id header).');
      const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: new BoundedEventStore(),
        retryInterval: RETRY_MS,
        onsessioninitialized: (id) => {
          sessions.add(id, transport);
          sessions.touch(id, res);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.forget(transport.sessionId);
      };
      await bridge.connect(transport);
      return sendResponse(res, await transport.handleRequest(request, { parsedBody: body }));
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!known) return jsonError(res, sid === undefined ? 400 : 404, -32000, sid === undefined ? 'An Mcp-Session-Id header is required.' : 'That session has ended.');
      sessions.touch(sid as string, res);
      return sendResponse(res, await known.handleRequest(request));
    }
    res.writeHead(405, { Allow: 'GET, POST, DELETE' }).end();
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      // Whatever a request holds, it fails alone.
      if (!res.headersSent) jsonError(res, 500, -32603, 'The bridge could not handle that request.');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  gate = new BearerGate(token, host, port);
  return {
    url: `http://${host}:${port}${MCP_PATH}`,
    token,
    port,
    sessionCount: () => sessions.size,
    close: async () => {
      unnotify?.();
      await modern.close().catch(() => undefined);
      await sessions.closeAll();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      });
    },
  };
}

/** The resources a `subscriptions/listen` request asks to hear of. */
function listenedUris(body: unknown): string[] {
  const m = body as { method?: unknown; params?: { notifications?: { resourceSubscriptions?: unknown } } } | null;
  const uris = m?.method === 'subscriptions/listen' ? m.params?.notifications?.resourceSubscriptions : undefined;
  return Array.isArray(uris) ? uris.filter((u): u is string => typeof u === 'string') : [];
}

function jsonError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}

/** The body as JSON, or undefined when it is not JSON or too large. */
function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', () => resolve(undefined));
  });
}
