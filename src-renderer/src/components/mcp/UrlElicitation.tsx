import { ExternalLink } from 'lucide-react';
import type { McpElicitationAnswer, McpPendingRequest } from '@contract';
import { ElicitationActions } from './ElicitationForm';
import styles from './UrlElicitation.module.css';
import setupStyles from '../setup/setup.module.css';
import mcpStyles from './mcp.module.css';

type Elicitation = Extract<McpPendingRequest, { kind: 'elicitation' }>;

/** Only web addresses get a link: anything else (javascript:, file:) is shown as text alone. */
function openable(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * A server asks the user to do something at an address (sign in, pay, approve): its message, the address in
 * full and a link to open it, never opened for the user. Accept says "I did it"; nothing else is sent.
 */
export function UrlElicitation({ request, busy, onAnswer }: { request: Elicitation; busy: boolean; onAnswer(a: McpElicitationAnswer): void }) {
  const url = request.url ?? '';
  let host = '';
  try {
    host = new URL(url).host;
  } catch {
    /* shown as it came */
  }
  return (
    <div className={`${mcpStyles.mcpElicitation} mcp-url-elicitation`} data-testid="url-elicitation">
      <p className={`${setupStyles.setupStepDesc} ${mcpStyles.mcpAskMessage}`} data-testid="elicitation-message">{request.message}</p>
      <p className="muted">The server asks you to open this address{host ? ` on ${host}` : ''} and finish there, then come back here:</p>
      <div className={styles.mcpUrlRow}>
        <code className={styles.mcpUrl} data-testid="elicitation-url">{url}</code>
        {openable(url) && (
          <a className="btn btn-default btn-sm" href={url} target="_blank" rel="noopener noreferrer" data-testid="elicitation-open">
            <ExternalLink size={13} aria-hidden="true" /> Open
          </a>
        )}
      </div>
      {request.completed && (
        <p className={styles.mcpUrlDone} role="status" data-testid="elicitation-completed">
          The server says this is done.
        </p>
      )}
      <ElicitationActions busy={busy} onAnswer={onAnswer} cancelTitle="Dismiss without answering" accept={{ label: 'I did it', title: 'Tell the server you finished at the address' }} />
    </div>
  );
}
