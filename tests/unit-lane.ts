/**
 * The unit lane's size, read by vitest.config.mts: how many files run at once, and the timeouts it starts from
 * (tests/setup-timeouts.ts stretches those by the machine factor in each file).
 */
import os from 'node:os';

/** Test and hook timeouts on a quiet machine: a safety net for a test that hangs, never a measure. */
export const UNIT_TIMEOUT_MS = 30_000;
/** Workers a core on a quiet machine: a test spends most of its time waiting on the real processes it starts. */
const PER_CORE = 3;
/** How long the cores are watched to see how much of them other work takes. */
const SAMPLE_MS = 500;

/** The share of the cores that sat idle over a short sample (0 to 1). */
function idleShare(): number {
  const total = (cpus: os.CpuInfo[]) => cpus.reduce((sum, c) => sum + c.times.user + c.times.nice + c.times.sys + c.times.irq + c.times.idle, 0);
  // Niced work (the gate's lint) gives way to the tests: it counts as idle.
  const idle = (cpus: os.CpuInfo[]) => cpus.reduce((sum, c) => sum + c.times.idle + c.times.nice, 0);
  const before = os.cpus();
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SAMPLE_MS);
  const after = os.cpus();
  const span = total(after) - total(before);
  return span > 0 ? (idle(after) - idle(before)) / span : 1;
}

/**
 * Workers for the unit lane: three a core on an idle machine, fewer as other work takes the cores (two busy loops
 * on two cores leave it two), never fewer than two. SKILLBENCH_UNIT_WORKERS sets it outright.
 */
export function unitWorkers(): number {
  const given = Number(process.env.SKILLBENCH_UNIT_WORKERS);
  if (Number.isInteger(given) && given > 0) return given;
  const cores = os.availableParallelism();
  return Math.max(2, Math.min(PER_CORE * cores, Math.round(PER_CORE * cores * idleShare())));
}
