/**
 * What the OAuth code takes of the MCP SDK, in one place: its `auth()` orchestrator (RFC 9728 and RFC 8414
 * discovery, client ID metadata documents or dynamic registration, PKCE, the code and refresh grants) and the
 * types it works on, from the v2 client (`@modelcontextprotocol/client`), the MCP client's own SDK.
 */
export { auth, extractWWWAuthenticateParams, isHttpsUrl, OAuthError, UnauthorizedError } from '@modelcontextprotocol/client';
export type {
  AuthorizationServerMetadata, FetchLike, OAuthClientInformationMixed, OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, OAuthProtectedResourceMetadata, OAuthTokens,
} from '@modelcontextprotocol/client';
