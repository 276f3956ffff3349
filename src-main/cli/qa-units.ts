/**
 * `replay` and `run` over many units (several files, a folder, or a shard of them): list the units
 * (qa/units.ts), keep this shard's part (qa/shard.ts), run them one after the other (qa/unit-run.ts), and
 * write what came of each to the blob (qa/blob.ts) as it ends. Memory holds a small result per unit, never
 * what the skills answered.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BlobWriter, maxRssBytes } from '../qa/blob';
import { writeJUnit } from '../qa/junit';
import { readTimings } from '../qa/junit-timings';
import { parseShard, pickShard, shardLabel, type Shard } from '../qa/shard';
import { addTo, suitesOf, tally, type UnitResult } from '../qa/unit-results';
import { runUnits, type UnitRunOptions } from '../qa/unit-run';
import { listUnits, unitListHash, type UnitSource } from '../qa/units';
import { machine } from '../qa/blob';
import { formatDuration } from '../qa/report-model';
import type { Options } from './args';
import { resolvePath, type CommandContext } from './context';
import { EXIT, json, UsageError, type Io } from './output';
import { qaHome } from './qa-home';

export const UNIT_OPTIONS: Options = {
  shard: { type: 'string' },
  'shard-by-timing': { type: 'string' },
  blob: { type: 'string' },
  list: { type: 'boolean' },
};

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** Whether a command line asks for the many-unit run rather than the one recording or collection it always took. */
export function manyUnits(source: UnitSource, positionals: string[], values: Values, ctx: CommandContext): boolean {
  if (positionals.length !== 1 || values.shard || values.blob || values.list || values['shard-by-timing']) return true;
  const p = path.resolve(ctx.cwd, positionals[0]);
  const isDir = fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
  return source === 'replay' ? isDir : isDir && !fs.existsSync(path.join(p, 'collection.json'));
}

export async function runManyUnits(source: UnitSource, positionals: string[], values: Values, io: Io, ctx: CommandContext, opts: Omit<UnitRunOptions, 'home'>): Promise<number> {
  if (!positionals.length) throw new UsageError(`${source} needs ${source === 'replay' ? 'recordings or a folder of them' : 'collections or a folder of them'}`);
  const shard = values.shard ? parseShardOption(values.shard as string) : undefined;
  const timingFile = values['shard-by-timing'] as string | undefined;
  if (timingFile && !shard) throw new UsageError('--shard-by-timing balances shards: give --shard i/n too');
  const all = listUnits(source, positionals, ctx.cwd);
  const timings = timingFile ? readTimings(resolvePath(ctx, timingFile)) : undefined;
  const mine = shard ? pickShard(all, shard, timings) : all;
  const label = shard ? shardLabel(shard) : undefined;

  if (values.list) {
    if (values.json) io.out(json({ command: source, shard: label ?? null, of: all.length, hash: unitListHash(all), units: mine.map((u) => ({ id: u.id, kind: u.kind })) }));
    else for (const u of mine) io.out(u.id);
    return EXIT.OK;
  }

  const started = Date.now();
  const home = qaHome(ctx, shard);
  const blob = values.blob
    ? new BlobWriter(resolvePath(ctx, values.blob as string), {
        format: 1,
        command: source,
        run: { count: all.length, hash: unitListHash(all), ids: all.map((u) => u.id) },
        shard: { index: shard?.index ?? 1, total: shard?.total ?? 1, by: timings ? 'timing' : 'round-robin', ids: mine.map((u) => u.id) },
        workbench: { version: ctx.env.SKILLBENCH_VERSION ?? '0.1.0' },
        machine: machine(),
        startedAt: new Date(started).toISOString(),
      })
    : undefined;
  const asJson = Boolean(values.json);
  const results: UnitResult[] = [];
  const t = tally([]);
  try {
    await runUnits(mine, { ...opts, home }, (r) => {
      if (label) r.shard = label;
      results.push(r);
      addTo(t, r);
      blob?.unit(r);
      if (!asJson) io.out(unitLines(r).join('\n'));
    });
  } catch (err) {
    blob?.abandon();
    throw err;
  }
  const exitCode = t.errors ? EXIT.FAILURE : t.failed ? EXIT.TOOL_ERROR : EXIT.OK;
  const end = blob?.close(exitCode);
  const junit = values.junit ? resolvePath(ctx, values.junit as string) : undefined;
  if (junit) writeJUnit(junit, suitesOf(results));
  const wallMs = Date.now() - started;
  if (asJson) {
    io.out(json({ command: source, shard: label ?? null, of: all.length, ...t, exitCode, wallMs, maxRssBytes: end?.maxRssBytes ?? maxRssBytes(), blob: blob?.file ?? null, junit: junit ?? null, results: results.map((r) => ({ id: r.id, status: r.status })) }));
  } else {
    const part = label ? `Shard ${label}: ` : '';
    const errs = t.errors ? `, ${t.errors} could not run` : '';
    io.out(`${part}${t.units} unit${t.units === 1 ? '' : 's'} (of ${all.length}): ${t.passed} passed, ${t.failed} failed${errs}, ${t.cases} case${t.cases === 1 ? '' : 's'}, in ${formatDuration(wallMs)}.`);
    if (blob) io.out(`Wrote the blob to ${blob.file}`);
    if (junit) io.out(`Wrote JUnit to ${junit}`);
  }
  return exitCode;
}

function parseShardOption(text: string): Shard {
  try {
    return parseShard(text);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

const MAX_LINES = 10;

function unitLines(r: UnitResult): string[] {
  const n = r.cases.length;
  if (r.status === 'error') return [`✗ ${r.id}: could not run: ${r.error ?? 'no reason given'}`];
  const lines = [`${r.status === 'pass' ? '✓' : '✗'} ${r.id} (${n} case${n === 1 ? '' : 's'}, ${r.durationMs} ms)`];
  const failures = r.cases.flatMap((c) => (c.failure ? [`    ${c.name}: ${c.failure.message}`] : []));
  lines.push(...failures.slice(0, MAX_LINES));
  if (failures.length > MAX_LINES) lines.push(`    … and ${failures.length - MAX_LINES} more`);
  return lines;
}
