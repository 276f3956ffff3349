/**
 * `skillbench merge-reports DIR...`: the shards' blobs (replay/run --blob DIR) joined into one JUnit file
 * and one HTML report with a shard column. A unit missing from every blob, or in two, is an error naming
 * it (exit 2) and nothing is written; otherwise the exit code is the worst shard's.
 */
import { writeFileAtomicSync } from '../../host/atomic-write';
import { findBlobs } from '../../qa/blob';
import { writeJUnit } from '../../qa/junit';
import { mergeBlobFiles } from '../../qa/merge';
import { mergedHtml } from '../../qa/results-report';
import { suitesOf, tally } from '../../qa/unit-results';
import { parse } from '../args';
import { resolvePath, type CommandContext } from '../context';
import { json, UsageError, type Io } from '../output';

export const help = 'merge-reports <blob-dir>... [--junit FILE] [--html FILE] [--json]   join the shards of a replay or run (--blob DIR) into one report';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { junit: { type: 'string' }, html: { type: 'string' } });
  if (!positionals.length) throw new UsageError('merge-reports needs the folders the shards wrote their blobs to (--blob DIR)');
  const files = findBlobs(positionals.map((p) => resolvePath(ctx, p)));
  const merged = mergeBlobFiles(files);
  const junit = values.junit ? resolvePath(ctx, values.junit as string) : undefined;
  const html = values.html ? resolvePath(ctx, values.html as string) : undefined;
  if (junit) writeJUnit(junit, suitesOf(merged.results));
  if (html) writeFileAtomicSync(html, mergedHtml(merged));
  const t = tally(merged.results);
  if (values.json) {
    io.out(json({ ...t, exitCode: merged.exitCode, runs: merged.runs, shards: merged.shards.map((s) => ({ shard: s.label, command: s.command, units: s.units, host: s.machine.hostname, wallMs: s.end.wallMs, maxRssBytes: s.end.maxRssBytes, exitCode: s.end.exitCode })), junit: junit ?? null, html: html ?? null, results: merged.results.map((r) => ({ id: r.id, status: r.status, shard: r.shard })) }));
  } else {
    const errs = t.errors ? `, ${t.errors} could not run` : '';
    io.out(`Merged ${files.length} blob${files.length === 1 ? '' : 's'}: ${t.units} unit${t.units === 1 ? '' : 's'}, ${t.passed} passed, ${t.failed} failed${errs}; ${t.cases} case${t.cases === 1 ? '' : 's'}.`);
    for (const r of merged.results.filter((x) => x.status !== 'pass')) io.out(`✗ ${r.id} (shard ${r.shard})${r.error ? `: ${r.error}` : ''}`);
    if (junit) io.out(`Wrote JUnit to ${junit}`);
    if (html) io.out(`Wrote the HTML report to ${html}`);
  }
  return merged.exitCode;
}
