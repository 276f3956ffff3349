/**
 * `skillbench eval <trigger suite or skills folder> --host claude-code[@version] --model M --provider anthropic`:
 * the suite's queries through the real host, each run a fresh headless start against the model proxy (forwarding
 * to the model named), what it activated read from its own output, the simulator's pick on the same model beside
 * it. A line per query as it ends, then the summary; `--json` prints the report. Exit 0 when every should-trigger
 * query's runs activated its skill at the suite's threshold and no should-not query's did, 1 otherwise, 2 when a
 * run could not be made.
 */
import { openChatModel } from '../../agent/chat-model';
import { Redactor } from '../../engine/redactor';
import { SecretStore } from '../../host/secret-store';
import { runHostTriggers, type HostTriggerQuery, type HostTriggerReport } from '../../qa/host-triggers';
import { percent } from '../../qa/trigger-stats';
import { workspaceCatalog } from '../../qa/trigger-catalog';
import type { TriggerSuite } from '../../qa/trigger-suite';
import { seconds } from '../args';
import { homeOf, type CommandContext } from '../context';
import { modelsOf, withIds } from '../eval-models';
import { hostOption, modelAnswer } from '../host-options';
import { EXIT, json, UsageError, type Io } from '../output';

const DEFAULT_TIMEOUT_MS = 180_000;

export async function runHostTriggerCommand(suite: TriggerSuite, values: Record<string, unknown>, runs: number | undefined, io: Io, ctx: CommandContext): Promise<number> {
  for (const flag of ['shard', 'shard-by-timing', 'blob', 'list', 'junit']) if (values[flag] !== undefined) throw new UsageError(`--${flag} is not taken with --host yet`);
  const home = homeOf(ctx);
  const { kind, host } = hostOption(values.host, home, ctx);
  const models = withIds(modelsOf(values, suite));
  if (models.length !== 1) throw new UsageError('--host runs on one model: the proxy forwards the host to it, and the simulator asks it too');
  const [model] = models;
  const answer = modelAnswer(model.config, ctx, home);
  const chat = openChatModel(model.config, { env: ctx.env, secrets: SecretStore.open(home) });
  const redactor = new Redactor();
  if (chat.key.key) redactor.add(chat.key.key);
  const catalog = workspaceCatalog(suite.skills);
  if (!catalog.entries.length) throw new UsageError(`There is no Agent Skill (a folder with SKILL.md) in ${suite.skills.join(', ')}: a trigger eval needs a catalog.`);
  const asJson = Boolean(values.json);
  const n = runs ?? suite.runs;
  if (!asJson) io.out(`${suite.name}: through ${host.id} ${host.version ?? ''}, on ${model.info.label}, ${n} run${n === 1 ? '' : 's'} of each query`.replace('  ', ' '));
  let report: HostTriggerReport;
  try {
    report = await runHostTriggers(suite, {
      catalog,
      kind,
      host,
      answer,
      simulator: { info: model.info, chat },
      runs: n,
      env: ctx.env,
      timeoutMs: seconds(values.timeout as string | undefined, 'timeout') ?? DEFAULT_TIMEOUT_MS,
      scratchRoot: ctx.env.TMPDIR || undefined,
      onQuery: (q) => {
        if (!asJson) io.out(redactor.text(queryLine(q, suite.threshold)));
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  report = redactor.value(report);
  const errors = report.queries.filter((q) => q.error).length;
  const passed = report.queries.filter((q) => passes(q, suite.threshold)).length;
  const exitCode = errors ? EXIT.FAILURE : passed === report.queries.length ? EXIT.OK : EXIT.TOOL_ERROR;
  if (asJson) {
    io.out(json({ ...report, exitCode }));
    return exitCode;
  }
  const s = report.summary;
  io.out(`Trigger rate ${percent(s.triggerRate)}, precision ${percent(s.precision)}, recall ${percent(s.recall)}; the host and the simulator agreed in ${percent(s.agreement)} of runs.`);
  io.out(`${passed} of ${report.queries.length} queries passed in the host${errors ? `, ${errors} could not be run` : ''}.`);
  return exitCode;
}

/** Whether the host's runs met the query's expectation at the threshold. */
function passes(q: HostTriggerQuery, threshold: number): boolean {
  if (q.error || !q.activated.length) return false;
  const rate = (name: string | null) => q.activated.filter((a) => (name === null ? a !== null : a === name)).length / q.activated.length;
  if (q.shouldNot !== undefined) return rate(q.shouldNot) < threshold - 1e-9;
  return q.expected ? rate(q.expected) >= threshold - 1e-9 : rate(null) < threshold - 1e-9;
}

const names = (picks: (string | null)[]) => picks.map((p) => p ?? '-').join(', ');

function queryLine(q: HostTriggerQuery, threshold: number): string {
  const head = `#${q.id} ${JSON.stringify(q.query.length > 70 ? `${q.query.slice(0, 69)}…` : q.query)}`;
  if (q.error) return `✗ ${head}: could not be run: ${q.error}`;
  const want = q.shouldNot !== undefined ? `not ${q.shouldNot}` : (q.expected ?? 'none');
  return `${passes(q, threshold) ? '✓' : '✗'} ${head} (expects ${want}): the host activated ${names(q.activated)}; the simulator picked ${names(q.simulator) || '-'}`;
}
