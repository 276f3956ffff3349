/**
 * The clock and the timers, given to what needs them rather than taken from a runtime: common/ names neither
 * Node nor the DOM (both have these globals, typed differently), and a test may give a clock of its own.
 */
export interface Timers {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** A timer that never keeps the process alive by itself (a deadline, not work). */
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What every runtime the workbench runs in has: read from globalThis, where both Node and browsers put them. */
const g = globalThis as unknown as {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  performance: { now(): number };
};

export const runtimeTimers: Timers = {
  now: () => g.performance.now(),
  setTimeout: (fn, ms) => {
    const handle = g.setTimeout(fn, ms) as { unref?: () => void };
    // Node's timers hold the process open unless unref'd; a browser's return a number.
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => g.clearTimeout(handle),
};

/** An AbortSignal as common/ uses it (Node's and the DOM's both fit). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
