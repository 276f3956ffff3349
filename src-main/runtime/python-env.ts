/**
 * Preparing a skill's Python environment, on the user's request (the command line's `skillbench env`, the app's
 * "Prepare the environment"): make `.venv` with the interpreter they chose (`uv venv`, else `python -m venv`),
 * then install what the skill lists into it (`uv pip install --python .venv/bin/python`, else
 * `.venv/bin/python -m pip install`), offline from a folder of wheels when one is given. The plan is
 * python-env-plan.ts's.
 *
 * The installers run as a skill does (engine/child.ts): in their own process group, followed through /proc,
 * with an explicit environment (the safe basics, the network's proxies and pip's and uv's own settings), from a
 * neutral folder, with the requirements as arguments: nothing of the skill's folder is built or run. Their output
 * is passed on as it comes; a cancel stops the whole tree. Each step is written to the environment's marker
 * first, so one left unfinished says so, and the next run makes or fills it again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { SkillChild } from '../engine/child';
import { hostEnv } from '../host/host-env';
import { judgeRequirement, requirementName } from '../host/python-requirements';
import { normaliseDistName, readVenv } from '../host/venv-packages';
import { defaultEnvironment, PYTHON_IO } from '../protocols/skill-env';
import { writeEnvMarker, type EnvState } from './python-env-marker';
import { EnvError, type EnvPlan } from './python-env-plan';

export { EnvError, NotOursError, envFolder, planEnvironment, venvInterpreter, type EnvPlan, type EnvPlanOptions } from './python-env-plan';

export type EnvStep = 'aside' | 'remove' | 'create' | 'pip' | 'install';

export interface EnvHooks {
  /** A step begins, said in a sentence. */
  onStep?: (step: EnvStep, text: string) => void;
  /** The installer's output, as it comes (whole characters; lines may come in pieces). */
  onOutput?: (stream: 'stdout' | 'stderr', text: string) => void;
  /** Told the pid of each installer process as it starts. */
  onSpawn?: (pid: number) => void;
  signal?: AbortSignal;
}

export interface EnvResult {
  ok: boolean;
  cancelled: boolean;
  venv: string;
  /** The environment's interpreter: what the skill runs on from its next start. */
  python: string;
  /** One sentence: what happened, and what to do where it did not work. */
  message: string;
  /** Requirements the environment still does not meet (after a successful install: what it could not judge aside). */
  unmet: string[];
  durationMs: number;
}

/** Environments being prepared by this process, by folder: one run at a time each. */
const underWay = new Set<string>();

class Stopped extends Error {
  constructor(readonly cancelled: boolean, message: string) {
    super(message);
  }
}

