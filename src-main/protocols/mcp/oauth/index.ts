/**
 * OAuth 2.1 for MCP servers over HTTP (the MCP authorization specification, 2025-11-25): the public face of this
 * folder. The SDK's auth module is reached only through sdk.ts, so moving to another SDK changes one file.
 */
export { AuthorizationFailed, AuthorizationNeeded, DEFAULT_WAIT_MS, McpOAuth, type McpOAuthOptions } from './client';
export { controlOf, withoutOAuth } from './control';
export { serverKey } from './vault';

/** Where this client's metadata document is published, if anywhere (an https address with a path). */
export const CLIENT_METADATA_URL_VAR = 'SKILLBENCH_OAUTH_CLIENT_METADATA_URL';
