import { memo } from 'react';
import { ArrowDownLeft, ArrowLeftRight, ArrowUpRight } from 'lucide-react';
import type { MessageEntry } from '@contract';
import { formatClock, formatDuration } from '../../lib/format';
import { messageSubject } from '../../lib/message-subject';
import styles from './MessageRow.module.css';
import messagesStyles from './messages.module.css';

export const ROW_HEIGHT = 28;

export function DirectionIcon({ entry }: { entry: MessageEntry }) {
  if (entry.kind === 'exchange') return <ArrowLeftRight size={13} className={`dir ${styles.dirExchange}`} aria-label="exchange" />;
  return entry.direction === 'out' ? (
    <ArrowUpRight size={13} className={`dir ${styles.dirOut}`} aria-label="sent to the skill" />
  ) : (
    <ArrowDownLeft size={13} className={`dir ${styles.dirIn}`} aria-label="received from the skill" />
  );
}

export const MessageRow = memo(function MessageRow({ entry, pair, selected, paired, top, onSelect }: {
  entry: MessageEntry;
  /** The other half of a request/response pair, when it is known. */
  pair?: MessageEntry;
  selected: boolean;
  paired: boolean;
  top: number;
  onSelect(seq: number): void;
}) {
  const isError = entry.kind === 'invalid' || hasError(entry.body);
  const duration = entry.durationMs ?? pair?.durationMs;
  const method = entry.method ?? (entry.kind === 'response' && pair?.method ? pair.method : undefined);
  const subject = messageSubject(entry, pair);
  return (
    <div
      role="option"
      aria-selected={selected}
      id={`msg-${entry.seq}`}
      data-testid="message-row"
      className={`${messagesStyles.msgRow}${selected ? ' selected' : ''}${paired ? ` ${messagesStyles.paired}` : ''}${isError ? ' is-error' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onSelect(entry.seq)}
    >
      <span className={messagesStyles.msgTime}>{formatClock(entry.time, true)}</span>
      <DirectionIcon entry={entry} />
      <span className={`kind-badge kind-${entry.kind}`}>{entry.kind}</span>
      <span className={`${messagesStyles.msgMethod} msg-method${entry.method ? '' : ` ${messagesStyles.derived}`}`}>
        {entry.method ? entry.method : method ? <><span className={styles.msgReturn} aria-hidden="true">↳ </span>{method}</> : '—'}
        {subject && <span className={styles.msgSubject}>{subject}</span>}
      </span>
      <span className={messagesStyles.msgId}>{entry.id !== undefined && entry.id !== null ? `#${entry.id}` : ''}</span>
      <span className={messagesStyles.msgDuration}>{duration !== undefined ? formatDuration(duration) : ''}</span>
      {entry.note && <span className={styles.msgNote} title={entry.note}>{entry.note}</span>}
    </div>
  );
});

export function hasError(body: unknown): boolean {
  return !!body && typeof body === 'object' && 'error' in (body as Record<string, unknown>) && (body as Record<string, unknown>).error != null;
}
