/** How the CLI speaks: one clear sentence per error on stderr, a stack only with --verbose, fixed exit codes. */
import { SkillError } from '../common/errors';
import { visibleControls } from './terminal-text';
import { cliCommand } from '../host/cli-command';

export const EXIT = { OK: 0, TOOL_ERROR: 1, FAILURE: 2, TIMEOUT: 3 } as const;

export class UsageError extends Error {}

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  verbose: boolean;
}

/** A line to a stream: on a terminal, with what a skill wrote in it unable to act as a terminal control. */
function writeLine(stream: NodeJS.WriteStream, s: string): void {
  const line = s.endsWith('\n') ? s.slice(0, -1) : s;
  stream.write((stream.isTTY ? line.split('\n').map(visibleControls).join('\n') : line) + '\n');
}

export const stdio: Io = {
  out: (s) => writeLine(process.stdout, s),
  err: (s) => writeLine(process.stderr, s),
  verbose: false,
};

/** Reports an error the way a person wants to read it, and returns the exit code it deserves. */
export function report(io: Io, err: unknown): number {
  const e = err as Error;
  if (err instanceof UsageError) {
    io.err(`skillbench: ${e.message}`);
    io.err(`Run "${cliCommand('help')}" for usage.`);
    return EXIT.FAILURE;
  }
  io.err(`skillbench: ${e?.message ?? String(err)}`);
  if (io.verbose && e?.stack) io.err(e.stack);
  if (err instanceof SkillError && err.code === 'TIMEOUT') return EXIT.TIMEOUT;
  return EXIT.FAILURE;
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** Pads columns for a small table. */
export function table(rows: string[][]): string {
  if (!rows.length) return '';
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n');
}
