/**
 * One child process in its own process group: spawned with `shell: false` and an explicit environment,
 * its stderr split into log lines, and a stop that escalates (protocol shutdown, grace, SIGTERM, SIGKILL)
 * and always ends with the whole group gone, so no grandchild outlives its skill. On Linux the skill's
 * descendants are also followed through /proc (process-tree.ts), since one started in a new session
 * (`setsid`) is outside the group: they get the same signals, and any that survive are reported.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { LogSink } from './log-sink';
import { SkillError } from '../common/errors';
import { canWalkProcesses, ProcessTree } from './process-tree';
import { directInterpreter } from './interpreter';

/** How often a running skill's descendants are sampled, so one re-parented later is still known. */
const TREE_SAMPLE_MS = 2000;
/** How long after the final SIGKILL a descendant may take to go before it is reported as a survivor. */
const SURVIVOR_WAIT_MS = 1000;

export interface SpawnSpec {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process never started (command not found, bad working directory). */
  spawnError?: Error;
  /** How it ended, in words, where there was no process to exit (a server over HTTP that went away). */
  reason?: string;
}

export interface StopOptions {
  /** The protocol's polite request to exit (e.g. a `shutdown` message). */
  shutdown?: () => Promise<unknown>;
  /** How long to wait for the process to exit after the shutdown request. */
  graceMs?: number;
  /** How long to wait after SIGTERM before SIGKILL; 0 kills at once, without SIGTERM (as the real SkillDefinition host did). */
  termMs?: number;
}

export interface ChildOptions {
  logs?: LogSink;
  onStdout?: (chunk: Buffer) => void;
  /** Sees every stderr chunk too (after the log has it), e.g. to keep one call's own stderr. */
  onStderr?: (chunk: Buffer) => void;
  /** Told, in plain words, when processes the skill started are still running after it was stopped. */
  onSurvivors?: (message: string, pids: number[]) => void;
}

const isWindows = process.platform === 'win32';

export class SkillChild {
  readonly proc: ChildProcess;
  readonly exited: Promise<ExitInfo>;
  private exitInfo: ExitInfo | null = null;
  private stopping: Promise<ExitInfo> | null = null;
  private readonly tree: ProcessTree | null;
  /** Settles once the descendants are gone after the exit (or reported as survivors). */
  private descendantsGone: Promise<void> = Promise.resolve();

