/**
 * The `skillbench` command as we hand it out (the "Next:" lines of `new`, a new skill's README, "Copy as command",
 * hints, the browser page's "server stopped" banner): in a form that runs where it is pasted. That is `skillbench`
 * only when the first `skillbench` on PATH is this install's (after `npm link` in the clone); otherwise the absolute
 * `node <root>/bin/skillbench.cjs`, as "Use from an agent" gives it. A bare `skillbench` would be "command not
 * found" after `npm install && npm start`, and `npx skillbench` outside the clone asks the registry for a package
 * that is not there.
 *
 * Quoting is for POSIX shells (sh, bash, zsh). On Windows the prefix is always the absolute form, its path in
 * double quotes (cmd and PowerShell both read that), because npm links a `.cmd` shim there that cannot be traced
 * back to an install.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hostEnv } from './host-env';

/** The `skillbench` launcher: SKILLBENCH_BIN, else bin/skillbench.cjs found above this module. */
export function skillbenchBin(): string {
  const given = hostEnv().SKILLBENCH_BIN;
  if (given) return path.resolve(given);
  let dir = typeof __dirname === 'string' ? __dirname : process.cwd();
  for (let i = 0; i < 6; i++) {
    const bin = path.join(dir, 'bin', 'skillbench.cjs');
    if (fs.existsSync(bin)) return bin;
    dir = path.dirname(dir);
  }
  const packaged = (process as { resourcesPath?: string }).resourcesPath;
  return path.join(packaged ?? process.cwd(), 'bin', 'skillbench.cjs');
}

/** Words that need no quoting in any POSIX shell (no globs, no `~` or `=` at the start). */
const BARE = /^[A-Za-z0-9_@%+,./:-][A-Za-z0-9_@%+,./:=-]*$/;

/** One word for a POSIX shell: as it is where nothing in it is special, else in single quotes, each `'` as `'\''`. */
export function shellWord(word: string): string {
  return BARE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export interface PrefixOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  bin?: string;
}

let singleFile: string | null = null;

/** This process is the single-file `skillbench` (cli/sea.ts): the executable is the whole command. */
export function runningAsSingleFile(executable: string): void {
  singleFile = executable;
}

/** The single-file `skillbench` this process is, or null. */
export function singleFileExecutable(): string | null {
  return singleFile;
}

/** The command that runs `skillbench` from any folder: `skillbench`, or `node <absolute path of the launcher>`. */
export function cliPrefix(opts: PrefixOptions = {}): string {
  const platform = opts.platform ?? process.platform;
  if (singleFile && !opts.bin) return platform === 'win32' ? `"${singleFile}"` : shellWord(singleFile);
  const bin = opts.bin ?? skillbenchBin();
  if (platform === 'win32') return `node "${bin}"`;
  return linkedHere(bin, opts.env ?? hostEnv()) ? 'skillbench' : `node ${shellWord(bin)}`;
}

/** `skillbench <words…>` in the form that runs anywhere, each word quoted. */
export function cliCommand(...words: string[]): string {
  return [cliPrefix(), ...words.map(shellWord)].join(' ');
}

/** Whether the `skillbench` a shell would run (the first on PATH) is this launcher, through any links. */
function linkedHere(bin: string, env: NodeJS.ProcessEnv): boolean {
  const ours = realpath(bin);
  if (!ours) return false;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'skillbench');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (!fs.statSync(candidate).isFile()) continue;
    } catch {
      continue;
    }
    return realpath(candidate) === ours;
  }
  return false;
}

function realpath(p: string): string | null {
  try {
    return fs.realpathSync(p);
  } catch {
    return null;
  }
}
