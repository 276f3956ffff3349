/**
 * `npm run bench`: the engine against baselines measured in the same run, as ratios (never timed
 * assertions). Prints a table; `--json` prints the figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bestOfPair } from './measure';
import { floodEngine, floodRaw, floodRawToFile } from './ingest';
import { echoSkillDir, openEngine, pipelined, RawPipe, sequential } from './rpc';
import { Workbench } from '../../src-main/workbench/workbench';

interface Row {
  name: string;
  unit: string;
  baseline: number;
  engine: number;
  ratio: number;
  target: number;
  note?: string;
}

const asJson = process.argv.includes('--json');
const quick = process.argv.includes('--quick');
const benchDir = path.resolve(__dirname, '../../scripts/bench');

async function main(): Promise<void> {
  const rows: Row[] = [];
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-bench-home-'));
  const dir = echoSkillDir(benchDir);
  const N = quick ? 1000 : 5000;
  const WINDOW = 32;
  const runs = quick ? 2 : 3;

  const raw = new RawPipe(dir);
  await raw.call(0);
  const rt = await openEngine(dir, home);
  const engineCall = (i: number) => rt.call('echo', { i });
  await sequential(engineCall, 200);

  const [rawSeq, engSeq] = await bestOfPair(runs, () => sequential((i) => raw.call(i), N), () => sequential(engineCall, N));
  rows.push(row('tools/call sequential', 'calls/s', N / rawSeq.seconds, N / engSeq.seconds, 0.8));
  const [rawPipe, engPipe] = await bestOfPair(runs, () => pipelined((i) => raw.call(i), N, WINDOW), () => pipelined(engineCall, N, WINDOW));
  rows.push(row(`tools/call pipelined (${WINDOW} in flight)`, 'calls/s', N / rawPipe.seconds, N / engPipe.seconds, 0.9));
  raw.close();
  await rt.close();

  // Recording: the same pipelined calls through the workbench service, with a recording on and off.
  const wb = new Workbench({ home, kind: 'browser', folders: [dir], replaceFolders: true });
  const skillId = (await wb.listSkills())[0].id;
  const wbCall = (i: number) => wb.callTool(skillId, 'echo', { i });
  await sequential(wbCall, 200);
  const [recOff, recOn] = await bestOfPair(
    runs,
    () => pipelined(wbCall, N, WINDOW),
    async () => {
      await wb.startRecording(skillId, 'bench');
      await pipelined(wbCall, N, WINDOW);
      await wb.stopRecording(skillId);
    },
  );
  const addedUs = ((recOn.seconds - recOff.seconds) / N) * 1e6;
  rows.push(row(`calls with a recording on (${WINDOW} in flight)`, 'calls/s', N / recOff.seconds, N / recOn.seconds, 0.9, `baseline: recording off; +${addedUs.toFixed(1)} µs a call`));
  await wb.close();

  const sizes = quick ? [32, 128] : [64, 256];
  const mem: number[] = [];
  // Memory is read against the process's size before any ingest, so that each volume's peak is comparable.
  const ingestBase = process.memoryUsage().rss;
  for (const mib of sizes) {
    const logFile = path.join(home, `flood-${mib}.log`);
    const [rawIn, engIn] = await bestOfPair(
      runs,
      async () => void (await floodRaw(benchDir, mib)),
      async () => {
        fs.rmSync(logFile, { force: true });
        await floodEngine(benchDir, mib, logFile);
      },
    );
    const peakMb = Math.max(0, engIn.peakRss - ingestBase) / (1024 * 1024);
    mem.push(peakMb);
    rows.push(row(`stderr ingest, ${mib} MiB`, 'MB/s', mib / rawIn.seconds, mib / engIn.seconds, 0.8, `peak +${peakMb.toFixed(0)} MB RSS`));
    if (mib === sizes[sizes.length - 1]) {
      // For reading the row above: the engine keeps the complete log on disk, which raw reading does not.
      const copyFile = path.join(home, `copy-${mib}.log`);
      const [copy, eng] = await bestOfPair(
        runs,
        () => floodRawToFile(benchDir, mib, copyFile),
        async () => {
          fs.rmSync(logFile, { force: true });
          await floodEngine(benchDir, mib, logFile);
        },
      );
      rows.push(row(`stderr ingest, ${mib} MiB, vs raw copy to disk`, 'MB/s', mib / copy.seconds, mib / eng.seconds, 0.8, 'baseline: the bytes piped into a file'));
    }
  }
  const growth = mem[1] / Math.max(mem[0], 1);
  fs.rmSync(home, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });

  const memory = { volumes: sizes, peakRssMb: mem, growthRatio: growth, volumeRatio: sizes[1] / sizes[0] };
  if (asJson) {
    process.stdout.write(JSON.stringify({ rows, memory, node: process.version, cpus: os.cpus().length }, null, 2) + '\n');
    return;
  }
  const header = ['benchmark', 'baseline', 'engine', 'ratio', 'target', ''];
  const lines = rows.map((r) => [r.name, `${fmt(r.baseline)} ${r.unit}`, `${fmt(r.engine)} ${r.unit}`, r.ratio.toFixed(2), `>= ${r.target}`, `${r.ratio >= r.target ? 'ok' : 'BELOW TARGET'}${r.note ? `  ${r.note}` : ''}`]);
  const all = [header, ...lines];
  const widths = header.map((_, i) => Math.max(...all.map((l) => l[i].length)));
  for (const l of all) process.stdout.write(l.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd() + '\n');
  process.stdout.write(
    `\nIngest memory: peak +${mem[0].toFixed(0)} MB at ${sizes[0]} MiB, +${mem[1].toFixed(0)} MB at ${sizes[1]} MiB (${memory.volumeRatio}x the volume, ${growth.toFixed(2)}x the memory: flat means close to 1).\n`,
  );
}

function row(name: string, unit: string, baseline: number, engine: number, target: number, note?: string): Row {
  return { name, unit, baseline, engine, ratio: engine / baseline, target, note };
}

function fmt(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1);
}

main().catch((err) => {
  process.stderr.write(`bench: ${(err as Error).stack ?? err}\n`);
  process.exitCode = 1;
});
