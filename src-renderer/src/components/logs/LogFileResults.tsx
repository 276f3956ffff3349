import { X } from 'lucide-react';
import type { LogSearchResult, LogStream } from '@contract';
import { IconButton } from '../common/Button';
import { formatClock } from '../../lib/format';
import { splitMatches, type TextQuery } from '../../lib/text-match';
import styles from './LogFileResults.module.css';

const TAG: Record<LogStream, string> = { stdout: 'out', stderr: 'err', system: 'sys' };

/** What a search of the complete log file found: each line with its number in the log, time and stream. */
export function LogFileResults({ result, query, busy, onClose }: {
  result: LogSearchResult | null;
  query: TextQuery;
  busy: boolean;
  onClose(): void;
}) {
  const count = result?.matches.length ?? 0;
  return (
    <section className={styles.logResults} aria-label="Matches in the complete log file" data-testid="log-file-results">
      <div className={styles.logResultsHead}>
        <span className={styles.logResultsTitle} aria-live="polite">
          {busy || !result
            ? 'Searching the complete log file…'
            : count === 0
              ? `No line of the complete log file matches (${result.linesSearched.toLocaleString()} lines searched).`
              : result.truncated
                ? `The first ${count.toLocaleString()} matching lines of the complete log file; there are more — search for something narrower.`
                : `${count.toLocaleString()} matching line${count === 1 ? '' : 's'} in the complete log file (${result.linesSearched.toLocaleString()} lines searched).`}
        </span>
        <IconButton worksOffline size="sm" label="Close the search results" icon={<X size={13} />} onClick={onClose} />
      </div>
      {count > 0 && (
        <ol className={styles.logResultsList}>
          {result!.matches.map((m) => (
            <li key={m.line} className={styles.logResult} data-testid="log-file-match">
              <span className={styles.logResultLine}>line {m.line.toLocaleString()}</span>
              <span className={styles.logResultTime}>{formatClock(m.time, true)}</span>
              <span className={`legend-item ${TAG[m.stream]}`}>{TAG[m.stream]}</span>
              <span className={styles.logResultText}>
                {splitMatches(m.text, query).map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
