import path from 'node:path';
import { writeJUnit } from '../../qa/junit';
import { describeDifference, replayRecording, type ReplayCase, type ReplayReport } from '../../qa/replay';
import { replayResult, suitesOf } from '../../qa/unit-results';
import { unitIdOf } from '../../qa/units';
import { parse, seconds } from '../args';
import { resolvePath, type CommandContext } from '../context';
import { inheritedEnv, RUN_OPTIONS } from '../open-skill';
import { EXIT, json, UsageError, type Io } from '../output';
import { qaHome } from '../qa-home';
import { manyUnits, runManyUnits, UNIT_OPTIONS } from '../qa-units';

export const help =
  'replay <recording|folder>... [--shard i/n [--shard-by-timing FILE]] [--list] [--blob DIR] [--skill PATH] [--timeout S] [--junit FILE] [--json] [--inherit-env]   make the recorded calls again and compare the answers';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { junit: { type: 'string' }, timeout: { type: 'string' }, ...RUN_OPTIONS, ...UNIT_OPTIONS });
  const [file] = positionals;
  if (!file) throw new UsageError('replay needs a recording file (a .jsonl written by the workbench or by call --record), several, or a folder of them');
  const timeoutMs = seconds(values.timeout as string | undefined, 'timeout');
  const skillPath = values.skill === undefined ? undefined : resolvePath(ctx, values.skill as string);
  // --inherit-env: the skill gets this shell's whole environment, not only the safe defaults.
  const env = values['inherit-env'] ? inheritedEnv(ctx.env) : undefined;
  if (manyUnits('replay', positionals, values, ctx)) return runManyUnits('replay', positionals, values, io, ctx, { skillPath, env, timeoutMs });
  const asJson = Boolean(values.json);
  const report = await replayRecording(resolvePath(ctx, file), {
    skillPath,
    home: qaHome(ctx),
    env,
    timeoutMs,
    onCase: asJson ? undefined : (c) => io.out(caseLines(c).join('\n')),
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
  return report.mismatched ? EXIT.TOOL_ERROR : EXIT.OK;
}

function caseLines(c: ReplayCase): string[] {
  const head = `${c.match ? '✓' : '✗'} #${c.seq} ${c.tool} (${c.durationMs} ms)`;
  return [head, ...c.differences.map((d) => `    ${describeDifference(d)}`)];
}

function summary(r: ReplayReport): string {
  const n = r.cases.length;
  if (n === 0) return 'The recording holds no calls to replay.';
  if (n === 1) return r.mismatched ? 'The call differed.' : 'The call matched.';
  if (!r.mismatched) return `All ${n} calls matched.`;
  return `${r.matched} of ${n} calls matched; ${r.mismatched} differed.`;
}
