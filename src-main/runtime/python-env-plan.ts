/**
 * What preparing a skill's Python environment will do, worked out before anything runs: where its `.venv` goes
 * (where the real host looks: the skill's folder, or for a SkillDefinition skill the `.venv` its repository
 * already has), which interpreter makes it (`--python`, SKILLBENCH_PYTHON, else the system's `python3`, never
 * one from the skill's folder or its repository), which installer (`uv` when it is on PATH, else pip), and what
 * to install (host/python-requirements.ts). An existing `.venv` is used only when the workbench made it (its marker,
 * python-env-marker.ts) and its interpreter is still a link to a Python installed elsewhere: one that came with the
 * folder is never run, even when its `bin/python` links to an installed Python, since its `site-packages` (a `.pth`
 * line, a `pip` of its own) runs with it. With `fresh` such a one is set aside, as it is, and a new one made.
 *
 * Each refusal is one sentence (`EnvError`): the command line's exit code 2.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Protocol } from '../contract';
import { cliCommand } from '../host/cli-command';
import { hostEnv } from '../host/host-env';
import { systemPython } from '../host/paths';
import { requirementSource, type RequirementSource } from '../host/python-requirements';
import { runPythonFilter } from '../host/run-python';
import { readVenv } from '../host/venv-packages';
import { findOnPath } from '../protocols/command';
import { toolEnvironment } from '../protocols/skill-env';
import { repositoryRoot } from '../protocols/skilldef';
import { preparedElsewhere, readEnvMarker, type EnvMarker } from './python-env-marker';

/** A reason the environment cannot be prepared: nothing was run or changed. */
export class EnvError extends Error {}

export interface EnvPlanOptions {
  /** The interpreter to make it with (the command line's --python); else SKILLBENCH_PYTHON, else python3. */
  python?: string;
  /** A folder of wheels to install from, offline (`--no-index --find-links`). */
  findLinks?: string;
  /** The skill's protocol: a SkillDefinition skill may use its repository's `.venv`. */
  protocol?: Protocol;
  /** A `.venv` the workbench did not make is set aside (kept as it is, nothing of it run) and a new one made. */
  fresh?: boolean;
}

export interface EnvPlan {
  /** The skill's folder. */
  dir: string;
  /** The environment's folder (`.venv`). */
  venv: string;
  /** Its interpreter. */
  venvPython: string;
  /**
   * What is there now: nothing, an environment of ours to install into, an unfinished one of ours to make again,
   * or one the workbench did not make, to set aside (`asideTo`) before a new one is made (`fresh`).
   */
  existing: 'none' | 'usable' | 'unfinished' | 'foreign';
  /** Where a `.venv` not ours goes, kept as it is. */
  asideTo?: string;
  /** An existing environment without pip (`venv --without-pip`), when pip is the installer. */
  needsPip: boolean;
  /** The marker of our last run there, if any. */
  marker: EnvMarker | null;
  python: { given: string; executable: string; version: string };
  installer: 'uv' | 'pip';
  uv: string | null;
  source: RequirementSource;
  findLinks?: string;
}

const PROBE = 'import json, sys; print(json.dumps([sys.version.split()[0], sys.executable]))';

/** Where the skill's environment is, or will be made. */
export function envFolder(dir: string, protocol?: Protocol): string {
  const here = path.join(dir, '.venv');
  if (protocol !== 'skilldef' || fs.existsSync(here)) return here;
  const repo = repositoryRoot(dir);
  return repo && fs.existsSync(path.join(repo, '.venv')) ? path.join(repo, '.venv') : here;
}

export function venvInterpreter(venv: string): string {
  return process.platform === 'win32' ? path.join(venv, 'Scripts', 'python.exe') : path.join(venv, 'bin', 'python');
}

