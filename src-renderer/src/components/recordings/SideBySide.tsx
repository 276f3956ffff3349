import type { CallOutcome, ReplayCase } from '@contract';
import { CircleCheck, CircleX } from 'lucide-react';
import { formatDuration } from '../../lib/format';
import { comparedRoot, comparedValue, isMarked, jsonLines, type JsonLine } from './json-lines';
import { asText } from '../../../../src-main/common/values';
import styles from './SideBySide.module.css';
import commonStyles from '../common/common.module.css';

/**
 * Two results next to each other, the lines that differ marked on both sides: the recorded and the
 * replayed one (Replay), or the expected and the actual one (a collection run's failed check).
 */
export function SideBySide({ c, titles = ['Recorded', 'Replayed'], root: rootGiven, testId = 'replay-side-by-side' }: {
  c: Pick<ReplayCase, 'recorded' | 'replayed' | 'differences'>;
  titles?: [string, string];
  /** Which part of the outcomes to show; by default the one a replay compares. */
  root?: 'data' | 'text';
  testId?: string;
}) {
  const root = rootGiven ?? comparedRoot(c.recorded, c.replayed);
  const paths = c.differences.map((d) => d.path);
  return (
    <div className={styles.sbs} data-testid={testId}>
      <Side title={titles[0]} outcome={c.recorded} root={root} paths={paths} testId="sbs-recorded" />
      <Side title={titles[1]} outcome={c.replayed} root={root} paths={paths} testId="sbs-replayed" />
    </div>
  );
}

function Side({ title, outcome, root, paths, testId }: { title: string; outcome: CallOutcome; root: 'data' | 'text'; paths: string[]; testId: string }) {
  const { value, json } = comparedValue(outcome, root);
  const okMarked = paths.includes('ok') || paths.includes('error.code');
  return (
    <div className={styles.sbsSide} data-testid={testId}>
      <div className={styles.sbsHead}>
        <strong>{title}</strong>
        {outcome.ok ? (
          <span className={`pill pill-ok${okMarked ? ` ${styles.sbsMarkedPill}` : ''}`}><CircleCheck size={12} aria-hidden="true" /> ok</span>
        ) : (
          <span className={`pill pill-error${okMarked ? ` ${styles.sbsMarkedPill}` : ''}`}><CircleX size={12} aria-hidden="true" /> {outcome.error?.code ?? 'failed'}</span>
        )}
        <span className="spacer" />
        <span className="muted small">{formatDuration(outcome.durationMs)}</span>
      </div>
      {outcome.error && <div className={`${styles.sbsError}${okMarked ? ' marked' : ''}`}>{outcome.error.message}</div>}
      <pre className={styles.sbsCode} aria-label={`${title} result`}>
        {value === undefined ? (
          <span className="muted">(no result)</span>
        ) : json ? (
          jsonLines(value, root).map((l, i) => <Line key={i} line={l} marked={isMarked(l, paths)} />)
        ) : (
          <span className={`${styles.sbsLine} sbs-line${paths.includes(root) ? ' marked' : ''}`} data-marked={paths.includes(root) || undefined}>{asText(value)}</span>
        )}
      </pre>
    </div>
  );
}

const SCALAR = new Set(['string', 'number', 'boolean', 'null']);

function Line({ line, marked }: { line: JsonLine; marked: boolean }) {
  return (
    <span className={`${styles.sbsLine} sbs-line${marked ? ' marked' : ''}`} data-marked={marked || undefined} title={line.path}>
      {'  '.repeat(line.depth)}
      {line.key !== undefined && line.kind !== 'close' && (
        <>
          <span className="jt-key">{JSON.stringify(line.key)}</span>
          <span className={commonStyles.jtColon}>: </span>
        </>
      )}
      <span className={SCALAR.has(line.kind) ? `jt-${line.kind}` : `${styles.sbsPunct}`}>{line.text}</span>
      {line.comma && ','}
      {'\n'}
    </span>
  );
}
