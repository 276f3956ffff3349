/**
 * How deep skill data may nest. `JSON.parse` takes any depth, but every recursive walk after it does not:
 * `JSON.stringify` and `structuredClone` give up with a RangeError at a few thousand levels, and a skill
 * that answers 5,000 nested arrays in a 10 KB line would take the host down with it. So values are
 * bounded where they come in (a skill's messages, a recording or history read back), and every walk that
 * recurses checks its depth too: past MAX_DEPTH levels a value is replaced by a marker that says how deep
 * it went, and the caller reports it. Nothing here recurses, and nothing here imports Node.
 */

/** Deeper than any real result (Python's own json module stops near 1,000), far below V8's limits. */
export const MAX_DEPTH = 256;

/**
 * How deep a walk over a value that wraps bounded data (a recorded call around an outcome around its data)
 * goes before it cuts: the headroom keeps the wrapping from cutting data that was already within bounds.
 */
export const WALK_DEPTH = MAX_DEPTH + 64;

/** What stands in for a value nested too deep. */
export function tooDeepMarker(levels: number): string {
  return `[too deep: ${levels} levels]`;
}

export interface Bounded<T> {
  value: T;
  /** How many levels the deepest part of the original value had (1 for a scalar or an empty list). */
  depth: number;
  /** How many values were replaced by the marker (0: `value` is the original, not a copy). */
  replaced: number;
}

function isContainer(v: unknown): v is object {
  return typeof v === 'object' && v !== null;
}

/**
 * The depth of `v` (a scalar is 1, `[]` is 1, `[[]]` is 2), counting no further than `stopAfter`
 * (returns `stopAfter + 1` as soon as it is exceeded). Iterative: any depth is safe.
 */
export function depthOf(v: unknown, stopAfter = Infinity): number {
  if (!isContainer(v)) return 1;
  let deepest = 1;
  const values: unknown[] = [v];
  const depths: number[] = [1];
  while (values.length) {
    const cur = values.pop() as object;
    const d = depths.pop()!;
    if (d > deepest) {
      deepest = d;
      if (deepest > stopAfter) return deepest;
    }
    const children = Array.isArray(cur) ? cur : Object.values(cur);
    for (const c of children) {
      if (isContainer(c)) {
        values.push(c);
        depths.push(d + 1);
      }
    }
  }
  return deepest;
}

/**
 * `v` with every container below `max` levels replaced by the marker, or `v` itself (not copied) when it
 * is within bounds. The marker names the depth of the whole value, so a reader knows how much was cut.
 */
export function boundDepth<T>(v: T, max = MAX_DEPTH): Bounded<T> {
  const within = depthOf(v, max);
  if (within <= max) return { value: v, depth: within, replaced: 0 };
  const depth = depthOf(v);
  const marker = tooDeepMarker(depth);
  let replaced = 0;
  // Recursion is safe here: it stops at `max` levels.
  const copy = (x: unknown, level: number): unknown => {
    if (!isContainer(x)) return x;
    if (level > max) {
      replaced++;
      return marker;
    }
    if (Array.isArray(x)) return x.map((c) => copy(c, level + 1));
    const out: Record<string, unknown> = {};
    for (const [k, c] of Object.entries(x)) {
      // Defined as own data properties: a "__proto__" key from a skill stays a key, never a prototype.
      Object.defineProperty(out, k, { value: copy(c, level + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return { value: copy(v, 1) as T, depth, replaced };
}

/** `JSON.parse`, with the result bounded (see boundDepth). Throws what JSON.parse throws. */
export function parseBounded(text: string, max = MAX_DEPTH): Bounded<unknown> {
  const value: unknown = JSON.parse(text);
  // A value needs two characters a level: shorter text cannot be too deep, and is not walked.
  if (text.length <= 2 * max) return { value, depth: 0, replaced: 0 };
  return boundDepth(value, max);
}

/** `JSON.stringify` of the bounded value: never a RangeError, whatever the depth. */
export function stringifyBounded(v: unknown, space?: number): string {
  try {
    return JSON.stringify(v, null, space);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return JSON.stringify(boundDepth(v).value, null, space);
  }
}

/** A plain-words sentence for a log or a note, when something was cut. */
export function tooDeepNote(what: string, depth: number, max = MAX_DEPTH): string {
  return `${what} was nested ${depth} levels deep; everything below level ${max} was replaced by "${tooDeepMarker(depth)}".`;
}
