/**
 * A crash during a call is recorded twice: as the call's CRASHED outcome and as the crash, moments apart and
 * in either order. Whoever lists failures (the report, the stderr kept with them) tells it once, as the call,
 * which says what was being done.
 */
import type { RecordEntry } from '../runtime/recording-format';

/** A crash and the call it ended are recorded this close together. */
const SAME_FAILURE_MS = 5000;

type CallEntry = RecordEntry & { type: 'call' };
type CrashEntry = RecordEntry & { type: 'lifecycle' };

export interface CrashPairs {
  /** The crash that ended this call, by the call's seq. */
  crashOf: Map<number, CrashEntry>;
  /** Crashes told as the call they ended (by seq). */
  toldAsCall: Set<number>;
}

export function crashPairs(records: RecordEntry[]): CrashPairs {
  const pairs: CrashPairs = { crashOf: new Map(), toldAsCall: new Set() };
  // The last crash-like record still waiting for its other half.
  let open: CallEntry | CrashEntry | null = null;
  for (const r of records) {
    const isCall = r.type === 'call' && r.outcome.error?.code === 'CRASHED';
    const isCrash = r.type === 'lifecycle' && r.kind === 'crash';
    if (!isCall && !isCrash) continue;
    if (open && open.type !== r.type && Math.abs(r.time - open.time) < SAME_FAILURE_MS) {
      const [call, crash] = (isCall ? [r, open] : [open, r]) as [CallEntry, CrashEntry];
      pairs.crashOf.set(call.seq, crash);
      pairs.toldAsCall.add(crash.seq);
      open = null;
    } else open = r;
  }
  return pairs;
}

/** The stderr a call failure is told with: its own, or else what its crash kept. */
export function callStderr(call: CallEntry, pairs: CrashPairs): string[] {
  const own = call.outcome.stderrTail ?? [];
  return own.length ? own : (pairs.crashOf.get(call.seq)?.stderrTail ?? []);
}