export async function prepareEnvironment(plan: EnvPlan, hooks: EnvHooks = {}): Promise<EnvResult> {
  if (underWay.has(plan.venv)) throw new EnvError(`${plan.venv} is being prepared already: wait for that to finish.`);
  underWay.add(plan.venv);
  const started = Date.now();
  let made = plan.existing === 'usable';
  const mark = (state: EnvState) =>
    writeEnvMarker(plan.venv, { state, made, python: plan.python.executable, installer: plan.installer, file: plan.source.file, requirements: plan.source.requirements, at: new Date().toISOString() });
  const result = (ok: boolean, cancelled: boolean, message: string, unmet: string[] = []): EnvResult => ({ ok, cancelled, venv: plan.venv, python: plan.venvPython, message, unmet, durationMs: Date.now() - started });
  try {
    if (plan.existing === 'foreign' && plan.asideTo) {
      // Renamed, not copied or read: nothing of it runs, and it is kept as it was for its owner.
      fs.mkdirSync(path.dirname(plan.asideTo), { recursive: true });
      fs.renameSync(plan.venv, plan.asideTo);
      hooks.onStep?.('aside', `Set aside: ${plan.venv}, as it is, in ${plan.asideTo}`);
    }
    if (plan.existing === 'unfinished') {
      hooks.onStep?.('remove', `Removing the unfinished environment in ${plan.venv}`);
      fs.rmSync(plan.venv, { recursive: true, force: true });
    }
    if (plan.existing !== 'usable') {
      // The marker first: a cancel or a kill while it is being made leaves it known as ours and unfinished.
      fs.mkdirSync(plan.venv, { recursive: true });
      mark('creating');
      hooks.onStep?.('create', `Making a Python environment in ${plan.venv} with Python ${plan.python.version} (${plan.python.executable})`);
      await run(creator(plan), 'Making the environment', hooks);
      made = true;
    } else if (plan.needsPip) {
      hooks.onStep?.('pip', `Adding pip to ${plan.venv}`);
      await run([plan.venvPython, '-m', 'ensurepip', '--default-pip'], 'Adding pip', hooks);
    }
    mark('installing');
    const n = plan.source.requirements.length;
    hooks.onStep?.('install', `Installing ${n === 1 ? '1 requirement' : `${n} requirements`} from ${plan.source.file} with ${plan.installer}${plan.findLinks ? `, offline from ${plan.findLinks}` : ''}: ${plan.source.requirements.join(', ')}`);
    const notFound = await installWhatCanBeFound(plan, hooks);
    const unmet = unmetRequirements(plan);
    mark(unmet.some((r) => !notFound.includes(r)) ? 'failed' : 'ready');
    if (notFound.length) {
      const where = plan.findLinks ? `in ${plan.findLinks}` : `on the package index`;
      return result(false, false, `Prepared all but ${notFound.join(', ')}: no version of ${notFound.length === 1 ? 'it' : 'them'} could be found ${where}. The skill may fail where it needs ${notFound.length === 1 ? 'it' : 'them'}; add ${notFound.length === 1 ? 'it' : 'them'} there and prepare again.`, unmet);
    }
    if (unmet.length) return result(false, false, `The installer finished, but ${plan.venv} still does not meet ${unmet.join(', ')}: the installer's output says why.`, unmet);
    return result(true, false, `Prepared: ${plan.venv} has what ${plan.source.file} lists.`);
  } catch (err) {
    const cancelled = err instanceof Stopped && err.cancelled;
    if (fs.existsSync(plan.venv)) mark(cancelled ? 'cancelled' : 'failed');
    if (cancelled) return result(false, true, `Cancelled: the environment in ${plan.venv} is not finished. Prepare it again to finish it.`);
    return result(false, false, `${(err as Error).message}: the environment in ${plan.venv} is not finished. The installer's output says why; prepare it again once that is fixed.`);
  } finally {
    underWay.delete(plan.venv);
  }
}

function creator(plan: EnvPlan): string[] {
  // --allow-existing: the folder holds our marker already.
  return plan.installer === 'uv' ? [plan.uv!, 'venv', '--allow-existing', '--python', plan.python.executable, plan.venv] : [plan.python.executable, '-m', 'venv', plan.venv];
}

function installer(plan: EnvPlan, requirements: string[]): string[] {
  const offline = plan.findLinks ? ['--no-index', '--find-links', plan.findLinks] : [];
  // `--` ends the options: a requirement is never read as one.
  if (plan.installer === 'uv') return [plan.uv!, 'pip', 'install', '--python', plan.venvPython, ...offline, '--', ...requirements];
  return [plan.venvPython, '-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', ...offline, '--', ...requirements];
}

/**
 * Installs the requirements; where the installer stops because one of them has no version to be found (pip and uv
 * give up on the whole list for it), installs the rest without it, so a skill that can do without it (or that the
 * workbench's stand-in covers, as `mcp.types`) still gets its other packages. Returns the ones set aside.
 */
async function installWhatCanBeFound(plan: EnvPlan, hooks: EnvHooks): Promise<string[]> {
  const notFound: string[] = [];
  for (;;) {
    const asked = plan.source.requirements.filter((r) => !notFound.includes(r));
    const said = new OutputTail();
    try {
      await run(installer(plan, asked), 'The installation', { ...hooks, onOutput: (stream, text) => (said.add(text), hooks.onOutput?.(stream, text)) });
      return notFound;
    } catch (err) {
      if (!(err instanceof Stopped) || err.cancelled) throw err;
      const missing = asked.filter((r) => said.namesUnfound(requirementName(r)));
      if (!missing.length || missing.length === asked.length) throw err;
      notFound.push(...missing);
      const rest = asked.filter((r) => !missing.includes(r));
      hooks.onStep?.('install', `No version of ${missing.join(', ')} could be found: installing the rest without ${missing.length === 1 ? 'it' : 'them'}: ${rest.join(', ')}`);
    }
  }
}

