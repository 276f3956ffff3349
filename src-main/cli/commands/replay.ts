import type { JUnitCase } from '../../qa/junit';
import { writeJUnit } from '../../qa/junit';
import { describeDifference, replayRecording, type ReplayCase, type ReplayReport } from '../../qa/replay';
import { parse, seconds } from '../args';
import { homeOf, resolvePath, type CommandContext } from '../context';
import { inheritedEnv, RUN_OPTIONS } from '../open-skill';
import { EXIT, json, UsageError, type Io } from '../output';

export const help = 'replay <recording> [--skill PATH] [--timeout S] [--junit FILE] [--json] [--inherit-env]   make the recorded calls again and compare the answers';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { junit: { type: 'string' }, timeout: { type: 'string' }, ...RUN_OPTIONS });
  const [file] = positionals;
  if (!file) throw new UsageError('replay needs a recording file (a .jsonl written by the workbench or by call --record)');
  const timeoutMs = seconds(values.timeout as string | undefined, 'timeout');
  const asJson = Boolean(values.json);
  const report = await replayRecording(resolvePath(ctx, file), {
    skillPath: values.skill === undefined ? undefined : resolvePath(ctx, values.skill as string),
    home: homeOf(ctx),
    // --inherit-env: the skill gets this shell's whole environment, not only the safe defaults.
    env: values['inherit-env'] ? inheritedEnv(ctx.env) : undefined,
    timeoutMs,
    onCase: asJson ? undefined : (c) => io.out(caseLines(c).join('\n')),
  });
  if (values.junit) writeJUnit(resolvePath(ctx, values.junit as string), [suiteOf(report)]);
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
  if (!r.mismatched) return `All ${n} call${n === 1 ? '' : 's'} matched.`;
  return `${r.matched} of ${n} calls matched; ${r.mismatched} differed.`;
}

function suiteOf(r: ReplayReport): { name: string; cases: JUnitCase[]; timestamp: Date } {
  return {
    name: r.recording.name,
    timestamp: new Date(r.recording.startedAt),
    cases: r.cases.map((c) => {
      const jc: JUnitCase = { name: `#${c.seq} ${c.tool}`, classname: r.skill.name, seconds: c.durationMs / 1000 };
      if (!c.match) {
        const lines = c.differences.map(describeDifference);
        jc.failure = { message: lines[0] ?? 'the answer differs', details: lines.join('\n') };
      }
      return jc;
    }),
  };
}
