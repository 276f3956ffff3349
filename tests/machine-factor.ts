/**
 * How much slower this machine is right now than a quiet one, measured once at the start of the run
 * (global-setup.ts) and handed to every test file with vitest's provide/inject. A test whose point is a bound
 * (a responsiveness limit, "exits at once") scales that bound by it, so a busy machine never fails the gate,
 * while a stalled loop, many times over the bound, still does. Everywhere else a test waits for the event it means.
 */
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    machineFactor: number;
  }
}

/** `ms` as a bound on this machine now: at least `ms`, stretched by how busy the machine was when the run began. */
export function scaled(ms: number): number {
  return Math.round(ms * (inject('machineFactor') ?? 1));
}
