/**
 * `implemented using http` tools, as namel3ss's built-in HTTP capability runs them (http_capability.py):
 * the declaration may take only `url` (text, required), `method`, `headers` (json), `body`, `timeout_seconds`
 * (number) and give only `status`, `headers`, `body` and `json`; a call is a GET of the input's url with the
 * input's headers (no body: namel3ss refuses one), a timeout of `timeout_seconds` (10 by default), redirects
 * followed and any status outside 200–299 an error, as Python's urlopen does. The result has the declared
 * outputs of {status, headers (sorted by name), body (text), json (the body parsed, where it is JSON)}.
 * Refusals and failures are namel3ss's texts (a failed request is Python's own, "HTTP Error 404: Not Found",
 * "<urlopen error [Errno 111] Connection refused>"), with a plainer hint under them.
 */
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import type { AiTool } from './ai-file';
import { guidance, type N3Message } from './messages';
import { summarizeValue } from './trace';
import { isObject } from '../../common/values';

const INPUTS = new Set(['url', 'method', 'headers', 'body', 'timeout_seconds']);
const OUTPUTS = new Set(['status', 'headers', 'body', 'json']);
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const MAX_REDIRECTS = 10;
const DEFAULT_TIMEOUT_SECONDS = 10;

export interface Header {
  name: string;
  value: string;
}

/** What namel3ss's trace records of the request and its answer (studio_effect_adapter). */
export interface HttpRecord {
  title: string;
  input: Record<string, unknown>;
  output?: Record<string, unknown>;
  error?: string;
}

export interface HttpResult {
  /** Set once the request was made (namel3ss records it then). */
  record?: HttpRecord;
  output?: Record<string, unknown>;
  /** namel3ss's error text, and what kind of failure it was. */
  failure?: N3Message & { code: 'VALIDATION' | 'TOOL' | 'TIMEOUT' | 'CANCELLED' | 'PROTOCOL'; status?: number };
  durationMs: number;
}

/** namel3ss's _validate_http_tool_schema: what an http tool may declare. Null when it may run. */
export function httpSchemaProblem(tool: AiTool): string | null {
  const inputs = new Map(tool.input.map((f) => [f.name, f]));
  const outputs = new Map(tool.output.map((f) => [f.name, f]));
  if (!inputs.has('url')) {
    return guidance(`HTTP tool "${tool.name}" is missing "url" input.`, 'HTTP tools must declare a url field.', 'Add `url is text` to the input block.', 'input:\n  url is text');
  }
  const typed = (fields: typeof inputs, name: string, expected: string) => {
    const f = fields.get(name);
    if (!f || f.type === expected) return null;
    return guidance(`HTTP tool "${tool.name}" input "${name}" must be ${expected}.`, `The tool declares ${name} as ${f.type}.`, `Update ${name} to ${expected}.`, `input:\n  ${name} is ${expected}`);
  };
  for (const [name, type] of [['url', 'text'], ['method', 'text'], ['headers', 'json'], ['body', 'json'], ['timeout_seconds', 'number']] as const) {
    const bad = typed(inputs, name, type);
    if (bad) return bad;
  }
  if ([...inputs.keys()].some((n) => !INPUTS.has(n))) {
    return guidance(`HTTP tool "${tool.name}" has unsupported input fields.`, 'HTTP tools only support url, method, headers, body, and timeout_seconds.', 'Remove unsupported input fields.', 'input:\n  url is text\n  method is optional text');
  }
  if ([...outputs.keys()].some((n) => !OUTPUTS.has(n))) return unsupportedOutputs(tool.name);
  // namel3ss words the output type check as an input's (its helper is shared).
  for (const [name, type] of [['status', 'number'], ['headers', 'json'], ['body', 'text'], ['json', 'json']] as const) {
    const bad = typed(outputs, name, type);
    if (bad) return bad;
  }
  return null;
}

function unsupportedOutputs(tool: string): string {
  return guidance(`HTTP tool "${tool}" has unsupported output fields.`, 'HTTP tools only support status, headers, body, and json outputs.', 'Remove unsupported output fields.', 'output:\n  status is number\n  body is text');
}

