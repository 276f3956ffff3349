/**
 * What the OAuth code takes of the MCP SDK, in one place: its `auth()` orchestrator (RFC 9728 and RFC 8414
 * discovery, client ID metadata documents or dynamic registration, PKCE, the code and refresh grants) and the
 * types it works on. Moving to the split SDK (`@modelcontextprotocol/client`, which exports the same names)
 * changes only the imports below.
 */
export { auth, extractWWWAuthenticateParams, isHttpsUrl, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
export type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
export { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
export type {
  AuthorizationServerMetadata, OAuthClientInformationMixed, OAuthClientMetadata, OAuthProtectedResourceMetadata, OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
export type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
