/**
 * "Prepare the environment", the workbench side: a Python skill's requirements against its interpreter (the
 * dependency check, which runs nothing of the skill), and a preparation (runtime/python-env.ts) told to the
 * windows as it goes (`pythonEnv` events: its steps, the installer's lines, its end), cancellable, one at a time
 * per skill. A skill that was running, or had failed to start, is restarted on the new environment.
 *
 * SkillDefinition skills run on the `.venv` in their folder or their repository's; namel3ss apps on the one in
 * theirs. Action scripts run on the system's Python whatever is in their folder, so they have none to prepare.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CoreApi, EnvApi, EnvProblem, EnvRun, EnvRunResult, EnvStatus, SkillRef } from '../contract';
import { dependencyReport } from '../authoring/checks/dependencies';
import { isAlive } from '../common/skill-status';
import { cliCommand } from '../host/cli-command';
import { requirementSource } from '../host/python-requirements';
import { EnvError, NotOursError, envFolder, planEnvironment, prepareEnvironment, venvInterpreter } from '../runtime/python-env';
import type { SkillHost } from './skill-host';

type Host = Pick<SkillHost, 'skillRef' | 'events'> & Pick<CoreApi, 'listSkills' | 'restartSkill'>;

/** How many of the installer's lines a window that opens late can still see. */
const KEPT_LINES = 400;
const MAX_LINE = 2000;

interface Run extends EnvRun {
  stop: AbortController;
  /** The installer's unfinished last line, per stream. */
  partial: { stdout: string; stderr: string };
}

export class EnvService implements EnvApi {
  private readonly runs = new Map<string, Run>();
  /** Preparations under way, for a close to wait for. */
  private readonly underWay = new Set<Promise<unknown>>();

  constructor(private readonly wb: Host) {}

  async envStatus(skillId: string): Promise<EnvStatus> {
    const ref = this.wb.skillRef(skillId);
    const venv = envFolder(ref.dir, ref.protocol);
    const base = { skillId, venv, exists: false, file: null, requirements: [], python: null, problems: [], unfinished: null, command: cliCommand('env', ref.dir), run: this.view(skillId) };
    if (ref.protocol !== 'skilldef' && ref.protocol !== 'namel3ss') {
      return { ...base, applies: false, note: ref.protocol === 'action' ? 'Action scripts run on the system\'s Python, not on an environment of their own.' : 'Only Python skills have a Python environment.' };
    }
    const source = requirementSource(ref.dir);
    if (!source || !source.requirements.length) return { ...base, applies: false, note: 'It lists no packages to install (none in manifest.json\'s "dependencies", a requirements.txt or pyproject.toml\'s [project] dependencies).' };
    const report = await dependencyReport(ref.dir, { live: false, ...(ref.protocol === 'namel3ss' ? { venv: ownVenv(venv) } : {}) });
    const problems: EnvProblem[] = report?.problems ?? [];
    return {
      ...base,
      applies: true,
      exists: fs.existsSync(venv),
      file: source.file,
      requirements: source.requirements,
      python: report?.where ?? null,
      problems,
      unfinished: report?.unfinished?.words ?? null,
    };
  }

  async prepareEnv(skillId: string, opts: { findLinks?: string; fresh?: boolean } = {}): Promise<EnvRunResult> {
    const ref = this.wb.skillRef(skillId);
    if (ref.protocol !== 'skilldef' && ref.protocol !== 'namel3ss') throw new Error(`${ref.name} is not a Python skill with an environment of its own.`);
    if (this.runs.get(skillId)?.running) throw new Error(`The environment of ${ref.name} is being prepared already.`);
    const findLinks = opts?.findLinks?.trim();
    if (findLinks && !path.isAbsolute(findLinks)) throw new Error('Give the full path of the folder of packages (for example /home/me/wheels).');
    const run: Run = { running: true, step: null, lines: [], result: null, stop: new AbortController(), partial: { stdout: '', stderr: '' } };
    this.runs.set(skillId, run);
    let result: EnvRunResult;
    const work = this.prepare(ref, run, findLinks, opts?.fresh === true);
    this.underWay.add(work);
    try {
      result = await work;
    } catch (err) {
      // A refusal before anything ran (no Python, a .venv that is not ours): the same end, in its words.
      result = {
        ok: false,
        cancelled: false,
        message: err instanceof EnvError ? err.message : (err as Error).message,
        venv: envFolder(ref.dir, ref.protocol),
        durationMs: 0,
        restarted: false,
        ...(err instanceof NotOursError ? { notOurs: true } : {}),
      };
    }
    this.underWay.delete(work);
    run.running = false;
    run.step = null;
    run.result = result;
    this.wb.events.emit('pythonEnv', { skillId, result });
    return result;
  }

  async cancelEnv(skillId: string): Promise<void> {
    this.runs.get(skillId)?.stop.abort();
  }

  /** Stops every preparation under way (the workbench is closing), and waits for their installers to be gone. */
  async close(): Promise<void> {
    for (const run of this.runs.values()) run.stop.abort();
    await Promise.allSettled([...this.underWay]);
  }

  private async prepare(ref: SkillRef, run: Run, findLinks: string | undefined, fresh: boolean): Promise<EnvRunResult> {
    const skillId = ref.id;
    const plan = await planEnvironment(ref.dir, { protocol: ref.protocol, fresh, ...(findLinks ? { findLinks } : {}) });
    const r = await prepareEnvironment(plan, {
      signal: run.stop.signal,
      onStep: (_step, text) => {
        this.flush(skillId, run);
        run.step = text;
        this.wb.events.emit('pythonEnv', { skillId, step: text });
      },
      onOutput: (stream, text) => {
        const parts = (run.partial[stream] + text).split(/\r?\n|\r/);
        run.partial[stream] = parts.pop() ?? '';
        this.tell(skillId, run, parts);
      },
    });
    this.flush(skillId, run);
    let restarted = false;
    if (r.ok) {
      const status = (await this.wb.listSkills()).find((s) => s.id === skillId)?.status;
      if (status && (isAlive(status) || status === 'crashed')) {
        await this.wb.restartSkill(skillId).catch(() => undefined);
        restarted = true;
      }
    }
    return { ok: r.ok, cancelled: r.cancelled, message: r.message, venv: r.venv, durationMs: r.durationMs, restarted };
  }

  private flush(skillId: string, run: Run): void {
    const rest = [run.partial.stdout, run.partial.stderr].filter(Boolean);
    run.partial = { stdout: '', stderr: '' };
    this.tell(skillId, run, rest);
  }

  private tell(skillId: string, run: Run, lines: string[]): void {
    if (!lines.length) return;
    const kept = lines.map((l) => (l.length > MAX_LINE ? `${l.slice(0, MAX_LINE)}…` : l));
    run.lines.push(...kept);
    if (run.lines.length > KEPT_LINES) run.lines.splice(0, run.lines.length - KEPT_LINES);
    this.wb.events.emit('pythonEnv', { skillId, lines: kept });
  }

  private view(skillId: string): EnvRun | null {
    const run = this.runs.get(skillId);
    return run ? { running: run.running, step: run.step, lines: [...run.lines], result: run.result } : null;
  }
}

/** The interpreter of an environment folder, where there is one. */
function ownVenv(venv: string): string | null {
  const python = venvInterpreter(venv);
  return fs.existsSync(python) ? python : null;
}
