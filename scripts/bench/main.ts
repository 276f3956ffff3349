/**
 * `npm run bench`: the engine against baselines measured in the same run, as ratios (never timed
 * assertions). Prints a table; `--json` prints the rows. `--quick` is a shorter first look.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callRows, type CallBench } from './call-rows';
import { entityRows } from './entity-rows';
import { ingestRows } from './ingest-rows';
import { mcpRows } from './mcp-rows';
import { oneShotRows } from './one-shot-rows';
import { recordingRows } from './recording-rows';
import { echoSkillDir } from './rpc';
import { jsonRows, printTable, type Row } from './rows';
import { soakRow } from './soak';
import { windowRows } from './window-rows';

const asJson = process.argv.includes('--json');
const quick = process.argv.includes('--quick');
/** `--only=window,calls,mcp,oneshot,recording`: just those sections (a look at one part without the long run). */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const wanted = (key: string) => !only || only.includes(key);
const benchDir = path.resolve(__dirname, '../../scripts/bench');
const say = (s: string) => (asJson ? process.stderr : process.stdout).write(s);

async function main(): Promise<void> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-bench-home-'));
  const skillDir = echoSkillDir(benchDir);
  const b: CallBench = { benchDir, skillDir, home, n: quick ? 1000 : 5000, window: 32, runs: quick ? 2 : 3 };
  const rows: Row[] = [];
  const section = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    say(`… ${name}\n`);
    return fn();
  };
  if (wanted('window')) rows.push(...(await section('what one call sends to the window', () => windowRows(benchDir, home))));
  if (wanted('calls')) rows.push(...(await section('tools/call', () => callRows(b))));
  if (wanted('mcp')) rows.push(...(await section('MCP tools/call', () => mcpRows(b))));
  if (wanted('oneshot')) rows.push(...(await section('one-shot calls', () => oneShotRows(home, quick ? 40 : 150, b.runs))));
  if (wanted('recording')) rows.push(...(await section('recording', () => recordingRows(b))));
  const ingest = wanted('ingest') ? await section('stderr ingest', () => ingestRows(benchDir, home, quick ? [32, 128] : [64, 256], b.runs)) : null;
  if (ingest) rows.push(...ingest.rows);
  if (wanted('entities')) rows.push(await section('entities', () => entityRows(home, 10_000, 64, b.runs)));
  if (wanted('soak')) rows.push(await section('long run', () => soakRow(skillDir, home, quick ? 100_000 : 1_000_000, b.window)));
  fs.rmSync(home, { recursive: true, force: true });
  fs.rmSync(skillDir, { recursive: true, force: true });

  if (asJson) {
    process.stdout.write(JSON.stringify({ rows: jsonRows(rows), memory: ingest?.memory, node: process.version, cpus: os.cpus().length }, null, 2) + '\n');
    return;
  }
  say('\n');
  printTable(rows, say);
  const m = ingest?.memory;
  if (m) say(`\nIngest memory: peak RSS ${m.peakRssMb.map((p) => p.toFixed(0)).join(' MB and ')} MB at ${m.volumes.join(' and ')} MiB (${m.baseRssMb.toFixed(0)} MB before): ${m.flat ? 'flat' : 'NOT FLAT'} (flat: every peak within 10% of the RSS before).\n`);
}

main().catch((err) => {
  process.stderr.write(`bench: ${(err as Error).stack ?? err}\n`);
  process.exitCode = 1;
});
