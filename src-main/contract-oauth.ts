/**
 * OAuth 2.1 for MCP servers over HTTP, as the debugger view shows it: one server's authorization (what is kept,
 * whether it still holds), the steps of its recent flows (each request and response, secrets masked, and what went
 * wrong in plain words), and the user's commands on it. Part of the one contract (contract-mcp.ts folds these into
 * the MCP service's commands and events). Types only; nothing here may import Node or Electron.
 */

/** Which part of the flow a step is. */
export type McpOAuthStepKind =
  /** The MCP server answered 401 or 403, and its `WWW-Authenticate` said what it wants. */
  | 'challenge'
  /** Its protected-resource metadata (RFC 9728): which authorization server it trusts. */
  | 'resource-metadata'
  /** The authorization server's metadata (RFC 8414, or OpenID Connect discovery). */
  | 'auth-server-metadata'
  /** The client presented as the URL of its metadata document (`client_id` is that URL). */
  | 'client-metadata-document'
  /** Dynamic client registration (RFC 7591). */
  | 'registration'
  /** The address the user opens to sign in and approve. */
  | 'authorization'
  /** The browser came back to the loopback address with a code (or an error). */
  | 'callback'
  /** The code exchanged for tokens (with the PKCE verifier). */
  | 'token'
  /** A refresh token exchanged for a new access token. */
  | 'refresh'
  /** The request that met the 401 or 403, sent again with the new token. */
  | 'retry'
  /** The end of a flow, or a note on it. */
  | 'done';

/** One HTTP request as it was sent; its secrets (tokens, the code verifier, a client secret, the code) masked. */
export interface McpOAuthRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** One HTTP response as it came; its secrets masked, a long body cut. */
export interface McpOAuthResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

export interface McpOAuthStep {
  seq: number;
  /** Steps of one flow (an authorization, a refresh) share it. */
  flow: number;
  time: number;
  kind: McpOAuthStepKind;
  /** What happened, in a few words. */
  title: string;
  /** `skipped`: nothing there, and the next place is tried; `waiting`: on the user. */
  outcome: 'ok' | 'error' | 'skipped' | 'waiting' | 'info';
  /** What went wrong, or what to know, in plain words. */
  problem?: string;
  request?: McpOAuthRequest;
  response?: McpOAuthResponse;
  durationMs?: number;
  /** The address for the user to open (the authorization step). */
  url?: string;
}

/**
 * `not-http`: a server the workbench runs (stdio): nothing to authorize. `own-token`: the user gave a bearer token
 * or an Authorization header, which is sent as it is. `none`: nothing kept (a server that never asked needs none).
 */
export type McpOAuthStatus = 'not-http' | 'own-token' | 'none' | 'authorized' | 'expired' | 'authorizing' | 'failed';

/** How the workbench is known to the authorization server. */
export type McpOAuthRegistration = 'client-metadata-document' | 'dynamic' | 'pre-registered';

export interface McpOAuthState {
  skillId: string;
  /** The server's address (absent for a server run by the workbench). */
  url?: string;
  status: McpOAuthStatus;
  /** What the status means now, in a sentence. */
  summary: string;
  /** The scopes the access token was granted. */
  scope?: string;
  /** When the access token expires (ms since the epoch), where the server said. */
  expiresAt?: number;
  /** A refresh token is kept: a new access token comes without the user. */
  refreshable: boolean;
  clientId?: string;
  registration?: McpOAuthRegistration;
  authorizationServer?: string;
  /** While a flow waits on the user: the address to open. */
  authorizationUrl?: string;
  /** The last flow's failure, in plain words. */
  error?: string;
  /** The steps of the recent flows, oldest first. */
  steps: McpOAuthStep[];
}

/** The Authorization section's commands (the MCP service serves them). */
export interface McpOAuthApi {
  /** The server's authorization and the steps of its recent flows. Starts nothing. */
  mcpOAuthState(skillId: string): Promise<McpOAuthState>;
  /**
   * Starts the browser round trip and answers once the address to open is known (or the flow ended); the steps
   * follow as `mcpOAuthStep` events. `scope` asks for more than the server's default (a step-up). The desktop app
   * opens the address in the browser; the browser mode shows it. A server that was not running starts once authorized.
   */
  mcpOAuthAuthorize(skillId: string, scope?: string): Promise<McpOAuthState>;
  /** Exchanges the refresh token for a new access token now. */
  mcpOAuthRefresh(skillId: string): Promise<McpOAuthState>;
  /** Stops waiting on the browser. */
  mcpOAuthCancel(skillId: string): Promise<McpOAuthState>;
  /** Forgets the tokens and the client registration kept for the server. */
  mcpOAuthLogout(skillId: string): Promise<McpOAuthState>;
}

export interface McpOAuthEvents {
  /** A step of a server's OAuth flow (the view reads the state again when one ends a flow). */
  mcpOAuthStep: { skillId: string; step: McpOAuthStep };
}

export const MCP_OAUTH_EVENTS: { [K in keyof McpOAuthEvents]: true } = { mcpOAuthStep: true };
