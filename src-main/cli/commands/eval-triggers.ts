/**
 * `skillbench eval` on a trigger suite (or a folder of Agent Skills): each query asked of each model against the
 * catalog, a line per query as it ends, then per model each skill's precision and recall, the collision matrix,
 * and the comparison where the suite asks for one. Exit 0 when every query passes on the workspace's catalog, 1
 * when one does not, 2 when a model could not be asked; `--junit` writes a suite per model, a case per query;
 * `--json` prints the report.
 */
import type { TriggerQueryInfo, TriggerQueryResult, TriggerReport, TriggerSide } from '../../contract';
import { openChatModel } from '../../agent/chat-model';
import { Redactor } from '../../engine/redactor';
import { SecretStore } from '../../host/secret-store';
import { writeJUnit, type JUnitSuite } from '../../qa/junit';
import { formatDuration } from '../../qa/report-model';
import { shown, workspaceCatalog } from '../../qa/trigger-catalog';
import { runTriggerSuite } from '../../qa/trigger-run';
import { NONE, percent, shouldTrigger } from '../../qa/trigger-stats';
import type { TriggerSuite } from '../../qa/trigger-suite';
import { homeOf, resolvePath, type CommandContext } from '../context';
import { EXIT, json, UsageError, type Io } from '../output';
import { modelsOf, withIds } from '../eval-models';

