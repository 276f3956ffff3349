import { ShieldQuestion } from 'lucide-react';
import { Button } from '../../common/Button';
import { ASK_WORDS, type PendingAsk } from './app-requests';
import styles from './McpApp.module.css';

/** What the app asks of the workbench, one row each, oldest first: nothing happens until the user allows it. */
export function ApprovalStrip({ pending, onAlways }: { pending: PendingAsk[]; onAlways(p: PendingAsk): void }) {
  if (!pending.length) return null;
  return (
    <ul className={styles.mcpAppAsks} aria-label="What the app asks" data-testid="mcp-app-asks">
      {pending.map((p) => (
        <li key={p.id} className={styles.mcpAppAsk} data-testid="mcp-app-ask" data-ask={p.ask}>
          <ShieldQuestion size={14} aria-hidden="true" />
          <span className={styles.mcpAppAskText}>
            The app asks to <strong>{ASK_WORDS[p.ask]}</strong>: <code>{p.what}</code>
          </span>
          <Button size="sm" variant="primary" onClick={p.allow} data-testid="mcp-app-allow">Allow</Button>
          <Button size="sm" onClick={() => onAlways(p)} data-testid="mcp-app-always" title="Allow this kind of request from this app until the window closes">Always for this app</Button>
          <Button size="sm" variant="ghost" onClick={p.deny} data-testid="mcp-app-deny">Refuse</Button>
        </li>
      ))}
    </ul>
  );
}
