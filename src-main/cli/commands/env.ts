/**
 * `skillbench env`: a skill's Python environment in one step (runtime/python-env.ts): `.venv` made where the
 * skill runs from and what it lists installed into it, the installer's output passed on as it comes (its stdout
 * to stdout, its stderr and our progress to stderr; with --json everything but the answer goes to stderr). Ctrl+C
 * stops the installer and its children and leaves the environment marked unfinished; running again finishes it.
 *
 * Exit codes: 0 prepared, 1 the installation failed or was cancelled, 2 it cannot run (no Python, nothing
 * to install, no such folder, a `.venv` that is not ours to use).
 */
import type { Protocol } from '../../contract';
import { resolveSkill } from '../../protocols/discover';
import { EnvError, planEnvironment, prepareEnvironment, type EnvPlan } from '../../runtime/python-env';
import { parse } from '../args';
import { resolvePath, type CommandContext } from '../context';
import { protocolOption } from '../open-skill';
import { EXIT, json, UsageError, type Io } from '../output';

export const help = 'env <path> [--find-links DIR] [--python PATH] [--fresh] [--json]   make the skill\'s Python environment (.venv) and install what it lists (a .venv the workbench did not make is never run: --fresh sets it aside, as it is, and makes a new one)';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { 'find-links': { type: 'string' }, python: { type: 'string' }, fresh: { type: 'boolean' } });
  if (!positionals[0]) throw new UsageError('env needs a skill: its folder');
  const target = resolvePath(ctx, positionals[0]);
  const python = values.python as string | undefined;
  const findLinks = values['find-links'] as string | undefined;
  let plan: EnvPlan;
  try {
    plan = await planEnvironment(target, {
      python: python && /[/\\]/.test(python) ? resolvePath(ctx, python) : python,
      findLinks: findLinks ? resolvePath(ctx, findLinks) : undefined,
      protocol: protocolOf(target, values),
      fresh: values.fresh === true,
    });
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    io.err(`skillbench: ${err.message}`);
    return EXIT.FAILURE;
  }
  for (const line of describe(plan)) io.err(line);

  const toOut = values.json ? io.err : io.out;
  const lines = { stdout: new LineBuffer(toOut), stderr: new LineBuffer(io.err) };
  const stop = new AbortController();
  const onInterrupt = () => {
    if (stop.signal.aborted) return;
    io.err('Cancelling: stopping the installer…');
    stop.abort();
  };
  // Every Ctrl+C while it stops is this one: the installer's tree is taken down before the command ends.
  process.on('SIGINT', onInterrupt);
  let result;
  try {
    result = await prepareEnvironment(plan, {
      signal: stop.signal,
      onStep: (_step, text) => {
        lines.stdout.flush();
        lines.stderr.flush();
        io.err(`${text}…`);
      },
      onOutput: (stream, text) => lines[stream].write(text),
    });
  } finally {
    process.off('SIGINT', onInterrupt);
    lines.stdout.flush();
    lines.stderr.flush();
  }
  if (values.json) {
    io.out(json({ ...result, installer: plan.installer, source: plan.source.file, requirements: plan.source.requirements, skipped: plan.source.skipped }));
  } else if (result.ok) {
    io.out(`${result.message} The skill runs on it from its next start.`);
  } else {
    io.err(`skillbench: ${result.message}`);
  }
  return result.ok ? EXIT.OK : EXIT.TOOL_ERROR;
}

/** The skill's protocol where the folder is one skill (a SkillDefinition skill may use its repository's .venv). */
function protocolOf(target: string, values: { skill?: unknown; protocol?: unknown }): Protocol | undefined {
  const protocol = protocolOption(values.protocol);
  try {
    return resolveSkill(target, { skill: values.skill as string | undefined, protocol }).protocol;
  } catch {
    return protocol;
  }
}

function describe(plan: EnvPlan): string[] {
  const state = { none: 'new', usable: 'there already: installing into it', unfinished: 'left unfinished: made again', foreign: `not the workbench's: set aside in ${plan.asideTo}, a new one made` }[plan.existing];
  const out = [
    `Python environment: ${plan.venv} (${state})`,
    `  Python:    ${plan.python.executable} (${plan.python.version})`,
    `  Installs:  ${plan.source.requirements.join(', ')} (from ${plan.source.file})`,
    `  With:      ${plan.installer}${plan.findLinks ? `, offline from ${plan.findLinks}` : ''}`,
  ];
  for (const s of plan.source.skipped) out.push(`  Left out:  ${s.line} (${s.why})`);
  return out;
}

/** Whole lines to an `Io` writer, as the installer's pieces come. */
class LineBuffer {
  private rest = '';
  constructor(private readonly write_: (s: string) => void) {}

  write(text: string): void {
    const parts = (this.rest + text).split(/\r?\n/);
    this.rest = parts.pop() ?? '';
    for (const line of parts) this.write_(line);
  }

  flush(): void {
    if (this.rest) this.write_(this.rest);
    this.rest = '';
  }
}