/** Reads the request from the input as namel3ss does, in its order; a refusal in its words. */
function readRequest(payload: Record<string, unknown>): { method: string; url: string; headers: Header[]; timeoutSeconds: number } | N3Message {
  let method = 'GET';
  if (payload.method !== undefined && payload.method !== null) {
    if (typeof payload.method !== 'string') return { text: 'HTTP method must be text' };
    method = payload.method.trim().toUpperCase();
    if (method !== 'GET') {
      return {
        text: guidance(`HTTP method '${method}' is not supported yet.`, 'Only GET requests are available in the built-in HTTP capability.', 'Use GET or omit the method field.', 'method is "GET"'),
        hint: 'namel3ss http tools only read: for another method, write a python tool.',
      };
    }
  }
  const url = payload.url;
  if (typeof url !== 'string' || !url.trim()) return { text: 'HTTP url must be a non-empty string' };
  const headers: Header[] = [];
  const raw = payload.headers ?? {};
  if (raw !== null) {
    if (!isObject(raw)) return { text: 'HTTP headers must be an object' };
    for (const [k, v] of Object.entries(raw)) {
      if (typeof v !== 'string') return { text: 'HTTP headers must be string keys and values' };
      headers.push({ name: k.trim(), value: v.trim() });
    }
  }
  const t = payload.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS;
  if (typeof t !== 'number' || !Number.isFinite(t)) return { text: 'timeout_seconds must be a number' };
  const timeoutSeconds = Math.trunc(t);
  if (timeoutSeconds <= 0) return { text: 'timeout_seconds must be positive' };
  if ('body' in payload) {
    return {
      text: guidance('HTTP body is not supported for GET requests.', 'The built-in HTTP capability is read-only.', 'Remove the body field.', 'url is "https://example.com"'),
    };
  }
  return { method, url: url.trim(), headers: sortHeaders(headers), timeoutSeconds };
}

