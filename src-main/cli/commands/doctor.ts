import { PROTOCOL_LABELS } from '../../contract';
import { doctorExitCode, runDoctor, type DoctorReport, type Finding, type Severity } from '../../authoring/doctor';
import { skillFolder } from '../../host/workbench-home';
import { settingsEnvNames } from '../../runtime/skill-settings';
import { parse, seconds } from '../args';
import { homeOf, resolvePath, userHomeOf, type CommandContext } from '../context';
import { protocolOption } from '../open-skill';
import { json, UsageError, type Io } from '../output';

export const help = 'doctor <path> [--skill NAME] [--static] [--timeout S] [--json]   review a skill: manifest, schemas, entries, secrets';

const HEADINGS: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', info: 'Notes' };

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { static: { type: 'boolean' }, timeout: { type: 'string' } });
  if (!positionals[0]) throw new UsageError('doctor needs a skill: a skill folder, an agent folder, a namel3ss app, or a script');
  const home = homeOf(ctx);
  const report = await runDoctor(resolvePath(ctx, positionals[0]), {
    skill: values.skill as string | undefined,
    protocol: protocolOption(values.protocol),
    live: !values.static,
    timeoutMs: seconds(values.timeout as string | undefined, 'timeout'),
    home,
    userHome: userHomeOf(ctx),
    settingsEnv: (ref) => settingsEnvNames(skillFolder(home, ref.id)),
  });
  if (values.json) io.out(json({ skill: report.skill, protocol: report.protocol, dir: report.dir, findings: report.findings, ok: report.ok, ...(report.agentSkill ? { agentSkill: report.agentSkill } : {}) }));
  else io.out(format(report));
  return doctorExitCode(report);
}

export function format(report: DoctorReport): string {
  const out = [`${report.skill}  (${PROTOCOL_LABELS[report.protocol]})  ${report.dir}`];
  for (const severity of ['error', 'warning', 'info'] as Severity[]) {
    const list = report.findings.filter((f) => f.severity === severity);
    if (!list.length) continue;
    out.push('', `${HEADINGS[severity]} (${list.length}):`);
    for (const f of list) out.push(...item(f));
  }
  if (report.agentSkill) out.push('', ...agentSkillLines(report.agentSkill));
  const errors = report.findings.filter((f) => f.severity === 'error').length;
  const warnings = report.findings.filter((f) => f.severity === 'warning').length;
  out.push('');
  if (errors) out.push(`${count(errors, 'error')}${warnings ? `, ${count(warnings, 'warning')}` : ''}: fix the errors before sharing this skill.`);
  else if (warnings) out.push(`No errors; ${count(warnings, 'warning')} worth a look.`);
  else out.push('No problems found.');
  return out.join('\n');
}

function item(f: Finding): string[] {
  const at = f.file ? `${f.file}${f.line ? `:${f.line}` : ''}` : '';
  const where = at || f.field ? `${[at, f.field && `(${f.field})`].filter(Boolean).join(' ')}  ` : '';
  const [first, ...rest] = f.message.split('\n');
  const lines = [`  - ${where}${first}  [${f.code}]`, ...rest.map((l) => `    ${l}`)];
  if (f.fix) lines.push(...f.fix.split('\n').map((l, i) => (i === 0 ? `    Fix: ${l}` : `         ${l}`)));
  return lines;
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** An Agent Skill's verdicts: the reference validator's, then each agent's with its reasons. */
function agentSkillLines(a: NonNullable<DoctorReport['agentSkill']>): string[] {
  const out = [a.reference.valid ? 'The specification\'s reference validator (skills-ref) finds it valid.' : `The specification's reference validator (skills-ref) refuses it (${count(a.reference.errors.length, 'error')}).`];
  out.push('', 'What each agent does with it:');
  for (const d of a.dialects) {
    if (d.agent === 'skills-ref') continue;
    out.push(`  - ${d.label}: ${d.outcome}`);
    for (const r of d.reasons) out.push(`      ${r}`);
  }
  if (a.openhuman) {
    out.push('', `OpenHuman (${a.openhuman.file}):`);
    for (const i of a.openhuman.inputs) out.push(`  input ${i.name}${i.type ? ` (${i.type})` : ''}${i.required ? ', required' : ''}${i.description ? `: ${i.description}` : ''}`);
    for (const g of a.openhuman.gates) out.push(`  gate ${g.name}: ${g.checks.join('; ')}`);
  }
  return out;
}
