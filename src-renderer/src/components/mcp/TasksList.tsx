import { useCallback, useEffect, useState } from 'react';
import { RefreshCw, Square } from 'lucide-react';
import type { McpTask } from '@contract';
import { api } from '../../api/client';
import { messageOf } from '../../actions/errors';
import { Button } from '../common/Button';
import { formatClock } from '../../lib/format';
import { TASK_WORDS } from './CallProgress';
import { useMcp } from './mcp-store';

const ENDED = new Set(['completed', 'failed', 'cancelled']);

/** The server's tasks (`tasks/list`), newest first, each cancellable while it runs; read again on demand and as calls' tasks change. */
export function TasksList({ skillId, canCancel }: { skillId: string; canCancel: boolean }) {
  const [tasks, setTasks] = useState<McpTask[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A call's task changed status: the list is read again.
  const seen = useMcp((s) => Object.values(s.tasks).map((t) => `${t.taskId}:${t.status}`).join(','));
  const load = useCallback(async () => {
    setBusy(true);
    try {
      const list = await api().mcpListTasks(skillId);
      setTasks([...list].sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? ''))));
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }, [skillId]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads on mount and when tasks change; the busy flag is set as the request starts
    void load();
  }, [load, seen]);
  const cancel = async (taskId: string) => {
    try {
      await api().mcpCancelTask(skillId, taskId);
    } catch (err) {
      setError(messageOf(err));
    }
    void load();
  };
  return (
    <div data-testid="mcp-tasks">
      <div className="mcp-tasks-head">
        <span className="muted">Long operations the server runs as tasks, as it lists them.</span>
        <span className="spacer" />
        <Button size="sm" icon={<RefreshCw size={13} />} onClick={() => void load()} busy={busy} data-testid="mcp-tasks-refresh">Refresh</Button>
      </div>
      {error && <p className="error-text" role="alert">{error}</p>}
      {tasks && !tasks.length && <p className="muted" data-testid="mcp-tasks-empty">No tasks yet. A tool that runs as a task shows here once called.</p>}
      {tasks && tasks.length > 0 && (
        <table className="mcp-tasks-table">
          <thead>
            <tr><th>Task</th><th>Status</th><th>Started</th><th><span className="sr-only">Actions</span></th></tr>
          </thead>
          <tbody>
            {tasks.map((t) => (
              <tr key={t.taskId} data-testid="mcp-task-row" data-status={t.status}>
                <td className="mcp-task-id">{t.taskId}</td>
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
