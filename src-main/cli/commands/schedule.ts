/**
 * `skillbench schedule <agent>`: an agent's `schedule:` entries with their next runs; with `--once`,
 * every enabled entry run once now, in order, as CI wants it. Each run is a call of the skill's action
 * with the entry's params, with the skill's saved settings and secrets, added to the skill's history
 * (the app shows it) and marked on its timeline. An entry whose task is a prompt for the agent runs as a chat
 * turn with the model the flags name, the agent's skills as its tools (each call in its skill's history);
 * without --model it is listed as needing one, and passed over: never an error.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AgentSchedule, CallOutcome, ModelConfig, SkillRef } from '../../contract';
import { openChatModel } from '../../agent/chat-model';
import { runScheduledPrompt, scheduledApproval, turnOutcome } from '../../agent/scheduled-prompt';
import { firstLine } from '../../common/first-line';
import { skillFolder } from '../../host/workbench-home';
import { readAgentConfig, type AgentConfig } from '../../protocols/action';
import { nextRun, parseCron } from '../../protocols/action';
import { agentDirOf, detectActionDir } from '../../protocols/action';
import { CallHistory } from '../../runtime/history';
import { LiveRuntime } from '../../runtime/live-runtime';
import { SkillRuntime } from '../../runtime/skill-runtime';
import { parse, seconds } from '../args';
import { homeOf, type CommandContext } from '../context';
import { formatLocal } from '../format-time';
import { MODEL_OPTIONS, modelConfigOf } from '../model-options';
import { EXIT, json, table, UsageError, type Io } from '../output';
import { exitCode } from './call';

export const help =
  'schedule <agent> [--once] [--skill NAME] [--timeout S] [--model NAME [--provider openai|anthropic] [--base-url URL] [--api-key-env VAR]] [--json]   an agent\'s schedule: entries with their next runs; --once runs each enabled entry now (for CI); an entry whose task is a prompt for the agent runs as a chat turn with the model --model names (the agent\'s skills as its tools), and without one is passed over as needing a model';

/** What a prompt without a model is, wherever it is listed. */
const NEEDS_MODEL = 'a prompt for the agent, which needs a model: give --model';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { once: { type: 'boolean' }, timeout: { type: 'string' }, ...MODEL_OPTIONS });
  const model = modelConfigOf(values);
  const dir = agentFolder(ctx, positionals[0]);
  const config = readAgentConfig(dir);
  if (!config) throw new UsageError(`${positionals[0]} has no agent.yaml that can be read`);
  const only = values.skill as string | undefined;
  const entries = config.schedules.filter((s) => !only || s.skill === only);
  if (!entries.length) {
    io.out(only ? `${config.file} schedules nothing for ${only}.` : `${config.file} has no schedule: entries.`);
    return EXIT.OK;
  }
  if (!values.once) return list(entries, io, !!values.json, !!model);
  return runOnce(homeOf(ctx), dir, config, entries, io, { json: !!values.json, timeoutMs: seconds(values.timeout as string | undefined, 'timeout'), model, ctx });
}

function agentFolder(ctx: CommandContext, target: string | undefined): string {
  if (!target) throw new UsageError('schedule needs an agent folder (the folder with agent.yaml)');
  const abs = path.resolve(ctx.cwd, target);
  const stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`there is no folder or file at ${target}`);
  if (stat.isDirectory()) return abs;
  return agentDirOf(path.dirname(abs)) ?? path.dirname(abs);
}

function list(entries: AgentSchedule[], io: Io, asJson: boolean, hasModel: boolean): number {
  const now = new Date();
  const rows = entries.map((s) => {
    const parsed = parseCron(s.cron);
    const next = s.problem || !s.enabled || typeof parsed === 'string' ? null : nextRun(parsed, now);
    return { ...s, nextRun: next ? next.getTime() : null, ...(s.prompt && !hasModel ? { needsModel: true } : {}) };
  });
  if (asJson) {
    io.out(json(rows));
    return EXIT.OK;
  }
  const lines = [['SCHEDULE', 'CRON', 'TASK', 'NEXT RUN']];
  for (const r of rows) {
    let when = r.problem ? `cannot run: ${r.problem}` : !r.enabled ? 'disabled' : r.nextRun ? formatLocal(new Date(r.nextRun)) : 'never';
    if (r.needsModel && !r.problem && r.enabled) when += ` (${NEEDS_MODEL})`;
    lines.push([r.id, r.cron, r.prompt ? `prompt: ${firstLine(r.prompt, 40)}` : `${r.skill} ${r.action}`, when]);
  }
  io.out(table(lines));
  return EXIT.OK;
}

interface RunResult {
  schedule: string;
  skill: string;
  action: string;
  prompt?: string;
  answer?: string;
  toolCalls?: unknown[];
  ok: boolean;
  durationMs: number;
  result?: unknown;
  error?: CallOutcome['error'];
  skipped?: string;
}

interface OnceOptions {
  json: boolean;
  timeoutMs?: number;
  model?: ModelConfig;
  ctx: CommandContext;
}

