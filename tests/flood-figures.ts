/**
 * The figures of the adversarial suite's floods, for the closing note of issue 15: each flood prints one
 * summary line and merges its figures, by case name, into test-results/hostile-figures.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './helpers';

const MiB = 1024 * 1024;
export const FIGURES_FILE = path.join(ROOT, 'test-results', 'hostile-figures.json');

export interface PeakGrowth<T> {
  value: T;
  /** Growth of resident memory from before the flood to its peak (bytes). */
  growth: number;
  peak: number;
  /** The heap and buffers at the peak, in words. */
  detail: string;
}

/** Runs `fn` while sampling this process's resident memory; returns its result and the peak growth. */
export async function peakGrowth<T>(fn: () => Promise<T>): Promise<PeakGrowth<T>> {
  global.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  let detail = '';
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    if (m.rss > peak) detail = `at the peak: JS heap ${(m.heapUsed / MiB).toFixed(0)} of ${(m.heapTotal / MiB).toFixed(0)} MiB used, buffers ${(m.external / MiB).toFixed(0)} MiB`;
    peak = Math.max(peak, m.rss);
  }, 20);
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, growth: peak - base, peak, detail };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Prints "flood: 200,000 reverse calls, peak RSS growth 38 MiB (bound 160 MiB)" and merges the figures
 * under `name`. `bound` null: measured, not asserted.
 */
export function reportFlood(name: string, what: string, count: number, m: PeakGrowth<unknown>, bound: number | null): void {
  const mib = (n: number) => Math.round((n / MiB) * 10) / 10;
  console.log(`flood: ${count.toLocaleString('en-US')} ${what}, peak RSS growth ${mib(m.growth).toFixed(0)} MiB (${bound === null ? 'measured, no bound' : `bound ${mib(bound)} MiB`})`);
  const figures = { what, count, peakRssGrowthMiB: mib(m.growth), peakRssMiB: mib(m.peak), boundMiB: bound === null ? null : mib(bound), atThePeak: m.detail, measuredAt: new Date().toISOString() };
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(fs.readFileSync(FIGURES_FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    // none yet, or unreadable: start afresh
  }
  all[name] = figures;
  fs.mkdirSync(path.dirname(FIGURES_FILE), { recursive: true });
  const tmp = `${FIGURES_FILE}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(all, null, 2) + '\n');
  fs.renameSync(tmp, FIGURES_FILE);
}