/** The end of an installer's output, enough to read why it stopped. */
class OutputTail {
  private text = '';
  add(chunk: string): void {
    this.text = (this.text + chunk).slice(-65_536);
  }
  /** pip: "No matching distribution found for X>=1"; uv: "Because X was not found in the package registry/provided package locations". */
  namesUnfound(name: string): boolean {
    const want = normaliseDistName(name);
    for (const m of this.text.matchAll(/No matching distribution found for ([A-Za-z0-9._-]+)|Because ([A-Za-z0-9._-]+) was not found/g)) {
      if (normaliseDistName(m[1] ?? m[2]) === want) return true;
    }
    return false;
  }
}

/** One installer process, to its end; a cancel stops its whole tree (SIGTERM, then SIGKILL). */
async function run(argv: string[], what: string, hooks: EnvHooks): Promise<void> {
  if (hooks.signal?.aborted) throw new Stopped(true, 'Cancelled');
  const decoders = { stdout: new StringDecoder('utf8'), stderr: new StringDecoder('utf8') };
  const pass = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    const text = decoders[stream].write(chunk);
    if (text) hooks.onOutput?.(stream, text);
  };
  const child = new SkillChild({ command: argv[0], args: argv.slice(1), cwd: os.tmpdir(), env: installerEnv() }, { onStdout: pass('stdout'), onStderr: pass('stderr') });
  child.proc.stdin?.end();
  if (child.pid !== undefined) hooks.onSpawn?.(child.pid);
  let cancelled = false;
  const cancel = () => {
    cancelled = true;
    void child.stop({ graceMs: 0, termMs: 2000 });
  };
  hooks.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const exit = await child.exited;
    // The group is gone too before a cancel is reported.
    if (cancelled) await child.stop();
    for (const stream of ['stdout', 'stderr'] as const) {
      const rest = decoders[stream].end();
      if (rest) hooks.onOutput?.(stream, rest);
    }
    if (cancelled) throw new Stopped(true, 'Cancelled');
    if (exit.spawnError) throw new Stopped(false, exit.spawnError.message);
    if (exit.code !== 0) throw new Stopped(false, `${what} failed (${exit.signal ? `stopped by ${exit.signal}` : `exit code ${exit.code}`})`);
  } finally {
    hooks.signal?.removeEventListener('abort', cancel);
  }
}

/**
 * The installers' environment: the basics every skill gets (the network's proxies and certificates among them),
 * pip's and uv's own settings (an index of the company's, a cache folder), unbuffered UTF-8 output. Not the
 * user's PYTHONPATH or an active VIRTUAL_ENV: the installer works on this environment alone.
 */
function installerEnv(): NodeJS.ProcessEnv {
  const host = hostEnv();
  const env: Record<string, string> = { ...defaultEnvironment(host), ...PYTHON_IO, PIP_NO_INPUT: '1', PIP_DISABLE_PIP_VERSION_CHECK: '1' };
  for (const [name, value] of Object.entries(host)) {
    if (value !== undefined && /^(?:PIP_|UV_|XDG_(?:CACHE|CONFIG)_HOME$)/.test(name)) env[name] = value;
  }
  return env;
}

/** What the finished environment still lacks, read from its folders (nothing run). */
export function unmetRequirements(plan: Pick<EnvPlan, 'venvPython' | 'source' | 'python'>): string[] {
  const venv = readVenv(plan.venvPython);
  if (!venv) return [...plan.source.requirements];
  return plan.source.requirements.filter((req) => {
    const name = requirementName(req);
    const installed = venv.dists.get(normaliseDistName(name)) ?? null;
    const found = !installed && venv.modules.has(name.replace(/-/g, '_'));
    const v = judgeRequirement(req, installed, found, venv.version ?? plan.python.version);
    return v.kind === 'missing' || v.kind === 'version';
  });
}
