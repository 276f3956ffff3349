import type { AssertionResult, CallOutcome } from '@contract';
import { DifferenceList } from '../recordings/DifferenceList';
import { SideBySide } from '../recordings/SideBySide';
import { expectedOutcome, shownRoot } from './expected-outcome';
// Global class names kept beside the module classes: .check-failure is styled in its context by
// SideBySide.module.css.
import styles from './CheckFailure.module.css';

/**
 * A failed check of a collection run, field by field as Replay shows a difference: for `equals`, what was
 * expected next to what came with the differing lines marked; for every kind, the fields that differ.
 * `onIgnore` (for `equals`) leaves a field out of the check from then on.
 */
export function CheckFailure({ n, result, outcome, onIgnore }: { n: number; result: AssertionResult; outcome: CallOutcome; onIgnore?(path: string): void }) {
  const differences = result.differences ?? [];
  if (!differences.length) return null;
  const a = result.assertion;
  const root = 'equals' in a ? shownRoot(result.at) : null;
  return (
    <div className={`${styles.checkFailure} check-failure`} data-testid="check-failure" data-check={n}>
      <div className={styles.checkFailureHead}>
        <span>Check {n}, field by field</span>
      </div>
      {root && result.at && (
        <SideBySide
          c={{ recorded: expectedOutcome(outcome, result.at, a.equals), replayed: outcome, differences }}
          titles={['Expected', 'Actual']}
          root={root}
          testId="check-side-by-side"
        />
      )}
      <DifferenceList
        differences={differences}
        onIgnore={onIgnore}
        ignoreTitle="Leave this field out of the check (saved in the request's file)"
        testId="check-differences"
      />
    </div>
  );
}
