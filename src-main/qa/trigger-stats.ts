/**
 * The arithmetic of a trigger eval, apart from any model: a query's trigger rate and verdict, each skill's
 * precision and recall, and the collision matrix, from the skill each run activated.
 *
 * - A query's trigger rate is the share of its runs that activated the skill it is about: the expected one
 *   (`should: <skill>`), the one it must not (`shouldNot`), or any skill at all (`should: none`). A
 *   should-trigger query passes when its rate reaches the threshold; a should-not one when it stays under it
 *   (the rule of the skill-creator's `run_eval.py`).
 * - A skill's precision is the share of its activations where it was the expected skill; its recall the share of
 *   its should-trigger runs that activated it. Each run counts once: a run is one question to the model.
 * - The matrix counts runs: a row per expectation (a skill, `(not <skill>)`, `(none)`), a column per skill the
 *   model activated (every skill of the catalog, then `(none)`, and `(unknown)` where it named one the catalog
 *   does not have).
 */
import type { TriggerMatrix, TriggerQueryInfo, TriggerQueryResult, TriggerRun, TriggerSkillStats } from '../contract';

export const NONE = '(none)';
export const UNKNOWN = '(unknown)';
export const notRow = (skill: string) => `(not ${skill})`;

/** The matrix row of a query. */
export function rowOf(q: Pick<TriggerQueryInfo, 'should' | 'shouldNot'>): string {
  if (q.shouldNot !== undefined) return notRow(q.shouldNot);
  return q.should ?? NONE;
}

/** Whether a run activated what the query's trigger rate counts. */
function triggered(q: Pick<TriggerQueryInfo, 'should' | 'shouldNot'>, picked: string | null): boolean {
  if (q.shouldNot !== undefined) return picked === q.shouldNot;
  if (q.should) return picked === q.should;
  return picked !== null;
}

/** Should it trigger (the rate must reach the threshold) rather than not (stay under it)? */
export const shouldTrigger = (q: Pick<TriggerQueryInfo, 'should' | 'shouldNot'>): boolean => q.shouldNot === undefined && !!q.should;

export function rateOf(q: Pick<TriggerQueryInfo, 'should' | 'shouldNot'>, runs: Pick<TriggerRun, 'picked'>[]): number {
  if (!runs.length) return 0;
  return runs.filter((r) => triggered(q, r.picked)).length / runs.length;
}

/** A query's result from its runs. A query that could not be asked (or only in part) does not pass. */
export function queryResult(q: TriggerQueryInfo, runs: TriggerRun[], threshold: number, error?: string): TriggerQueryResult {
  const triggerRate = rateOf(q, runs);
  const pass = !error && runs.length > 0 && (shouldTrigger(q) ? triggerRate >= threshold - 1e-9 : triggerRate < threshold - 1e-9);
  return { query: q.id, runs, triggerRate, pass, ...(error ? { error } : {}) };
}

/** Each skill's figures over the runs made. `skills` are the catalog's names (a skill no run concerns still has its row). */
export function skillStats(skills: string[], queries: TriggerQueryInfo[], results: TriggerQueryResult[]): TriggerSkillStats[] {
  const byId = new Map(queries.map((q) => [q.id, q]));
  const named = [...new Set([...skills, ...queries.flatMap((q) => (q.should ? [q.should] : []))])];
  return named.map((skill) => {
    let expected = 0;
    let picked = 0;
    let hits = 0;
    const nearMisses = { runs: 0, picked: 0 };
    for (const r of results) {
      const q = byId.get(r.query);
      if (!q) continue;
      for (const run of r.runs) {
        const isExpected = q.shouldNot === undefined && q.should === skill;
        const isPicked = run.picked === skill;
        if (isExpected) expected++;
        if (isPicked) picked++;
        if (isExpected && isPicked) hits++;
        if (q.shouldNot === skill) {
          nearMisses.runs++;
          if (isPicked) nearMisses.picked++;
        }
      }
    }
    return { skill, expected, picked, hits, precision: picked ? hits / picked : null, recall: expected ? hits / expected : null, nearMisses };
  });
}

/** The collision matrix: rows in the catalog's order (then near misses, then none), columns the catalog, then none and unknown. */
export function collisionMatrix(skills: string[], queries: TriggerQueryInfo[], results: TriggerQueryResult[]): TriggerMatrix {
  const byId = new Map(queries.map((q) => [q.id, q]));
  const asked = results.map((r) => byId.get(r.query)).filter((q): q is TriggerQueryInfo => !!q);
  const rowNames = new Set(asked.map(rowOf));
  const order = [...new Set([...skills, ...asked.map((q) => q.should ?? '').filter(Boolean)])];
  const rows = [...order.filter((s) => rowNames.has(s)), ...order.map(notRow).filter((r) => rowNames.has(r)), ...[...rowNames].filter((r) => r.startsWith('(not ') && !order.map(notRow).includes(r)), ...(rowNames.has(NONE) ? [NONE] : [])];
  const unknown = results.some((r) => r.runs.some((run) => run.picked === UNKNOWN));
  const columns = [...skills, NONE, ...(unknown ? [UNKNOWN] : [])];
  const counts = rows.map(() => columns.map(() => 0));
  for (const r of results) {
    const q = byId.get(r.query);
    if (!q) continue;
    const i = rows.indexOf(rowOf(q));
    for (const run of r.runs) {
      const j = columns.indexOf(run.picked ?? NONE);
      if (i >= 0 && j >= 0) counts[i][j]++;
    }
  }
  return { rows, columns, counts };
}

/** `0.67` as `67%`; null as `–`. */
export function percent(v: number | null): string {
  return v === null ? '–' : `${Math.round(v * 100)}%`;
}
