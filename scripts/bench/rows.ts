/** The benchmark's rows: one shape for every figure (`npm run bench` and `npm run bench:ui`), as a table or JSON. */

export interface Row {
  name: string;
  unit: string;
  baseline: number;
  engine: number;
  ratio: number;
  target: number;
  /** Lower is better (a time, a latency): the ratio is then baseline / engine, so that above 1 is still better. */
  lowerIsBetter?: boolean;
  /** A size against a budget: the ratio is engine / baseline and must stay at or below the target. */
  atMost?: boolean;
  note?: string;
}

export function row(name: string, unit: string, baseline: number, engine: number, target: number, note?: string): Row {
  return { name, unit, baseline, engine, ratio: engine / baseline, target, note };
}

/** A row of times or latencies: the ratio is baseline / engine, and the target is a ratio of the same kind. */
export function timeRow(name: string, unit: string, baseline: number, engine: number, target: number, note?: string): Row {
  // A time is read to the millisecond at best: 0 ms (nothing happened) counts as 1, so the ratio stays finite.
  const floor = unit === 'ms' ? 1 : 1e-9;
  return { name, unit, baseline, engine, ratio: baseline / Math.max(engine, floor), target, lowerIsBetter: true, note };
}

/** A size row: `engine` bytes for `baseline` bytes of payload, the ratio at most `target` (e.g. 1.5 times). */
export function sizeRow(name: string, baseline: number, engine: number, target: number, note?: string): Row {
  return { name, unit: 'B', baseline, engine, ratio: engine / baseline, target, atMost: true, note };
}

function fmt(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1);
}

export function printTable(rows: Row[], out: (s: string) => void): void {
  const header = ['benchmark', 'baseline', 'engine', 'ratio', 'target', ''];
  const lines = rows.map((r) => [
    r.name,
    `${fmt(r.baseline)} ${r.unit}`,
    `${fmt(r.engine)} ${r.unit}`,
    r.ratio.toFixed(2),
    `${r.atMost ? '<=' : '>='} ${Number(r.target.toFixed(2))}`,
    `${(r.atMost ? r.ratio <= r.target : r.ratio >= r.target) ? 'ok' : r.atMost ? 'ABOVE TARGET' : 'BELOW TARGET'}${r.note ? `  ${r.note}` : ''}`,
  ]);
  const all = [header, ...lines];
  const widths = header.map((_, i) => Math.max(...all.map((l) => l[i].length)));
  for (const l of all) out(l.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd() + '\n');
}

/** `{name, baseline, engine, ratio, target}` and the rest, as `--json` prints them. */
export function jsonRows(rows: Row[]): object[] {
  return rows.map(({ name, baseline, engine, ratio, target, unit, note, lowerIsBetter, atMost }) => ({ name, baseline, engine, ratio, target, unit, note, lowerIsBetter, atMost }));
}
