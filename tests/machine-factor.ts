/**
 * How much slower this machine is right now than a quiet one, measured once at the start of the run
 * (global-setup.ts) and handed to every test file with vitest's provide/inject. A test whose point is a bound
 * (a responsiveness limit, "exits at once") scales that bound by it, so a busy machine never fails the gate,
 * while a stalled loop, many times over the bound, still does. Everywhere else a test waits for the event it means.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
import { inject } from 'vitest';
import { directInterpreter } from '../src-main/engine/interpreter';

/** The two probes' medians on a quiet 2-core machine of the kind CI runs on, in milliseconds. */
const QUIET = { cpuMs: 20, spawnMs: 25 };
/** Past this the machine is not busy but broken: bounds stop stretching, so the tests say so. */
const MAX_FACTOR = 8;

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/** Hashing and JSON work on one core: what a test's own process competes for. */
function cpuProbe(): number {
  const block = Buffer.alloc(64 * 1024, 7);
  const t0 = performance.now();
  let digest: Buffer = block;
  for (let i = 0; i < 400; i++) digest = createHash('sha256').update(block).update(digest).digest();
  const rows = Array.from({ length: 20_000 }, (_, i) => ({ i, s: `x${i}` }));
  JSON.parse(JSON.stringify(rows));
  return performance.now() - t0;
}

/**
 * Starting a Python process: what every skill test pays, and what a busy machine slows most. The interpreter the
 * engine starts, past any version manager's shim (engine/interpreter.ts), so a shim's cost is not taken for load.
 */
function spawnProbe(python: string): number {
  const t0 = performance.now();
  spawnSync(python, ['-I', '-c', 'pass']);
  return performance.now() - t0;
}

export function measureMachineFactor(): number {
  cpuProbe(); // warms the JIT
  const cpu = median(Array.from({ length: 5 }, cpuProbe));
  const python = directInterpreter('python3', os.tmpdir(), process.env);
  const spawn = median(Array.from({ length: 5 }, () => spawnProbe(python)));
  const factor = Math.max(1, cpu / QUIET.cpuMs, spawn / QUIET.spawnMs);
  return Math.round(Math.min(MAX_FACTOR, factor) * 10) / 10;
}

declare module 'vitest' {
  export interface ProvidedContext {
    machineFactor: number;
  }
}

/** `ms` as a bound on this machine now: at least `ms`, stretched by how busy the machine was when the run began. */
export function scaled(ms: number): number {
  return Math.round(ms * (inject('machineFactor') ?? 1));
}
