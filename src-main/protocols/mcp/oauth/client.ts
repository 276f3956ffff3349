/**
 * OAuth 2.1 for one MCP server over HTTP, as the MCP authorization specification (2025-11-25) has it, on the SDK's
 * `auth()`: the fetch the Streamable HTTP transport sends with (the bearer token added, refreshed before it
 * expires, a 401 recovered and the request sent again once, a 403 `insufficient_scope` stepped up to the wider
 * scope), and the browser round trip on a loopback redirect. Every step is kept for the debugger view.
 *
 * Where nobody can be sent to a browser (the command line's calls, the bridge), a need for the user fails at once
 * in words that name `skillbench auth`. While connecting (`failFast`), it fails at once too: the launch then
 * authorizes and connects again, rather than leaving the `initialize` request to time out on the user.
 */
import type { McpOAuthRegistration, McpOAuthState, McpOAuthStatus } from '../../../contract';
import { SkillError } from '../../../common/errors';
import type { Redactor } from '../../../engine/redactor';
import { cliCommand } from '../../../host/cli-command';
import type { SecretStore } from '../../../host/secret-store';
import { cappedFetch } from './capped-fetch';
import { explainError, FlowProblem, summaryOf } from './explain';
import { CALLBACK_PATH, CallbackError, LoopbackCallback, portOf } from './loopback';
import { maskUrl, requestOf, responseOf } from './mask';
import { VaultProvider } from './provider';
import { auth, extractWWWAuthenticateParams, isHttpsUrl, type FetchLike, type OAuthDiscoveryState } from './sdk';
import { OAuthSteps } from './steps';
import { OAuthVault } from './vault';

/** How long the browser round trip waits for the user by default. */
export const DEFAULT_WAIT_MS = 5 * 60_000;
/** An access token this close to its expiry is refreshed before it is sent. */
const REFRESH_AHEAD_MS = 30_000;

/** The server wants the user to authorize, and nobody can be asked here (or not now). */
export class AuthorizationNeeded extends SkillError {
  constructor(message: string) {
    super('LAUNCH', message);
    this.name = 'AuthorizationNeeded';
  }
}

/** An authorization flow ended without tokens; the message says why in plain words. */
export class AuthorizationFailed extends SkillError {
  constructor(message: string) {
    super('LAUNCH', message);
    this.name = 'AuthorizationFailed';
  }
}

export interface McpOAuthOptions {
  serverUrl: string;
  secrets: SecretStore;
  /** Learns the tokens, so no log, message or answer shows them. */
  redactor?: Redactor;
  /** Where the user can be sent to a browser: how the address is opened (false where it could not be). */
  interactive?: { open?: (url: string) => Promise<boolean> | boolean };
  /** An https address of this client's metadata document (SKILLBENCH_OAUTH_CLIENT_METADATA_URL). */
  clientMetadataUrl?: string;
  onStep?: ConstructorParameters<typeof OAuthSteps>[0];
  /** A line for the server's log. */
  log?: (line: string) => void;
  waitMs?: number;
  fetch?: FetchLike;
}

const unionScopes = (...lists: (string | undefined)[]) => [...new Set(lists.flatMap((l) => l?.split(/\s+/).filter(Boolean) ?? []))].join(' ') || undefined;

export class McpOAuth {
  readonly steps: OAuthSteps;
  readonly vault: OAuthVault;
  /** While connecting: a need for the user fails at once, for the launch to authorize and connect again. */
  failFast = false;
  private resourceMetadataUrl?: URL;
  /** What discovery found, kept between refreshes (a short-lived token costs one request, not four); dropped on a 401. */
  private refreshDiscovery: { state?: OAuthDiscoveryState } = {};
  private flowing: Promise<void> | null = null;
  private refreshing: Promise<boolean> | null = null;
  private cancelFlow: AbortController | null = null;
  private pendingUrl: string | null = null;
  private addressWaiters: ((url: string | null) => void)[] = [];
  private lastError?: string;
  private readonly untaught: () => void;
  private readonly base: FetchLike;
  /** What `auth()` fetches with: each answer of the authorization server read whole, up to a ceiling. */
  private readonly authFetch: FetchLike;

