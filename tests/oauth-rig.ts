/**
 * A real local authorization server and an MCP server it protects, for the OAuth tests: two `node:http` servers on
 * loopback ports. The authorization server serves its metadata (RFC 8414), dynamic registration (RFC 7591), client
 * ID metadata documents (from a table the test gives, as it would fetch them), an authorize endpoint that approves
 * at once and redirects to the client's loopback address, and a token endpoint that checks PKCE (S256), the
 * redirect address, the client and the resource, and refreshes. The MCP server (the SDK's McpServer, stateless)
 * serves its protected-resource metadata (RFC 9728), answers 401 with `WWW-Authenticate: Bearer resource_metadata=…`
 * without a good token, and 403 `insufficient_scope` for its `admin` tool without the `admin` scope.
 *
 * Faults are switches: a wrong issuer, no PKCE S256, loopback redirects refused, codes that expire at once, a
 * refusal at authorize, tokens that live a second, and revocation (a mid-session 401).
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as z from 'zod/v4';

export interface RigOptions {
  /** Seconds an access token lives (3600). */
  accessTtl?: number;
  /** Advertise client ID metadata documents, fetching them from this table by their URL. */
  cimd?: Record<string, Record<string, unknown>>;
  /** Offer dynamic registration (true). */
  dcr?: boolean;
  wrongIssuer?: boolean;
  /** `absent`: no code_challenge_methods_supported; `plain`: only "plain". */
  pkce?: 'absent' | 'plain';
  refuseLoopback?: boolean;
  /** Codes expire at once. */
  expiredCodes?: boolean;
  /** The user declines at authorize. */
  deny?: boolean;
  /** A bearer token the MCP server also takes as it is (the user's own token). */
  staticToken?: string;
  /** This answer comes HUGE_BYTES long (its JSON right, padded), streamed with no Content-Length. */
  huge?: 'resource-metadata' | 'auth-server-metadata' | 'registration' | 'token';
}

/** How long a `huge` answer is: far past any ceiling, short enough to stream whole in a second or two. */
export const HUGE_BYTES = 64 * 1024 * 1024;

interface Client { client_id: string; redirect_uris: string[]; cimd: boolean }
interface Grant { clientId: string; scope: string; resource?: string }

