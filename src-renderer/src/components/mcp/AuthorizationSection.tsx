import { useState } from 'react';
import { ExternalLink, KeyRound, LogIn, LogOut, RefreshCw, Square } from 'lucide-react';
import type { McpOAuthState } from '@contract';
import { useCommand, useQuery } from '../../data';
import { Button } from '../common/Button';
import { formatWhen } from '../../lib/format';
import { OAuthSteps } from './OAuthSteps';
import styles from './AuthorizationSection.module.css';
import urlStyles from './UrlElicitation.module.css';
import setupStyles from '../setup/setup.module.css';
import logsStyles from '../logs/logs.module.css';

const REGISTRATION: Record<NonNullable<McpOAuthState['registration']>, string> = {
  'client-metadata-document': 'by its client metadata document',
  dynamic: 'registered dynamically',
  'pre-registered': 'pre-registered',
};

const STATUS_PILL: Partial<Record<McpOAuthState['status'], string>> = {
  authorized: 'pill-ok',
  authorizing: 'pill-busy',
  failed: 'pill-error',
  expired: 'pill-muted',
  none: 'pill-muted',
  'own-token': 'pill-muted',
};

const STATUS_WORD: Record<McpOAuthState['status'], string> = {
  authorized: 'signed in',
  authorizing: 'signing in',
  failed: 'failed',
  expired: 'expired',
  none: 'not signed in',
  'own-token': 'own token',
  'not-http': 'none',
};

/** Only web addresses get a link (the sign-in page is the authorization server's, never opened by the page itself). */
function openable(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * An HTTP server's OAuth, the debugger's view of it: whether it is signed in (scope, expiry, how the workbench is
 * known to the authorization server), the address to open while a sign-in waits, the user's actions, and every
 * step of the recent flows with what went wrong in plain words. A server the workbench runs itself shows nothing.
 */
export function AuthorizationSection({ skillId }: { skillId: string }) {
  const q = useQuery('mcpOAuthState', [skillId], { invalidateOn: ['mcpOAuthStep', 'status'], scope: skillId });
  const opts = { invalidates: ['mcpOAuthState'] as const, scope: skillId };
  const authorize = useCommand('mcpOAuthAuthorize', opts);
  const refresh = useCommand('mcpOAuthRefresh', opts);
  const cancel = useCommand('mcpOAuthCancel', opts);
  const logout = useCommand('mcpOAuthLogout', opts);
  const [scope, setScope] = useState('');
  const s = q.data;
  if (!s || s.status === 'not-http') return null;
  const error = authorize.error ?? refresh.error ?? cancel.error ?? logout.error;
  const signIn = (wanted?: string) => void authorize.run(skillId, wanted?.trim() || undefined);
  const oauth = s.status !== 'own-token';
  return (
    <section className={`${setupStyles.setupCard} setup-card`} aria-labelledby="mcp-auth-title" data-testid="mcp-authorization" data-status={s.status}>
      <div className={styles.oauthHead}>
        <KeyRound size={18} aria-hidden="true" />
        <h2 className={setupStyles.setupConfigTitle} id="mcp-auth-title">Authorization</h2>
        <span className={`pill ${STATUS_PILL[s.status] ?? 'pill-muted'}`} data-testid="oauth-status">{STATUS_WORD[s.status]}</span>
      </div>
      <p className={setupStyles.setupStepDesc} data-testid="oauth-summary">{s.summary}</p>
      {(s.scope || s.expiresAt || s.clientId) && (
        <dl className={styles.oauthFacts}>
          {s.scope && (<><dt>Scope</dt><dd data-testid="oauth-scope">{s.scope}</dd></>)}
          {s.expiresAt && (<><dt>Access token</dt><dd>{s.status === 'expired' ? 'expired at' : 'valid until'} {formatWhen(s.expiresAt)}{s.refreshable ? ' · refreshable' : ''}</dd></>)}
          {s.clientId && (<><dt>Client</dt><dd><code>{s.clientId}</code>{s.registration ? ` (${REGISTRATION[s.registration]})` : ''}</dd></>)}
          {s.authorizationServer && (<><dt>Authorization server</dt><dd><code>{s.authorizationServer}</code></dd></>)}
        </dl>
      )}
      {s.authorizationUrl && (
        <div data-testid="oauth-address">
          <p className="muted">Sign in and approve at this address, in a browser on this machine; the workbench waits for it to come back:</p>
          <div className={urlStyles.mcpUrlRow}>
            <code className={urlStyles.mcpUrl} data-testid="oauth-address-url">{s.authorizationUrl}</code>
            {openable(s.authorizationUrl) && (
              <a className="btn btn-default btn-sm" href={s.authorizationUrl} target="_blank" rel="noopener noreferrer" data-testid="oauth-open">
                <ExternalLink size={13} aria-hidden="true" /> Open
              </a>
            )}
          </div>
        </div>
      )}
      {oauth && (
        <div className={styles.oauthActions}>
          {s.status === 'authorizing' ? (
            <Button size="sm" icon={<Square size={12} />} onClick={() => void cancel.run(skillId)} busy={cancel.busy} data-testid="oauth-cancel">Cancel</Button>
          ) : (
            <Button size="sm" variant={s.status === 'authorized' ? 'default' : 'primary'} icon={<LogIn size={13} />} onClick={() => signIn()} busy={authorize.busy} data-testid="oauth-sign-in">
              {s.status === 'authorized' || s.status === 'expired' ? 'Sign in again' : 'Sign in'}
            </Button>
          )}
          {s.refreshable && s.status !== 'authorizing' && (
            <Button size="sm" icon={<RefreshCw size={13} />} onClick={() => void refresh.run(skillId)} busy={refresh.busy} data-testid="oauth-refresh">Refresh the token</Button>
          )}
          {(s.status === 'authorized' || s.status === 'expired' || s.clientId) && s.status !== 'authorizing' && (
            <Button size="sm" variant="ghost" icon={<LogOut size={13} />} onClick={() => void logout.run(skillId)} busy={logout.busy} data-testid="oauth-sign-out">Sign out</Button>
          )}
        </div>
      )}
      {oauth && s.status !== 'authorizing' && (
        <details className="disclosure">
          <summary>Ask for other scopes</summary>
          <form
            className={styles.oauthScopeForm}
            onSubmit={(e) => {
              e.preventDefault();
              signIn(scope);
            }}
          >
            <label htmlFor={`oauth-scope-${skillId}`}>Scopes, separated by spaces</label>
            <input id={`oauth-scope-${skillId}`} type="text" value={scope} onChange={(e) => setScope(e.target.value)} placeholder={s.scope ?? 'read write'} data-testid="oauth-scope-input" />
            <Button size="sm" type="submit" disabled={!scope.trim()} busy={authorize.busy}>Sign in with these</Button>
          </form>
        </details>
      )}
      {error && <p className={logsStyles.errorText} role="alert">{error}</p>}
      {oauth && (
        <>
          <h3 className={setupStyles.setupConfigTitle}>Steps</h3>
          <OAuthSteps steps={s.steps} />
        </>
      )}
    </section>
  );
}
