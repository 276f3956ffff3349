import { useMemo, useState } from 'react';
import { Terminal } from 'lucide-react';
import type { StderrLine } from '@contract';
import { EmptyState } from '../common/EmptyState';
import { formatClock } from '../../lib/format';
import { FilterBar } from './FilterBar';
import styles from './RecordedStderr.module.css';
import messagesStyles from '../messages/messages.module.css';

/** What the skill wrote to stderr during the recording, oldest first, with a filter. */
export function RecordedStderr({ lines }: { lines: StderrLine[] }) {
  const [text, setText] = useState('');
  const shown = useMemo(() => {
    const q = text.trim().toLowerCase();
    return q ? lines.filter((l) => l.text.toLowerCase().includes(q)) : lines;
  }, [lines, text]);
  if (!lines.length) {
    return (
      <EmptyState compact icon={<Terminal size={20} />} title="No stderr">
        The skill wrote nothing to stderr while this was recorded (or its log is not in this workbench’s home, and nothing failed).
      </EmptyState>
    );
  }
  const fromLog = lines[0].source === 'log';
  return (
    <div className={styles.recStderr}>
      <FilterBar label="Find in stderr" value={text} onChange={setText}>
        {shown.length.toLocaleString()} of {lines.length.toLocaleString()} lines · {fromLog ? 'from the skill’s log during the recording' : 'kept with the failed calls and crashes'}
      </FilterBar>
      <div className={styles.recStderrLines} role="log" aria-label="Stderr lines" data-testid="recorded-stderr">
        {shown.map((l, i) => (
          <div key={i} className={styles.recStderrLine}>
            <span className={messagesStyles.msgTime}>{formatClock(l.time, true)}</span>
            {l.callSeq !== undefined && <span className="kind-badge" title="Kept with this failed call">call #{l.callSeq}</span>}
            {l.crashSeq !== undefined && <span className="kind-badge" title="Kept with this crash">crash</span>}
            <span className={styles.recStderrText}>{l.text}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
