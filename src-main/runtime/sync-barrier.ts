/**
 * What runs before a window hears anything (the event hub's barrier) and before an answer goes out: every
 * record it could be told of is put in the kernel's hands first, so a process killed right after has lost
 * nothing anyone was told of. Recordings, the call history and the timeline; one write per file per delivery.
 */
import { FileSink } from '../engine/file-sink';
import { Recorder } from './recorder';

export function syncBeforeTelling(): void {
  Recorder.syncAll();
  FileSink.syncAll();
}

let thisTurn: Promise<void> | null = null;

/**
 * Resolves once the records made so far are written (or refused), at the end of this turn: the calls that finish
 * in one turn share one write per file, and each can then ask whether its records were kept.
 */
export function syncedThisTurn(): Promise<void> {
  thisTurn ??= new Promise((resolve) =>
    setImmediate(() => {
      thisTurn = null;
      syncBeforeTelling();
      resolve();
    }),
  );
  return thisTurn;
}
