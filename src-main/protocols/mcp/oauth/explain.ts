/**
 * What went wrong in an OAuth flow, in plain words: from an authorization server's error answer (by the step it
 * answered), from the checks the MCP specification asks of its metadata, and from what the SDK threw.
 */
import type { McpOAuthStatus, McpOAuthStepKind } from '../../../contract';
import type { KeptTokens } from './vault';
import { OAuthError } from './sdk';

/** A problem the flow stops on, already in plain words. */
export class FlowProblem extends Error {}

/** Words for an error answer (`error`, `error_description`) of the step `kind`. */
export function explainAnswer(kind: McpOAuthStepKind, status: number, body: string, redirectUri?: string): string {
  let error: string | undefined;
  let description: string | undefined;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; error_description?: unknown };
    if (typeof parsed.error === 'string') error = parsed.error;
    if (typeof parsed.error_description === 'string') description = parsed.error_description;
  } catch {
    /* not an OAuth error answer */
  }
  const said = description ? ` It said: "${description}".` : '';
  const where = redirectUri ?? 'the loopback address';
  if (kind === 'registration') {
    if (error === 'invalid_redirect_uri') return `The authorization server refused the redirect address ${where}. A client on this machine can only be reached on a loopback address, and OAuth for native apps (RFC 8252) asks servers to accept those on any port.${said}`;
    if (error === 'invalid_client_metadata') return `The authorization server refused the client's registration (invalid_client_metadata).${said}`;
    if (status === 404 || status === 405) return `The authorization server has no registration endpoint there (HTTP ${status}): it does not take dynamic client registration.`;
  }
  if (kind === 'token') {
    if (error === 'invalid_grant') return `The authorization server refused the code (invalid_grant): it had expired, had been used already, or was issued for another redirect address or PKCE verifier. Authorize again.${said}`;
    if (error === 'invalid_client') return `The authorization server does not know this client (invalid_client): its registration was dropped. Authorize again to register anew.${said}`;
  }
  if (kind === 'refresh') {
    if (error === 'invalid_grant') return `The refresh token was refused (invalid_grant): it expired or was revoked. The user has to authorize again.${said}`;
    if (error === 'invalid_client') return `The authorization server no longer knows this client (invalid_client).${said}`;
  }
  if (error === 'invalid_scope') return `The authorization server does not grant the scope asked for (invalid_scope).${said}`;
  if (error === 'unauthorized_client') return `The authorization server does not let this client use that grant (unauthorized_client).${said}`;
  if (error) return `The authorization server answered ${error}.${said}`;
  if (status >= 500) return `The authorization server failed (HTTP ${status}).`;
  return `The authorization server answered HTTP ${status}.`;
}

/** The issuer a metadata document fetched from `url` must name (RFC 8414 §3.3, OpenID Connect Discovery §4.3). */
export function expectedIssuer(url: URL): string {
  const p = url.pathname;
  for (const wk of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
    if (p.startsWith(wk)) return url.origin + p.slice(wk.length);
    if (p.endsWith(wk)) return url.origin + p.slice(0, -wk.length);
  }
  return url.origin;
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

/**
 * What the MCP specification asks of an authorization server's metadata before the user is sent there: the issuer
 * it names is the one it was fetched for, and it supports PKCE with S256. Null where it holds.
 */
export function metadataProblem(url: URL, doc: Record<string, unknown>): string | null {
  const expected = expectedIssuer(url);
  if (typeof doc.issuer !== 'string') return `The authorization server's metadata at ${url.href} names no issuer, which RFC 8414 requires: the workbench will not use it.`;
  if (trimSlash(doc.issuer) !== trimSlash(expected)) {
    return `The authorization server's metadata at ${url.href} names the issuer ${doc.issuer}, not ${expected} where it was fetched: a wrong issuer (RFC 8414 §3.3) can mean metadata that is not that server's own, so the workbench stops here.`;
  }
  const methods = doc.code_challenge_methods_supported;
  if (!Array.isArray(methods)) return `The authorization server's metadata does not list code_challenge_methods_supported: MCP requires PKCE with S256, and a server that does not say it supports it is not used.`;
  if (!methods.includes('S256')) return `The authorization server supports PKCE only with ${methods.join(', ') || 'nothing'}, not S256, which MCP requires: the workbench will not send you there.`;
  const types = doc.response_types_supported;
  if (Array.isArray(types) && !types.includes('code')) return `The authorization server does not offer the authorization code flow (its response_types_supported lacks "code").`;
  return null;
}

/** Words for what a flow threw. */
export function explainError(err: unknown, authorizationServer?: string): string {
  if (err instanceof FlowProblem) return err.message;
  const e = err as Error & { cause?: { code?: string } };
  const message = e?.message ?? String(err);
  if (err instanceof OAuthError) return explainAnswer('token', 400, JSON.stringify({ error: err.code, ...(err.message ? { error_description: err.message } : {}) }));
  const cause = e?.cause?.code;
  if (cause || (err instanceof TypeError && /fetch failed/i.test(message))) {
    return `The authorization server${authorizationServer ? ` at ${authorizationServer}` : ''} cannot be reached (${cause ?? 'fetch failed'}).`;
  }
  if (/does not support dynamic client registration/i.test(message)) {
    return 'The authorization server takes neither a client ID metadata document from this client nor dynamic client registration: register a client there by hand and give the server a bearer token instead.';
  }
  if (/does not support code challenge method/i.test(message)) return 'The authorization server does not support PKCE with S256, which MCP requires: the workbench will not send you there.';
  const resource = /Protected resource (\S+) does not match expected (\S+)/.exec(message);
  if (resource) return `The server's protected-resource metadata speaks for ${resource[1]}, not for this server (${resource[2]}): it is not this server's own, so no token is asked for it.`;
  if (e?.name === 'ZodError' || /invalid_type|Invalid input/.test(message)) return `An answer of the authorization server does not have the shape OAuth gives it: ${message.slice(0, 300)}`;
  if (/HTTP (\d+) trying to load/.test(message)) return `Reading the OAuth metadata failed: ${message}`;
  return message;
}

/** What a status means now, in a sentence (the Authorization section's summary). */
export function summaryOf(status: McpOAuthStatus, tokens: KeptTokens | undefined, error?: string): string {
  switch (status) {
    case 'authorizing':
      return 'Waiting for you to sign in and approve in the browser.';
    case 'failed':
      return `The last authorization failed: ${error}`;
    case 'expired':
      return tokens?.refresh_token ? 'The access token expired; the refresh token brings a new one at the next request.' : 'The access token expired, and there is no refresh token: authorize again.';
    case 'authorized':
      return `Authorized${tokens?.scope ? ` for "${tokens.scope}"` : ''}: requests carry the access token${tokens?.refresh_token ? ', refreshed when it expires' : ''}.`;
    default:
      return 'Nothing is kept for this server. A server that answers 401 leads into the sign-in.';
  }
}
