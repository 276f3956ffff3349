import path from 'node:path';
import { PROTOCOL_LABELS, type SkillRef } from '../../contract';
import { writeJUnit } from '../../qa/junit';
import { describeDifference, replayDiffered, replayRecording, type ReplayCase, type ReplayReport, type ReplayTurn } from '../../qa/replay';
import { replayResult, suitesOf } from '../../qa/unit-results';
import { unitIdOf } from '../../qa/units';
import { parse, seconds } from '../args';
import { resolvePath, type CommandContext } from '../context';
import { inheritedEnv, RUN_OPTIONS } from '../open-skill';
import { MODEL_OPTIONS, modelConfigOf } from '../model-options';
import { EXIT, json, UsageError, type Io } from '../output';
import { qaHome } from '../qa-home';
import { manyUnits, runManyUnits, UNIT_OPTIONS } from '../qa-units';

export const help =
  'replay <recording|folder>... [--shard i/n [--shard-by-timing FILE]] [--list] [--blob DIR] [--skill PATH] [--timeout S] [--junit FILE] [--json] [--inherit-env] [--live [--model NAME --provider … --base-url … --api-key-env …]]   make the recorded calls again and compare the answers (against the skill the recording names, which must be inside the current folder, or the one --skill names); a recorded chat turn runs again with the model\'s answers from the recording, offline (--live: asks the model again, the recorded one unless --model names another)';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { junit: { type: 'string' }, timeout: { type: 'string' }, live: { type: 'boolean' }, ...MODEL_OPTIONS, ...RUN_OPTIONS, ...UNIT_OPTIONS });
  const [file] = positionals;
  if (!file) throw new UsageError('replay needs a recording file (a .jsonl written by the workbench or by call --record), several, or a folder of them');
  const timeoutMs = seconds(values.timeout as string | undefined, 'timeout');
  const skillPath = values.skill === undefined ? undefined : resolvePath(ctx, values.skill as string);
  // --inherit-env: the skill gets this shell's whole environment, not only the safe defaults.
  const env = values['inherit-env'] ? inheritedEnv(ctx.env) : undefined;
  const model = modelConfigOf(values);
  if (model && !values.live) throw new UsageError('--model names the model --live asks: give --live too (without it, the model\'s turns come from the recording)');
  const live = values.live ? { ...(model ? { config: model } : {}), env: ctx.env } : undefined;
  if (live && manyUnits('replay', positionals, values, ctx)) throw new UsageError('--live replays one recording at a time');
  if (manyUnits('replay', positionals, values, ctx)) return runManyUnits('replay', positionals, values, io, ctx, { skillPath, env, timeoutMs, workspace: [ctx.cwd] });
  const asJson = Boolean(values.json);
  let calls = 0;
  let turns = 0;
  const report = await replayRecording(resolvePath(ctx, file), {
    skillPath,
    home: qaHome(ctx),
    env,
    timeoutMs,
    live,
    // A recording does not choose what runs from elsewhere: its skill must be in this folder, unless --skill names one.
    workspace: [ctx.cwd],
    // With --json the report's `skill` says it.
    onSkill: asJson ? undefined : (ref, namedBy) => io.out(replayingLine(ref, namedBy)),
    onCase: asJson ? undefined : (c) => io.out(caseLines(c, ++calls).join('\n')),
    onTurn: asJson ? undefined : (t) => io.out(turnLines(t, ++turns).join('\n')),
  });
  if (values.junit) {
    const [suite] = suitesOf([replayResult({ kind: 'recording', id: unitIdOf(path.resolve(ctx.cwd, file), ctx.cwd), file }, report, 0)]);
    writeJUnit(resolvePath(ctx, values.junit as string), [{ ...suite, name: report.recording.name, seconds: undefined, timestamp: new Date(report.recording.startedAt) }]);
  }
  if (asJson) io.out(json(report));
  else {
    for (const w of report.warnings) io.err(`note: ${w}`);
    if (report.folderChanged) io.out(`The skill's folder changed since the recording (${report.folderHash.recorded} -> ${report.folderHash.now}).`);
    io.out(summary(report));
  }
  return replayDiffered(report) ? EXIT.TOOL_ERROR : EXIT.OK;
}

/** Which skill runs, and from where, said before it starts. */
export function replayingLine(ref: SkillRef, namedBy: 'recording' | 'caller'): string {
  return `Replaying against ${ref.name} (${PROTOCOL_LABELS[ref.protocol]}) in ${ref.dir}, ${namedBy === 'recording' ? 'the folder the recording names' : 'as --skill names it'}.`;
}

/** A call, numbered as the app numbers it (`n`: its place among the recording's calls). */
function caseLines(c: ReplayCase, n: number): string[] {
  const head = `${c.match ? '✓' : '✗'} #${n} ${c.tool} (${c.durationMs} ms)`;
  return [head, ...c.differences.map((d) => `    ${describeDifference(d)}`)];
}

/** A chat turn: where it went otherwise, and each model request that would have been new. */
function turnLines(t: ReplayTurn, n: number): string[] {
  const head = `${t.match ? '✓' : '✗'} chat turn ${n} "${clip(t.message)}" (${t.live ? `asked ${t.model} again` : `${t.model}'s answers from the recording`}, ${t.durationMs} ms)`;
  const lines = [head, ...t.differences.map((d) => `    ${describeDifference(d)}`)];
  for (const r of t.requests) {
    lines.push(`    model request ${r.exchange} would be new:`, ...r.differences.slice(0, 10).map((d) => `      ${describeDifference(d)}`));
    if (r.differences.length > 10) lines.push(`      … and ${r.differences.length - 10} more`);
  }
  if (!t.replayed.ok && t.replayed.error && t.recorded.ok) lines.push(`    the turn ended without an answer: ${t.replayed.error}`);
  return lines;
}

const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);

function summary(r: ReplayReport): string {
  const turns = r.turns ?? [];
  if (turns.length) {
    const differed = turns.filter((t) => !t.match).length;
    const n = r.cases.length;
    const calls = !n ? '' : n === 1 ? `; the call ${r.mismatched ? 'differed' : 'matched'}` : `; ${r.mismatched ? `${r.mismatched} of ${n} calls differed` : `all ${n} calls matched`}`;
    const how = turns.length === 1 ? `The chat turn went ${differed ? 'otherwise' : 'as recorded'}` : differed ? `${differed} of ${turns.length} chat turns went otherwise` : `All ${turns.length} chat turns went as recorded`;
    return `${how}${calls}.`;
  }
  const n = r.cases.length;
  if (n === 0) return 'The recording holds no calls to replay.';
  if (n === 1) return r.mismatched ? 'The call differed.' : 'The call matched.';
  if (!r.mismatched) return `All ${n} calls matched.`;
  return `${r.matched} of ${n} calls matched; ${r.mismatched} differed.`;
}