export interface Rig {
  issuer: string;
  mcpUrl: string;
  /** Every token issued (access and refresh), to check none leaks. */
  issued: string[];
  counts: { register: number; authorize: number; token: number; refresh: number; unauthorized: number; mcp: number };
  /** How much of a `huge` answer was written before the client stopped reading (HUGE_BYTES where it read all). */
  hugeSent: number;
  /** What the authorize endpoint was last given. */
  lastAuthorize?: URLSearchParams;
  /** Revokes every access token (the next request meets a 401); `refresh` too revokes the refresh tokens. */
  revoke(what: 'access' | 'refresh'): void;
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');
const token = (prefix: string) => `${prefix}_${b64url(randomBytes(24))}`;
const isLoopback = (uri: string) => /^http:\/\/127\.0\.0\.1(:\d+)?\//.test(uri);
/** A loopback redirect matches whatever its port (RFC 8252 §7.3). */
const sameRedirect = (a: string, b: string) => a === b || (isLoopback(a) && isLoopback(b) && a.replace(/:\d+\//, '/') === b.replace(/:\d+\//, '/'));

async function bodyOf(req: http.IncomingMessage): Promise<string> {
  let s = '';
  for await (const c of req) s += c;
  return s;
}

/** `body` as JSON padded to HUGE_BYTES, written as the client reads it; resolves with the bytes written. */
export async function sendHuge(res: http.ServerResponse, status: number, body: Record<string, unknown>): Promise<number> {
  res.writeHead(status, { 'content-type': 'application/json' });
  const head = JSON.stringify(body).slice(0, -1) + ',"padding":"';
  const chunk = 'x'.repeat(64 * 1024);
  let sent = 0;
  const write = async (s: string) => {
    sent += s.length;
    if (res.write(s)) return;
    await new Promise<void>((resolve) => {
      const done = () => (res.off('drain', done), res.off('close', done), resolve());
      res.once('drain', done).once('close', done);
    });
  };
  await write(head);
  while (sent < HUGE_BYTES - 2 && !res.destroyed) await write(chunk);
  if (!res.destroyed) res.end('"}');
  return sent;
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export async function startRig(opts: RigOptions = {}): Promise<Rig> {
  const clients = new Map<string, Client>();
  const codes = new Map<string, Grant & { challenge: string; redirect: string; expires: number }>();
  const access = new Map<string, Grant & { expires: number }>();
  const refresh = new Map<string, Grant>();
  const as = http.createServer();
  const rs = http.createServer();
  const asPort = await listen(as);
  const rsPort = await listen(rs);
  const issuer = `http://127.0.0.1:${asPort}`;
  const mcpUrl = `http://127.0.0.1:${rsPort}/mcp`;
  const prmUrl = `http://127.0.0.1:${rsPort}/.well-known/oauth-protected-resource/mcp`;
  const rig: Rig = {
    issuer,
    mcpUrl,
    issued: [],
    counts: { register: 0, authorize: 0, token: 0, refresh: 0, unauthorized: 0, mcp: 0 },
    hugeSent: 0,
    revoke(what) {
      access.clear();
      if (what === 'refresh') refresh.clear();
    },
    async close() {
      for (const s of [as, rs]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };

  const answerHuge = (res: http.ServerResponse, status: number, body: unknown) => void sendHuge(res, status, body as Record<string, unknown>).then((n) => (rig.hugeSent = n));

  const clientOf = (id: string): Client | undefined => {
    if (clients.has(id)) return clients.get(id);
    const doc = opts.cimd?.[id];
    if (!doc || doc.client_id !== id) return undefined;
    return { client_id: id, redirect_uris: doc.redirect_uris as string[], cimd: true };
  };

  const issue = (grant: Grant) => {
    const a = token('at');
    const r = token('rt');
    access.set(a, { ...grant, expires: Date.now() + (opts.accessTtl ?? 3600) * 1000 });
    refresh.set(r, grant);
    rig.issued.push(a, r);
    return { access_token: a, token_type: 'Bearer', expires_in: opts.accessTtl ?? 3600, refresh_token: r, scope: grant.scope };
  };

  as.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      if (url.pathname === '/.well-known/oauth-authorization-server') {
        return (opts.huge === 'auth-server-metadata' ? answerHuge : send)(res, 200, {
          issuer: opts.wrongIssuer ? 'https://elsewhere.example' : issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          ...(opts.dcr === false ? {} : { registration_endpoint: `${issuer}/register` }),
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          ...(opts.pkce === 'absent' ? {} : { code_challenge_methods_supported: opts.pkce === 'plain' ? ['plain'] : ['S256'] }),
          token_endpoint_auth_methods_supported: ['none'],
          scopes_supported: ['mcp', 'admin'],
          ...(opts.cimd ? { client_id_metadata_document_supported: true } : {}),
        });
      }
      if (url.pathname === '/register' && req.method === 'POST' && opts.dcr !== false) {
        rig.counts.register++;
        const meta = JSON.parse(await bodyOf(req)) as { redirect_uris?: string[] };
        const uris = meta.redirect_uris ?? [];
        if (!uris.length || (opts.refuseLoopback && uris.some(isLoopback))) {
          return send(res, 400, { error: 'invalid_redirect_uri', error_description: 'loopback redirect URIs are not allowed here' });
        }
        const client: Client = { client_id: token('client'), redirect_uris: uris, cimd: false };
        clients.set(client.client_id, client);
        return (opts.huge === 'registration' ? answerHuge : send)(res, 201, { ...meta, client_id: client.client_id, client_id_issued_at: Math.floor(Date.now() / 1000) });
      }
      if (url.pathname === '/authorize') {
        rig.counts.authorize++;
        const q = url.searchParams;
        rig.lastAuthorize = q;
        const client = clientOf(q.get('client_id') ?? '');
        const redirect = q.get('redirect_uri') ?? '';
        // A wrong client or redirect is never redirected to (RFC 6749 §4.1.2.1): the user sees the error.
        if (!client) return send(res, 400, { error: 'invalid_client', error_description: 'unknown client' });
        if (!client.redirect_uris.some((u) => (client.cimd ? sameRedirect(u, redirect) : u === redirect))) return send(res, 400, { error: 'invalid_request', error_description: 'redirect_uri not registered' });
        const back = new URL(redirect);
        if (q.get('state')) back.searchParams.set('state', q.get('state')!);
        if (opts.deny) back.searchParams.set('error', 'access_denied');
        else if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) back.searchParams.set('error', 'invalid_request');
        else {
          const code = token('code');
          codes.set(code, { clientId: client.client_id, scope: q.get('scope') ?? 'mcp', resource: q.get('resource') ?? undefined, challenge: q.get('code_challenge')!, redirect, expires: opts.expiredCodes ? 0 : Date.now() + 60_000 });
          back.searchParams.set('code', code);
        }
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(await bodyOf(req));
        const client = clientOf(form.get('client_id') ?? '');
        if (!client) return send(res, 401, { error: 'invalid_client' });
        if (form.get('grant_type') === 'authorization_code') {
          rig.counts.token++;
          const code = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          if (!code || code.expires < Date.now()) return send(res, 400, { error: 'invalid_grant', error_description: 'the code expired or was used' });
          if (b64url(createHash('sha256').update(verifier).digest()) !== code.challenge) return send(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
          if (form.get('redirect_uri') !== code.redirect || code.clientId !== client.client_id) return send(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri or client mismatch' });
          if (form.get('resource') !== mcpUrl) return send(res, 400, { error: 'invalid_target', error_description: `resource must be ${mcpUrl}` });
          return (opts.huge === 'token' ? answerHuge : send)(res, 200, issue(code));
        }
        if (form.get('grant_type') === 'refresh_token') {
          rig.counts.refresh++;
          const grant = refresh.get(form.get('refresh_token') ?? '');
          if (!grant || grant.clientId !== client.client_id) return send(res, 400, { error: 'invalid_grant', error_description: 'refresh token revoked' });
          refresh.delete(form.get('refresh_token')!); // rotated
          return send(res, 200, issue(grant));
        }
        return send(res, 400, { error: 'unsupported_grant_type' });
      }
      send(res, 404, { error: 'not_found' });
    })().catch((err: Error) => send(res, 500, { error: 'server_error', error_description: err.message }));
  });

  const challenge = (res: http.ServerResponse, status: 401 | 403, extra = '') => {
    rig.counts.unauthorized++;
    res.writeHead(status, { 'www-authenticate': `Bearer resource_metadata="${prmUrl}"${extra}`, 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: status === 401 ? 'invalid_token' : 'insufficient_scope' }));
  };

  rs.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', mcpUrl);
      if (url.pathname === '/.well-known/oauth-protected-resource/mcp') {
        return (opts.huge === 'resource-metadata' ? answerHuge : send)(res, 200, { resource: mcpUrl, authorization_servers: [issuer], scopes_supported: ['mcp'], bearer_methods_supported: ['header'] });
      }
      if (url.pathname !== '/mcp') return send(res, 404, { error: 'not_found' });
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const grant = bearer ? access.get(bearer) : undefined;
      const own = !!opts.staticToken && bearer === opts.staticToken;
      if (!own && (!grant || grant.expires < Date.now() || grant.resource !== mcpUrl)) return challenge(res, 401, bearer ? ', error="invalid_token"' : '');
      // Stateless: no stream of its own to open, no session to end.
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST' });
        return res.end();
      }
      const body = req.method === 'POST' ? (JSON.parse(await bodyOf(req)) as { method?: string; params?: { name?: string } }) : undefined;
      const scopes = own ? ['mcp', 'admin'] : grant!.scope.split(' ');
      if (body?.method === 'tools/call' && body.params?.name === 'admin' && !scopes.includes('admin')) return challenge(res, 403, ', error="insufficient_scope", scope="admin"');
      rig.counts.mcp++;
      const server = new McpServer({ name: 'protected', version: '1.0.0' });
      server.registerTool('whoami', { description: 'Who the token says you are' }, () => ({ content: [{ type: 'text', text: own ? 'own token' : `${grant!.clientId} with ${grant!.scope}` }] }));
      server.registerTool('echo', { description: 'Echoes', inputSchema: { text: z.string() } }, ({ text }) => ({ content: [{ type: 'text', text }] }));
      server.registerTool('admin', { description: 'Needs the admin scope' }, () => ({ content: [{ type: 'text', text: 'admin done' }] }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => void transport.close().catch(() => undefined));
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    })().catch((err: Error) => {
      if (!res.headersSent) send(res, 500, { error: err.message });
    });
  });
  return rig;
}

/** The test as the user's browser: opens the authorization address and follows its redirect to the loopback address. */
export async function playBrowser(url: string, tamper?: (back: URL) => void): Promise<{ status: number; text: string }> {
  const first = await fetch(url, { redirect: 'manual' });
  const location = first.headers.get('location');
  if (!location) return { status: first.status, text: await first.text() };
  await first.body?.cancel();
  const back = new URL(location);
  tamper?.(back);
  const res = await fetch(back, { redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}
