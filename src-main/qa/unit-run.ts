/**
 * Running a list of units (units.ts), one after the other, each told as it ends. A recording is replayed
 * in a skill process of its own; the request units of one collection run in one skill process, as
 * `run` does with a whole collection. A unit that cannot run (a skill that does not start) is an `error`
 * result and the run goes on: one broken skill never hides the verdicts of the others.
 */
import { runCollection } from './collection-runner';
import { replayRecording } from './replay';
import { collectionResults, errorResult, replayResult, type UnitResult } from './unit-results';
import type { Unit } from './units';

export interface UnitRunOptions {
  home: string;
  skillPath?: string;
  timeoutMs?: number;
  /** replay: the skill's environment (undefined: the safe defaults). */
  env?: Record<string, string>;
  /** run: the collections' environment, and where SKILLBENCH_SECRET_<NAME> values come from. */
  collectionEnv?: string;
  secretEnv?: Record<string, string | undefined>;
  /** replay: the folders a recording may name its skill in (replay.ts). */
  workspace?: string[];
}

export async function runUnits(units: readonly Unit[], opts: UnitRunOptions, onResult: (r: UnitResult) => void): Promise<void> {
  for (const group of groups(units)) {
    const started = Date.now();
    const first = group[0];
    if (first.kind === 'recording') {
      try {
        const report = await replayRecording(first.file, { home: opts.home, skillPath: opts.skillPath, env: opts.env, timeoutMs: opts.timeoutMs, workspace: opts.workspace });
        onResult(replayResult(first, report, Date.now() - started));
      } catch (err) {
        onResult(errorResult(first, (err as Error).message, Date.now() - started));
      }
      continue;
    }
    if (first.kind === 'eval') {
      onResult(errorResult(first, 'an eval case runs with skillbench eval, not with replay or run'));
      continue;
    }
    // Several requests of one collection, or one whole collection.
    const dir = first.collection;
    const only = first.kind === 'request' ? new Set(group.map((u) => (u.kind === 'request' ? u.request : ''))) : undefined;
    let results: UnitResult[];
    try {
      const report = await runCollection(dir, { home: opts.home, env: opts.collectionEnv, skillPath: opts.skillPath, timeoutMs: opts.timeoutMs, secretEnv: opts.secretEnv, only });
      results = collectionResults(group, report, Date.now() - started);
    } catch (err) {
      const ms = Math.round((Date.now() - started) / group.length);
      results = group.map((u) => errorResult(u, (err as Error).message, ms));
    }
    for (const r of results) onResult(r);
  }
}

/** Consecutive units that run in one skill process: a collection's requests; anything else alone. */
function groups(units: readonly Unit[]): Unit[][] {
  const byCollection = new Map<string, Unit[]>();
  const out: Unit[][] = [];
  for (const u of units) {
    if (u.kind !== 'request') {
      out.push([u]);
      continue;
    }
    let g = byCollection.get(u.collection);
    if (!g) {
      byCollection.set(u.collection, (g = []));
      out.push(g);
    }
    g.push(u);
  }
  return out;
}
