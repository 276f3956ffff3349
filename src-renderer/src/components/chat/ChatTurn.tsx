/**
 * One turn of a chat, in the order it happened: the message, the skill's beforeMessage, each step's tool calls
 * (and what the model said between them), the skill's afterResponse, the answer, and what the turn took.
 */
import type { ChatUsage } from '@contract';
import { isRunning, pendingApprovals, skillOfCall, type TurnView } from '../../lib/chat-view';
import { formatDuration } from '../../lib/format';
import { ErrorNote } from '../common/ErrorNote';
import { ApprovalStrip } from './ApprovalStrip';
import { HookCard, ToolCallCard } from './ChatSteps';
import styles from './ChatTurn.module.css';

function costText(usd: number): string {
  return usd >= 0.01 ? `$${usd.toFixed(2)}` : `$${usd.toPrecision(2)}`;
}

/** "2 steps · 30 tokens in, 10 out · 1.2 s · $0.05" */
function facts(steps: number, usage: ChatUsage, durationMs: number): string[] {
  const out = [`${steps} ${steps === 1 ? 'step' : 'steps'}`];
  if (usage.inputTokens !== undefined || usage.outputTokens !== undefined) out.push(`${usage.inputTokens ?? '?'} tokens in, ${usage.outputTokens ?? '?'} out`);
  out.push(formatDuration(durationMs));
  if (usage.costUsd !== undefined) out.push(costText(usage.costUsd));
  return out;
}

export function ChatTurn({ turn, skillIds, onOpenCall }: { turn: TurnView; skillIds: readonly string[]; onOpenCall(skillId: string, callId: string): void }) {
  const running = isRunning(turn);
  const r = turn.result;
  const last = turn.steps.at(-1);
  // The last step's text is the answer (shown below as it streams); earlier steps' text is what the model said on its way.
  const answer = r ? r.answer : (last?.text ?? '');
  return (
    <article className={styles.turn} aria-busy={running} aria-label={`Turn: ${turn.message}`} data-testid="chat-turn" data-state={running ? 'running' : r?.ok ? 'ok' : 'failed'}>
      <div className={styles.user}>
        <p className={styles.bubbleUser} data-testid="chat-user-message">{turn.message}</p>
      </div>
      {turn.beforeMessage && <HookCard hook="beforeMessage" view={turn.beforeMessage} />}
      {turn.steps.map((s, i) => (
        <div key={s.step} className={styles.step} data-testid="chat-step">
          {i < turn.steps.length - 1 && s.text.trim() && <p className={styles.note}>{s.text}</p>}
          {s.toolCalls.map((c) => (
            <ToolCallCard key={c.toolCallId} call={c} skillId={skillOfCall(c, skillIds)} onOpen={onOpenCall} />
          ))}
          {running && (s.approvals ?? []).filter((a) => !a.answer).map((a) => <ApprovalStrip key={a.request.approvalId} chatId={turn.chatId} approval={a} />)}
        </div>
      ))}
      {turn.retry && (
        <p className={styles.status} role="status">
          The model’s server asked to wait (HTTP {turn.retry.status}): trying again in {formatDuration(turn.retry.delayMs)}.
        </p>
      )}
      {turn.afterResponse && <HookCard hook="afterResponse" view={turn.afterResponse} />}
      {(answer || running) && (
        <div className={styles.assistant}>
          <p className={`${styles.bubbleModel}${running ? ` ${styles.streaming}` : ''}`} data-testid="chat-answer">
            {answer || <span className={styles.thinking}>{pendingApprovals(turn).length ? 'Waiting for your answer above…' : turn.steps.length ? 'The model is working…' : 'Asking the model…'}</span>}
          </p>
        </div>
      )}
      {r?.failure === 'stopped' ? (
        <p className={styles.status} data-testid="chat-stopped">Stopped. {r.toolCalls.length ? 'A tool call under way was cancelled.' : ''}</p>
      ) : r && !r.ok ? (
        <ErrorNote title={r.failure === 'step-cap' ? 'The step cap ended the turn' : 'The turn did not finish'} message={r.error ?? 'It ended without an answer.'} tone={r.failure === 'step-cap' ? 'warning' : 'error'} />
      ) : null}
      {turn.failed && <ErrorNote title="The message was not sent" message={turn.failed} />}
      {r && (
        <p className={styles.facts} data-testid="chat-turn-facts">
          {facts(r.steps, r.usage, r.durationMs).join(' · ')}
        </p>
      )}
    </article>
  );
}