  constructor(readonly spec: SpawnSpec, opts: ChildOptions = {}) {
    // A Python shim (pyenv, asdf, mise) is skipped: the interpreter it picks is started directly.
    this.proc = spawn(directInterpreter(spec.command, spec.cwd, spec.env), spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      shell: false,
      detached: !isWindows,
      windowsHide: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.tree = canWalkProcesses && this.proc.pid !== undefined ? new ProcessTree(this.proc.pid) : null;
    this.tree?.watch(TREE_SAMPLE_MS);
    this.exited = new Promise<ExitInfo>((resolve) => {
      this.proc.once('error', (err) => {
        // 'error' without a pid means the process never ran; with a pid it is a signal failure we ignore.
        if (this.proc.pid === undefined && !this.exitInfo) {
          this.exitInfo = { code: null, signal: null, spawnError: launchError(spec, err) };
          resolve(this.exitInfo);
        }
      });
      this.proc.once('exit', (code, signal) => {
        if (this.exitInfo) return;
        this.exitInfo = { code, signal };
        // The leader is gone: take anything it left running in its group, or below it, with it.
        this.tree?.stopWatching();
        this.tree?.markRootGone();
        this.killGroup('SIGKILL');
        this.descendantsGone = this.reportSurvivors(opts);
        resolve(this.exitInfo);
      });
    });
    this.proc.stdin?.on('error', () => undefined);
    if (opts.onStdout) this.proc.stdout?.on('data', opts.onStdout);
    const logs = opts.logs;
    const onStderr = opts.onStderr;
    if (onStderr) this.proc.stderr?.on('data', onStderr);
    if (logs && this.proc.stderr) {
      const stderr = this.proc.stderr;
      stderr.on('data', (chunk: Buffer) => {
        if (!logs.appendBytes('stderr', chunk)) {
          // The log file is behind: stop reading, so the pipe fills and the skill waits, instead of memory growing.
          stderr.pause();
          logs.onceDrained(() => stderr.resume());
        }
      });
      stderr.on('end', () => logs.endStream('stderr'));
    }
  }

  get pid(): number | undefined {
    return this.proc.pid;
  }

  get hasExited(): boolean {
    return this.exitInfo !== null;
  }

  /** Stops the process, politely first. Resolves once it (and its group) is gone. Idempotent. */
  stop(opts: StopOptions = {}): Promise<ExitInfo> {
    if (this.exitInfo) return this.descendantsGone.then(() => this.exitInfo!);
    // Before anything exits: the links from the skill to its descendants are still there to follow.
    this.tree?.sample();
    this.stopping ??= this.escalate(opts).then(async (info) => {
      await this.descendantsGone;
      return info;
    });
    return this.stopping;
  }

  /** Kills at once (timeouts, cancellation of one-shot calls). */
  async kill(): Promise<ExitInfo> {
    if (!this.exitInfo) this.killGroup('SIGKILL');
    const info = await this.exited;
    await this.descendantsGone;
    return info;
  }

  private async escalate(opts: StopOptions): Promise<ExitInfo> {
    const graceMs = opts.graceMs ?? 200;
    const termMs = opts.termMs ?? 2000;
    if (opts.shutdown) {
      await Promise.race([opts.shutdown().catch(() => undefined), delay(Math.max(graceMs, 1000))]);
      if (await this.exitsWithin(graceMs)) return this.exitInfo!;
    }
    this.proc.stdin?.end();
    if (await this.exitsWithin(opts.shutdown ? 0 : graceMs)) return this.exitInfo!;
    if (termMs <= 0) {
      this.killGroup('SIGKILL');
      return this.exited;
    }
    this.killGroup('SIGTERM');
    if (await this.exitsWithin(termMs)) return this.exitInfo!;
    this.killGroup('SIGKILL');
    return this.exited;
  }

  private async exitsWithin(ms: number): Promise<boolean> {
    if (this.exitInfo) return true;
    if (ms <= 0) return false;
    await Promise.race([this.exited, delay(ms)]);
    return this.exitInfo !== null;
  }

  private killGroup(signal: NodeJS.Signals): void {
    const pid = this.proc.pid;
    if (pid === undefined) return;
    if (isWindows) {
      if (signal === 'SIGKILL') spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true }).on('error', () => undefined);
      else this.proc.kill(signal);
      return;
    }
    this.tree?.sample();
    try {
      process.kill(-pid, signal);
    } catch {
      // ESRCH: the group is already empty.
    }
    this.tree?.signal(signal);
  }

  /** Waits a moment for the killed descendants to go, then tells about any still running. */
  private async reportSurvivors(opts: ChildOptions): Promise<void> {
    const tree = this.tree;
    if (!tree) return;
    const until = Date.now() + SURVIVOR_WAIT_MS;
    let left = tree.alive();
    while (left.length && Date.now() < until) {
      await delay(50);
      left = tree.alive();
    }
    if (!left.length) return;
    const message =
      `${left.length === 1 ? 'A process' : `${left.length} processes`} started by the skill could not be stopped and ` +
      `${left.length === 1 ? 'is' : 'are'} still running (pid ${left.join(', ')}). It may belong to another user; end it from the system's task manager.`;
    opts.logs?.append('system', message);
    opts.onSurvivors?.(message, left);
  }
}

function launchError(spec: SpawnSpec, err: Error): Error {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') {
    return new SkillError('LAUNCH', `Could not start "${spec.command}": the command was not found, or the folder ${spec.cwd} does not exist. Check that it is installed and on PATH.`);
  }
  if (code === 'EACCES') return new SkillError('LAUNCH', `Could not start "${spec.command}": permission denied. Make it executable or run it through its interpreter.`);
  return new SkillError('LAUNCH', `Could not start "${spec.command}": ${err.message}`);
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    t.unref?.();
  });
}
