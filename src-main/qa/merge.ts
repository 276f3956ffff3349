/**
 * Joining shards' blobs (blob.ts) into one run: the blobs of one run share a command and a unit list (its
 * hash); every unit of that list must have exactly one result among them. A unit no blob has (a shard that
 * did not finish, a blob not downloaded) or one two blobs have (a shard run twice) is an error that names it.
 * Blobs of several runs (a replay and a run of collections, say) merge into one report, each run checked
 * on its own. The exit code is the worst shard's.
 */
import type { Blob, BlobEnd, BlobMeta } from './blob';
import { readBlob } from './blob';
import type { UnitResult } from './unit-results';

export interface ShardInfo {
  label: string;
  command: BlobMeta['command'];
  file: string;
  machine: BlobMeta['machine'];
  workbench: string;
  by: BlobMeta['shard']['by'];
  startedAt: string;
  units: number;
  end: BlobEnd;
}

export interface MergedRun {
  command: BlobMeta['command'];
  hash: string;
  count: number;
  shards: number;
}

export interface Merged {
  runs: MergedRun[];
  shards: ShardInfo[];
  /** Every unit's result, each run's in its unit-list order, with the shard that ran it. */
  results: UnitResult[];
  exitCode: number;
}

export class MergeError extends Error {
  constructor(readonly problems: string[]) {
    const shown = problems.slice(0, MAX_NAMED);
    const more = problems.length > MAX_NAMED ? `\n  … and ${problems.length - MAX_NAMED} more` : '';
    super(`The blobs do not make whole runs:\n  ${shown.join('\n  ')}${more}`);
    this.name = 'MergeError';
  }
}

const MAX_NAMED = 25;

export function mergeBlobFiles(files: string[]): Merged {
  if (!files.length) throw new MergeError(['no blobs were found (a shard writes one with --blob DIR)']);
  return mergeBlobs(files.map(readBlob));
}

export function mergeBlobs(blobs: Blob[]): Merged {
  const problems: string[] = [];
  const runs = new Map<string, Blob[]>();
  for (const b of blobs) {
    const key = `${b.meta.command}\0${b.meta.run.hash}`;
    runs.set(key, [...(runs.get(key) ?? []), b]);
  }
  const merged: Merged = { runs: [], shards: [], results: [], exitCode: 0 };
  for (const group of runs.values()) {
    const { meta } = group[0];
    const what = `${meta.command} of ${meta.run.count} unit${meta.run.count === 1 ? '' : 's'} (${meta.run.hash.slice(7, 19)})`;
    const totals = new Set(group.map((b) => b.meta.shard.total));
    if (totals.size > 1) problems.push(`${what}: its blobs disagree on the number of shards (${[...totals].join(', ')})`);
    const seen = new Map<string, { r: UnitResult; label: string }>();
    for (const b of group.sort((x, y) => x.meta.shard.index - y.meta.shard.index)) {
      const label = `${b.meta.shard.index}/${b.meta.shard.total}`;
      merged.shards.push({ label, command: b.meta.command, file: b.file, machine: b.meta.machine, workbench: b.meta.workbench.version, by: b.meta.shard.by, startedAt: b.meta.startedAt, units: b.units.length, end: b.end });
      merged.exitCode = Math.max(merged.exitCode, b.end.exitCode);
      for (const r of b.units) {
        const before = seen.get(r.id);
        if (before) problems.push(`${what}: unit ${r.id} is in two blobs (shard ${before.label} and shard ${label})`);
        else seen.set(r.id, { r: { ...r, shard: label }, label });
      }
    }
    const known = new Set(meta.run.ids);
    for (const id of seen.keys()) if (!known.has(id)) problems.push(`${what}: unit ${id} is not in the run's unit list`);
    const present = group.map((b) => `${b.meta.shard.index}/${b.meta.shard.total}`).join(', ');
    for (const id of meta.run.ids) {
      const got = seen.get(id);
      if (got) merged.results.push(got.r);
      else problems.push(`${what}: unit ${id} is missing (no blob has it; blobs of shards ${present} were found)`);
    }
    merged.runs.push({ command: meta.command, hash: meta.run.hash, count: meta.run.count, shards: meta.shard.total });
  }
  if (problems.length) throw new MergeError(problems);
  return merged;
}
