import { asText } from '../../common/values';
import { runCollection, type RequestResult, type RunReport } from '../../qa/collection-runner';
import { writeJUnit } from '../../qa/junit';
import { requestCase } from '../../qa/unit-results';
import { parse, seconds } from '../args';
import { resolvePath, type CommandContext } from '../context';
import { EXIT, json, UsageError, type Io } from '../output';
import { qaHome } from '../qa-home';
import { manyUnits, runManyUnits, UNIT_OPTIONS } from '../qa-units';

export const help =
  'run <collection|folder>... [--shard i/n [--shard-by-timing FILE]] [--list] [--blob DIR] [--env NAME] [--skill PATH] [--timeout S] [--junit FILE] [--json]   run saved requests and check their assertions';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { env: { type: 'string' }, junit: { type: 'string' }, timeout: { type: 'string' }, ...UNIT_OPTIONS });
  const [dir] = positionals;
  if (!dir) throw new UsageError('run needs a collection: its folder (for example <skill>/.skillbench/collections/smoke) or its collection.json; or several, or a folder of them');
  const skillPath = values.skill === undefined ? undefined : resolvePath(ctx, values.skill as string);
  const timeoutMs = seconds(values.timeout as string | undefined, 'timeout');
  const env = values.env as string | undefined;
  if (manyUnits('run', positionals, values, ctx)) return runManyUnits('run', positionals, values, io, ctx, { collectionEnv: env, skillPath, timeoutMs, secretEnv: ctx.env });
  const asJson = Boolean(values.json);
  const report = await runCollection(resolvePath(ctx, dir), {
    env,
    home: qaHome(ctx),
    skillPath,
    timeoutMs,
    secretEnv: ctx.env,
    onResult: asJson ? undefined : (r) => io.out(resultLines(r).join('\n')),
  });
  if (values.junit) writeJUnit(resolvePath(ctx, values.junit as string), [suiteOf(report)]);
  if (asJson) io.out(json(report));
  else io.out(summary(report));
  return report.failed ? EXIT.TOOL_ERROR : EXIT.OK;
}

function resultLines(r: RequestResult): string[] {
  const lines = [`${r.pass ? '✓' : '✗'} ${r.name} (${r.tool}, ${r.durationMs} ms)`];
  for (const a of r.assertions) {
    if (a.pass) continue;
    lines.push(`    ${a.message}`);
    // Several fields differ: one line each, as a replay lists them.
    const diffs = a.differences ?? [];
    if (diffs.length > 1) for (const d of diffs.slice(0, MAX_DIFF_LINES)) lines.push(`      ${d.path}: expected ${shown(d.recorded)}, got ${shown(d.replayed)}${d.why === 'it differs' ? '' : ` (${d.why})`}`);
    if (diffs.length > MAX_DIFF_LINES) lines.push(`      … and ${diffs.length - MAX_DIFF_LINES} more (--json lists them all)`);
  }
  return lines;
}

const MAX_DIFF_LINES = 10;

function shown(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v) ?? asText(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

function summary(r: RunReport): string {
  const n = r.results.length;
  const where = `${r.collection.name}${r.env ? ` (${r.env})` : ''} on ${r.skill.name}`;
  if (n === 0) return `${where}: the collection has no requests.`;
  if (n === 1) return `${where}: the request ${r.failed ? 'failed' : 'passed'}.`;
  if (!r.failed) return `${where}: all ${n} requests passed.`;
  return `${where}: ${r.passed} of ${n} requests passed; ${r.failed} failed.`;
}

function suiteOf(r: RunReport): { name: string; cases: ReturnType<typeof requestCase>[] } {
  return { name: r.env ? `${r.collection.name} (${r.env})` : r.collection.name, cases: r.results.map((res) => requestCase(res, r.skill.name)) };
}
