/**
 * Splitting a sorted unit list (units.ts) over `n` shards, the same way on every machine:
 *
 * - round-robin: the k-th unit goes to shard (k mod n) + 1;
 * - by timing (the last run's JUnit file, junit-timings.ts): longest first onto the least-loaded shard
 *   (ties: the unit with the smaller id first, the shard with the smaller number), a unit the file does not
 *   know counted at the median of those it does. Every shard computes the whole plan and keeps its part.
 *
 * Either way every unit lands on exactly one shard.
 */
import { compareIds } from './units';

export interface Shard {
  /** 1-based. */
  index: number;
  total: number;
}

export const MAX_SHARDS = 1000;

export class ShardError extends Error {}

/** `2/4` -> {index: 2, total: 4}. */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new ShardError(`--shard takes i/n (this shard's number and how many there are, e.g. 2/4), not "${text}"`);
  const index = Number(m[1]);
  const total = Number(m[2]);
  if (total < 1 || total > MAX_SHARDS) throw new ShardError(`--shard: the number of shards must be between 1 and ${MAX_SHARDS}, not ${total}`);
  if (index < 1 || index > total) throw new ShardError(`--shard ${text}: the shard number must be between 1 and ${total}`);
  return { index, total };
}

export const shardLabel = (s: Shard): string => `${s.index}/${s.total}`;

/** The shard (1-based) of each unit, in the order of `ids` (which must be sorted). */
export function planShards(ids: readonly string[], total: number, timings?: ReadonlyMap<string, number>): number[] {
  if (!timings) return ids.map((_, k) => (k % total) + 1);
  const fallback = median([...timings.values()]) ?? 1;
  const weight = (id: string) => timings.get(id) ?? fallback;
  const order = ids.map((id, k) => ({ id, k, w: weight(id) })).sort((a, b) => b.w - a.w || compareIds(a.id, b.id));
  const load = new Array<number>(total).fill(0);
  const plan = new Array<number>(ids.length);
  for (const u of order) {
    let best = 0;
    for (let s = 1; s < total; s++) if (load[s] < load[best]) best = s;
    load[best] += u.w;
    plan[u.k] = best + 1;
  }
  return plan;
}

/** This shard's part of a sorted list. */
export function pickShard<T extends { id: string }>(units: readonly T[], shard: Shard, timings?: ReadonlyMap<string, number>): T[] {
  const plan = planShards(units.map((u) => u.id), shard.total, timings);
  return units.filter((_, k) => plan[k] === shard.index);
}

export function median(values: number[]): number | undefined {
  if (!values.length) return undefined;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
