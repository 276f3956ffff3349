/**
 * The service runner: POST the documented request to a tool service and read `{ok, result}` or
 * `{ok:false, error:{type, message}}`. The URL comes from the binding, else `N3_TOOL_SERVICE_URL`, else
 * `[python_tools] service_url` (namel3ss lets the environment override the file). No local module file
 * is needed: the service has the code. With `[python_tools] service_handshake_required`, the service is
 * first asked what it enforces (POST `/capabilities/handshake`), and a tool whose guarantees it does not
 * enforce is refused, as namel3ss refuses it. `serviceHealth` says whether anything answers at a URL.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { SkillError } from '../../common/errors';
import { parseBounded } from '../../common/json-depth';
import { asText, isObject } from '../../common/values';
import { replyFrom, type RunnerReply, type TraceError } from './local-runner';
import { handshakeInvalidJson, serviceInvalidJson, serviceInvalidResponse, serviceRequestFailed } from './messages';
import { timeoutMessage } from './timeouts';
import { PROTOCOL_VERSION } from './trace';
import { cliPrefix } from '../../host/cli-command';

export const SERVICE_URL_ENV = 'N3_TOOL_SERVICE_URL';
const MAX_BODY_CHARS = 16 * 1024 * 1024;

export interface ServiceRequest {
  url: string;
  appRoot: string;
  tool: string;
  /** The tool's kind (python or node), sent as namel3ss sends it. */
  kind?: string;
  entry: string;
  payload: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface ServiceResult {
  request: Record<string, unknown>;
  response: unknown;
  reply?: RunnerReply;
  failure?: SkillError;
  /** How namel3ss's trace records a failure of the request itself (Python's error: URLError, HTTPError, …). */
  traceError?: TraceError;
  httpStatus?: number;
  traceId: string;
  durationMs: number;
}

/** Where a service-bound tool's requests go: the binding's url, else N3_TOOL_SERVICE_URL, else namel3ss.toml's. */
export function serviceUrl(bindingUrl: string | undefined, envUrl: string | undefined, tomlUrl: string | undefined): string | undefined {
  return bindingUrl ?? envUrl ?? tomlUrl;
}

export async function runService(req: ServiceRequest, traceId: string = randomUUID()): Promise<ServiceResult> {
  const started = performance.now();
  const request = {
    protocol_version: PROTOCOL_VERSION,
    tool_name: req.tool,
    kind: req.kind ?? 'python',
    entry: req.entry,
    payload: req.payload,
    timeout_ms: req.timeoutMs,
    trace_id: traceId,
    project: { app_root: req.appRoot, flow: null },
  };
  const out: ServiceResult = { request, response: null, traceId, durationMs: 0 };
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort();
  }, req.timeoutMs);
  const onAbort = () => ctl.abort();
  req.signal?.addEventListener('abort', onAbort, { once: true });
  if (req.signal?.aborted) ctl.abort();
  try {
    const res = await fetch(req.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
      signal: ctl.signal,
      redirect: 'error',
    });
    out.httpStatus = res.status;
    const text = await res.text();
    judge(text.length > MAX_BODY_CHARS ? text.slice(0, MAX_BODY_CHARS) : text, res.status, res.statusText, req, out);
  } catch (err) {
    if (timedOut) {
      out.failure = new SkillError('TIMEOUT', timeoutMessage(req.timeoutMs));
      out.traceError = { type: 'TimeoutError', message: 'timed out' };
    } else if (req.signal?.aborted) out.failure = new SkillError('CANCELLED', `The call to "${req.tool}" was cancelled.`);
    else {
      const n = networkError(err, req.url);
      out.failure = n.error;
      out.traceError = { type: 'URLError', message: n.why };
    }
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
    out.durationMs = Math.round(performance.now() - started);
  }
  return out;
}

function judge(text: string, status: number, reason: string, req: ServiceRequest, out: ServiceResult): void {
  let body: unknown;
  try {
    body = parseBounded(text).value;
  } catch (err) {
    out.response = { raw: text.slice(0, 2000) };
    const what = status >= 400 ? `answered HTTP ${status} with` : 'returned';
    // Python's urlopen refuses an error status before reading the body; a 2xx that is not JSON is "invalid JSON".
    const n3 = status >= 400 ? serviceRequestFailed(`HTTP Error ${status}: ${reason}`) : serviceInvalidJson((err as Error).message);
    out.traceError = status >= 400 ? { type: 'HTTPError', message: `HTTP Error ${status}: ${reason}` } : { type: 'JSONDecodeError', message: (err as Error).message };
    out.failure = new SkillError('PROTOCOL', `${n3}\nHint: Tool service at ${req.url} ${what} invalid JSON: ${(err as Error).message}`);
    return;
  }
  out.response = body;
  if (!isObject(body) || !('ok' in body)) {
    const http = status >= 400 ? ` (HTTP ${status})` : '';
    out.traceError = { type: 'Namel3ssError', message: serviceInvalidResponse() };
    out.failure = new SkillError('PROTOCOL', `${out.traceError.message}\nHint: Tool service at ${req.url} returned an invalid response${http}: expected a JSON object with ok and result, or ok:false and error.`);
    return;
  }
  // An error status with a well-formed {ok:false, error} body is still the tool's answer: report it as such.
  out.reply = replyFrom(body);
  if (out.reply.ok && status >= 400) {
    out.reply = undefined;
    out.failure = new SkillError('PROTOCOL', `Tool service at ${req.url} answered HTTP ${status} with ok:true.`);
  }
}

