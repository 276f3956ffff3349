import { useEffect, useState } from 'react';
import { ExternalLink, KeyRound, Square } from 'lucide-react';
import { onEvent, useCommand } from '../../data';
import { useStore } from '../../store';
import styles from './OAuthSignIns.module.css';

interface Waiting {
  skillId: string;
  url: string;
}

/**
 * The sign-ins waiting on the user, whatever view is open: an HTTP server that answered 401 connects once the user
 * signed in at its authorization server. The desktop app opened the address in the browser already; in browser mode
 * this is where it is opened from. Each goes when its flow ends (signed in, refused, cancelled).
 */
export function OAuthSignIns() {
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  const skills = useStore((s) => s.skills);
  const cancel = useCommand('mcpOAuthCancel', { toast: 'The sign-in could not be cancelled' });
  useEffect(
    () =>
      onEvent('mcpOAuthStep', ({ skillId, step }) => {
        if (step.kind === 'authorization' && step.outcome === 'waiting' && step.url) {
          const url = step.url;
          setWaiting((w) => [...w.filter((x) => x.skillId !== skillId), { skillId, url }]);
        } else if (step.kind === 'done' || (step.kind === 'callback' && step.outcome === 'ok')) {
          setWaiting((w) => w.filter((x) => x.skillId !== skillId));
        }
      }),
    [],
  );
  if (!waiting.length) return null;
  return (
    <div className={styles.oauthSignIns} role="status" aria-live="polite">
      {waiting.map(({ skillId, url }) => (
        <div key={skillId} className={styles.oauthSignIn} data-testid="oauth-sign-in-notice">
          <KeyRound size={15} aria-hidden="true" />
          <span className={styles.oauthSignInText}>{skills.find((s) => s.id === skillId)?.name ?? skillId} wants you to sign in</span>
          {/^https?:\/\//i.test(url) && (
            <a className="btn btn-primary btn-sm" href={url} target="_blank" rel="noopener noreferrer" title={url} data-testid="oauth-sign-in-open">
              <ExternalLink size={13} aria-hidden="true" /> Open the sign-in page
            </a>
          )}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void cancel.run(skillId)} data-testid="oauth-sign-in-cancel">
            <Square size={12} aria-hidden="true" /> Cancel
          </button>
        </div>
      ))}
    </div>
  );
}
