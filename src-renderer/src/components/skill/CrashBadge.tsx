import { useState } from 'react';
import { RotateCw, TriangleAlert } from 'lucide-react';
import type { CrashReport } from '@contract';
import { useStore } from '../../store';
import { crashSummary, exitWords, times } from '../../lib/crash';
import { formatWhen } from '../../lib/format';
import { Popover } from '../recordings/Popover';
import { Button } from '../common/Button';
// Global class names kept beside the module classes: .crash-badge-wrap is styled in its context by
// Popover.module.css.
import styles from './CrashBadge.module.css';

/** The crashes the user has not dismissed yet (0 when none). */
export function useUnseenCrashes(skillId: string, report: CrashReport | undefined): number {
  const seen = useStore((s) => s.crashesSeen[skillId] ?? 0);
  return Math.max(0, (report?.count ?? 0) - seen);
}

/** In the sidebar: a warning mark with the count while a crash is unseen. */
export function CrashChip({ skillId, report }: { skillId: string; report?: CrashReport }) {
  const unseen = useUnseenCrashes(skillId, report);
  if (!report || !unseen) return null;
  const last = report.last.stderrTail.at(-1);
  return (
    <span className={styles.crashChip} data-testid="crash-badge" title={`${crashSummary(report)}${last ? `\n${last}` : ''}`} aria-label={crashSummary(report)}>
      <TriangleAlert size={11} aria-hidden="true" />
      {report.count}
    </span>
  );
}

/**
 * In the skill's header: how often it crashed and was restarted, and on click the last crash (how it ended,
 * when, its last stderr lines). Dismissed, it stays as a quiet restart counter.
 */
export function CrashBadge({ skillId, report }: { skillId: string; report?: CrashReport }) {
  const [open, setOpen] = useState(false);
  const unseen = useUnseenCrashes(skillId, report);
  const markSeen = useStore((s) => s.markCrashesSeen);
  const openLogs = useStore((s) => s.setActiveTab);
  if (!report) return null;
  const label = unseen
    ? `Crashed ${times(report.count)}${report.restarts ? ` · restarted ${times(report.restarts)}` : ''}`
    : `Restarted ${times(report.restarts)}`;
  if (!unseen && !report.restarts) return null;
  const { last } = report;
  return (
    <span className={`${styles.crashBadgeWrap} crash-badge-wrap`}>
      <button
        type="button"
        className={`${styles.crashBadge}${unseen ? ` ${styles.unseen}` : ''}`}
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-label={`${crashSummary(report)} Show the details`}
        data-testid="crash-header-badge"
        data-restarts={report.restarts}
      >
        {unseen ? <TriangleAlert size={12} aria-hidden="true" /> : <RotateCw size={12} aria-hidden="true" />}
        {label}
      </button>
      <Popover open={open} onClose={() => setOpen(false)} label="The last crash" align="start">
        <div className={styles.crashDetails} data-testid="crash-details">
          <div className={styles.crashDetailsTitle}>
            Last crash at {formatWhen(last.time)}: {exitWords(last)}
          </div>
          <div className={styles.crashDetailsCounts}>
            {`Crashed ${times(report.count)}; the workbench restarted it ${report.restarts ? times(report.restarts) : 'no times'}.`}
          </div>
          {last.stderrTail.length ? (
            <div className="stderr-tail">
              <div className="stderr-tail-title">Its last lines on stderr</div>
              <pre>{last.stderrTail.join('\n')}</pre>
            </div>
          ) : (
            <p className={styles.crashDetailsCounts}>It printed nothing on stderr before it ended.</p>
          )}
          <div className={styles.crashDetailsActions}>
            <Button size="sm" variant="ghost" onClick={() => { setOpen(false); openLogs(skillId, 'logs'); }}>Open the log</Button>
            {unseen > 0 && (
              <Button size="sm" onClick={() => { markSeen(skillId, report.count); setOpen(false); }} data-testid="crash-dismiss">
                Dismiss
              </Button>
            )}
          </div>
        </div>
      </Popover>
    </span>
  );
}