  constructor(private readonly opts: McpOAuthOptions) {
    this.vault = new OAuthVault(opts.secrets, opts.serverUrl);
    this.steps = new OAuthSteps(opts.onStep);
    this.untaught = opts.redactor ? this.vault.teach(opts.redactor) : () => undefined;
    this.base = opts.fetch ?? ((input, init) => fetch(input, init));
    this.authFetch = cappedFetch(this.base);
  }

  get serverUrl(): string {
    return this.opts.serverUrl;
  }

  /** Whether the user can be sent to a browser from here. */
  get interactive(): boolean {
    return !!this.opts.interactive;
  }

  close(): void {
    this.cancel();
    this.untaught();
  }

  // ---- the transport's fetch ----

  /** What the Streamable HTTP transport sends with: see the file's comment. */
  readonly fetch: FetchLike = async (input, init) => {
    await this.freshen();
    const sent = this.vault.tokens()?.access_token;
    const res = await this.send(input, init);
    if (res.status !== 401 && res.status !== 403) return res;
    const www = extractWWWAuthenticateParams(res);
    if (res.status === 403 && www.error !== 'insufficient_scope') return res;
    if (res.status === 401 && sent && this.vault.tokens()?.access_token !== sent) {
      // Another request brought a new token meanwhile: this one only needs it.
      await res.body?.cancel();
      return this.send(input, init);
    }
    if (res.status === 401 && !sent && !/(^|,)\s*Bearer\b/i.test(res.headers.get('www-authenticate') ?? '')) {
      // Not OAuth's challenge (RFC 6750): the server wants a credential of another kind.
      await res.body?.cancel();
      throw new SkillError('LAUNCH', `${this.opts.serverUrl} answered 401 without an OAuth challenge (no WWW-Authenticate: Bearer): it wants a credential of another kind. Give it a bearer token or an Authorization header.`);
    }
    this.refreshDiscovery = {};
    this.steps.newFlow();
    this.steps.add({
      kind: 'challenge',
      title: res.status === 401 ? 'The server asked for authorization (401)' : 'The server wants more permission (403 insufficient_scope)',
      outcome: 'info',
      request: requestOf(String(input), { ...init, headers: this.headersFor(init) }),
      response: await responseOf(res, true),
      problem: this.challengeWords(res.status, sent, www),
    });
    await res.body?.cancel();
    if (www.resourceMetadataUrl) this.resourceMetadataUrl = www.resourceMetadataUrl;
    if (res.status === 401) await this.recover(www.scope);
    else await this.stepUp(www.scope);
    const again = await this.send(input, init);
    this.steps.add({
      kind: 'retry',
      title: 'Sent the request again with the new token',
      outcome: again.ok ? 'ok' : 'error',
      response: await responseOf(again, false),
      ...(again.status === 401 || again.status === 403 ? { problem: `The server refused the new token too (HTTP ${again.status}): it does not accept what its authorization server issued, or asks for a scope that server did not grant.` } : {}),
    });
    return again;
  };

  private headersFor(init: RequestInit | undefined): Headers {
    const headers = new Headers(init?.headers);
    const tokens = this.vault.tokens();
    if (tokens) headers.set('Authorization', `Bearer ${tokens.access_token}`);
    return headers;
  }

  private send(input: string | URL, init: RequestInit | undefined): Promise<Response> {
    return this.base(input, { ...init, headers: this.headersFor(init) });
  }

  private challengeWords(status: number, sent: string | undefined, www: { resourceMetadataUrl?: URL; scope?: string; error?: string }): string {
    const where = www.resourceMetadataUrl ? ` Its metadata is at ${www.resourceMetadataUrl.href}.` : ' It named no resource_metadata, so the well-known addresses are tried.';
    if (status === 403) return `The token lacks the scope this request needs${www.scope ? ` (${www.scope})` : ''}: the workbench asks for it (a step-up), keeping the scopes it has.${where}`;
    if (sent) return `The server refused the access token${www.error ? ` (${www.error})` : ''}: it expired or was revoked. The workbench refreshes it, or asks you to authorize again, then sends the request once more.${where}`;
    return `The server needs an OAuth access token.${where}`;
  }

  /** A token about to expire is refreshed before it is sent (a short-lived token costs no 401). */
  private async freshen(): Promise<void> {
    const tokens = this.vault.tokens();
    if (!tokens?.refresh_token || tokens.expires_at === undefined || tokens.expires_at - Date.now() > REFRESH_AHEAD_MS) return;
    await this.refresh();
  }

