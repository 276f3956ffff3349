import { EyeOff } from 'lucide-react';
import type { Difference } from '@contract';
import { asText } from '../../../../src-main/common/values';
import styles from './DifferenceList.module.css';

/**
 * "What differs": each differing field with its two values and why, as a replay or a collection run
 * finds them; `onIgnore` offers to leave a field out of the comparison from then on.
 */
export function DifferenceList({ differences, onIgnore, ignoreTitle, testId = 'replay-differences' }: {
  differences: Difference[];
  onIgnore?(path: string): void;
  ignoreTitle?: string;
  testId?: string;
}) {
  return (
    <div className={styles.diffList} data-testid={testId}>
      <h3 className="section-title">What differs</h3>
      <ul>
        {differences.map((d) => (
          <li key={d.path} className={styles.diffItem} data-testid="difference" data-path={d.path}>
            <code className={styles.diffPath}>{d.path}</code>
            <span className={styles.diffValues}>
              <span className={styles.diffOld}>{show(d.recorded)}</span>
              <span aria-hidden="true">→</span>
              <span className={styles.diffNew}>{show(d.replayed)}</span>
            </span>
            {d.why !== 'it differs' && <span className="muted small diff-why">{d.why}</span>}
            {onIgnore && d.path !== 'ok' && (
              <button type="button" className="link-btn" onClick={() => onIgnore(d.path)} title={ignoreTitle} data-testid="difference-ignore">
                <EyeOff size={12} aria-hidden="true" /> Ignore
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function show(v: unknown): string {
  if (v === undefined) return '(nothing)';
  const s = JSON.stringify(v) ?? asText(v);
  return s.length > 160 ? `${s.slice(0, 157)}…` : s;
}
