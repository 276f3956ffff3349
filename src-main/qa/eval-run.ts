/**
 * Running an eval suite (eval-suite.ts): each case on each model (a cell of the matrix), as many runs as the case
 * asks, each run a fresh conversation of the case's turns through the real chat turn (agent/chat-turn.ts) on the
 * skill; each run checked (eval-match.ts), and the cell passes when its share of passing runs reaches the case's
 * pass rate. A model that cannot be asked (unreachable, its key refused) makes its cell an error, which says
 * nothing about the model: the run goes on with the other cells.
 *
 * Runs go one after the other, so a skill's state and a scripted model see them in order. The caller opens the
 * skill's runtime and the models, and closes them.
 */
import type { ChatMessage, EvalCaseInfo, EvalCell, EvalModel, EvalReport, EvalRun } from '../contract';
import type { ChatModel } from '../agent/chat-model';
import type { ChatTarget } from '../agent/chat-target';
import { runChatTurn } from '../agent/chat-turn';
import { ALLOW_TOOLS } from '../agent/tool-approval';
import { asText } from '../common/values';
import type { JUnitCase } from './junit';
import { checkRun, type ToolCallMade } from './eval-match';
import type { EvalCase, EvalSuite } from './eval-suite';
import type { UnitResult } from './unit-results';

export interface EvalRunOptions {
  /** The skill, as the model sees it. */
  target: ChatTarget;
  skill: { name: string; dir: string };
  models: { info: EvalModel; chat: ChatModel; maxSteps?: number }[];
  /** Runs of every case, instead of what each case says. */
  runs?: number;
  /** Only the cells this says yes to (a shard's part of the matrix). */
  only?: (caseName: string, modelId: string) => boolean;
  signal?: AbortSignal;
  onCell?: (cell: EvalCell) => void;
}

export async function runEvalSuite(suite: EvalSuite, opts: EvalRunOptions): Promise<EvalReport> {
  const started = performance.now();
  const cells: EvalCell[] = [];
  for (const c of suite.cases) {
    for (const m of opts.models) {
      if (opts.only && !opts.only(c.name, m.info.id)) continue;
      const cell = await runCell(suite, c, m, opts);
      cells.push(cell);
      opts.onCell?.(cell);
    }
  }
  return {
    suite: { file: suite.file, name: suite.name },
    skill: opts.skill,
    models: opts.models.map((m) => m.info),
    cases: suite.cases.map((c) => caseInfo(c, opts.runs)),
    cells,
    pass: cells.every((c) => c.pass),
    errors: cells.filter((c) => c.error).length,
    durationMs: Math.round(performance.now() - started),
  };
}

export function caseInfo(c: EvalCase, runs?: number): EvalCaseInfo {
  return { name: c.name, turns: c.turns, runs: runs ?? c.runs, passRate: c.passRate };
}

/** The runs a cell must pass: its pass rate of its runs, rounded up (2 of 3 for 0.66). */
export function runsNeeded(passRate: number, runs: number): number {
  return Math.max(0, Math.ceil(passRate * runs - 1e-9));
}

async function runCell(suite: EvalSuite, c: EvalCase, m: EvalRunOptions['models'][number], opts: EvalRunOptions): Promise<EvalCell> {
  const total = opts.runs ?? c.runs;
  const cell: EvalCell = { case: c.name, model: m.info.id, runs: [], passed: 0, rate: 0, threshold: c.passRate, pass: false };
  for (let n = 1; n <= total; n++) {
    if (opts.signal?.aborted) {
      cell.error = 'Stopped by the user.';
      break;
    }
    const r = await oneRun(suite, c, m, n, opts);
    if ('cannotRun' in r) {
      cell.error = r.cannotRun;
      break;
    }
    cell.runs.push(r);
  }
  cell.passed = cell.runs.filter((r) => r.pass).length;
  cell.rate = cell.runs.length ? cell.passed / cell.runs.length : 0;
  cell.pass = !cell.error && cell.passed >= runsNeeded(c.passRate, total);
  return cell;
}

