/**
 * Hot reload, the workbench half: while a skill is meant to run, watch its folder; on a change (one per
 * burst of saves), check the changed Python first and only then restart. A syntax error is reported with
 * its file and line and the skill is left as it was (running its old code, or stopped): a broken save
 * never becomes a crash loop. The next save that compiles reloads it.
 *
 * State survives a reload because it never lived in the process: a SkillDefinition skill's state and data
 * are in the workbench's home, and the runtime (log, timeline, stores) is kept; only the process restarts.
 *
 * The same watcher tells whoever asks that the files changed (`changed`: the Doctor re-checks on it). A
 * folder can be observed without reloading (`observe`), for a skill that is stopped or has hot reload off.
 */
import { checkPythonSyntax, describeSyntaxError, reloadPlan, SkillWatcher } from './hot-reload';
import { relPath } from './skill-files';
import { skillVenv } from '../protocols/skilldef';
import type { SkillRef, SkillStatus } from '../contract';
import type { Mark } from './timeline';

export interface ReloadHooks {
  /** The folder to watch: the skill's own. */
  dir: string;
  /** The interpreter that checks syntax (the skill's .venv, where it has one). */
  python?: string;
  /** Restarts the skill's process; rejects when it cannot start. */
  restart(): Promise<void>;
  /** A line in the skill's log (the system stream). */
  log(line: string): void;
  /** A mark on the skill's timeline and, for a problem, the status detail. */
  report(r: ReloadReport): void;
  /** Every burst of changes (relative names, `/` separators), whether or not it reloads the skill. */
  changed?(names: string[]): void;
  debounceMs?: number;
}

export type ReloadReport =
  | { kind: 'reloaded'; message: string; files: string[] }
  | { kind: 'syntax-error'; message: string; files: string[]; file: string; line: number }
  | { kind: 'failed'; message: string; files: string[] };

export class SkillReloader {
  private watcher: SkillWatcher | null = null;
  /** Changes restart the skill (hot reload is on and the skill is meant to run). */
  private reloading = false;
  /** Someone wants to hear of changes even while nothing reloads (the Doctor). */
  private observing = false;
  private running: Promise<void> | null = null;
  /** Changes that came while a reload was under way: handled once it ends. */
  private queued = new Set<string>();

  constructor(private readonly hooks: ReloadHooks) {}

  /** Changes reload the skill. */
  get watching(): boolean {
    return this.reloading && this.watcher !== null;
  }

  /** Changes are told of (see observe). */
  get observed(): boolean {
    return this.observing;
  }

  /** Reloads the skill on changes from now on (again, harmlessly, when it already does). */
  start(): void {
    this.reloading = true;
    this.ensureWatcher();
  }

  /** Tells of changes (the `changed` hook) from now on, without reloading anything on its own account. */
  observe(): void {
    this.observing = true;
    this.ensureWatcher();
  }

  /** No more reloads; the folder stays watched while it is observed. */
  stop(): void {
    this.reloading = false;
    this.queued.clear();
    if (!this.observing) this.closeWatcher();
  }

  /** Stops everything: no reloads, no change notices. */
  close(): void {
    this.observing = false;
    this.stop();
  }

  /** Resolves once any reload under way (and those queued behind it) has finished: for tests and shutdown. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private ensureWatcher(): void {
    if (this.watcher) return;
    try {
      this.watcher = new SkillWatcher().watch(this.hooks.dir, {
        debounceMs: this.hooks.debounceMs ?? 300,
        onChange: (files) => this.changed(files),
        onError: (err) => this.hooks.log(`Hot reload: ${err.message}`),
      });
    } catch (err) {
      this.hooks.log(`Hot reload is off for this skill: ${(err as Error).message}`);
    }
  }

  private closeWatcher(): void {
    this.watcher?.close();
    this.watcher = null;
  }

  private changed(files: string[]): void {
    this.hooks.changed?.(reloadPlan(files, this.hooks.dir).names);
    if (!this.reloading) return;
    for (const f of files) this.queued.add(f);
    if (!this.running) this.running = this.drain().finally(() => (this.running = null));
  }

  private async drain(): Promise<void> {
    while (this.queued.size && this.reloading) {
      const files = [...this.queued].sort();
      this.queued.clear();
      await this.reload(files);
    }
  }

  private async reload(files: string[]): Promise<void> {
    const { dir } = this.hooks;
    const plan = reloadPlan(files, dir);
    if (!plan.restart) return;
    const problem = await checkPythonSyntax(plan.python, { python: this.hooks.python });
    if (!this.reloading) return; // stopped while Python was checking
    if (problem) {
      const message = `${describeSyntaxError(problem, dir)}. Not reloaded: the skill keeps what it was running until the file compiles.`;
      this.hooks.log(message);
      this.hooks.report({ kind: 'syntax-error', message, files: plan.names, file: relPath(dir, problem.file), line: problem.line });
      return;
    }
    const what = plan.names.length === 1 ? `a change to ${plan.summary}` : `changes to ${plan.summary}`;
    try {
      await this.hooks.restart();
    } catch (err) {
      const message = `Reload after ${what} failed: ${(err as Error).message}`;
      this.hooks.log(message);
      this.hooks.report({ kind: 'failed', message, files: plan.names });
      return;
    }
    const message = `Reloaded after ${what}`;
    this.hooks.log(message);
    this.hooks.report({ kind: 'reloaded', message, files: plan.names });
  }
}

/** What a reloader needs of the runtime it reloads. */
interface Reloaded {
  readonly ref: SkillRef;
  readonly logs: { append(stream: 'system', line: string): void };
  readonly status: SkillStatus;
  mark(m: Mark): unknown;
  setStatus(status: SkillStatus, detail?: string): void;
}

/** The reloader of a workbench skill: it logs into the skill's log and marks its timeline. */
export function reloaderFor(rt: Reloaded, debounceMs: number | undefined, restart: () => Promise<void>, changed?: (names: string[]) => void): SkillReloader {
  return new SkillReloader({
    dir: rt.ref.dir,
    python: skillVenv(rt.ref.dir) ?? undefined,
    debounceMs,
    restart,
    changed,
    log: (line) => rt.logs.append('system', line),
    report: (r) => reportReload(rt, r),
  });
}

/** A reload on the timeline (and, for a problem, in the status detail until the skill's status moves on). */
function reportReload(rt: Reloaded, r: ReloadReport): void {
  const ok = r.kind === 'reloaded';
  const data = r.kind === 'syntax-error' ? { reload: r.kind, files: r.files, file: r.file, line: r.line } : { reload: r.kind, files: r.files };
  rt.mark({ kind: ok ? 'restart' : 'note', label: r.message, outcome: ok ? 'ok' : 'error', data });
  if (!ok) rt.setStatus(rt.status, r.message);
}
