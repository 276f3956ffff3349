/** Timing and memory sampling for the benchmark: best-of-N runs, peak RSS sampled while work runs. */

export interface Sample {
  seconds: number;
  /** Peak RSS while the work ran, above the RSS when it started. */
  peakRssMb: number;
  /** Peak RSS while the work ran, absolute. */
  peakRss: number;
  /** CPU time of this process (user + system, µs) while the work ran: steadier than the clock on a busy machine. */
  cpuUs: number;
}

export async function measure(work: () => Promise<void>): Promise<Sample> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const cpu = process.cpuUsage(cpu0);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { seconds: (performance.now() - t0) / 1000, peakRssMb: (peak - base) / (1024 * 1024), peakRss: peak, cpuUs: cpu.user + cpu.system };
}

/**
 * Baseline and engine measured in turns (a, b, a, b, ...), best of each: whatever else the machine does
 * then weighs on both alike, rather than on whichever happened to run during a busy spell.
 */
export async function bestOfPair(runs: number, a: () => Promise<void>, b: () => Promise<void>): Promise<[Sample, Sample]> {
  const sa: Sample[] = [];
  const sb: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    sa.push(await measure(a));
    sb.push(await measure(b));
  }
  const pick = (xs: Sample[]): Sample => ({
    seconds: Math.min(...xs.map((x) => x.seconds)),
    peakRssMb: Math.max(...xs.map((x) => x.peakRssMb)),
    peakRss: Math.max(...xs.map((x) => x.peakRss)),
    cpuUs: Math.min(...xs.map((x) => x.cpuUs)),
  });
  return [pick(sa), pick(sb)];
}
