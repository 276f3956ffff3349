/** Timing and memory sampling for the benchmark: best-of-N runs, peak RSS sampled while work runs. */

export interface Sample {
  seconds: number;
  peakRssMb: number;
}

export async function measure(work: () => Promise<void>): Promise<Sample> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const t0 = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds: (performance.now() - t0) / 1000, peakRssMb: (peak - base) / (1024 * 1024) };
}

/** The best of `runs` (the least disturbed by whatever else the machine is doing). */
export async function best(runs: number, work: () => Promise<void>): Promise<Sample> {
  let seconds = Infinity;
  let peakRssMb = 0;
  for (let i = 0; i < runs; i++) {
    const s = await measure(work);
    seconds = Math.min(seconds, s.seconds);
    peakRssMb = Math.max(peakRssMb, s.peakRssMb);
  }
  return { seconds, peakRssMb };
}
