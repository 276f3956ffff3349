import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Power, PowerOff, RefreshCw, Unplug } from 'lucide-react';
import type { LifecycleAction, SkillReport as Report, SkillStatus } from '@contract';
import { api } from '../../api/client';
import { messageOf } from '../../actions/errors';
import { Button } from '../common/Button';
import { formatClock } from '../../lib/format';

const RUNNING = new Set<SkillStatus>(['ready', 'busy', 'needs-setup']);
const ACTION_LABELS: Record<LifecycleAction, { label: string; done: string; icon: ReactNode }> = {
  activate: { label: 'Activate', done: 'Sent skill/activate.', icon: <Power size={12} /> },
  deactivate: { label: 'Deactivate', done: 'Sent skill/deactivate.', icon: <PowerOff size={12} /> },
  disconnect: { label: 'Disconnect', done: 'Disconnected: the skill ran its on_disconnect.', icon: <Unplug size={12} /> },
};

const shown = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'boolean' ? (v ? 'yes' : 'no') : JSON.stringify(v));

/**
 * A SkillDefinition skill's own status (`skill/status`, its on_status), asked when it starts and when the user
 * refreshes, with the lifecycle requests it answers (activate, deactivate; disconnect with has_disconnect).
 * It never starts a skill: while it is stopped, the last report stays, greyed by its time.
 */
export function SkillReport({ skillId, status }: { skillId: string; status: SkillStatus }) {
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState<LifecycleAction | 'refresh' | null>(null);
  const [note, setNote] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const running = RUNNING.has(status);
  const wasRunning = useRef(false);

  const refresh = useCallback(() => {
    setBusy('refresh');
    api()
      .getSkillReport(skillId)
      .then((r) => {
        setReport(r);
        setNote(null);
      })
      .catch((err) => setNote({ tone: 'error', text: messageOf(err) }))
      .finally(() => setBusy(null));
  }, [skillId]);

  // Asked each time the skill comes up (not on every call, which also moves it between ready and busy).
  useEffect(() => {
    if (running && !wasRunning.current) refresh();
    wasRunning.current = running;
  }, [running, refresh]);

  const run = (action: LifecycleAction) => {
    setBusy(action);
    setNote(null);
    api()
      .runLifecycle(skillId, action)
      .then((r) => {
        setReport(r);
        setNote({ tone: 'success', text: ACTION_LABELS[action].done });
      })
      .catch((err) => setNote({ tone: 'error', text: messageOf(err) }))
      .finally(() => setBusy(null));
  };

  if (!report && !note) return null;
  const entries = Object.entries(report?.status ?? {});
  return (
    <section className="skill-report" aria-label="The skill's own status" data-testid="skill-report">
      <span className="skill-report-title">Status</span>
      {entries.length > 0 ? (
        <ul className="skill-report-items">
          {entries.map(([k, v]) => (
            <li key={k}><span className="k">{k}:</span> <span className="v">{shown(v)}</span></li>
          ))}
        </ul>
      ) : (
        report?.note && <span className="muted">{report.note}</span>
      )}
      {report && <span className="skill-report-time" title="When the workbench last asked the skill (skill/status)">at {formatClock(report.at)}</span>}
      {/* Refresh and the lifecycle requests wrap as one group, never one button alone on a line. */}
      <span className="skill-report-actions">
        <Button size="sm" variant="ghost" icon={<RefreshCw size={12} className={busy === 'refresh' ? 'spin' : undefined} />} onClick={refresh} disabled={!running || busy !== null} title={running ? 'Ask the skill for its status again' : 'Start the skill to ask for its status'} data-testid="refresh-status">
          Refresh
        </Button>
        {report?.actions.map((a) => (
          <Button key={a} size="sm" icon={ACTION_LABELS[a].icon} onClick={() => run(a)} disabled={!running || busy !== null} busy={busy === a} data-testid={`lifecycle-${a}`}>
            {ACTION_LABELS[a].label}
          </Button>
        ))}
      </span>
      {note && <span className={`option-note tone-${note.tone}`} role={note.tone === 'error' ? 'alert' : 'status'} data-testid="lifecycle-note">{note.text}</span>}
    </section>
  );
}
