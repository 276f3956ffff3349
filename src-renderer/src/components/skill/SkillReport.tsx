import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Power, PowerOff, RefreshCw, Unplug } from 'lucide-react';
import type { LifecycleAction, SkillReport as Report, SkillStatus } from '@contract';
import * as skillreport from '../../actions/skill-report';
import { messageOf } from '../../actions/errors';
import { Button } from '../common/Button';
import { formatClock } from '../../lib/format';
import { useStore } from '../../store';

import { isUp } from '../../../../src-main/common/skill-status';
import styles from './SkillReport.module.css';
import optionsStyles from '../options/options.module.css';
const SETTLE_MS = 120;
const ACTION_LABELS: Record<LifecycleAction, { label: string; done: string; icon: ReactNode }> = {
  activate: { label: 'Activate', done: 'Sent skill/activate.', icon: <Power size={12} /> },
  deactivate: { label: 'Deactivate', done: 'Sent skill/deactivate.', icon: <PowerOff size={12} /> },
  disconnect: { label: 'Disconnect', done: 'Disconnected: the skill ran its on_disconnect.', icon: <Unplug size={12} /> },
};

const shown = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'boolean' ? (v ? 'yes' : 'no') : JSON.stringify(v));

/**
 * A SkillDefinition skill's own status (`skill/status`, its on_status), asked when it starts, when what the workbench
 * knows of it changes while it runs (a completed setup and a saved option both bring new info), and when the user
 * refreshes; with the lifecycle requests it answers (activate, deactivate;
 * disconnect with has_disconnect). It never starts a skill: while it is stopped, the last report stays, greyed by
 * its time. Calls do not ask again (asking is a request too, which moves the status between busy and back): Refresh does.
 */
export function SkillReport({ skillId, status }: { skillId: string; status: SkillStatus }) {
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState<LifecycleAction | 'refresh' | null>(null);
  const [note, setNote] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const running = isUp(status);
  const info = useStore((s) => s.infos[skillId]);
  const seen = useRef<{ running: boolean; info: unknown } | null>(null);

  const refresh = useCallback(() => {
    setBusy('refresh');
    skillreport.getSkillReport(skillId)
      .then((r) => {
        setReport(r);
        setNote(null);
      })
      .catch((err) => setNote({ tone: 'error', text: messageOf(err) }))
      .finally(() => setBusy(null));
  }, [skillId]);

  // Asked each time the skill comes up or its info changes: "configured: no" must not outlive the setup that
  // configured it.
  // A setup's end brings its news in a burst (the info once or twice): one request answers it.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const before = seen.current;
    seen.current = { running, info };
    if (!running) return;
    if (before?.running && before.info === info) return;
    clearTimeout(pending.current);
    pending.current = setTimeout(refresh, SETTLE_MS);
  }, [running, info, refresh]);
  useEffect(() => () => clearTimeout(pending.current), []);

  const run = (action: LifecycleAction) => {
    setBusy(action);
    setNote(null);
    skillreport.runLifecycle(skillId, action)
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
    <section className={styles.skillReport} aria-label="The skill's own status" data-testid="skill-report">
      <span className={styles.skillReportTitle}>Status</span>
      {entries.length > 0 ? (
        <ul className={styles.skillReportItems}>
          {entries.map(([k, v]) => (
            <li key={k}><span className={styles.k}>{k}:</span> <span className={styles.v}>{shown(v)}</span></li>
          ))}
        </ul>
      ) : (
        report?.note && <span className="muted">{report.note}</span>
      )}
      {report && <span className={styles.skillReportTime} title="When the workbench last asked the skill (skill/status)">at {formatClock(report.at)}</span>}
      {/* Refresh and the lifecycle requests wrap as one group, never one button alone on a line. */}
      <span className={styles.skillReportActions}>
        <Button size="sm" variant="ghost" icon={<RefreshCw size={12} className={busy === 'refresh' ? 'spin' : undefined} />} onClick={refresh} disabled={!running || busy !== null} title={running ? 'Ask the skill for its status again' : 'Start the skill to ask for its status'} data-testid="refresh-status">
          Refresh
        </Button>
        {report?.actions.map((a) => (
          <Button key={a} size="sm" icon={ACTION_LABELS[a].icon} onClick={() => run(a)} disabled={!running || busy !== null} busy={busy === a} data-testid={`lifecycle-${a}`}>
            {ACTION_LABELS[a].label}
          </Button>
        ))}
      </span>
      {note && <span className={`${optionsStyles.optionNote} tone-${note.tone}`} role={note.tone === 'error' ? 'alert' : 'status'} data-testid="lifecycle-note">{note.text}</span>}
    </section>
  );
}
