import type { EvalCell, EvalModel, EvalReport } from '../../contract';
import { openChatModel } from '../../agent/chat-model';
import { skillChatTarget } from '../../agent/chat-target';
import { DEFAULT_KEY_ENV } from '../../agent/model-keys';
import { BlobWriter, machine, maxRssBytes } from '../../qa/blob';
import { evalUnitContext, evalUnitId, evalUnitResult, failureLines, runEvalSuite, runsNeeded } from '../../qa/eval-run';
import { MAX_RUNS, type EvalSuite } from '../../qa/eval-suite';
import { impliedTriggerSuite, isTriggerSuite, loadSuite, type TriggerSuite } from '../../qa/trigger-suite';
import { isDir } from '../../protocols/refs';
import { runHostTriggerCommand } from './eval-host';
import { runTriggerCommand } from './eval-triggers';
import { modelsOf, withIds } from '../eval-models';
import { writeJUnit } from '../../qa/junit';
import { readTimings } from '../../qa/junit-timings';
import { parseShard, pickShard, shardLabel, type Shard } from '../../qa/shard';
import { suitesOf } from '../../qa/unit-results';
import { unitIdOf, unitListHash } from '../../qa/units';
import { formatDuration } from '../../qa/report-model';
import { parse } from '../args';
import { resolvePath, type CommandContext } from '../context';
import { MODEL_OPTIONS } from '../model-options';
import { openSkill, RUN_OPTIONS } from '../open-skill';
import { EXIT, json, UsageError, type Io } from '../output';
import { qaHome } from '../qa-home';
import { UNIT_OPTIONS } from '../qa-units';

export const help =
  'eval <suite|skills folder> [--model NAME]... [--provider openai|anthropic] [--base-url URL] [--api-key-env VAR] [--runs N] [--junit FILE] [--json] [--shard i/n [--shard-by-timing FILE]] [--list] [--blob DIR] [--host claude-code[@version]]   run an eval suite (YAML or JSON): each case\'s prompt through the skill\'s message flow with a model, its tool calls and answer checked, as many runs as it says; --model more than once (or a models: list in the suite) runs the cases on each side by side; a trigger suite (kind: trigger), or a folder of Agent Skills, asks which skill the model activates for each query against the catalog of them all (trigger rates, precision and recall per skill, the collision matrix); with --host, each query through that real agent host (its Skill call read from its output) beside the simulator\'s pick; exit 0 when every case (or query) reaches its pass rate, 1 when one does not, 2 when it cannot run';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { ...MODEL_OPTIONS, model: { type: 'string', multiple: true }, runs: { type: 'string' }, junit: { type: 'string' }, host: { type: 'string' }, timeout: { type: 'string' }, ...RUN_OPTIONS, ...UNIT_OPTIONS });
  if (positionals.length !== 1) throw new UsageError('eval needs one suite file (YAML or JSON; see the README\'s Evals section)');
  const runs = runsOption(values.runs as string | undefined);
  const file = resolvePath(ctx, positionals[0]);
  let loaded: EvalSuite | TriggerSuite;
  try {
    // A folder of skills is a trigger eval of their evals/evals.json files.
    loaded = isDir(file) ? impliedTriggerSuite(file) : loadSuite(file);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.host !== undefined) {
    if (!isTriggerSuite(loaded)) throw new UsageError('--host runs a trigger suite (kind: trigger) or a folder of Agent Skills through a real agent host; a tool-call suite does not take it yet');
    return runHostTriggerCommand(loaded, values, runs, io, ctx);
  }
  if (isTriggerSuite(loaded)) return runTriggerCommand(loaded, values, runs, io, ctx);
  const suite = loaded;
  const configs = modelsOf(values, suite);
  const models = withIds(configs);
  const shard = values.shard ? shardOption(values.shard as string) : undefined;
  const timingFile = values['shard-by-timing'] as string | undefined;
  if (timingFile && !shard) throw new UsageError('--shard-by-timing balances shards: give --shard i/n too');

  // The matrix as units (case × model), sorted, so shards split it as they split recordings and requests.
  const suiteId = unitIdOf(file, ctx.cwd);
  const all = suite.cases.flatMap((c) => models.map((m) => ({ id: evalUnitId(suiteId, m.info.id, c.name), case: c.name, model: m.info.id }))).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const mine = shard ? pickShard(all, shard, timingFile ? readTimings(resolvePath(ctx, timingFile)) : undefined) : all;
  if (values.list) {
    if (values.json) io.out(json({ command: 'eval', shard: shard ? shardLabel(shard) : null, of: all.length, hash: unitListHash(all), units: mine.map((u) => ({ id: u.id, kind: 'eval' })) }));
    else for (const u of mine) io.out(u.id);
    return EXIT.OK;
  }
  if (!suite.skillPath) throw new UsageError(`${file} does not say which skill it tests: add skill: <its folder, relative to the suite> (or keep the suite in <skill>/.skillbench/evals/)`);

  const home = qaHome(ctx, shard);
  // The models' keys are the workbench's: even a skill given this shell's environment (--inherit-env) gets none of them.
  const hidden = Object.fromEntries(configs.map((c) => [c.apiKeyEnv ?? DEFAULT_KEY_ENV[c.provider], undefined]));
  const skillCtx: CommandContext = { ...ctx, env: { ...ctx.env, ...hidden, SKILLBENCH_HOME: home } };
  const rt = openSkill(skillCtx, suite.skillPath, { ...values, skill: values.skill ?? suite.skillName });
  const started = Date.now();
  const blob = values.blob
    ? new BlobWriter(resolvePath(ctx, values.blob as string), {
        format: 1,
        command: 'eval',
        run: { count: all.length, hash: unitListHash(all), ids: all.map((u) => u.id) },
        shard: { index: shard?.index ?? 1, total: shard?.total ?? 1, by: timingFile ? 'timing' : 'round-robin', ids: mine.map((u) => u.id) },
        workbench: { version: ctx.env.SKILLBENCH_VERSION ?? '0.1.0' },
        machine: machine(),
        startedAt: new Date(started).toISOString(),
      })
    : undefined;
  const wanted = new Set(mine.map((u) => u.id));
  const unit = evalUnitContext(suite, suiteId, { name: rt.ref.name, dir: rt.ref.dir }, models.map((m) => m.info), runs);
  const asJson = Boolean(values.json);
  let report: EvalReport;
  try {
    const opened = models.map((m) => {
      const chat = openChatModel(m.config, { env: ctx.env, secrets: rt.homeStores.secrets });
      if (chat.key.key) rt.redactor.add(chat.key.key);
      return { info: m.info, chat };
    });
    const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
    if (!asJson) io.out(`${suite.name} on ${rt.ref.name}: ${n(suite.cases.length, 'case')} × ${n(models.length, 'model')}${shard ? ` (shard ${shardLabel(shard)}: ${mine.length} of the ${all.length})` : ''}`);
    report = await runEvalSuite(suite, {
      target: skillChatTarget(rt),
      skill: unit.skill,
      models: opened,
      runs,
      only: (c, m) => wanted.has(evalUnitId(suiteId, m, c)),
      onCell: (cell) => {
        const safe = rt.redactor.value(cell);
        blob?.unit({ ...evalUnitResult(safe, unit), ...(shard ? { shard: shardLabel(shard) } : {}) });
        if (!asJson) io.out(cellLines(safe, models.find((m) => m.info.id === cell.model)?.info, unit.runsOf(cell.case)).join('\n'));
      },
    });
  } catch (err) {
    blob?.abandon();
    throw err;
  } finally {
    await rt.close();
  }
  report = rt.redactor.value(report);
  const exitCode = report.errors ? EXIT.FAILURE : report.pass ? EXIT.OK : EXIT.TOOL_ERROR;
  const end = blob?.close(exitCode);
  const results = report.cells.map((c) => ({ ...evalUnitResult(c, unit), ...(shard ? { shard: shardLabel(shard) } : {}) }));
  const junit = values.junit ? resolvePath(ctx, values.junit as string) : undefined;
  if (junit) writeJUnit(junit, suitesOf(results));
  if (asJson) io.out(json({ ...report, exitCode, ...(shard ? { shard: shardLabel(shard) } : {}), junit: junit ?? null, blob: blob?.file ?? null, maxRssBytes: end?.maxRssBytes ?? maxRssBytes() }));
  else {
    if (models.length > 1) io.out(matrix(report).join('\n'));
    const passed = report.cells.filter((c) => c.pass).length;
    const errs = report.errors ? `, ${report.errors} could not run` : '';
    io.out(`${passed} of ${report.cells.length} passed${errs}, in ${formatDuration(report.durationMs)}.`);
    if (blob) io.out(`Wrote the blob to ${blob.file}`);
    if (junit) io.out(`Wrote JUnit to ${junit}`);
  }
  return exitCode;
}

