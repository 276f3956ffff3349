import { memo } from 'react';
import type { TimelineEntry } from '@contract';
import { formatClock, formatDuration } from '../../lib/format';
import styles from './TimelineEntries.module.css';
import messagesStyles from '../messages/messages.module.css';

const SHOWN = 300;

/** The same entries as a list, newest first: readable by keyboard and screen reader, and clickable. */
export const TimelineEntries = memo(function TimelineEntries({ entries, selected, onSelect }: {
  entries: TimelineEntry[];
  /** The ring changes in place; its version tells memo to re-render. */
  version: number;
  selected: number | null;
  onSelect(seq: number): void;
}) {
  const rows = entries.slice(-SHOWN).reverse();
  return (
    <div className={styles.tlEntries} role="listbox" aria-label="Timeline entries, newest first">
      {rows.map((e) => (
        <div
          key={e.seq}
          role="option"
          aria-selected={e.seq === selected}
          tabIndex={e.seq === selected || (selected === null && e === rows[0]) ? 0 : -1}
          className={`${styles.tlEntry} tl-entry${e.seq === selected ? ' selected' : ''}`}
          onClick={() => onSelect(e.seq)}
          onKeyDown={(ev) => {
            if (ev.key !== 'ArrowDown' && ev.key !== 'ArrowUp') return;
            ev.preventDefault();
            const i = rows.indexOf(e) + (ev.key === 'ArrowDown' ? 1 : -1);
            const next = rows[Math.max(0, Math.min(rows.length - 1, i))];
            onSelect(next.seq);
            (ev.currentTarget.parentElement?.querySelector(`[data-seq="${next.seq}"]`) as HTMLElement | null)?.focus();
          }}
          data-seq={e.seq}
        >
          <span className={messagesStyles.msgTime}>{formatClock(e.time, true)}</span>
          <span className={`kind-badge kind-tl-${e.kind}`}>{e.kind}</span>
          <span className={styles.tlEntryLabel}>{e.label}</span>
          <span className={styles.tlEntryDur}>{e.durationMs !== undefined ? formatDuration(e.durationMs) : ''}</span>
          <span className={`${styles.tlEntryOutcome} outcome-${e.outcome ?? 'none'}`}>{e.outcome ?? ''}</span>
        </div>
      ))}
    </div>
  );
});