export function sortHeaders(headers: Header[]): Header[] {
  return [...headers].sort((a, b) => cmp(a.name.toLowerCase(), b.name.toLowerCase()) || cmp(a.value, b.value));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export async function runHttp(tool: AiTool, payload: Record<string, unknown>, opts: { signal?: AbortSignal; redact?: (s: string) => string } = {}): Promise<HttpResult> {
  const started = performance.now();
  const done = (r: Omit<HttpResult, 'durationMs'>): HttpResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  const schema = httpSchemaProblem(tool);
  if (schema) return done({ failure: { text: schema, code: 'VALIDATION' } });
  const req = readRequest(payload);
  if ('text' in req) return done({ failure: { ...req, code: 'VALIDATION' } });
  const redact = opts.redact ?? ((s: string) => s);
  const record: HttpRecord = {
    title: `HTTP ${req.method}`,
    input: { method: req.method, url: req.url, headers: req.headers.map((h) => ({ name: h.name, value: redact(h.value) })), body: summarizeValue(null) },
  };
  let answer: Answer;
  try {
    answer = await get(req.url, req.headers, req.timeoutSeconds * 1000, opts.signal);
  } catch (err) {
    const f = err instanceof RequestFailure ? err : new RequestFailure(`<urlopen error ${(err as Error)?.message ?? String(err)}>`);
    record.error = f.text;
    return done({ record, failure: { text: f.text, hint: f.hint, code: f.code, ...(f.status ? { status: f.status } : {}) } });
  }
  const text = new TextDecoder('utf-8').decode(answer.body);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const available: Record<string, unknown> = { status: answer.status, headers: answer.headers, body: text };
  if (json !== undefined && json !== null) available.json = json;
  const output: Record<string, unknown> = {};
  for (const f of tool.output) {
    if (!OUTPUTS.has(f.name)) return done({ record, failure: { text: unsupportedOutputs(tool.name), code: 'VALIDATION' } });
    if (f.name === 'json' && !('json' in available)) {
      return done({
        record,
        failure: {
          text: guidance(`HTTP tool "${tool.name}" expected JSON output.`, 'The response body was not valid JSON.', 'Remove the json output field or return JSON from the endpoint.', 'output:\n  status is number\n  body is text'),
          code: 'PROTOCOL',
        },
      });
    }
    if (f.name in available) output[f.name] = available[f.name];
  }
  record.output = { status: answer.status, headers: answer.headers, body: summarizeValue(text) };
  return done({ record, output });
}

interface Answer {
  status: number;
  headers: Header[];
  body: Buffer;
}

/** A request that failed: Python's words for it, and the workbench's plainer ones. */
class RequestFailure extends Error {
  constructor(
    readonly text: string,
    readonly hint?: string,
    readonly code: 'TOOL' | 'TIMEOUT' | 'CANCELLED' = 'TOOL',
    readonly status?: number,
  ) {
    super(text);
  }
}

/** A GET as Python's urlopen makes it: the given headers, redirects followed, a socket timeout, 2xx or an error. */
async function get(url: string, headers: Header[], timeoutMs: number, signal?: AbortSignal, redirects = 0): Promise<Answer> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new RequestFailure(`unknown url type: '${url}'`, 'The url must be a full address, such as https://example.com/path.');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new RequestFailure(`<urlopen error unknown url type: ${u.protocol.slice(0, -1)}>`, 'namel3ss http tools fetch http:// and https:// addresses.');
  const answer = await new Promise<Answer & { location?: string; reason: string }>((resolve, reject) => {
    const own: Record<string, string> = { 'Accept-Encoding': 'identity', Host: u.host, Connection: 'close' };
    for (const h of headers) {
      for (const k of Object.keys(own)) if (k.toLowerCase() === h.name.toLowerCase()) delete own[k];
      own[h.name] = h.value;
    }
    const request = (u.protocol === 'https:' ? https : http).request(u, { method: 'GET', headers: own, signal }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY_BYTES) {
          res.destroy();
          reject(new RequestFailure(`The response from ${u.origin} is larger than ${MAX_BODY_BYTES / (1024 * 1024)} MB.`));
          return;
        }
        chunks.push(c);
      });
      res.on('end', () => {
        const raw = res.rawHeaders;
        const list: Header[] = [];
        for (let i = 0; i + 1 < raw.length; i += 2) list.push({ name: raw[i], value: raw[i + 1] });
        resolve({ status: res.statusCode ?? 0, reason: res.statusMessage ?? '', headers: sortHeaders(list), body: Buffer.concat(chunks), location: res.headers.location });
      });
      res.on('error', (err) => reject(networkFailure(err, u, timeoutMs)));
    });
    request.setTimeout(timeoutMs, () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', (err) => reject(signal?.aborted ? new RequestFailure('The call was cancelled.', undefined, 'CANCELLED') : networkFailure(err, u, timeoutMs)));
    request.end();
  });
  if ([301, 302, 303, 307, 308].includes(answer.status) && answer.location) {
    if (redirects >= MAX_REDIRECTS) throw new RequestFailure(`HTTP Error ${answer.status}: The HTTP server returned a redirect error that would lead to an infinite loop.`, undefined, 'TOOL', answer.status);
    return get(new URL(answer.location, u).href, headers, timeoutMs, signal, redirects + 1);
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new RequestFailure(`HTTP Error ${answer.status}: ${answer.reason}`, `${u.origin} answered ${answer.status}${answer.reason ? ` ${answer.reason}` : ''}: namel3ss takes any status outside 200–299 as an error.`, 'TOOL', answer.status);
  }
  return answer;
}

/** Python's words for a failed request (its errno and strerror on Linux), with the workbench's plainer hint. */
function networkFailure(err: unknown, u: URL, timeoutMs: number): RequestFailure {
  const code = (err as { code?: string })?.code;
  const errno = (name: string) => (os.constants.errno as Record<string, number>)[name];
  if (code === 'ECONNREFUSED') return new RequestFailure(`<urlopen error [Errno ${errno('ECONNREFUSED')}] Connection refused>`, `Nothing answers at ${u.origin}: connection refused.`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new RequestFailure('<urlopen error [Errno -2] Name or service not known>', `The host name ${u.hostname} does not resolve.`);
  if (code === 'ETIMEDOUT') return new RequestFailure('<urlopen error timed out>', `${u.origin} did not answer within ${timeoutMs / 1000} s (the input's timeout_seconds, 10 by default).`, 'TIMEOUT');
  if (code === 'ECONNRESET') return new RequestFailure(`<urlopen error [Errno ${errno('ECONNRESET')}] Connection reset by peer>`, `${u.origin} closed the connection.`);
  return new RequestFailure(`<urlopen error ${(err as Error)?.message ?? String(err)}>`);
}
