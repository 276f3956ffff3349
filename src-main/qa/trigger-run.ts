/**
 * Running a trigger suite (trigger-suite.ts): its queries, and each skill's `evals/evals.json` prompts, asked
 * `runs` times each of every model against the workspace's catalog (trigger-ask.ts), then, where the suite asks
 * for a comparison, the queries about that skill against the other catalog (without it, or its old version).
 * The figures are trigger-stats.ts's.
 *
 * Runs go one after the other (catalog by catalog, model by model, query by query), so a scripted model sees them
 * in order. A model that cannot be asked (unreachable, its key refused) is not asked again in the run: its
 * remaining queries say why, and say nothing of the model.
 */
import type { EvalModel, TriggerComparison, TriggerQueryInfo, TriggerQueryResult, TriggerReport, TriggerRun, TriggerSide } from '../contract';
import type { ChatModel } from '../agent/chat-model';
import { runChatTurn } from '../agent/chat-turn';
import { ALLOW_TOOLS } from '../agent/tool-approval';
import { tokenCounter } from '../protocols/agent-skill';
import { EvalSuiteError, where } from './eval-suite';
import { readSkillEvals, type SkillEvals } from './skill-evals';
import { activationTarget, pickOf, triggerPrompt } from './trigger-ask';
import { comparedCatalog, skillNames, variantOf, type Catalog } from './trigger-catalog';
import { gradeOutputs } from './trigger-outputs';
import { collisionMatrix, queryResult, rowOf, skillStats } from './trigger-stats';
import type { TriggerSuite } from './trigger-suite';

export interface TriggerRunOptions {
  catalog: Catalog;
  models: { info: EvalModel; chat: ChatModel }[];
  /** Runs of every query, instead of what the suite says. */
  runs?: number;
  signal?: AbortSignal;
  /** Told as each query ends (for a command line's progress). */
  onQuery?: (side: Pick<TriggerSide, 'model' | 'variant'>, q: TriggerQueryInfo, r: TriggerQueryResult) => void;
}