/** One conversation of the case's turns, checked; or why it could not be had. */
async function oneRun(suite: EvalSuite, c: EvalCase, m: EvalRunOptions['models'][number], n: number, opts: EvalRunOptions): Promise<EvalRun | { cannotRun: string }> {
  const started = performance.now();
  const history: ChatMessage[] = [];
  const toolCalls: ToolCallMade[] = [];
  const usage: EvalRun['usage'] = {};
  let answer = '';
  let error: string | undefined;
  for (const prompt of c.turns) {
    // An eval is run to exercise the skill's tools: every one runs, stated here rather than assumed.
    const r = await runChatTurn({ target: opts.target, model: m.chat, approval: ALLOW_TOOLS, message: prompt, history: [...history], instructions: suite.instructions, maxSteps: suite.maxSteps ?? m.maxSteps, signal: opts.signal });
    toolCalls.push(...r.toolCalls.map((t) => ({ tool: t.tool, arguments: t.arguments, ok: t.ok })));
    for (const k of ['inputTokens', 'outputTokens', 'costUsd'] as const) if (r.usage[k] !== undefined) usage[k] = (usage[k] ?? 0) + r.usage[k];
    if (!r.ok) {
      // The model, the skill's tool list or Stop: nothing was learnt of the model. The step cap or a hook: a failed run.
      if (r.failure === 'model' || r.failure === 'tools' || r.failure === 'stopped') return { cannotRun: r.error ?? 'The turn could not be made.' };
      error = r.error;
      break;
    }
    answer = r.answer;
    history.push({ role: 'user', text: prompt }, { role: 'assistant', text: r.answer });
  }
  const checks = checkRun(c.expect, { toolCalls, answer, error });
  return { n, pass: checks.every((k) => k.pass), checks, toolCalls, answer, ...(error ? { error } : {}), durationMs: Math.round(performance.now() - started), usage };
}

/** A cell's unit id: the suite's (its path from the run's folder) and the model's, then the case (a suite "split" by case, as units.ts's requests). */
export function evalUnitId(suiteId: string, modelId: string, caseName: string): string {
  return `${suiteId}@${modelId}#${caseName}`;
}

/** What a cell's unit result needs to know of its run. */
export interface EvalUnitContext {
  /** The suite's unit id (its path from the run's folder). */
  suiteId: string;
  suiteName: string;
  skill: { name: string; dir: string };
  models: EvalModel[];
  /** The runs a case was to make. */
  runsOf(caseName: string): number;
}

export function evalUnitContext(suite: EvalSuite, suiteId: string, skill: EvalUnitContext['skill'], models: EvalModel[], runs?: number): EvalUnitContext {
  return { suiteId, suiteName: suite.name, skill, models, runsOf: (name) => runs ?? suite.cases.find((c) => c.name === name)?.runs ?? 1 };
}

/** A cell as a QA unit's result (unit-results.ts): for JUnit (one suite per model), blobs and merged reports. */
export function evalUnitResult(cell: EvalCell, ctx: EvalUnitContext): UnitResult {
  const model = ctx.models.find((m) => m.id === cell.model);
  const durationMs = cell.runs.reduce((a, r) => a + r.durationMs, 0);
  const jc: JUnitCase = { name: cell.case, classname: ctx.skill.name, seconds: durationMs / 1000 };
  if (cell.error) jc.error = { message: cell.error };
  else if (!cell.pass) jc.failure = { message: `${cell.passed} of ${cell.runs.length} runs passed; it needs ${runsNeeded(cell.threshold, ctx.runsOf(cell.case))} (pass rate ${cell.threshold})`, details: failureLines(cell).join('\n') };
  return {
    id: evalUnitId(ctx.suiteId, cell.model, cell.case),
    kind: 'eval',
    suite: { key: `${ctx.suiteId}@${cell.model}`, name: `${ctx.suiteName} on ${model?.label ?? cell.model}`, split: true },
    status: cell.error ? 'error' : cell.pass ? 'pass' : 'fail',
    durationMs,
    cases: [jc],
    ...(cell.error ? { error: cell.error } : {}),
    skill: ctx.skill,
  };
}

/** What the failed runs of a cell did against what was expected, field by field. */
export function failureLines(cell: EvalCell): string[] {
  const out: string[] = [];
  for (const r of cell.runs) {
    if (r.pass) continue;
    out.push(`run ${r.n}:`);
    for (const k of r.checks) {
      if (k.pass) continue;
      out.push(`  ✗ ${k.expected}: ${k.message}`);
      for (const d of k.differences ?? []) out.push(`      ${d.path}: expected ${show(d.recorded)}, the model sent ${show(d.replayed)} (${d.why})`);
    }
  }
  return out;
}

function show(v: unknown): string {
  if (v === undefined) return '(nothing)';
  const s = JSON.stringify(v) ?? asText(v);
  return s.length > 120 ? `${s.slice(0, 119)}…` : s;
}
