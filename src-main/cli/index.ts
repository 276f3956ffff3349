/**
 * `skillbench`: the engine from the command line, with no Electron. Each command is a module with a
 * one-line `help` and a `run(argv, io, ctx)` that returns the exit code; `ctx` is what it takes from the
 * world (context.ts), so the whole command line also runs in process, as the tests run it.
 */
import * as auth from './commands/auth';
import * as call from './commands/call';
import * as chat from './commands/chat';
import * as ci from './commands/ci';
import * as doctor from './commands/doctor';
import * as env from './commands/env';
import * as hosts from './commands/hosts';
import * as hostView from './commands/host-view';
import * as evalSuite from './commands/eval';
import * as inspect from './commands/inspect';
import * as list from './commands/list';
import * as mcp from './commands/mcp';
import * as mergeReports from './commands/merge-reports';
import * as message from './commands/message';
import * as n3Service from './commands/n3-service';
import * as newSkill from './commands/new';
import * as options from './commands/options';
import * as triggers from './commands/triggers';
import * as replay from './commands/replay';
import * as report from './commands/report';
import * as runCollection from './commands/run';
import * as schedule from './commands/schedule';
import * as serve from './commands/serve';
import * as setup from './commands/setup';
import * as state from './commands/state';
import * as tick from './commands/tick';
import * as validate from './commands/validate';
import { processContext, type CliContext, type CommandContext } from './context';
import { withHostEnv } from '../host/host-env';
import { EXIT, report as reportError, stdio, UsageError, type Io } from './output';

interface Command {
  help: string;
  run: (argv: string[], io: Io, ctx: CommandContext) => Promise<number>;
}

const commands: Record<string, Command> = { list, inspect, call, chat, setup, state, tick, message, options, triggers, serve, replay, report, run: runCollection, eval: evalSuite, 'merge-reports': mergeReports, ci, new: newSkill, doctor, validate, env, schedule, mcp, auth, 'n3-service': n3Service, hosts, 'host-view': hostView };

export function addCommand(name: string, cmd: Command): void {
  commands[name] = cmd;
}

function usage(): string {
  return [
    'Skill Workbench command line',
    '',
    'Usage: skillbench <command> [options]',
    '',
    ...Object.values(commands).map((c) => `  ${c.help}`),
    '',
    'Common options: --skill NAME (pick one where a folder holds several), --protocol jsonrpc|skilldef|action|namel3ss|mcp,',
    '  --json (machine-readable output), --verbose (stack traces).',
    'Exit codes: 0 success, 1 the tool reported an error (replay: a call differed; run: an assertion failed),',
    '  2 usage, launch or protocol failure, 3 timeout.',
    'SKILLBENCH_HOME sets where logs, state and secrets are kept.',
  ].join('\n');
}

export async function main(argv: string[], io: Io = stdio, given: CliContext = processContext()): Promise<number> {
  // What the command leaves to undo is undone before it returns: a run in process leaves nothing behind.
  const ends: (() => void)[] = [];
  const ctx: CommandContext = { ...given, atEnd: (fn) => ends.push(fn) };
  try {
    // The engine below reads the environment too (the skill's variables, SKILLBENCH_PYTHON): this run's.
    return await withHostEnv(ctx.env, () => dispatch(argv, io, ctx));
  } finally {
    for (const fn of ends.reverse()) fn();
  }
}

async function dispatch(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.out(usage());
    return name ? EXIT.OK : EXIT.FAILURE;
  }
  if (name === '--version' || name === 'version') {
    io.out(ctx.env.SKILLBENCH_VERSION ?? '0.1.0');
    return EXIT.OK;
  }
  const cmd = commands[name];
  const iov = { ...io, verbose: rest.includes('--verbose') };
  try {
    if (!cmd) throw new UsageError(`unknown command "${name}"`);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.out(`Usage: skillbench ${cmd.help}`);
      return EXIT.OK;
    }
    return await cmd.run(rest, iov, ctx);
  } catch (err) {
    return reportError(iov, err);
  }
}