async function runOnce(home: string, dir: string, config: AgentConfig, entries: AgentSchedule[], io: Io, opts: OnceOptions): Promise<number> {
  const refs = detectActionDir(dir, path.dirname(dir));
  const results: RunResult[] = [];
  let code: number = EXIT.OK;
  for (const entry of entries) {
    const base = { schedule: entry.id, skill: entry.skill, action: entry.action, ...(entry.prompt ? { prompt: entry.prompt } : {}) };
    if (entry.problem || !entry.enabled || (entry.prompt && !opts.model)) {
      const why = entry.problem ?? (entry.enabled ? NEEDS_MODEL : 'disabled in agent.yaml');
      results.push({ ...base, ok: !entry.problem, durationMs: 0, skipped: why });
      if (entry.problem) code = Math.max(code, EXIT.FAILURE);
      if (!opts.json) io.err(`- ${entry.id}: not run (${why})`);
      continue;
    }
    if (entry.prompt) {
      const done = await runPrompt(home, config, refs, entry.id, entry.prompt, opts);
      results.push({ ...base, ...done.result });
      code = Math.max(code, done.code);
      if (!opts.json) {
        if (done.result.ok) io.out(`✓ ${entry.id}: the prompt "${firstLine(entry.prompt, 40)}" (${done.result.durationMs} ms)\n${done.result.answer}`);
        else io.err(`✗ ${entry.id}: the prompt "${firstLine(entry.prompt, 40)}" failed: ${done.result.error?.message ?? 'unknown error'}`);
      }
      continue;
    }
    const ref = refs.find((r) => r.name === entry.skill)!;
    const rt = SkillRuntime.withSettings(ref, home, { restart: { enabled: false }, timeoutMs: opts.timeoutMs });
    const history = new CallHistory(skillFolder(home, ref.id), rt.redactor);
    let outcome: CallOutcome;
    try {
      // Reads the agent (never runs the script): secrets from the environment are redacted from here on.
      await rt.start();
      const call = await rt.recordedCall(entry.action, entry.params, { timeoutMs: opts.timeoutMs });
      outcome = call.outcome;
      // Kept where the app shows calls, as if the app had run it.
      history.add(call.record);
      const startedAt = call.record.startedAt;
      rt.mark({ kind: 'tick', time: startedAt, label: `Schedule "${entry.id}" (run once from the command line): ${entry.skill} ${entry.action} ${outcome.ok ? 'done' : 'failed'}`, durationMs: outcome.durationMs, outcome: outcome.ok ? 'ok' : 'error', data: { schedule: entry.id } });
    } finally {
      await rt.close();
      await history.close();
    }
    const safe = rt.redactor.value(outcome);
    results.push({ ...base, ok: safe.ok, durationMs: safe.durationMs, ...(safe.ok ? { result: safe.data ?? safe.text ?? null } : { error: safe.error }) });
    if (!safe.ok) code = Math.max(code, exitCode(safe));
    if (!opts.json) {
      if (safe.ok) io.out(`✓ ${entry.id}: ${entry.skill} ${entry.action} (${safe.durationMs} ms)`);
      else io.err(`✗ ${entry.id}: ${entry.skill} ${entry.action} failed: ${safe.error?.message ?? 'unknown error'}`);
    }
  }
  if (opts.json) io.out(json(results));
  return code;
}

/**
 * A prompt, once: the agent's skills opened as the app opens them (each call kept in its history), one chat turn
 * with the model the flags name, marked on the timeline of the skill the app shows the schedule with (the first).
 */
async function runPrompt(home: string, config: AgentConfig, refs: SkillRef[], id: string, prompt: string, opts: OnceOptions): Promise<{ result: Omit<RunResult, 'schedule' | 'skill' | 'action'>; code: number }> {
  const listed = config.skills.map((k) => refs.find((r) => r.name === k.name)).filter((r): r is SkillRef => !!r);
  const rts = listed.map((ref) => LiveRuntime.withSettings(ref, home, { restart: { enabled: false }, timeoutMs: opts.timeoutMs, hotReload: false }));
  try {
    const model = openChatModel(opts.model!, { env: opts.ctx.env, secrets: rts[0]?.homeStores.secrets });
    for (const rt of rts) if (model.key.key) rt.redactor.add(model.key.key);
    const started = Date.now();
    const turn = await runScheduledPrompt({ prompt, agent: config, skills: rts.map((rt) => ({ name: rt.ref.name, rt })), model, approval: scheduledApproval(home) });
    const safe = rts.reduce((v, rt) => rt.redactor.value(v), turn);
    rts[0]?.mark({ kind: 'tick', time: started, label: `Schedule "${id}" (run once from the command line): the prompt "${firstLine(prompt, 40)}" ${safe.ok ? 'done' : 'failed'}`, durationMs: safe.durationMs, outcome: safe.ok ? 'ok' : 'error', data: { schedule: id, prompt, answer: safe.answer } });
    const outcome = turnOutcome(safe);
    const result = { ok: safe.ok, durationMs: safe.durationMs, answer: safe.answer, toolCalls: (outcome.data as { toolCalls: unknown[] }).toolCalls, ...(safe.ok ? {} : { error: outcome.error }) };
    // As `chat` says it: the model could not be asked (or listed no tools) is a failure; a turn without an answer, the task's error.
    return { result, code: safe.ok ? EXIT.OK : safe.failure === 'model' || safe.failure === 'tools' ? EXIT.FAILURE : EXIT.TOOL_ERROR };
  } finally {
    await Promise.all(rts.map((rt) => rt.close()));
  }
}
