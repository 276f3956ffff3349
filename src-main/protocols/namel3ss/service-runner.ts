/**
 * The service runner: POST the documented request to a tool service and read `{ok, result}` or
 * `{ok:false, error:{type, message}}`. The URL comes from the binding, else `N3_TOOL_SERVICE_URL`, else
 * `[python_tools] service_url` (namel3ss lets the environment override the file).
 */
import { randomUUID } from 'node:crypto';
import { SkillError } from '../../engine/errors';
import { parseBounded } from '../../engine/json-depth';
import type { Redactor } from '../../engine/redactor';
import { replyFrom, type RunnerReply } from './local-runner';
import { timeoutMessage } from './timeouts';
import { PROTOCOL_VERSION } from './trace';

export const SERVICE_URL_ENV = 'N3_TOOL_SERVICE_URL';
const MAX_BODY_CHARS = 16 * 1024 * 1024;

export interface ServiceRequest {
  url: string;
  appRoot: string;
  tool: string;
  entry: string;
  payload: unknown;
  timeoutMs: number;
  redactor: Redactor;
  signal?: AbortSignal;
}

export interface ServiceResult {
  request: Record<string, unknown>;
  response: unknown;
  reply?: RunnerReply;
  failure?: SkillError;
  httpStatus?: number;
  traceId: string;
  durationMs: number;
}

/** Where a service-bound tool's requests go, and a plain-words error when nothing says. */
export function serviceUrl(tool: string, bindingUrl: string | undefined, envUrl: string | undefined, tomlUrl: string | undefined): string | SkillError {
  const url = bindingUrl ?? envUrl ?? tomlUrl;
  if (!url) {
    return new SkillError(
      'LAUNCH',
      `Tool "${tool}" uses the service runner but no service URL is configured: add url to its binding in .namel3ss/tools.yaml, set ${SERVICE_URL_ENV}, or set [python_tools] service_url in namel3ss.toml.`,
    );
  }
  if (!/^https?:\/\//i.test(url)) return new SkillError('LAUNCH', `Tool "${tool}" service URL "${url}" must start with http:// or https://.`);
  return url;
}

export async function runService(req: ServiceRequest): Promise<ServiceResult> {
  const started = performance.now();
  const traceId = randomUUID();
  const request = {
    protocol_version: PROTOCOL_VERSION,
    tool_name: req.tool,
    kind: 'python',
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
    judge(text.length > MAX_BODY_CHARS ? text.slice(0, MAX_BODY_CHARS) : text, res.status, req, out);
  } catch (err) {
    if (timedOut) out.failure = new SkillError('TIMEOUT', timeoutMessage(req.timeoutMs));
    else if (req.signal?.aborted) out.failure = new SkillError('CANCELLED', `The call to "${req.tool}" was cancelled.`);
    else out.failure = networkError(err, req.url);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
    out.durationMs = Math.round(performance.now() - started);
  }
  return out;
}

function judge(text: string, status: number, req: ServiceRequest, out: ServiceResult): void {
  let body: unknown;
  try {
    body = parseBounded(text).value;
  } catch (err) {
    out.response = { raw: req.redactor.text(text.slice(0, 2000)) };
    const what = status >= 400 ? `answered HTTP ${status} with` : 'returned';
    out.failure = new SkillError('PROTOCOL', `Tool service at ${req.url} ${what} invalid JSON: ${(err as Error).message}`);
    return;
  }
  out.response = body;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('ok' in body)) {
    const http = status >= 400 ? ` (HTTP ${status})` : '';
    out.failure = new SkillError('PROTOCOL', `Tool service at ${req.url} returned an invalid response${http}: expected a JSON object with ok and result, or ok:false and error.`);
    return;
  }
  // An error status with a well-formed {ok:false, error} body is still the tool's answer: report it as such.
  out.reply = replyFrom(body as Record<string, unknown>);
  if (out.reply.ok && status >= 400) {
    out.reply = undefined;
    out.failure = new SkillError('PROTOCOL', `Tool service at ${req.url} answered HTTP ${status} with ok:true.`);
  }
}

function networkError(err: unknown, url: string): SkillError {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code;
  if (code === 'ECONNREFUSED') {
    return new SkillError('LAUNCH', `Could not reach the tool service at ${url}: connection refused. Start the service (e.g. python3 namel3ss_service.py --app APP_ROOT --port N) or fix the url.`);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new SkillError('LAUNCH', `Could not reach the tool service at ${url}: the host name does not resolve.`);
  const why = cause?.message ?? (err as Error)?.message ?? String(err);
  return new SkillError('LAUNCH', `Tool service request to ${url} failed: ${why}`);
}
