/**
 * Every unconfined skill process starts, on Linux, through `skillbench_reap.py`, which makes it the subreaper of
 * what it leaves behind and has it killed with the workbench (PR_SET_CHILD_SUBREAPER, PR_SET_PDEATHSIG), then
 * execs the skill's command in its place: a daemon that double-forks and calls setsid is re-parented to the
 * skill, where the stop's walk of its processes (engine/process-tree.ts) finds it. A confined skill gets the same
 * from the confine launcher, a SkillDefinition skill and a namel3ss call from their own launchers.
 *
 * It costs one small interpreter start (`-I -S`). Where the command is itself a Python interpreter, the launcher
 * runs on it and execs the same binary (a pyenv shim is not run twice). Elsewhere the system Python runs it;
 * where there is none, or the command cannot be found (its launch error is then the usual one), or off Linux,
 * the command is spawned as it is, and only its process group and the /proc walk stop what it leaves.
 * SKILLBENCH_REAPER=off turns the launcher off.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SpawnSpec } from '../engine/child';
import { hostEnv } from './host-env';
import { pythonResources, systemPython } from './paths';

export const REAP_SCRIPT = 'skillbench_reap.py';
/** Our launchers that set both themselves (skillbench_confine.py, the SkillDefinition launcher, the namel3ss runner). */
const SELF_REAPING = new Set(['skillbench_confine.py', 'skillbench_launch.py', 'namel3ss_runner.py']);
const PYTHON = /^python(\d+(\.\d+)?)?$/;

/** The file a command names: a path as it is (from `cwd`), a bare name found on `PATH`; undefined where there is none. */
function whichCommand(command: string, pathVar: string | undefined, cwd: string): string | undefined {
  const isFile = (f: string) => {
    try {
      return fs.statSync(f).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes('/')) return isFile(path.resolve(cwd, command)) ? command : undefined;
  return (pathVar ?? '').split(path.delimiter).filter(Boolean).map((d) => path.join(d, command)).find(isFile);
}

/** `spec`, started through the reaping launcher where it can be (see above). */
export function reapedSpec(spec: SpawnSpec): SpawnSpec {
  if (process.platform !== 'linux' || hostEnv().SKILLBENCH_REAPER === 'off') return spec;
  if (spec.args.slice(0, 4).some((a) => SELF_REAPING.has(path.basename(a)) && path.dirname(a) === pythonResources())) return spec;
  const pathVar = spec.env.PATH ?? hostEnv().PATH;
  if (!whichCommand(spec.command, pathVar, spec.cwd)) return spec;
  const script = path.join(pythonResources(), REAP_SCRIPT);
  if (PYTHON.test(path.basename(spec.command))) return { ...spec, args: ['-I', '-S', script, '--same-python', '--', spec.command, ...spec.args] };
  const python = whichCommand(systemPython(), pathVar, spec.cwd) ?? whichCommand(systemPython(), hostEnv().PATH, spec.cwd);
  if (!python) return spec;
  return { ...spec, command: python, args: ['-I', '-S', script, '--', spec.command, ...spec.args] };
}