export async function runTriggerCommand(suite: TriggerSuite, values: Record<string, unknown>, runs: number | undefined, io: Io, ctx: CommandContext): Promise<number> {
  for (const flag of ['shard', 'shard-by-timing', 'blob', 'list']) if (values[flag] !== undefined) throw new UsageError(`--${flag} splits a suite's cases; a trigger suite runs whole`);
  const models = withIds(modelsOf(values, suite));
  const catalog = workspaceCatalog(suite.skills);
  if (!catalog.entries.length) throw new UsageError(`There is no Agent Skill (a folder with SKILL.md) in ${suite.skills.join(', ')}: a trigger eval needs a catalog.`);
  const secrets = SecretStore.open(homeOf(ctx));
  const redactor = new Redactor();
  const opened = models.map((m) => {
    const chat = openChatModel(m.config, { env: ctx.env, secrets });
    if (chat.key.key) redactor.add(chat.key.key);
    return { info: m.info, chat };
  });
  const asJson = Boolean(values.json);
  const label = (id: string) => models.find((m) => m.info.id === id)?.info.label ?? id;
  if (!asJson) io.out(`${suite.name}: against ${plural(shown(catalog).length, 'skill')} on ${plural(models.length, 'model')}, ${plural(runs ?? suite.runs, 'run')} of each query`);
  let report: TriggerReport;
  try {
    report = await runTriggerSuite(suite, {
      catalog,
      models: opened,
      runs,
      onQuery: (side, q, r) => {
        // The other catalog of a comparison is for comparing: its queries are not verdicts.
        if (!asJson) io.out(redactor.text(queryLine(side.variant === 'workspace' ? label(side.model) : `${label(side.model)}, ${side.variant}`, q, r, side.variant === 'workspace')));
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  report = redactor.value(report);
  const exitCode = report.errors ? EXIT.FAILURE : report.pass ? EXIT.OK : EXIT.TOOL_ERROR;
  const junit = values.junit ? resolvePath(ctx, values.junit as string) : undefined;
  if (junit) writeJUnit(junit, junitSuites(report, label));
  if (asJson) {
    io.out(json({ ...report, exitCode, junit: junit ?? null }));
    return exitCode;
  }
  for (const side of report.sides.filter((s) => s.variant === 'workspace')) io.out(sideLines(report, side, label(side.model)).join('\n'));
  if (report.comparison) io.out(comparisonLines(report, label).join('\n'));
  const main = report.sides.filter((s) => s.variant === 'workspace');
  const asked = main.reduce((n, s) => n + s.queries.length, 0);
  const passed = main.reduce((n, s) => n + s.passed, 0);
  io.out(`${passed} of ${asked} queries passed${report.errors ? `, ${report.errors} could not be asked` : ''}, in ${formatDuration(report.durationMs)}.`);
  if (junit) io.out(`Wrote JUnit to ${junit}`);
  return exitCode;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
const quote = (s: string, max = 70) => JSON.stringify(s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** What a query expects, in words. */
export function expectation(q: TriggerQueryInfo): string {
  if (q.shouldNot !== undefined) return `should not trigger ${q.shouldNot}`;
  return q.should ? `should trigger ${q.should}` : 'should trigger no skill';
}

function queryLine(who: string, q: TriggerQueryInfo, r: TriggerQueryResult, verdict: boolean): string {
  const head = `#${q.id} ${quote(q.query)} [${who}]`;
  if (r.error) return `✗ ${head}: could not be asked: ${r.error}`;
  const picks = new Map<string, number>();
  for (const run of r.runs) picks.set(run.picked ?? NONE, (picks.get(run.picked ?? NONE) ?? 0) + 1);
  const got = [...picks].map(([k, n]) => `${k} ${n}/${r.runs.length}`).join(', ');
  return `${!verdict ? '·' : r.pass ? '✓' : '✗'} ${head}: ${expectation(q)}; trigger rate ${percent(r.triggerRate)} (picked ${got})`;
}

/** Columns padded to their widest; the first `text` columns to the left, the figures to the right. */
function table(head: string[], rows: string[][], text = 1): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (row: string[]) => row.map((v, i) => (i >= text ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(head), ...rows.map(line)];
}

/** Per skill: its figures; then the matrix, expectations down, picks across. */
function sideLines(r: TriggerReport, side: TriggerSide, model: string): string[] {
  const out = ['', `On ${model}:`];
  out.push(
    ...table(
      ['skill', 'expected', 'picked', 'hits', 'precision', 'recall', 'near misses'],
      side.skills.map((s) => [s.skill, String(s.expected), String(s.picked), String(s.hits), percent(s.precision), percent(s.recall), s.nearMisses.runs ? `${s.nearMisses.picked}/${s.nearMisses.runs}` : '–']),
    ).map((l) => `  ${l}`),
  );
  out.push('', '  Which skill was picked (runs; rows: what the query expects):');
  const m = side.matrix;
  out.push(...table(['expected \\ picked', ...m.columns], m.rows.map((row, i) => [row, ...m.counts[i].map(String)])).map((l) => `  ${l}`));
  const failed = side.queries.filter((q) => !q.pass && !q.error).length;
  if (failed) out.push('', `  ${plural(failed, 'query')} fell short of the threshold (${percent(r.threshold)}).`.replace('querys', 'queries'));
  return out;
}

function comparisonLines(r: TriggerReport, label: (id: string) => string): string[] {
  const c = r.comparison!;
  const out = ['', `${c.skill}: as it is, and ${c.againstLabel}: trigger rates of the queries about it`];
  for (const m of r.models) {
    const rows = c.deltas.filter((d) => d.model === m.id).map((d) => {
      const q = r.queries.find((x) => x.id === d.query)!;
      const sign = d.with > d.against ? '+' : '';
      return [`#${q.id} ${quote(q.query, 50)}`, expectation(q), percent(d.with), percent(d.against), `${sign}${Math.round((d.with - d.against) * 100)}`];
    });
    out.push(`  on ${label(m.id)}:`, ...table(['query', 'expects', 'as it is', 'against', 'Δ pts'], rows, 2).map((l) => `    ${l}`));
    const own = (v: TriggerSide['variant']) => r.sides.find((s) => s.model === m.id && s.variant === v)?.skills.find((s) => s.skill === c.skill);
    const a = own('workspace');
    const b = own(c.against);
    if (a && b) out.push(`    ${c.skill}: precision ${percent(a.precision)} → ${percent(b.precision)}, recall ${percent(a.recall)} → ${percent(b.recall)} (as it is → ${c.againstLabel})`);
  }
  if (c.outputs?.length) {
    out.push('', `  Its evals.json cases, answers graded on their expectations (with its instructions → ${c.against === 'old' ? c.againstLabel : 'without them'}):`);
    for (const o of c.outputs) {
      const err = o.with.error ?? o.against.error;
      out.push(`    case ${o.id} [${label(o.model)}]: ${err ? `could not be graded: ${err}` : `${percent(o.with.passRate)} → ${percent(o.against.passRate)}`}`);
    }
  }
  return out;
}

/** A JUnit suite per model (the workspace's catalog), a case per query. */
function junitSuites(r: TriggerReport, label: (id: string) => string): JUnitSuite[] {
  return r.sides
    .filter((s) => s.variant === 'workspace')
    .map((side) => ({
      name: `${r.suite.name} on ${label(side.model)}`,
      cases: side.queries.map((res) => {
        const q = r.queries.find((x) => x.id === res.query)!;
        const seconds = res.runs.reduce((n, run) => n + run.durationMs, 0) / 1000;
        const c: JUnitSuite['cases'][number] = { name: `#${q.id} ${q.query.length > 80 ? `${q.query.slice(0, 79)}…` : q.query}`, classname: q.row, seconds };
        if (res.error) c.error = { message: res.error };
        else if (!res.pass) {
          const picks = res.runs.map((run) => `run ${run.n}: ${run.picked ?? 'no skill'}${run.asked ? ` (asked for "${run.asked}")` : ''}`).join('\n');
          c.failure = { message: `${expectation(q)}: trigger rate ${percent(res.triggerRate)}, ${shouldTrigger(q) ? 'below' : 'at or over'} the threshold ${percent(r.threshold)}`, details: picks };
        }
        return c;
      }),
    }));
}
