import { CircleCheck, CircleX, LoaderCircle, Play, SquareTerminal } from 'lucide-react';
import type { HistoryItem } from '../../store/types';
import { useStore } from '../../store';
import { EmptyState } from '../common/EmptyState';
import { IconButton } from '../common/Button';
import { formatDuration, formatWhen } from '../../lib/format';
import { reopenCall, runTool, wholeCall } from '../../actions/tools';
import { copyCallCommand } from '../../actions/copy-command';
import styles from './CallHistory.module.css';

const EMPTY: HistoryItem[] = [];

/** How a past call went, from its record or its summary. */
function factsOf(r: HistoryItem): { done: boolean; ok?: boolean; code?: string; durationMs?: number } {
  if ('args' in r) return { done: r.status === 'done' && !!r.outcome, ok: r.outcome?.ok, code: r.outcome?.error?.code, durationMs: r.outcome?.durationMs };
  return { done: r.status === 'done', ok: r.ok, code: r.error?.code, durationMs: r.durationMs };
}

export function CallHistory({ skillId, onOpened }: { skillId: string; onOpened(): void }) {
  const history = useStore((s) => s.history[skillId] ?? EMPTY);
  const shownId = useStore((s) => s.shownCall[skillId]?.callId);
  if (!history.length) {
    return <EmptyState compact title="No calls yet">Every call you run is kept here, so you can reopen it or run it again.</EmptyState>;
  }
  return (
    <ul className={styles.history} aria-label="Past calls">
      {history.map((r) => {
        const o = factsOf(r);
        return (
          <li key={r.callId} className={`${styles.historyRow}${r.callId === shownId ? ' selected' : ''}`} data-testid="history-row">
            <button
              type="button"
              className={styles.historyOpen}
              onClick={() =>
                void wholeCall(r).then((whole) => {
                  if (!whole) return;
                  reopenCall(whole);
                  onOpened();
                })
              }
              title="Reopen: fill the form with these arguments and show the result"
            >
              {!o.done ? (
                <LoaderCircle size={13} className="spin status-text-busy" aria-label="running" />
              ) : o.ok ? (
                <CircleCheck size={13} className="status-text-ready" aria-label="succeeded" />
              ) : (
                <CircleX size={13} className="status-text-crashed" aria-label="failed" />
              )}
              <span className={styles.historyTool}>{r.tool}</span>
              {o.code && <span className="code-badge">{o.code}</span>}
              <span className="spacer" />
              <span className={styles.historyMeta}>{o.durationMs !== undefined ? formatDuration(o.durationMs) : ''}</span>
              <span className={styles.historyMeta}>{formatWhen(r.startedAt)}</span>
            </button>
            <IconButton
              size="sm"
              label={`Copy ${r.tool} as a skillbench call command line`}
              icon={<SquareTerminal size={12} />}
              onClick={() => void wholeCall(r).then((whole) => whole && copyCallCommand(r.skillId, r.tool, whole.args))}
              data-testid="history-copy-command"
            />
            <IconButton
              size="sm"
              label={`Run ${r.tool} again with the same arguments`}
              icon={<Play size={12} />}
              onClick={() =>
                void wholeCall(r).then((whole) => {
                  if (!whole) return;
                  reopenCall(whole);
                  onOpened();
                  void runTool(whole.skillId, whole.tool, whole.args ?? {});
                })
              }
            />
          </li>
        );
      })}
    </ul>
  );
}
