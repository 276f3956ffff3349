/**
 * A JSON-lines journal in front of a snapshot file, so that each change costs its own size rather than
 * the whole store's: changes are appended (bursts coalesce into one append and one fsync at a time) and,
 * once the journal holds as many lines as the store holds records, the snapshot is rewritten atomically
 * and the journal emptied. Compaction is O(n) every O(n) changes, so n changes take time linear in n.
 *
 * Never a torn file: the snapshot is only ever replaced by rename; a journal line cut short by a crash was
 * never acknowledged, is skipped on reading, and the next write compacts it away. A crash between the
 * snapshot's rename and the journal's removal leaves lines that replay onto the snapshot to the same result.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './atomic-write';

export interface JournalOptions {
  mode: number;
  dirMode: number;
  /** The whole store as the snapshot's text. */
  render: () => string;
  /** How many records the store holds (compaction waits for at least this many journal lines). */
  size: () => number;
}

/** Fewest journal lines before a compaction, so small stores do not rewrite their snapshot every time. */
const MIN_LINES = 1000;

export class AppendJournal {
  private pending: string[] = [];
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private lines = 0;
  /** Kept open between appends (opening costs as much as a small write); closed by each compaction. */
  private handle: fs.promises.FileHandle | null = null;
  /** A write failed or a torn line was read: the next write rewrites the snapshot instead of appending. */
  private dirty = false;

  constructor(
    readonly snapshotFile: string,
    readonly file: string,
    private readonly opts: JournalOptions,
  ) {}

  /** The journal's records as read at start (a line that does not parse is counted in `skipped`). */
  read(): { records: unknown[]; skipped: number } {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], skipped: 0 };
      throw err;
    }
    const records: unknown[] = [];
    let skipped = 0;
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        records.push(JSON.parse(line));
      } catch {
        skipped++;
      }
    }
    this.lines = records.length + skipped;
    if (skipped) this.dirty = true;
    return { records, skipped };
  }

  /** Settles once the record is on disk (in the journal, or in a snapshot written after it was added). */
  append(record: unknown): Promise<void> {
    this.pending.push(JSON.stringify(record) + '\n');
    return this.schedule(false);
  }

  /** Waits for every append so far, then folds the journal into the snapshot (a close leaves one file). */
  async flush(): Promise<void> {
    await (this.queued ?? this.running ?? undefined);
    if (this.lines > 0 || this.dirty) await this.schedule(true);
  }

  private schedule(compact: boolean): Promise<void> {
    if (this.queued && !compact) return this.queued;
    const before = this.queued ?? this.running ?? Promise.resolve();
    const next: Promise<void> = before
      .catch(() => undefined)
      .then(async () => {
        if (this.queued === next) this.queued = null;
        this.running = next;
        await this.write(compact);
      })
      .finally(() => {
        if (this.running === next) this.running = null;
      });
    this.queued = next;
    return next;
  }

  private async write(compact: boolean): Promise<void> {
    const batch = this.pending.splice(0);
    if (!batch.length && !compact) return;
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true, mode: this.opts.dirMode });
    if (compact || this.dirty || this.lines + batch.length > Math.max(MIN_LINES, this.opts.size())) {
      // The snapshot renders the store as it is now, which includes every pending line.
      await writeFileAtomic(this.snapshotFile, this.opts.render(), { mode: this.opts.mode });
      await this.closeHandle();
      await fs.promises.rm(this.file, { force: true });
      this.lines = 0;
      this.dirty = false;
      return;
    }
    try {
      this.handle ??= await fs.promises.open(this.file, 'a', this.opts.mode);
      await this.handle.writeFile(batch.join(''));
      await this.handle.sync();
      this.lines += batch.length;
    } catch (err) {
      this.dirty = true;
      await this.closeHandle();
      throw err;
    }
  }

  private async closeHandle(): Promise<void> {
    const h = this.handle;
    this.handle = null;
    await h?.close().catch(() => undefined);
  }
}
