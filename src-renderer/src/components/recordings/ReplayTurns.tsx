import { CircleCheck, CircleX } from 'lucide-react';
import type { ReplayTurn } from '@contract';
import { DifferenceList } from './DifferenceList';
import styles from './ReplayTurns.module.css';

/**
 * The recording's chat turns, run again with the model's answers from the recording: each says whether it went
 * as recorded, where its outcome differs, and each model request that would have been new (its tool calls are
 * among the replayed calls).
 */
export function ReplayTurns({ turns }: { turns: ReplayTurn[] }) {
  return (
    <section className={styles.replayTurns} aria-label="Chat turns" data-testid="replay-turns">
      {turns.map((t) => (
        <div key={t.seq} className={styles.turn} data-testid="replay-turn" data-match={String(t.match)}>
          <div className={styles.turnHead}>
            {t.match ? <CircleCheck size={13} className="status-text-ready" aria-label="as recorded" /> : <CircleX size={13} className="status-text-crashed" aria-label="went otherwise" />}
            <span className={styles.turnMessage}>Chat turn “{t.message}”</span>
            <span className="muted small">{t.live ? `${t.model} asked again` : `${t.model}’s answers from the recording`}</span>
          </div>
          {t.differences.length > 0 && <DifferenceList differences={t.differences} testId="replay-turn-differences" />}
          {t.requests.map((r) => (
            <div key={r.exchange}>
              <p className={styles.requestNote}>Model request {r.exchange} would be new:</p>
              <DifferenceList differences={r.differences} testId="replay-turn-request" />
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}
