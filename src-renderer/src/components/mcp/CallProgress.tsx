import type { McpTaskStatus } from '@contract';
import { useStore } from '../../store';
import styles from './CallProgress.module.css';
import mcpStyles from './mcp.module.css';

/** A task's status in plain words. */
export const TASK_WORDS: Record<McpTaskStatus, string> = {
  working: 'Working',
  input_required: 'Waiting for your answer',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A running call made as a task: its status and the server's message, as last polled. */
function CallTask({ callId }: { callId: string }) {
  const t = useStore((s) => s.tasks[callId]);
  if (!t) return null;
  return (
    <div className={styles.mcpTaskStatus} data-testid="call-task" data-status={t.status} role="status">
      <span className={`pill ${t.status === 'input_required' ? 'pill-busy' : t.status === 'failed' ? 'pill-error' : 'pill-muted'}`} data-testid="call-task-status">
        Task: {TASK_WORDS[t.status] ?? t.status}
      </span>
      {t.statusMessage && <span className="mcp-task-message" data-testid="call-task-message">{t.statusMessage}</span>}
      <span className={`muted ${mcpStyles.mcpTaskId}`} title="The server's id of this task">{t.taskId}</span>
    </div>
  );
}

/** A running call's progress as its server tells it: a bar (indeterminate without a total) and its message; its task's status. */
export function CallProgress({ callId }: { callId: string }) {
  const p = useStore((s) => s.progress[callId]);
  if (!p) return <CallTask callId={callId} />;
  const known = p.total !== undefined && p.total > 0;
  const pct = known ? Math.min(100, Math.round((p.progress / p.total!) * 100)) : undefined;
  const words = known ? `${p.progress} of ${p.total}` : `${p.progress} so far`;
  return (
    <>
      <div className={styles.mcpProgress} data-testid="call-progress" data-progress={p.progress} data-total={p.total}>
        <progress max={known ? p.total : undefined} value={known ? p.progress : undefined} aria-label={`Progress: ${words}`} />
        <span className="mcp-progress-text">
          {pct !== undefined ? `${pct}% · ` : ''}
          {words}
          {p.message ? ` · ${p.message}` : ''}
        </span>
      </div>
      <CallTask callId={callId} />
    </>
  );
}
