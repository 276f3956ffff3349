/**
 * A scripted model server for the tests: a real `node:http` server that speaks the two wire formats the
 * workbench's providers talk (OpenAI chat completions, Anthropic Messages), each as a whole JSON answer or as a
 * Server-Sent Events stream (whichever the request asks with `"stream": true`), so the real provider code goes
 * over HTTP to it. No network is needed.
 *
 *   const server = cleanup.add(await modelServer());
 *   server.reply({ toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] }, { text: 'It said hi.' });
 *   // openai:    { provider: 'openai', model: 'm', baseUrl: server.openaiBaseUrl }
 *   // anthropic: { provider: 'anthropic', model: 'm', baseUrl: server.anthropicBaseUrl }
 *   server.chats()[1].messages   // what the model was sent on its second request
 *
 * Replies are a queue: each model request (`POST …/chat/completions` or `POST …/v1/messages`) takes the next one;
 * with the queue empty, a responder set with `respond(fn)` answers from the request itself (the reply for each
 * user message, whatever order they come in); one left unscripted is answered 500 "no scripted reply left", so a
 * test that asks more than it scripted fails loudly. `GET /v1/models` (and `/models`) lists `models` in a shape both providers read;
 * `POST /v1/messages/count_tokens` answers a count. Every request is kept (`requests`), its body parsed, its query
 * and headers as received. Agent hosts talk to it too: Claude Code's requests (`/v1/messages?beta=true`, streamed,
 * a `system` role message after the user's) need nothing more than the Messages route reading the body whole.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the model, in either wire format. */
export type ScriptedReply = (TextReply | ToolCallReply | ErrorReply) & {
  /** Wait this long before answering (a slow model; a Stop test). */
  delayMs?: number;
};

export interface TextReply {
  text: string;
  /** How the text streams, where a test needs its pieces cut just so (default: a word at a time). */
  pieces?: string[];
  usage?: { input: number; output: number };
}

export interface ToolCallReply {
  toolCalls: { name: string; arguments: unknown; id?: string }[];
  /** Text the model says before its calls ("Let me look."). */
  text?: string;
  usage?: { input: number; output: number };
}

export interface ErrorReply {
  status: number;
  /** The provider's error message (default: a word for the status). */
  error?: string;
  /** Extra response headers, e.g. `{ 'retry-after': '0' }`. */
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query as sent (`?beta=true`, as Claude Code sends it), or ''. */
  query: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (undefined for a GET or a body that was not JSON). */
  body: any;
  /** Which wire format the request was in, for model requests. */
  format?: 'openai' | 'anthropic';
}

export interface ModelServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The base URL an OpenAI-compatible provider is given (`<url>/v1`). */
  openaiBaseUrl: string;
  /** The base URL the Anthropic provider is given, as a user gives `https://api.anthropic.com` (the host only). */
  anthropicBaseUrl: string;
  /** Queues replies, answered in order. */
  reply(...replies: ScriptedReply[]): void;
  /** Replies still queued. */
  pending(): number;
  /** Answers requests the queue has no reply for, from the request (undefined: none, the 500). */
  respond(fn: ((req: RecordedRequest) => ScriptedReply | undefined) | null): void;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** The model requests only (chat completions and messages), in order. */
  chats(): RecordedRequest[];
  /** What `GET /v1/models` lists. */
  models: string[];
  close(): Promise<void>;
}

/**
 * `keys`: keys the model list refuses, each with the status it answers (401 for one revoked, 403 for one without the
 * scope), as the providers do; any other key, or none, is listed to. `noList`: a server with no model list (404).
 */
export async function modelServer(opts: { models?: string[]; keys?: Record<string, 401 | 403 | 429>; noList?: boolean } = {}): Promise<ModelServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const state: { models: string[]; responder: ((req: RecordedRequest) => ScriptedReply | undefined) | null } = { models: opts.models ?? ['scripted-small', 'scripted-large'], responder: null };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname;
      const format = path.endsWith('/chat/completions') ? 'openai' : path.endsWith('/messages') ? 'anthropic' : undefined;
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path, query: url.search, headers: req.headers, body, ...(format ? { format } : {}) };
      requests.push(recorded);
      if (req.method === 'GET' && /\/models$/.test(path)) {
        const key = typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'] : /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const refused = key !== undefined ? opts.keys?.[key] : undefined;
        if (opts.noList) return sendJson(res, 404, { error: { message: `No route GET ${path}` } });
        if (refused) return sendError(res, req.headers['x-api-key'] ? 'anthropic' : 'openai', { status: refused, error: refused === 401 ? 'Incorrect API key provided' : refused === 403 ? 'This key does not have access to this resource' : 'You exceeded your current quota' });
        return sendJson(res, 200, modelList(state.models));
      }
      // Anthropic's token counting, as a host may ask before a turn: a count from the body's length, never a reply off the queue.
      if (req.method === 'POST' && path.endsWith('/messages/count_tokens')) return sendJson(res, 200, { input_tokens: Math.ceil(raw.length / 4) });
      if (req.method !== 'POST' || !format) return sendJson(res, 404, { error: { message: `No route ${req.method} ${path}` } });
      const next = queue.shift() ?? state.responder?.(recorded);
      if (!next) return sendError(res, format, { status: 500, error: 'no scripted reply left' });
      const answer = () => {
        if (res.destroyed) return;
        if ('status' in next) return sendError(res, format, next);
        const stream = (body as { stream?: boolean } | undefined)?.stream === true;
        const asked = (body as { model?: unknown } | undefined)?.model;
        const model = typeof asked === 'string' ? asked : 'scripted';
        if (format === 'openai') return stream ? openaiStream(res, model, next) : sendJson(res, 200, openaiMessage(model, next));
        return stream ? anthropicStream(res, model, next) : sendJson(res, 200, anthropicMessage(model, next));
      };
      if (next.delayMs) setTimeout(answer, next.delayMs);
      else answer();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    reply: (...r) => void queue.push(...r),
    pending: () => queue.length,
    respond: (fn) => void (state.responder = fn),
    requests,
    chats: () => requests.filter((r) => r.format),
    get models() {
      return state.models;
    },
    set models(m: string[]) {
      state.models = m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// ---- shapes ----

let ids = 0;
const nextId = (prefix: string) => `${prefix}_${++ids}`;
const argsText = (a: unknown) => (typeof a === 'string' ? a : JSON.stringify(a ?? {}));
const usageOf = (r: TextReply | ToolCallReply) => r.usage ?? { input: 11, output: 7 };
const callsOf = (r: TextReply | ToolCallReply) => ('toolCalls' in r ? r.toolCalls.map((c) => ({ ...c, id: c.id ?? nextId('call') })) : []);
/** A text in a few pieces, so a stream has more than one delta. */
const pieces = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, format: 'openai' | 'anthropic', r: ErrorReply): void {
  const message = r.error ?? http.STATUS_CODES[r.status] ?? 'error';
  const body =
    format === 'openai'
      ? { error: { message, type: r.status === 401 ? 'invalid_request_error' : 'error', code: r.status === 429 ? 'rate_limit_exceeded' : null } }
      : { type: 'error', error: { type: r.status === 401 ? 'authentication_error' : r.status === 429 ? 'rate_limit_error' : 'api_error', message } };
  sendJson(res, r.status, body, r.headers);
}