  /** A 401: the refresh token if there is one, else the user (where there is one). */
  private async recover(scope?: string): Promise<void> {
    if (this.vault.tokens()?.refresh_token && (await this.refresh(scope, true))) return;
    if (!this.interactive || this.failFast) throw new AuthorizationNeeded(this.neededWords());
    await this.authorize({ scope, sameFlow: true });
  }

  /** A 403 insufficient_scope: a new authorization for the scopes held and those asked (never a refresh, which keeps the old scopes). */
  private async stepUp(scope?: string): Promise<void> {
    const wanted = unionScopes(this.vault.tokens()?.scope, scope);
    if (!this.interactive || this.failFast) throw new AuthorizationNeeded(this.neededWords(wanted));
    await this.authorize({ scope: wanted, sameFlow: true });
  }

  private neededWords(scope?: string): string {
    const run = scope ? cliCommand('auth', this.opts.serverUrl, '--scope', scope) : cliCommand('auth', this.opts.serverUrl);
    const what = scope ? `more permission (scope "${scope}")` : 'authorization (OAuth)';
    return this.interactive
      ? `${this.opts.serverUrl} wants ${what}: authorize it in the server's Authorization section, or run ${run}.`
      : `${this.opts.serverUrl} wants ${what}, and none is kept for it here. Run ${run} to sign in, then try again.`;
  }

  /**
   * Asks the server once without a token, with a GET that changes nothing (`skillbench auth` before it signs in):
   * true where it wants authorization, its challenge (where its metadata is, the scope) kept for the flow.
   */
  async probe(): Promise<boolean> {
    let res: Response;
    try {
      res = await this.base(this.opts.serverUrl, { method: 'GET', headers: { accept: 'text/event-stream' } });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (err as Error).message;
      throw new Error(`${this.opts.serverUrl} cannot be reached (${why}).`, { cause: err });
    }
    const asks = res.status === 401 || res.status === 403;
    if (asks) {
      const www = extractWWWAuthenticateParams(res);
      if (www.resourceMetadataUrl) this.resourceMetadataUrl = www.resourceMetadataUrl;
      this.steps.newFlow();
      this.steps.add({ kind: 'challenge', title: `The server asked for authorization (${res.status})`, outcome: 'info', request: requestOf(this.opts.serverUrl, { method: 'GET' }), response: await responseOf(res, true), problem: this.challengeWords(res.status, undefined, www) });
    }
    await res.body?.cancel().catch(() => undefined);
    return asks;
  }

  // ---- refresh ----

  /** A new access token from the refresh token; false where there is none or it was refused (the steps say why). */
  refresh(scope?: string, sameFlow = false): Promise<boolean> {
    return (this.refreshing ??= this.refreshNow(scope, sameFlow).finally(() => (this.refreshing = null)));
  }

  private async refreshNow(scope: string | undefined, sameFlow: boolean): Promise<boolean> {
    if (!this.vault.tokens()?.refresh_token) return false;
    if (!sameFlow) this.steps.newFlow();
    const from = this.steps.mark();
    const kept = this.vault.clientInformation();
    const redirectUri = (kept && 'redirect_uris' in kept ? kept.redirect_uris?.[0] : undefined) ?? `http://127.0.0.1${CALLBACK_PATH}`;
    const provider = new VaultProvider({ vault: this.vault, redirectUri, clientMetadataUrl: this.opts.clientMetadataUrl, refreshOnly: true, discovery: this.refreshDiscovery });
    try {
      const result = await auth(provider, { serverUrl: this.opts.serverUrl, resourceMetadataUrl: this.resourceMetadataUrl, scope, fetchFn: this.steps.tracing(this.authFetch, { clientMetadataUrl: this.opts.clientMetadataUrl }) });
      if (result === 'AUTHORIZED') {
        this.lastError = undefined;
        this.steps.add({ kind: 'done', title: 'Refreshed', outcome: 'ok', problem: this.tokenWords() });
        this.opts.log?.(`OAuth: a new access token for ${this.opts.serverUrl} (refreshed).`);
        return true;
      }
      this.failed(this.steps.lastProblem(from) ?? 'The refresh token was refused: the user has to authorize again.');
    } catch (err) {
      this.failed(this.steps.lastProblem(from) ?? explainError(err));
    }
    this.refreshDiscovery = {};
    return false;
  }

