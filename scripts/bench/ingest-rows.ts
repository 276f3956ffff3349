/**
 * stderr ingest at two volumes: the engine's LogSink (ring in memory, complete file on disk) against reading
 * the same bytes raw, and against piping them straight into a file (what the disk allows). Memory is the
 * process's peak RSS while the engine ingests each volume (after a GC before each run), against one base,
 * the RSS before the first volume: flat means every volume's peak within 10% of that base.
 */
import fs from 'node:fs';
import path from 'node:path';
import { floodEngine, floodRaw, floodRawToFile } from './ingest';
import { bestOfPair } from './measure';
import { row, type Row } from './rows';

export interface IngestMemory {
  volumes: number[];
  /** RSS before the first volume, after a GC. */
  baseRssMb: number;
  /** Peak RSS while the engine took in each volume. */
  peakRssMb: number[];
  flat: boolean;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

export async function ingestRows(benchDir: string, home: string, sizes: number[], runs: number): Promise<{ rows: Row[]; memory: IngestMemory }> {
  const rows: Row[] = [];
  const peaks: number[] = [];
  gc();
  const base = process.memoryUsage.rss();
  for (const [k, mib] of sizes.entries()) {
    const logFile = path.join(home, `flood-${mib}.log`);
    const copyFile = path.join(home, `copy-${mib}.log`);
    const engine = async () => {
      fs.rmSync(logFile, { force: true });
      gc();
      await floodEngine(benchDir, mib, logFile);
    };
    const [rawIn, engIn] = await bestOfPair(runs, async () => void (await floodRaw(benchDir, mib)), engine);
    const [copy, engCopy] = await bestOfPair(
      runs,
      async () => {
        fs.rmSync(copyFile, { force: true });
        await floodRawToFile(benchDir, mib, copyFile);
      },
      engine,
    );
    const peakMb = Math.max(engIn.peakRss, engCopy.peakRss) / (1024 * 1024);
    peaks.push(peakMb);
    const first = k === 0;
    rows.push(
      row(`stderr ingest, ${mib} MiB, vs raw reading`, 'MB/s', mib / rawIn.seconds, mib / engIn.seconds, first ? 0.8 : 0, first ? `peak RSS ${peakMb.toFixed(0)} MB` : `no target at this volume: the disk is the ceiling (next row); peak RSS ${peakMb.toFixed(0)} MB`),
      row(`stderr ingest, ${mib} MiB, vs piping into a file`, 'MB/s', mib / copy.seconds, mib / engCopy.seconds, 1.0, 'baseline: the same bytes piped straight into a file'),
    );
    fs.rmSync(logFile, { force: true });
    fs.rmSync(copyFile, { force: true });
  }
  const baseMb = base / (1024 * 1024);
  const flat = peaks.every((p) => p <= baseMb * 1.1);
  return { rows, memory: { volumes: sizes, baseRssMb: baseMb, peakRssMb: peaks, flat } };
}