function modelList(models: string[]) {
  // Both providers' shapes at once: OpenAI reads `data[].id`, Anthropic also `type`, `display_name`, `has_more`.
  const data = models.map((id) => ({ id, object: 'model', type: 'model', display_name: id, created_at: '2025-01-01T00:00:00Z', owned_by: 'scripted' }));
  return { object: 'list', data, has_more: false, first_id: models[0] ?? null, last_id: models.at(-1) ?? null };
}

function openaiMessage(model: string, r: TextReply | ToolCallReply) {
  const calls = callsOf(r);
  const u = usageOf(r);
  return {
    id: nextId('chatcmpl'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: r.text ?? null,
          ...(calls.length ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: argsText(c.arguments) } })) } : {}),
        },
        finish_reason: calls.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: u.input, completion_tokens: u.output, total_tokens: u.input + u.output },
  };
}

function sse(res: http.ServerResponse): (data: unknown, event?: string) => void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  return (data, event) => {
    if (res.destroyed) return;
    res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  };
}

function openaiStream(res: http.ServerResponse, model: string, r: TextReply | ToolCallReply): void {
  const send = sse(res);
  const id = nextId('chatcmpl');
  const chunk = (delta: unknown, finish: string | null = null) => ({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] });
  send(chunk({ role: 'assistant', content: '' }));
  for (const p of ('pieces' in r && r.pieces) || pieces(r.text ?? '')) send(chunk({ content: p }));
  const calls = callsOf(r);
  calls.forEach((c, index) => {
    const args = argsText(c.arguments);
    const half = Math.ceil(args.length / 2);
    send(chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: args.slice(0, half) } }] }));
    send(chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }));
  });
  send(chunk({}, calls.length ? 'tool_calls' : 'stop'));
  const u = usageOf(r);
  send({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [], usage: { prompt_tokens: u.input, completion_tokens: u.output, total_tokens: u.input + u.output } });
  send('[DONE]');
  res.end();
}

function anthropicMessage(model: string, r: TextReply | ToolCallReply) {
  const calls = callsOf(r);
  const u = usageOf(r);
  return {
    id: nextId('msg'),
    type: 'message',
    role: 'assistant',
    model,
    content: [...(r.text ? [{ type: 'text', text: r.text }] : []), ...calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.arguments ?? {} }))],
    stop_reason: calls.length ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: u.input, output_tokens: u.output },
  };
}

function anthropicStream(res: http.ServerResponse, model: string, r: TextReply | ToolCallReply): void {
  const send = sse(res);
  const u = usageOf(r);
  const event = (type: string, data: Record<string, unknown>) => send({ type, ...data }, type);
  event('message_start', { message: { id: nextId('msg'), type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: u.input, output_tokens: 1 } } });
  let index = 0;
  if (r.text) {
    event('content_block_start', { index, content_block: { type: 'text', text: '' } });
    for (const p of ('pieces' in r && r.pieces) || pieces(r.text)) event('content_block_delta', { index, delta: { type: 'text_delta', text: p } });
    event('content_block_stop', { index });
    index++;
  }
  const calls = callsOf(r);
  for (const c of calls) {
    const args = argsText(c.arguments);
    const half = Math.ceil(args.length / 2);
    event('content_block_start', { index, content_block: { type: 'tool_use', id: c.id, name: c.name, input: {} } });
    event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: args.slice(0, half) } });
    event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: args.slice(half) } });
    event('content_block_stop', { index });
    index++;
  }
  event('message_delta', { delta: { stop_reason: calls.length ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: u.output } });
  event('message_stop', {});
  res.end();
}
