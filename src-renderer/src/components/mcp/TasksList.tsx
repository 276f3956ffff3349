import { useEffect, useRef } from 'react';
import { RefreshCw, Square } from 'lucide-react';
import type { McpTask } from '@contract';
import { useCommand, useQuery } from '../../data';
import { mcpSelectors, useStore } from '../../store';
import { Button } from '../common/Button';
import { formatClock } from '../../lib/format';
import { TASK_WORDS } from './CallProgress';
import styles from './TasksList.module.css';
import mcpStyles from './mcp.module.css';
import logsStyles from '../logs/logs.module.css';

const ENDED = new Set(['completed', 'failed', 'cancelled']);

/** The server's tasks (`tasks/list`), newest first, each cancellable while it runs; read again on demand and as calls' tasks change. */
export function TasksList({ skillId, canCancel }: { skillId: string; canCancel: boolean }) {
  const list = useQuery('mcpListTasks', [skillId]);
  const canceller = useCommand('mcpCancelTask', { invalidates: ['mcpListTasks'], scope: skillId });
  const { reload } = list;
  // A call's task changed status: the list is read again.
  const seen = useStore((s) => mcpSelectors.taskStates(s));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else reload();
  }, [seen, reload]);
  const tasks = list.data && [...list.data].sort((a: McpTask, b: McpTask) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? '')));
  const error = canceller.error ?? list.error;
  const busy = list.loading;
  const load = reload;
  const cancel = async (taskId: string) => {
    if ((await canceller.run(skillId, taskId)) === undefined) reload();
  };
  return (
    <div data-testid="mcp-tasks">
      <div className={styles.mcpTasksHead}>
        <span className="muted">Long operations the server runs as tasks, as it lists them.</span>
        <span className="spacer" />
        <Button size="sm" icon={<RefreshCw size={13} />} onClick={() => void load()} busy={busy} data-testid="mcp-tasks-refresh">Refresh</Button>
      </div>
      {error && <p className={logsStyles.errorText} role="alert">{error}</p>}
      {tasks && !tasks.length && <p className="muted" data-testid="mcp-tasks-empty">No tasks yet. A tool that runs as a task shows here once called.</p>}
      {tasks && tasks.length > 0 && (
        <table className={styles.mcpTasksTable}>
          <thead>
            <tr><th>Task</th><th>Status</th><th>Started</th><th><span className="sr-only">Actions</span></th></tr>
          </thead>
          <tbody>
            {tasks.map((t) => (
              <tr key={t.taskId} data-testid="mcp-task-row" data-status={t.status}>
                <td className={mcpStyles.mcpTaskId}>{t.taskId}</td>
                <td>
                  {TASK_WORDS[t.status] ?? t.status}
                  {t.statusMessage && <div className="muted">{t.statusMessage}</div>}
                </td>
                <td>{t.createdAt ? formatClock(Date.parse(t.createdAt)) : ''}</td>
                <td>
                  {canCancel && !ENDED.has(t.status) && (
                    <Button size="sm" variant="ghost" icon={<Square size={12} />} onClick={() => void cancel(t.taskId)} data-testid="mcp-task-cancel">Cancel</Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
