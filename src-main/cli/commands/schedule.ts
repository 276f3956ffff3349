/**
 * `skillbench schedule <agent>`: an agent's `schedule:` entries with their next runs; with `--once`,
 * every enabled entry run once now, in order, as CI wants it. Each run is a call of the skill's action
 * with the entry's params, with the skill's saved settings and secrets, added to the skill's history
 * (the app shows it) and marked on its timeline.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AgentSchedule, CallOutcome } from '../../contract';
import { skillFolder } from '../../host/workbench-home';
import { readAgentConfig } from '../../protocols/action';
import { nextRun, parseCron } from '../../protocols/action';
import { agentDirOf, detectActionDir } from '../../protocols/action';
import { CallHistory } from '../../runtime/history';
import { SkillRuntime } from '../../runtime/skill-runtime';
import { parse, seconds } from '../args';
import { homeOf, type CommandContext } from '../context';
import { formatLocal } from '../format-time';
import { EXIT, json, table, UsageError, type Io } from '../output';
import { exitCode } from './call';

export const help =
  'schedule <agent> [--once] [--skill NAME] [--timeout S] [--json]   an agent\'s schedule: entries with their next runs; --once runs each enabled entry now (for CI)';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { once: { type: 'boolean' }, timeout: { type: 'string' } });
  const dir = agentFolder(ctx, positionals[0]);
  const config = readAgentConfig(dir);
  if (!config) throw new UsageError(`${positionals[0]} has no agent.yaml that can be read`);
  const only = values.skill as string | undefined;
  const entries = config.schedules.filter((s) => !only || s.skill === only);
  if (!entries.length) {
    io.out(only ? `${config.file} schedules nothing for ${only}.` : `${config.file} has no schedule: entries.`);
    return EXIT.OK;
  }
  if (!values.once) return list(entries, io, !!values.json);
  return runOnce(homeOf(ctx), dir, entries, io, { json: !!values.json, timeoutMs: seconds(values.timeout as string | undefined, 'timeout') });
}

function agentFolder(ctx: CommandContext, target: string | undefined): string {
  if (!target) throw new UsageError('schedule needs an agent folder (the folder with agent.yaml)');
  const abs = path.resolve(ctx.cwd, target);
  const stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`there is no folder or file at ${target}`);
  if (stat.isDirectory()) return abs;
  return agentDirOf(path.dirname(abs)) ?? path.dirname(abs);
}

function list(entries: AgentSchedule[], io: Io, asJson: boolean): number {
  const now = new Date();
  const rows = entries.map((s) => {
    const parsed = parseCron(s.cron);
    const next = s.problem || !s.enabled || typeof parsed === 'string' ? null : nextRun(parsed, now);
    return { ...s, nextRun: next ? next.getTime() : null };
  });
  if (asJson) {
    io.out(json(rows));
    return EXIT.OK;
  }
  const lines = [['SCHEDULE', 'CRON', 'CALLS', 'NEXT RUN']];
  for (const r of rows) {
    const when = r.problem ? `cannot run: ${r.problem}` : !r.enabled ? 'disabled' : r.nextRun ? formatLocal(new Date(r.nextRun)) : 'never';
    lines.push([r.id, r.cron, `${r.skill} ${r.action}`, when]);
  }
  io.out(table(lines));
  return EXIT.OK;
}

interface RunResult {
  schedule: string;
  skill: string;
  action: string;
  ok: boolean;
  durationMs: number;
  result?: unknown;
  error?: CallOutcome['error'];
  skipped?: string;
}

async function runOnce(home: string, dir: string, entries: AgentSchedule[], io: Io, opts: { json: boolean; timeoutMs?: number }): Promise<number> {
  const refs = detectActionDir(dir, path.dirname(dir));
  const results: RunResult[] = [];
  let code: number = EXIT.OK;
  for (const entry of entries) {
    const base = { schedule: entry.id, skill: entry.skill, action: entry.action };
    if (entry.problem || !entry.enabled) {
      const why = entry.problem ?? 'disabled in agent.yaml';
      results.push({ ...base, ok: !entry.problem, durationMs: 0, skipped: why });
      if (entry.problem) code = Math.max(code, EXIT.FAILURE);
      if (!opts.json) io.err(`- ${entry.id}: not run (${why})`);
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
