import type { ReactNode } from 'react';
import type { TimelineEntry } from '@contract';
import { JsonTree } from '../common/JsonTree';
import { formatClock, formatDuration } from '../../lib/format';
// Global class names kept beside the module classes: tests select .timeline-detail.
import styles from './TimelineParts.module.css';

/** The lane names beside the chart; their heights follow TimelineChart's lanes. The middle one holds ticks (and, on a recording, calls): unnamed for a skill that has neither. */
export function TimelineLaneLabels({ middle = 'Ticks' }: { middle?: string }) {
  return (
    <div className={styles.timelineLanesLabels} aria-hidden="true">
      <span style={{ top: 26 }}>Lifecycle</span>
      <span style={{ top: 76 }}>{middle}</span>
      <span style={{ top: 116 }}>Events</span>
    </div>
  );
}

/** One entry in full (kind, label, time, duration, outcome, data), or `empty` when none is picked. */
export function TimelineDetail({ entry, empty }: { entry: TimelineEntry | undefined; empty: ReactNode }) {
  return (
    <div className={`${styles.timelineDetail} timeline-detail`} aria-live="polite">
      {entry ? (
        <>
          <div className={styles.timelineDetailHead}>
            <span className={`kind-badge kind-tl-${entry.kind}`}>{entry.kind}</span>
            <strong>{entry.label}</strong>
            <span className="muted">{formatClock(entry.time, true)}</span>
            {entry.durationMs !== undefined && <span className="muted">{formatDuration(entry.durationMs)}</span>}
            {entry.outcome && (
              <span className={`pill pill-${entry.outcome === 'ok' ? 'ok' : entry.outcome === 'error' ? 'error' : 'muted'}`}>{entry.outcome}</span>
            )}
          </div>
          {entry.data !== undefined && <JsonTree value={entry.data} label="Entry data" />}
        </>
      ) : (
        <span className="muted">{empty}</span>
      )}
    </div>
  );
}
