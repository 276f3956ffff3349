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
