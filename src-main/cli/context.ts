/**
 * What a command takes from the world besides its arguments: the environment (SKILLBENCH_HOME,
 * SKILLBENCH_PYTHON, SKILL_DEBUG, secrets from CI), the folder relative paths start from, and the streams
 * a person types into and reads prompts on. The `skillbench` process passes its own; a run in process
 * (tests) passes what it chooses, so no command reads `process` for these.
 */
import path from 'node:path';
import { defaultHome } from '../host/paths';

export interface CliContext {
  /** Read, and for a token also emptied, as the process environment would be. */
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdin: NodeJS.ReadableStream;
  /** Where prompts go: stderr, written to raw (a question waits on the same line as its answer). */
  stderr: NodeJS.WritableStream;
}

/** The context of the `skillbench` process itself. */
export function processContext(): CliContext {
  return { env: process.env, cwd: process.cwd(), stdin: process.stdin, stderr: process.stderr };
}

/** A command's context, with what it must undo when it ends (a temporary file): `main` runs those. */
export interface CommandContext extends CliContext {
  atEnd: (fn: () => void) => void;
}

/**
 * A path the user typed, as the engine should be given it: relative to the context's folder. It stays as
 * typed where that means the same file from this process's folder, so messages quote what the user wrote.
 */
export function resolvePath(ctx: CliContext, p: string): string {
  const abs = path.resolve(ctx.cwd, p);
  return abs === path.resolve(p) ? p : abs;
}

/** The workbench home this run keeps logs, state and secrets in (SKILLBENCH_HOME, else the platform's). */
export function homeOf(ctx: CliContext): string {
  return defaultHome(ctx.env);
}

/** The user's home folder, whose skills folders (~/.claude/skills, ~/.agents/skills) Agent Skills are compared with: HOME as this run sees it. */
export function userHomeOf(ctx: CliContext): string | undefined {
  return ctx.env.HOME || ctx.env.USERPROFILE || undefined;
}
