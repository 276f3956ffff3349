/**
 * Python version managers put a shim first on PATH, in a `shims` folder: pyenv's and asdf's `python3` are bash
 * scripts, mise's a link to mise itself. Each start of a skill through one pays the shim before Python (about 70 ms for pyenv's, three
 * times what Python then takes), and one-shot skills pay it on every call. So a command that names Python and
 * reaches a shim is asked once which interpreter the shim picks (`sys.executable`), and that one is started.
 *
 * The shim's choice depends on where it runs (a `.python-version` or `.tool-versions` in the folder or above it)
 * and on variables (PYENV_VERSION, …): those are the cache's key, so a skill whose folder pins another Python
 * still gets that one. Anything else is started as named: a plain interpreter, a link to one (a `.venv`'s
 * `bin/python`: a venv is known by its path), a wrapper script. The answer is asked with `-I -S` (nothing of the user's or the folder's is
 * imported), and is used only when it is an executable file that is not itself a shim; else the shim is started
 * as before.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Commands that name a Python interpreter: python, python3, python3.12. */
const PYTHON_NAME = /^python(\d+(\.\d+)?)?$/;
/** Files a version manager reads to pick a version for a folder. */
const VERSION_FILES = ['.python-version', '.tool-versions', '.mise.toml', 'mise.toml'];
/** Variables a version manager reads to pick a version. */
const VERSION_VARS = ['PYENV_VERSION', 'PYENV_ROOT', 'ASDF_PYTHON_VERSION', 'ASDF_DATA_DIR', 'MISE_PYTHON_VERSION'];
/** How long the one question may take; a shim slower than this is started as it is. */
const ASK_TIMEOUT_MS = 10_000;

const resolved = new Map<string, string>();

/** Where `command` is on `PATH` (or itself, where it is a path); null where not found. */
function lookUp(command: string, env: NodeJS.ProcessEnv): string | null {
  if (command.includes('/')) return fs.existsSync(command) ? command : null;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, command);
    try {
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

/**
 * A version manager's shim: a file in its `shims` folder (`~/.pyenv/shims`, `~/.asdf/shims`, mise's). Any other
 * script named python is a wrapper of its author's (one that sets PYTHONPATH, say), and is started as it is.
 */
function isShim(file: string): boolean {
  return path.basename(path.dirname(path.resolve(file))) === 'shims';
}

/** The version files that apply to `cwd` (it and the folders above it), with their modification times. */
function versionPins(cwd: string): string {
  const pins: string[] = [];
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    for (const name of VERSION_FILES) {
      try {
        pins.push(`${path.join(dir, name)}@${fs.statSync(path.join(dir, name)).mtimeMs}`);
      } catch {
        // No pin here.
      }
    }
    if (path.dirname(dir) === dir) return pins.join('|');
  }
}

/** The interpreter a shim picks for `cwd`, or null where it cannot say. */
function ask(shim: string, cwd: string, env: NodeJS.ProcessEnv): string | null {
  const run = spawnSync(shim, ['-I', '-S', '-c', 'import sys; sys.stdout.write(sys.executable or "")'], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: ASK_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exe = run.status === 0 ? run.stdout.trim() : '';
  if (!path.isAbsolute(exe) || isShim(exe)) return null;
  try {
    fs.accessSync(exe, fs.constants.X_OK);
    return fs.statSync(exe).isFile() ? exe : null;
  } catch {
    return null;
  }
}

/**
 * The program to start for `command` in `cwd`: the interpreter behind a Python shim (asked once for each pin and
 * set of variables), else `command` as given.
 */
export function directInterpreter(command: string, cwd: string, env: NodeJS.ProcessEnv): string {
  if (process.platform === 'win32' || !PYTHON_NAME.test(path.basename(command))) return command;
  const found = lookUp(command, env);
  if (!found || !isShim(found)) return command;
  const key = [found, versionPins(cwd), ...VERSION_VARS.map((v) => env[v] ?? '')].join('\0');
  let exe = resolved.get(key);
  if (exe === undefined) {
    exe = ask(found, cwd, env) ?? command;
    resolved.set(key, exe);
  }
  return exe;
}
