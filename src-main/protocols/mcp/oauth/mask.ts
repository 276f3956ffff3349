/**
 * Requests and responses of an OAuth flow as the debugger view may show them: every secret they carry (tokens,
 * the PKCE verifier, a client secret, the authorization code, a bearer header) masked by its name, wherever it
 * sits (a JSON body, a form body, a query string, a header), and a long body cut.
 */
import { REDACTED } from '../../../contract';
import type { McpOAuthRequest, McpOAuthResponse } from '../../../contract';
import { KIB, textBounded } from '../../../engine/bounded-body';

/** The fields whose values are secrets (RFC 6749, RFC 7591, RFC 7636, OpenID Connect). */
const SECRET_FIELDS = new Set(['access_token', 'refresh_token', 'id_token', 'code', 'code_verifier', 'client_secret', 'registration_access_token', 'client_assertion', 'assertion', 'password']);
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);
/** The headers worth showing of a response (the rest is transport noise). */
const SHOWN_RESPONSE_HEADERS = new Set(['content-type', 'www-authenticate', 'location', 'cache-control', 'mcp-session-id']);
const BODY_MAX = 8000;
/** The most of a response's body read to show it (a 401 page of an MCP server may be endless). */
const BODY_READ_MAX = 64 * KIB;

export const masked = (value: string) => `${REDACTED} (${value.length} characters)`;

/** A URL with its secret query parameters masked. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    let changed = false;
    for (const [k, v] of [...u.searchParams]) {
      if (SECRET_FIELDS.has(k)) {
        u.searchParams.set(k, masked(v));
        changed = true;
      }
    }
    return changed ? u.href : url;
  } catch {
    return url;
  }
}

function maskHeaders(headers: Headers, only?: Set<string>): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    const n = name.toLowerCase();
    if (only && !only.has(n)) return;
    if (SECRET_HEADERS.has(n)) {
      const scheme = /^(\w+)\s+/.exec(value)?.[1];
      out[n] = scheme ? `${scheme} ${masked(value.slice(scheme.length + 1))}` : masked(value);
    } else out[n] = value;
  });
  return out;
}

function maskJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(maskJson);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, SECRET_FIELDS.has(k) && typeof x === 'string' ? masked(x) : maskJson(x)]));
  }
  return v;
}

/** A body as text, its secrets masked: JSON by field, a form by parameter; anything else only cut. */
export function maskBody(text: string, contentType: string | null): string {
  let out = text;
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json') || /^\s*[{[]/.test(text)) {
    try {
      out = JSON.stringify(maskJson(JSON.parse(text)), null, 2);
    } catch {
      /* not JSON after all: shown as it came */
    }
  } else if (type.includes('x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    for (const [k, v] of [...form]) if (SECRET_FIELDS.has(k)) form.set(k, masked(v));
    out = [...form].map(([k, v]) => `${k}=${v}`).join('&');
  }
  return out.length > BODY_MAX ? `${out.slice(0, BODY_MAX)}… (${out.length - BODY_MAX} more characters)` : out;
}

/** A request as the view shows it. */
export function requestOf(url: string, init: RequestInit | undefined): McpOAuthRequest {
  const headers = new Headers(init?.headers);
  const method = (init?.method ?? 'GET').toUpperCase();
  const out: McpOAuthRequest = { method, url: maskUrl(url), headers: maskHeaders(headers) };
  const body = init?.body;
  if (typeof body === 'string') out.body = maskBody(body, headers.get('content-type'));
  else if (body instanceof URLSearchParams) out.body = maskBody(body.toString(), 'application/x-www-form-urlencoded');
  return out;
}

/** A response as the view shows it, its body read from a copy (the caller reads the original). */
export async function responseOf(res: Response, readBody: boolean): Promise<McpOAuthResponse> {
  const out: McpOAuthResponse = { status: res.status, headers: maskHeaders(res.headers, SHOWN_RESPONSE_HEADERS) };
  if (readBody) {
    const { text, cut } = await textBounded(res.clone(), BODY_READ_MAX).catch(() => ({ text: '', cut: false }));
    if (text) out.body = maskBody(text, res.headers.get('content-type')) + (cut ? ` (cut: read no further than ${BODY_READ_MAX / KIB} KiB)` : '');
  }
  return out;
}
