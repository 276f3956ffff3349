import type { LogStream } from '@contract';
import type { StreamFilter } from './log-buffer';
import styles from './StreamToggles.module.css';

const STREAMS: { stream: LogStream; tag: string; label: string }[] = [
  { stream: 'stdout', tag: 'out', label: 'stdout' },
  { stream: 'stderr', tag: 'err', label: 'stderr' },
  { stream: 'system', tag: 'sys', label: 'workbench' },
];

/** The legend of the log's gutter tags, each a switch that shows or hides its stream. */
export function StreamToggles({ value, onChange }: { value: StreamFilter; onChange(next: StreamFilter): void }) {
  return (
    <span className={`legend ${styles.streamToggles}`} role="group" aria-label="Streams shown">
      {STREAMS.map(({ stream, tag, label }) => (
        <button
          key={stream}
          type="button"
          className={styles.streamToggle}
          aria-pressed={value[stream]}
          title={value[stream] ? `Hide ${label} lines` : `Show ${label} lines`}
          onClick={() => onChange({ ...value, [stream]: !value[stream] })}
          data-testid={`stream-${tag}`}
        >
          <span className={`legend-item ${tag}`}>{tag}</span> {label}
        </button>
      ))}
    </span>
  );
}