/** The queries of a suite against a catalog: the suite's own, then each skill's evals.json; each must name a skill of the catalog. */
export function triggerQueries(suite: TriggerSuite, catalog: Catalog): { queries: TriggerQueryInfo[]; evals: Map<string, SkillEvals> } {
  const names = new Set(catalog.entries.map((e) => e.skill));
  const known = [...names].join(', ') || 'no skills';
  const out: TriggerQueryInfo[] = [];
  const seen = new Set<string>();
  const add = (q: Omit<TriggerQueryInfo, 'id' | 'row'>, line?: number) => {
    for (const s of [q.should, q.shouldNot]) {
      if (s && !names.has(s)) throw new EvalSuiteError(`${where(suite.file, q.source === 'suite' ? line : undefined)}: the query "${short(q.query)}"${q.source === 'suite' ? '' : ` (from ${q.source})`} names the skill "${s}", which is not in the catalog (${known}).`);
    }
    const row = rowOf(q);
    const key = `${row}\u0000${q.query}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ id: out.length + 1, ...q, row });
  };
  for (const q of suite.queries) add({ query: q.query, ...(q.shouldNot !== undefined ? { shouldNot: q.shouldNot } : { should: q.should ?? null }), source: q.source }, q.line);
  const evals = new Map<string, SkillEvals>();
  if (suite.skillEvals) {
    for (const e of catalog.entries) {
      if (Array.isArray(suite.skillEvals) && !suite.skillEvals.includes(e.skill)) continue;
      const found = readSkillEvals(e.dir);
      if (!found) continue;
      evals.set(e.skill, found);
      const source = `${e.name}/evals/evals.json`;
      for (const c of found.cases) add({ query: c.prompt, should: e.skill, source });
      for (const t of found.triggers) add({ query: t.query, ...(t.shouldTrigger ? { should: e.skill } : { shouldNot: e.skill }), source });
    }
  }
  if (!out.length) throw new EvalSuiteError(`${suite.file}: there is no query to ask: the suite lists none${suite.skillEvals ? ', and no skill of the catalog has evals/evals.json' : ''}.`);
  if (suite.compare && !names.has(suite.compare.skill)) throw new EvalSuiteError(`${where(suite.file, suite.compare.line)}: compare names the skill "${suite.compare.skill}", which is not in the catalog (${known}).`);
  return { queries: out, evals };
}

export async function runTriggerSuite(suite: TriggerSuite, opts: TriggerRunOptions): Promise<TriggerReport> {
  const started = performance.now();
  const { queries, evals } = triggerQueries(suite, opts.catalog);
  const runs = opts.runs ?? suite.runs;
  const catalogs = [opts.catalog];
  const compared = suite.compare ? queries.filter((q) => q.should === suite.compare!.skill || q.shouldNot === suite.compare!.skill).map((q) => q.id) : [];
  if (suite.compare) catalogs.push(comparedCatalog(opts.catalog, suite.compare.skill, suite.compare.against));
  const down = new Map<string, string>();
  const sides: TriggerSide[] = [];
  for (const catalog of catalogs) {
    const asked = catalog === opts.catalog ? queries : queries.filter((q) => compared.includes(q.id));
    for (const m of opts.models) sides.push(await runSide(suite, catalog, asked, m, runs, down, opts));
  }
  const count = await tokenCounter();
  const variants = catalogs.map((c) => ({ ...variantOf(c), promptTokens: count(triggerPrompt(c, suite.activation, suite.instructions)) }));
  const main = sides.filter((s) => s.variant === 'workspace');
  let comparison: TriggerComparison | undefined;
  if (suite.compare) {
    const other = catalogs[1];
    comparison = {
      skill: suite.compare.skill,
      against: other.variant === 'old' ? 'old' : 'without',
      againstLabel: other.label,
      queries: compared,
      deltas: opts.models.flatMap((m) => {
        const a = sides.find((s) => s.model === m.info.id && s.variant === 'workspace')!;
        const b = sides.find((s) => s.model === m.info.id && s.variant !== 'workspace')!;
        return compared.map((id) => ({ query: id, model: m.info.id, with: rateIn(a, id), against: rateIn(b, id) }));
      }),
    };
    const cases = evals.get(suite.compare.skill)?.cases.filter((c) => c.expectations.length) ?? [];
    if (suite.compare.outputs && cases.length) {
      const withBody = opts.catalog.entries.find((e) => e.skill === suite.compare!.skill)!;
      const againstBody = other.entries.find((e) => e.skill === suite.compare!.skill);
      comparison.outputs = await gradeOutputs(cases, { skill: withBody, against: againstBody, models: opts.models.filter((m) => !down.has(m.info.id)), signal: opts.signal });
    }
  }
  return {
    kind: 'trigger',
    suite: { file: suite.file, name: suite.name },
    activation: suite.activation,
    runs,
    threshold: suite.threshold,
    variants,
    models: opts.models.map((m) => m.info),
    queries,
    sides,
    ...(comparison ? { comparison } : {}),
    pass: main.every((s) => s.queries.every((q) => q.pass)),
    errors: sides.reduce((n, s) => n + s.errors, 0),
    durationMs: Math.round(performance.now() - started),
  };
}

const rateIn = (side: TriggerSide, id: number) => side.queries.find((q) => q.query === id)?.triggerRate ?? 0;

async function runSide(suite: TriggerSuite, catalog: Catalog, queries: TriggerQueryInfo[], m: TriggerRunOptions['models'][number], runs: number, down: Map<string, string>, opts: TriggerRunOptions): Promise<TriggerSide> {
  const target = activationTarget(catalog, suite.activation);
  const instructions = triggerPrompt(catalog, suite.activation, suite.instructions);
  const results: TriggerQueryResult[] = [];
  for (const q of queries) {
    const made: TriggerRun[] = [];
    let error = down.get(m.info.id);
    for (let n = 1; n <= runs && !error; n++) {
      if (opts.signal?.aborted) {
        error = 'Stopped by the user.';
        break;
      }
      const started = performance.now();
      // One model request: the activation is in its answer; what comes of it is not this eval's. Its tools (the
      // catalog's activation) run: the eval's stated policy.
      const r = await runChatTurn({ target, model: m.chat, approval: ALLOW_TOOLS, message: q.query, instructions, maxSteps: 1, signal: opts.signal });
      if (!r.ok && (r.failure === 'model' || r.failure === 'tools' || r.failure === 'stopped')) {
        error = r.error ?? 'The model could not be asked.';
        if (r.failure !== 'stopped') down.set(m.info.id, error);
        break;
      }
      const said = r.modelAnswer.trim();
      made.push({ n, ...pickOf(catalog, r.toolCalls), ...(said ? { text: said.length > 300 ? `${said.slice(0, 299)}…` : said } : {}), durationMs: Math.round(performance.now() - started), usage: r.usage });
    }
    const res = queryResult(q, made, suite.threshold, error);
    results.push(res);
    opts.onQuery?.({ model: m.info.id, variant: catalog.variant }, q, res);
  }
  const names = skillNames(catalog);
  return {
    model: m.info.id,
    variant: catalog.variant,
    queries: results,
    skills: skillStats(names, queries, results),
    matrix: collisionMatrix(names, queries, results),
    passed: results.filter((r) => r.pass).length,
    errors: results.filter((r) => r.error).length,
  };
}

const short = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);
