import { MessageCircleQuestion } from 'lucide-react';
import type { McpElicitationAnswer, McpSamplingAnswer } from '@contract';
import { answerRequest } from '../../actions/mcp';
import { useAction } from '../../data';
import { useStore } from '../../store';
import { Dialog } from '../common/Dialog';
import { ErrorNote } from '../common/ErrorNote';
import { formatClock } from '../../lib/format';
import { ElicitationForm } from './ElicitationForm';
import { SamplingForm } from './SamplingForm';
import { UrlElicitation } from './UrlElicitation';
import styles from './McpRequests.module.css';

/**
 * What MCP servers ask the user (elicitation, sampling), oldest first, whatever view is open: a dialog while
 * requests wait, which can be put aside (a button brings it back) and comes back with a new request.
 */
export function McpRequests() {
  const pending = useStore((s) => s.pending);
  const hidden = useStore((s) => s.trayHidden);
  const setHidden = useStore((s) => s.setTrayHidden);
  const skills = useStore((s) => s.skills);
  const { busy, error, act } = useAction();
  const r = pending[0];
  if (!r) return null;
  const server = skills.find((k) => k.id === r.skillId)?.name ?? r.skillId;

  const answer = (a: Parameters<typeof answerRequest>[1]) => act(() => answerRequest(r.requestId, a));

  if (hidden) {
    return (
      <button type="button" className={styles.mcpRequestsChip} onClick={() => setHidden(false)} data-testid="mcp-requests-chip">
        <MessageCircleQuestion size={15} aria-hidden="true" />
        {pending.length === 1 ? `${server} is waiting for your answer` : `${pending.length} requests of MCP servers wait for your answer`}
      </button>
    );
  }
  const title = r.kind === 'elicitation' ? (r.mode === 'url' ? `${server} asks you to open a link` : `${server} asks you`) : `${server} asks for a model’s answer`;
  return (
    <Dialog size="medium" open title={title} onClose={() => setHidden(true)} labelId="mcp-request-title">
      <div className={styles.mcpRequest} data-testid="mcp-request" data-kind={r.kind} data-request-id={r.requestId}>
        <p className={`muted ${styles.mcpRequestMeta}`}>
          Asked at {formatClock(r.receivedAt)}; the server stops waiting at {formatClock(r.expiresAt)}.
          {pending.length > 1 ? ` ${pending.length - 1} more after this one.` : ''}{' '}
          <button type="button" className="link-btn" onClick={() => setHidden(true)}>Answer later</button>
        </p>
        {error && <ErrorNote message={error} />}
        {r.taskId && (
          <p className="muted mcp-request-task" data-testid="mcp-request-task">
            The server asked this as a task: it checks back for your answer.
          </p>
        )}
        {r.kind === 'elicitation' && r.mode === 'url' ? (
          <UrlElicitation key={r.requestId} request={r} busy={busy} onAnswer={(a: McpElicitationAnswer) => void answer({ kind: 'elicitation', answer: a })} />
        ) : r.kind === 'elicitation' ? (
          <ElicitationForm key={r.requestId} request={r} busy={busy} onAnswer={(a: McpElicitationAnswer) => void answer({ kind: 'elicitation', answer: a })} />
        ) : (
          <SamplingForm key={r.requestId} request={r} busy={busy} onAnswer={(a: McpSamplingAnswer) => void answer({ kind: 'sampling', answer: a })} />
        )}
      </div>
    </Dialog>
  );
}