  // ---- the browser round trip ----

  /** Signs in through the browser (once at a time: a second caller waits on the first). */
  authorize(opts: { scope?: string; sameFlow?: boolean } = {}): Promise<void> {
    if (this.flowing) return this.flowing;
    if (!this.opts.interactive) return Promise.reject(new AuthorizationNeeded(this.neededWords(opts.scope)));
    const abort = new AbortController();
    this.cancelFlow = abort;
    this.flowing = this.flow(opts.scope, !!opts.sameFlow, abort.signal).finally(() => {
      this.flowing = null;
      this.cancelFlow = null;
      this.pendingUrl = null;
      this.tellAddress(null);
    });
    return this.flowing;
  }

  /** The address the flow under way sends the user to, once known; null when no flow is under way or it ended first. */
  address(): Promise<string | null> {
    if (this.pendingUrl || !this.flowing) return Promise.resolve(this.pendingUrl);
    return new Promise((resolve) => this.addressWaiters.push(resolve));
  }

  cancel(): void {
    this.cancelFlow?.abort();
  }

  /** Forgets the tokens and the client's registration. */
  logout(): void {
    this.cancel();
    this.vault.forget('all');
    this.lastError = undefined;
    this.steps.newFlow();
    this.steps.add({ kind: 'done', title: 'Signed out', outcome: 'info', problem: 'The tokens and the client registration kept for this server were forgotten.' });
  }

  private tellAddress(url: string | null): void {
    const waiting = this.addressWaiters;
    this.addressWaiters = [];
    for (const w of waiting) w(url);
  }

  private async flow(scope: string | undefined, sameFlow: boolean, signal: AbortSignal): Promise<void> {
    if (!sameFlow) this.steps.newFlow();
    const from = this.steps.mark();
    this.lastError = undefined;
    const kept = this.vault.clientInformation();
    const keptRedirect = kept && 'redirect_uris' in kept ? kept.redirect_uris?.[0] : undefined;
    const loop = await LoopbackCallback.open(portOf(keptRedirect));
    loop.onRefused = (why) => this.steps.add({ kind: 'callback', title: 'An answer was turned away', outcome: 'error', problem: why });
    // A client registered for another loopback port (that one was taken) registers again.
    if (kept && keptRedirect && keptRedirect !== loop.redirectUri && !isHttpsUrl(kept.client_id)) this.vault.forget('client');
    const provider = new VaultProvider({
      vault: this.vault,
      redirectUri: loop.redirectUri,
      clientMetadataUrl: this.opts.clientMetadataUrl,
      ignoreTokens: true,
      discovery: {},
      onClientMetadataDocument: (id) =>
        this.steps.add({ kind: 'client-metadata-document', title: 'Presented the client metadata document', outcome: 'ok', problem: `The authorization server takes client ID metadata documents: the workbench is known by ${id} (it fetches the document there), with no registration.` }),
    });
    const fetchFn = this.steps.tracing(this.authFetch, { redirectUri: loop.redirectUri, clientMetadataUrl: this.opts.clientMetadataUrl });
    const serverUrl = this.opts.serverUrl;
    try {
      await auth(provider, { serverUrl, resourceMetadataUrl: this.resourceMetadataUrl, scope, fetchFn });
      const url = provider.authorizationUrl?.href;
      if (!url) throw new FlowProblem('The authorization server gave no address to sign in at.');
      this.pendingUrl = url;
      this.tellAddress(url);
      const opened = await Promise.resolve(this.opts.interactive?.open?.(url)).catch(() => false);
      this.steps.add({
        kind: 'authorization',
        title: 'Sent you to sign in and approve',
        outcome: 'waiting',
        url,
        request: { method: 'GET', url: maskUrl(url), headers: {} },
        problem: `${opened ? 'Opened in your browser' : 'Open this address in a browser on this machine'}: sign in and approve there. The workbench waits for the browser to come back to ${loop.redirectUri}.`,
      });
      const started = performance.now();
      const answer = await loop.wait(provider.sentState ?? '', this.opts.waitMs ?? DEFAULT_WAIT_MS, signal);
      const back = { method: 'GET', url: maskUrl(`${loop.redirectUri}?${'code' in answer ? `code=${answer.code}` : `error=${answer.error}`}&state=${provider.sentState}`), headers: {} };
      if ('error' in answer) {
        const words = answer.error === 'access_denied' ? 'The authorization was declined (access_denied): nothing was granted.' : `The authorization server sent the browser back with ${answer.error}${answer.description ? `: "${answer.description}"` : ''}.`;
        this.steps.add({ kind: 'callback', title: 'The browser came back without a code', outcome: 'error', request: back, problem: words, durationMs: Math.round(performance.now() - started) });
        throw new FlowProblem(words);
      }
      this.steps.add({ kind: 'callback', title: 'The browser came back with a code', outcome: 'ok', request: back, problem: 'Its state is the one sent with the authorization.', durationMs: Math.round(performance.now() - started) });
      await auth(provider, { serverUrl, resourceMetadataUrl: this.resourceMetadataUrl, scope, authorizationCode: answer.code, fetchFn });
      this.vault.forget('verifier');
      this.steps.add({ kind: 'done', title: 'Authorized', outcome: 'ok', problem: this.tokenWords() });
      this.opts.log?.(`OAuth: authorized for ${serverUrl}.`);
    } catch (err) {
      const words = err instanceof FlowProblem || err instanceof CallbackError ? err.message : (this.noOAuthWords(from) ?? this.steps.lastProblem(from) ?? explainError(err));
      throw new AuthorizationFailed(this.failed(words));
    } finally {
      loop.close();
    }
  }

