/**
 * The model endpoint a host run talks to: the workbench's own, on loopback, with a token made for the run. It
 * speaks the Anthropic Messages API (`POST /v1/messages`, whatever query, `?beta=true` included; token counting;
 * the model list) and answers in one of three ways:
 *
 * - `model`: forwarded to the user's model profile, with the real key added here (the host only ever holds the
 *   run's token) and the profile's model named in place of the one the host asked for;
 * - `cassette`: from a recording of an earlier run, one recorded answer per request, in order, offline;
 * - `scripted`: the proxy's own answer (a text calling no tool), so a host can be started with no key at all.
 *
 * Every request and its whole answer go on tape as a chat turn's do (agent/cassette.ts: no header is kept, so
 * neither key is), and a recording of a run is what `cassette` answers from. As MCP Inspector's fixed proxy does:
 * 127.0.0.1 only, the token compared in constant time, and any request from a web page (an Origin) refused.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatRecordBody, ModelConfig } from '../contract';
import { TurnTape } from '../agent/cassette';
import { anthropicApiBase } from '../agent/model-config';
import { retryingFetch, type Fetch } from '../agent/model-fetch';
import { countTokens } from '../protocols/agent-skill';
import { scriptedMessage, scriptedStream } from './scripted-answer';

type ModelRequest = Extract<ChatRecordBody, { type: 'model-request' }>;
type ModelResponse = Extract<ChatRecordBody, { type: 'model-response' }>;
export type ProxyRecord = ModelRequest | ModelResponse;

export type ProxyAnswer =
  | { kind: 'scripted' }
  | { kind: 'model'; config: ModelConfig; apiKey?: string; fetch?: Fetch }
  | { kind: 'cassette'; records: readonly { type: string }[] };

export interface ModelProxy {
  /** `http://127.0.0.1:<port>`: what a host is given as its base URL. */
  url: string;
  /** The run's key: what the host sends, and all it ever holds. */
  token: string;
  /** Every request and answer so far, as recording records (one turn). */
  records(): ProxyRecord[];
  /** The model requests' bodies (`POST …/messages`), in order. */
  requests(): unknown[];
  close(): Promise<void>;
}

/** A run that asks more than this is stuck in a loop: further requests are refused. */
export const MAX_EXCHANGES = 500;
/** A host's request body is refused past this (Claude Code's first request is about 50 KB). */
const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

export async function startModelProxy(answer: ProxyAnswer): Promise<ModelProxy> {
  const token = `skb-${crypto.randomBytes(24).toString('base64url')}`;
  const records: ProxyRecord[] = [];
  const tape = new TurnTape({ recording: true, append: (r) => void records.push(r as ProxyRecord) });
  const replies = answer.kind === 'cassette' ? recordedAnswers(answer.records) : [];
  let exchanges = 0;
  const upstream = answer.kind === 'model' ? retryingFetch(answer.fetch ?? ((i, init) => globalThis.fetch(i, init))) : undefined;

  /** What answers one request: the model, the recording, or the proxy itself. */
  const inner: Fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
    const body = typeof init?.body === 'string' ? init.body : '';
    if (answer.kind === 'model') {
      const target = `${anthropicApiBase(answer.config)}${url.pathname.replace(/^\/v1/, '')}${url.search}`;
      const headers: Record<string, string> = { 'content-type': 'application/json', 'anthropic-version': (init?.headers as Record<string, string>)['anthropic-version'] || '2023-06-01' };
      const beta = (init?.headers as Record<string, string>)['anthropic-beta'];
      if (beta) headers['anthropic-beta'] = beta;
      if (answer.apiKey) headers['x-api-key'] = answer.apiKey;
      return upstream!(target, { method: 'POST', headers, body: withModel(body, answer.config.model), signal: init?.signal });
    }
    if (answer.kind === 'cassette') {
      const r = replies[exchanges - 1];
      if (!r) return errorResponse(500, `The recording has no answer for request ${exchanges}: the host asked more than it did when recorded.`);
      if (r.error !== undefined || r.body === undefined) return errorResponse(502, `The recorded request ${exchanges} had no answer (${r.error ?? 'none was recorded'}).`);
      return new Response(r.body, { status: r.status ?? 200, headers: r.headers ?? {} });
    }
    const parsed = parse(body);
    const model = typeof parsed?.model === 'string' ? parsed.model : 'skillbench-proxy';
    if (url.pathname.endsWith('/count_tokens')) return Response.json({ input_tokens: await countTokens(body) });
    return parsed?.stream === true ? scriptedStream(model) : scriptedMessage(model);
  };

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 502, `The proxy could not reach the model: ${(err as Error).message}`);
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.headers.origin !== undefined) return sendError(res, 403, 'The model proxy answers agent hosts, not web pages.');
    if (!tokenMatches(req.headers, token)) return sendError(res, 401, "This is the workbench's model proxy: the request did not carry this run's token.");
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && /\/v1\/models$/.test(url.pathname)) return sendJson(res, 200, { data: [{ type: 'model', id: answer.kind === 'model' ? answer.config.model : 'skillbench-proxy', display_name: 'Skill Workbench proxy', created_at: '2026-01-01T00:00:00Z' }], has_more: false, first_id: null, last_id: null });
    if (req.method !== 'POST' || !/\/v1\/messages(\/count_tokens)?$/.test(url.pathname)) return sendError(res, 404, `The model proxy has no ${req.method} ${url.pathname}.`);
    const body = await readBody(req);
    if (body === null) return sendError(res, 413, `The request is larger than ${MAX_REQUEST_BYTES} bytes.`);
    if (++exchanges > MAX_EXCHANGES) return sendError(res, 429, `The run asked the model more than ${MAX_EXCHANGES} times; the proxy answers no more.`);
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const headers = { 'anthropic-version': String(req.headers['anthropic-version'] ?? ''), 'anthropic-beta': String(req.headers['anthropic-beta'] ?? '') };
    const answered = await tape.exchange(inner, url.href, { method: 'POST', body, headers, signal: abort.signal });
    res.writeHead(answered.status, { 'content-type': answered.headers.get('content-type') ?? 'application/json' });
    if (!answered.body) return void res.end();
    const reader = answered.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise((r) => res.once('drain', r));
    }
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    token,
    records: () => [...records],
    requests: () => records.filter((r): r is ModelRequest => r.type === 'model-request' && /\/messages(\?|$)/.test(r.url)).map((r) => r.body),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The answers of a recording's model requests, in the order they were asked. */
function recordedAnswers(records: readonly { type: string }[]): ModelResponse[] {
  return records.filter((r): r is ModelResponse => r.type === 'model-response').sort((a, b) => a.exchange - b.exchange);
}

function tokenMatches(headers: http.IncomingHttpHeaders, token: string): boolean {
  const given = String(headers['x-api-key'] ?? '') || String(headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b) && given.length > 0;
}

/** The request's body, or null past the limit. */
function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
      if (bytes > MAX_REQUEST_BYTES) {
        req.destroy();
        resolve(null);
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The host's request with the profile's model named in it (the host asks for its own default model). */
function withModel(body: string, model: string): string {
  const parsed = parse(body);
  return parsed ? JSON.stringify({ ...parsed, model }) : body;
}

function parse(body: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(body) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function errorResponse(status: number, message: string): Response {
  return Response.json({ type: 'error', error: { type: 'api_error', message } }, { status });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, status: number, message: string): void {
  sendJson(res, status, { type: 'error', error: { type: status === 401 ? 'authentication_error' : 'api_error', message } });
}