function runsOption(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > MAX_RUNS) throw new UsageError(`--runs takes a whole number from 1 to ${MAX_RUNS}, not "${v}"`);
  return n;
}

function shardOption(text: string): Shard {
  try {
    return parseShard(text);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

const MAX_LINES = 24;

/** A cell as it ends: its verdict, and what the failed runs did against what was expected. */
function cellLines(cell: EvalCell, model: EvalModel | undefined, runs: number): string[] {
  const who = `${cell.case} [${model?.label ?? cell.model}]`;
  if (cell.error) return [`✗ ${who}: could not run: ${cell.error}`];
  const lines = [`${cell.pass ? '✓' : '✗'} ${who}: ${cell.passed} of ${cell.runs.length} run${cell.runs.length === 1 ? '' : 's'} passed (needs ${runsNeeded(cell.threshold, runs)})`];
  const failures = failureLines(cell).map((l) => `    ${l}`);
  lines.push(...failures.slice(0, MAX_LINES));
  if (failures.length > MAX_LINES) lines.push(`    … and ${failures.length - MAX_LINES} more lines (--json has them all)`);
  return lines;
}

/** Cases down, models across, each cell its passing runs. */
function matrix(r: EvalReport): string[] {
  const head = ['case', ...r.models.map((m) => m.label)];
  const rows = r.cases
    .filter((c) => r.cells.some((x) => x.case === c.name))
    .map((c) => [
      c.name,
      ...r.models.map((m) => {
        const cell = r.cells.find((x) => x.case === c.name && x.model === m.id);
        if (!cell) return '';
        if (cell.error) return '! error';
        return `${cell.pass ? '✓' : '✗'} ${cell.passed}/${cell.runs.length}`;
      }),
    ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((v, i) => v.padEnd(widths[i])).join('  ').trimEnd();
  return ['', line(head), ...rows.map(line), ''];
}