  /** The server asked for authorization, but nothing of OAuth was found where the specification says to look. */
  private noOAuthWords(from: number): string | undefined {
    const flow = this.steps.since(from);
    const found = flow.some((s) => (s.kind === 'resource-metadata' || s.kind === 'auth-server-metadata') && s.outcome === 'ok');
    const looked = flow.some((s) => s.kind === 'auth-server-metadata');
    return looked && !found ? `${this.opts.serverUrl} wants authorization but publishes no OAuth metadata (neither protected-resource metadata nor an authorization server's): it takes another kind of credential. Give it a bearer token or an Authorization header instead.` : undefined;
  }

  private failed(words: string): string {
    this.lastError = words;
    this.steps.add({ kind: 'done', title: 'It failed', outcome: 'error', problem: words });
    this.opts.log?.(`OAuth: ${words}`);
    return words;
  }

  private tokenWords(): string {
    const t = this.vault.tokens();
    if (!t) return 'No token was kept.';
    const expiry = t.expires_at ? `, valid for ${Math.max(0, Math.round((t.expires_at - Date.now()) / 1000))} s` : '';
    return `An access token${t.scope ? ` for "${t.scope}"` : ''}${expiry}${t.refresh_token ? ', and a refresh token' : ''}; kept in the encrypted store.`;
  }

  // ---- what the view shows ----

  state(): Omit<McpOAuthState, 'skillId'> {
    const tokens = this.vault.tokens();
    const client = this.vault.clientInformation();
    const expired = !!tokens?.expires_at && tokens.expires_at <= Date.now();
    const status: McpOAuthStatus = this.flowing ? 'authorizing' : this.lastError && (!tokens || expired) ? 'failed' : tokens ? (expired ? 'expired' : 'authorized') : 'none';
    const registration: McpOAuthRegistration | undefined = client ? (isHttpsUrl(client.client_id) ? 'client-metadata-document' : 'redirect_uris' in client ? 'dynamic' : 'pre-registered') : undefined;
    return {
      url: this.opts.serverUrl,
      status,
      summary: summaryOf(status, tokens, this.lastError),
      ...(tokens?.scope ? { scope: tokens.scope } : {}),
      ...(tokens?.expires_at ? { expiresAt: tokens.expires_at } : {}),
      refreshable: !!tokens?.refresh_token,
      ...(client ? { clientId: client.client_id, registration } : {}),
      ...((tokens?.issuer ?? client?.issuer) ? { authorizationServer: tokens?.issuer ?? client?.issuer } : {}),
      ...(this.pendingUrl ? { authorizationUrl: this.pendingUrl } : {}),
      ...(this.lastError ? { error: this.lastError } : {}),
      steps: this.steps.list(),
    };
  }
}
