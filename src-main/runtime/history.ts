/** Every call of one skill: the newest in a ring, all of them appended to `history.jsonl` in its home folder. */
import fs from 'node:fs';
import path from 'node:path';
import type { CallRecord } from '../contract';
import { FileSink, type DiskHooks } from '../engine/file-sink';
import { parseBounded, stringifyBounded, WALK_DEPTH } from '../common/json-depth';
import type { Redactor } from '../engine/redactor';
import { Ring } from '../engine/ring';

const RING = 500;

export class CallHistory {
  private readonly ring = new Ring<CallRecord>(RING);
  private readonly file: FileSink;

  constructor(
    dir: string,
    /** The history file is on disk: what it keeps, it keeps without the skill's secrets. */
    private readonly redactor?: Redactor,
    disk?: DiskHooks,
  ) {
    const file = path.join(dir, 'history.jsonl');
    // Durable: a call is on disk before its answer or its event reaches anyone (sync-barrier.ts).
    this.file = new FileSink(file, { ...disk, durable: true });
    // Reopen what earlier runs recorded, so history survives a restart of the workbench.
    try {
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n').slice(-RING);
      for (const l of lines) {
        try {
          const record = parseBounded(l, WALK_DEPTH).value as CallRecord & { gap?: unknown };
          // A line noting that the disk refused writes for a while is not a call.
          if (record && typeof record === 'object' && !('gap' in record)) this.ring.push(record);
        } catch {
          // A torn last line after a crash: skip it.
        }
      }
    } catch {
      // No history yet.
    }
  }

  add(raw: CallRecord): void {
    const record = this.redactor ? this.redactor.value(raw) : raw;
    this.remember(record);
    this.write(stringifyBounded(record));
  }

  /**
   * Appends a call's line, already scrubbed and made by its owner (call-json.ts). Returns how to ask, once the
   * line is written (sync-barrier.ts), whether the disk took it: true, false, or null while it waits in memory.
   */
  write(line: string): () => boolean | null {
    this.file.write(line + '\n');
    const mark = this.file.mark;
    return () => this.file.kept(mark);
  }

  /** Holds a call as it was answered (scrubbed), for the window's list and `find`. */
  remember(record: CallRecord): void {
    this.ring.push(record);
  }

  /** A kept call by id (the newest of that id), or null. */
  find(callId: string): CallRecord | null {
    const all = this.ring.toArray();
    for (let i = all.length - 1; i >= 0; i--) if (all[i].callId === callId) return all[i];
    return null;
  }

  list(): CallRecord[] {
    return this.ring.toArray();
  }

  close(): Promise<void> {
    return this.file.close();
  }
}
