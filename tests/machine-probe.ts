/**
 * How much slower this machine is right now than a quiet one: a CPU probe and a Python start, each against its
 * median on a quiet 2-core machine. Measured once a run, by the first of a lane's processes to ask (a config, or
 * the unit lane's global setup), and handed to the rest in SKILLBENCH_MACHINE_FACTOR: the unit tests get it through
 * machine-factor.ts, the end-to-end specs through e2e/machine.ts. No test framework here, so every lane can import it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
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

/** The factor for this run: the one a parent process measured (SKILLBENCH_MACHINE_FACTOR), else measured now. */
export function machineFactorOnce(): number {
  const given = Number(process.env.SKILLBENCH_MACHINE_FACTOR);
  if (given >= 1) return given;
  const factor = measureMachineFactor();
  process.env.SKILLBENCH_MACHINE_FACTOR = String(factor);
  return factor;
}