/** Python's words for a failed request (as namel3ss's trace and error give them), and the workbench's plainer one. */
function networkError(err: unknown, url: string): { error: SkillError; why: string } {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code;
  const errno = (name: string) => (os.constants.errno as Record<string, number>)[name];
  let why: string;
  let hint: string;
  if (code === 'ECONNREFUSED') {
    why = `<urlopen error [Errno ${errno('ECONNREFUSED')}] Connection refused>`;
    hint = `Could not reach the tool service at ${url}: connection refused. Start the service (${cliPrefix()} n3-service <app> --port N starts the workbench's own) or fix the url.`;
  } else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    why = '<urlopen error [Errno -2] Name or service not known>';
    hint = `Could not reach the tool service at ${url}: the host name does not resolve.`;
  } else {
    const message = cause?.message ?? (err as Error)?.message ?? String(err);
    why = `<urlopen error ${message}>`;
    hint = `Tool service request to ${url} failed: ${message}`;
  }
  return { error: new SkillError('LAUNCH', `${serviceRequestFailed(why)}\nHint: ${hint}`), why };
}

export interface Handshake {
  /** `enforced`, `partial`, `declared` or `none`, as the service says. */
  enforcement: string;
  supported: Record<string, unknown> | null;
  /** The service rejected the handshake (`ok: false`), with its message. */
  rejected?: string;
}

/** namel3ss's handshake address: the service URL's origin with `/capabilities/handshake`. */
export function handshakeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}/capabilities/handshake`;
  } catch {
    return `${url.replace(/\/+$/, '')}/capabilities/handshake`;
  }
}

export async function serviceHandshake(url: string, body: Record<string, unknown>, timeoutMs: number, signal?: AbortSignal): Promise<Handshake | SkillError> {
  const target = handshakeUrl(url);
  try {
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const text = await res.text();
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (err) {
      const n3 = res.status >= 400 ? serviceRequestFailed(`HTTP Error ${res.status}: ${res.statusText}`) : serviceInvalidJson((err as Error).message);
      return new SkillError('PROTOCOL', `${n3}\nHint: Tool service handshake at ${target} returned invalid JSON (HTTP ${res.status}). Expected {"ok": true, "enforcement": "enforced", "supported_guarantees": {...}}.`);
    }
    if (!isObject(doc)) return new SkillError('PROTOCOL', `${handshakeInvalidJson()}\nHint: Tool service handshake at ${target} returned invalid JSON: expected a JSON object.`);
    const hs: Handshake = { enforcement: asText(doc.enforcement ?? 'none'), supported: typeof doc.supported_guarantees === 'object' && doc.supported_guarantees !== null ? (doc.supported_guarantees as Record<string, unknown>) : null };
    if (doc.ok === false) {
      const err = (doc.error ?? {}) as Record<string, unknown>;
      hs.rejected = asText(err.message ?? 'Service handshake rejected.');
    }
    return hs;
  } catch (err) {
    if ((err as Error)?.name === 'TimeoutError') return new SkillError('TIMEOUT', `${serviceRequestFailed('timed out')}\nHint: Tool service handshake at ${target} did not answer within ${timeoutMs / 1000} s.`);
    return networkError(err, target).error;
  }
}

/** The capabilities a service does not enforce for these guarantees (namel3ss's rule: all unless "enforced"). */
export function missingGuarantees(required: string[], guarantees: Record<string, boolean>, hs: Handshake): string[] {
  if (hs.enforcement !== 'enforced' || !hs.supported) return required;
  const keyOf: Record<string, string> = { filesystem_read: 'no_filesystem_read', filesystem_write: 'no_filesystem_write', network: 'no_network', subprocess: 'no_subprocess', env_read: 'no_env_read', env_write: 'no_env_write' };
  return required.filter((cap) => (keyOf[cap] ? guarantees[keyOf[cap]] && !hs.supported![keyOf[cap]] : cap === 'secrets' && !Array.isArray(hs.supported!.secrets_allowed)));
}

export interface Health {
  health: 'ok' | 'unreachable' | 'error';
  detail: string;
}

/** Whether something answers at a service URL (a GET of its origin; any HTTP answer means it is up). */
export async function serviceHealth(url: string, timeoutMs = 1500): Promise<Health> {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return { health: 'error', detail: `"${url}" is not a URL` };
  }
  try {
    const res = await fetch(`${origin}/`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    const text = await res.text().catch(() => '');
    let what = `HTTP ${res.status}`;
    try {
      const doc = JSON.parse(text) as { service?: unknown; protocol_version?: unknown };
      if (doc.service) what += `, ${asText(doc.service)}${doc.protocol_version ? ` (protocol ${asText(doc.protocol_version)})` : ''}`;
    } catch {
      // not our service's JSON: the status says enough
    }
    return { health: res.status < 500 ? 'ok' : 'error', detail: `answers: ${what}` };
  } catch (err) {
    if ((err as Error)?.name === 'TimeoutError') return { health: 'unreachable', detail: `no answer within ${timeoutMs / 1000} s` };
    const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
    const code = cause?.code;
    const why = code === 'ECONNREFUSED' ? `connection refused: nothing listens there (start it with ${cliPrefix()} n3-service <app>)` : code === 'ENOTFOUND' ? 'the host name does not resolve' : cause?.message ?? (err as Error).message;
    return { health: 'unreachable', detail: why };
  }
}
