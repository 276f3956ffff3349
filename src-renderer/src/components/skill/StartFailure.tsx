import type { SkillSummary } from '@contract';
// Global class names kept beside the module classes: tests select .skill-status-detail.
import styles from './StartFailure.module.css';

/**
 * Why a crashed skill is down, said once: the engine's sentence puts the line that names the cause first
 * ("everything did not start: npm error 404 … could not be found"). A start that failed was not restarted, and
 * its whole output waits behind "Details" rather than in a toast per attempt.
 */
export function StartFailure({ summary }: { summary: SkillSummary }) {
  if (summary.status !== 'crashed' || !summary.statusDetail) return null;
  const last = summary.crashes?.last;
  const output = last?.duringStart ? last.stderrTail : [];
  return (
    <div className={styles.failure} data-testid="start-failure">
      <p className={`${styles.skillStatusDetail} skill-status-detail status-text-${summary.status}`}>{summary.statusDetail}</p>
      {output.length > 0 && (
        <details className={styles.details}>
          <summary data-testid="start-failure-details">Details: what it printed ({output.length === 1 ? '1 line' : `${output.length} lines`})</summary>
          <pre className={styles.output} data-testid="start-failure-output">{output.join('\n')}</pre>
        </details>
      )}
    </div>
  );
}
