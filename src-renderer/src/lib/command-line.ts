/**
 * A call as a `skillbench call` command line, quoted for POSIX shells (sh, bash, zsh): paste it into a
 * terminal and the same call is made, outside the app. Pure: the renderer builds its "Copy as command"
 * with it, and the tests run what it builds through a real `sh -c`.
 *
 * Secrets are never put in: the caller passes arguments in which the workbench has already masked every
 * value it keeps as a secret (`••••`); `masked` counts them, so the app can say what to fill in.
 *
 * It imports the contract by a relative path, not the renderer's `@contract` alias, so the engine's tests
 * compile it too.
 */
import { REDACTED, type Protocol } from '../../../src-main/contract';

export interface CallCommand {
  /** The skill's folder (for an action skill, its agent folder). */
  path: string;
  tool: string;
  /** The tool's arguments, secrets already masked. */
  args: unknown;
  /** Picks the skill where the folder holds several. */
  skill?: string;
  /** Where the protocol was chosen rather than detected from the folder. */
  protocol?: Protocol;
  /** A per-call timeout, in seconds. */
  timeoutSeconds?: number;
  /**
   * How `skillbench` is run here, as the engine says (HostInfo.cli: `skillbench`, or `node '<path>/bin/skillbench.cjs'`),
   * already quoted for the shell. Defaults to `skillbench`.
   */
  prefix?: string;
}

export interface BuiltCommand {
  line: string;
  /** How many values in the arguments are masked secrets (the command must be given them before it runs). */
  masked: number;
}

/** Words that need no quoting in any POSIX shell (no globs, no `~` at the start, no `=` at the start). */
const BARE = /^[A-Za-z0-9_@%+,./:-][A-Za-z0-9_@%+,./:=-]*$/;

/** One shell word: as is where nothing in it is special, else in single quotes, each `'` written `'\''`. */
export function shellQuote(word: string): string {
  if (BARE.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `skillbench call <path> <tool> --args '<json>'`, with `--skill`, `--protocol` and `--timeout` where they apply. */
export function callCommand(c: CallCommand): BuiltCommand {
  const words = ['call', c.path, c.tool];
  if (c.skill) words.push('--skill', c.skill);
  if (c.protocol) words.push('--protocol', c.protocol);
  words.push('--args', JSON.stringify(c.args ?? {}));
  if (c.timeoutSeconds !== undefined && c.timeoutSeconds > 0) words.push('--timeout', String(c.timeoutSeconds));
  // A relative path that starts with "-" would read as an option: "./" in front keeps it a path.
  const line = [c.prefix ?? 'skillbench', ...words.map((w, i) => (i === 1 && w.startsWith('-') ? `./${shellQuote(w)}` : shellQuote(w)))].join(' ');
  return { line, masked: countMasked(c.args) };
}

/** Which skill of its folder a workspace skill is: its name, where its id says the folder holds several (`dir#name`). */
export function skillOption(id: string, name: string): string | undefined {
  return id.includes('#') ? name : undefined;
}

/** Masked secrets among the values (and keys) of `v`. */
export function countMasked(v: unknown): number {
  if (typeof v === 'string') return v.split(REDACTED).length - 1;
  if (Array.isArray(v)) return v.reduce((n: number, x) => n + countMasked(x), 0);
  if (v && typeof v === 'object') return Object.entries(v).reduce((n, [k, x]) => n + countMasked(k) + countMasked(x), 0);
  return 0;
}
