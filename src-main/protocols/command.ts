/** Resolving the interpreter a manifest names (the environment a skill gets is skill-env.ts's). */
import fs from 'node:fs';
import path from 'node:path';
import { systemPython } from '../host/paths';
import { hostEnv } from '../host/host-env';

/** True when `cmd` can be found on PATH (or is a path to an existing file). */
export function onPath(cmd: string): boolean {
  return findOnPath(cmd) !== null;
}

/** Where `cmd` is: itself when it is a path to an existing file, else the first match on PATH; null where none. */
export function findOnPath(cmd: string): string | null {
  if (cmd.includes('/') || cmd.includes('\\')) return fs.existsSync(cmd) ? cmd : null;
  const exts = process.platform === 'win32' ? (hostEnv().PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (hostEnv().PATH ?? '').split(path.delimiter)) {
    for (const ext of exts) {
      if (dir && fs.existsSync(path.join(dir, cmd + ext))) return path.join(dir, cmd + ext);
    }
  }
  return null;
}

/**
 * Manifests say `python` or `python3`; machines have one or the other. SKILLBENCH_PYTHON wins, then the
 * command as written when it exists, then the other spelling.
 */
export function resolveCommand(cmd: string): string {
  if (cmd === 'python' || cmd === 'python3') {
    const chosen = hostEnv().SKILLBENCH_PYTHON;
    if (chosen) return chosen;
    if (onPath(cmd)) return cmd;
    return systemPython();
  }
  return cmd;
}