export async function planEnvironment(target: string, opts: EnvPlanOptions = {}): Promise<EnvPlan> {
  const dir = skillDir(target);
  const source = requirementSource(dir);
  if (!source) throw new EnvError(`Nothing to install: ${dir} lists no packages (none in manifest.json's "dependencies", a requirements.txt or pyproject.toml's [project] dependencies).`);
  if (!source.requirements.length) {
    const first = source.skipped[0];
    throw new EnvError(`Nothing to install: ${source.file} lists nothing the workbench installs (${first ? `"${first.line}": ${first.why}` : 'it is empty'}).`);
  }
  const findLinks = opts.findLinks ? path.resolve(opts.findLinks) : undefined;
  if (findLinks && !isDir(findLinks)) throw new EnvError(`No such folder of packages: ${opts.findLinks} (--find-links names a folder of wheels).`);
  const venv = envFolder(dir, opts.protocol);
  // The skill's folder and the one its environment sits in (not a repository root: a home folder may be one).
  const roots = [...new Set([dir, path.dirname(venv)])];
  const python = await chosenPython(opts.python, roots);
  const uv = findOnPath('uv');
  const installer = uv ? 'uv' : 'pip';
  const venvPython = venvInterpreter(venv);
  const marker = readEnvMarker(venv);
  const other = preparedElsewhere(marker);
  if (other) throw new EnvError(`${venv} is being prepared by another process (pid ${other}): wait for it to finish.`);
  const plan: EnvPlan = { dir, venv, venvPython, existing: 'none', needsPip: false, marker, python, installer, uv, source, ...(findLinks ? { findLinks } : {}) };
  if (!fs.existsSync(venv)) return plan;
  // Ours, and stopped while it was being made: made again rather than trusted half made.
  if (marker && marker.made === false) return { ...plan, existing: 'unfinished' };
  // Not ours: its Python and packages came with the folder (a `.pth` line, a pip of its own), so nothing of it runs.
  if (!marker) {
    if (opts.fresh) return { ...plan, existing: 'foreign', asideTo: asideFolder(venv) };
    throw new NotOursError(venv, dir);
  }
  const problem = unusable(venv, venvPython, roots);
  if (!problem) return { ...plan, existing: 'usable', needsPip: installer === 'pip' && !readVenv(venvPython)?.dists.has('pip') };
  // Ours, and left unfinished (cancelled or killed while it was being made): made again.
  return { ...plan, existing: 'unfinished' };
}

/** A `.venv` the workbench did not make: refused, with the way to a fresh one. */
export class NotOursError extends EnvError {
  readonly notOurs = true;
  constructor(venv: string, dir: string) {
    super(`${venv} is there, but the workbench did not make it, so nothing in it is run (its Python and packages came with the folder). To make a fresh one: ${cliCommand('env', dir)} --fresh (it sets this one aside, as it is, and makes a new .venv).`);
  }
}

/** Where a `.venv` not ours is set aside: `.skillbench/` beside it, which no walk of the skill's files enters. */
function asideFolder(venv: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return path.join(path.dirname(venv), '.skillbench', `venv-set-aside-${stamp}`);
}

function skillDir(target: string): string {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    throw new EnvError(`No such folder: ${target}`);
  }
  return path.resolve(stat.isDirectory() ? target : path.dirname(target));
}

/** The interpreter the user chose, found and run once (isolated, from a neutral folder) for its version. */
async function chosenPython(option: string | undefined, roots: string[]): Promise<EnvPlan['python']> {
  const given = option ?? hostEnv().SKILLBENCH_PYTHON ?? systemPython();
  const where = option ? '--python' : hostEnv().SKILLBENCH_PYTHON ? 'SKILLBENCH_PYTHON' : 'the system\'s';
  const found = findOnPath(given.includes('/') || given.includes('\\') ? path.resolve(given) : given);
  if (!found) throw new EnvError(`No Python: ${given} (${where}) was not found. Install Python 3, or name one with --python or SKILLBENCH_PYTHON.`);
  const inside = (p: string) => roots.some((r) => within(r, p));
  if (inside(path.resolve(found)) || inside(realpath(found))) {
    throw new EnvError(`${given} is in the skill's folder or its repository: the environment is made with a Python installed on this computer, never one the skill brings. Name another with --python or SKILLBENCH_PYTHON.`);
  }
  const out = await runPythonFilter(found, ['-I', '-c', PROBE], '', 15_000, toolEnvironment());
  let answer: unknown;
  try {
    answer = out ? JSON.parse(out) : null;
  } catch {
    answer = null;
  }
  if (!Array.isArray(answer) || typeof answer[0] !== 'string' || typeof answer[1] !== 'string') {
    throw new EnvError(`Python could not be run: ${given} (${where}). Install Python 3, or name one with --python or SKILLBENCH_PYTHON.`);
  }
  const executable = answer[1] || found;
  if (inside(executable)) throw new EnvError(`${given} runs ${executable}, which is in the skill's folder or its repository: name a Python installed on this computer with --python.`);
  return { given, executable, version: answer[0] };
}

/** Why an existing `.venv` of ours cannot be used as it is (its Python replaced since, say); null when it can. */
function unusable(venv: string, python: string, roots: string[]): string | null {
  if (!fs.existsSync(path.join(venv, 'pyvenv.cfg'))) return 'it is not a virtual environment (it has no pyvenv.cfg)';
  if (!fs.existsSync(python)) return `it has no Python (${path.relative(venv, python)})`;
  // Windows copies the interpreter into the environment: one of ours is all that can be told there.
  if (process.platform === 'win32') return null;
  let link: boolean;
  try {
    link = fs.lstatSync(python).isSymbolicLink();
  } catch {
    link = false;
  }
  const real = realpath(python);
  if (!link || roots.some((r) => within(r, real))) return 'its Python is not a link to one installed on this computer (a file of the folder is never run)';
  return null;
}

function within(root: string, p: string): boolean {
  return [realpath(root), path.resolve(root)].some((r) => {
    const rel = path.relative(r, p);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  });
}

function realpath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
