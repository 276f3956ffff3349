/** What the MCP service sees of a server's OAuth (the adapter's `McpOAuthControl`), and of a server that has none. */
import type { McpOAuthControl } from '../../adapter';
import type { McpOAuth } from './client';

export function controlOf(oauth: McpOAuth): McpOAuthControl {
  return {
    state: () => oauth.state(),
    authorize: (scope) => {
      const done = oauth.authorize({ scope });
      return { address: oauth.address(), done };
    },
    refresh: () => oauth.refresh(),
    cancel: () => oauth.cancel(),
    logout: () => oauth.logout(),
  };
}

/** A server run by the workbench (`not-http`), or one given credentials of the user's own (`own-token`). */
export function withoutOAuth(status: 'not-http' | 'own-token', url?: string): McpOAuthControl {
  const summary =
    status === 'not-http'
      ? 'The workbench runs this server on this machine: there is nothing to authorize.'
      : 'A bearer token or an Authorization header is set for this server: it is sent as it is, and OAuth is not used. Remove it to sign in with OAuth.';
  return {
    state: () => ({ ...(url ? { url } : {}), status, summary, refreshable: false, steps: [] }),
    authorize: () => {
      throw new Error(summary);
    },
    refresh: () => Promise.resolve(false),
    cancel: () => undefined,
    logout: () => undefined,
  };
}
