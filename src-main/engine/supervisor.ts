/**
 * Keeps one long-running skill process alive: launches it, reports its status, notices a crash,
 * restarts it with exponential backoff, and gives up (saying so) when it crashes in a loop.
 * It knows nothing of protocols: `launch` spawns and handshakes, `shutdown` stops politely.
 */
import type { SkillStatus } from '../contract';
import type { ExitInfo } from './child';
import { delay } from './child';
import { describeExit } from '../common/errors';
import { InFlight } from './in-flight';

export interface Instance {
  readonly exited: Promise<ExitInfo>;
}

export interface RestartPolicy {
  enabled: boolean;
  initialDelayMs: number;
  maxDelayMs: number;
  /** This many crashes within `windowMs` is a crash loop: stop restarting. */
  loopCount: number;
  loopWindowMs: number;
}

export const DEFAULT_RESTART: RestartPolicy = {
  enabled: true,
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  loopCount: 5,
  loopWindowMs: 60_000,
};

export interface SupervisorOptions<I extends Instance> {
  launch: () => Promise<I>;
  shutdown: (instance: I) => Promise<unknown>;
  restart?: Partial<RestartPolicy>;
  onStatus?: (status: SkillStatus, detail?: string) => void;
  /** Told of every unexpected exit, before any restart; `starting` when it ended before it was up. */
  onCrash?: (detail: string, info: ExitInfo, starting: boolean) => void;
}

export class Supervisor<I extends Instance> {
  private instance: I | null = null;
  private starting: Promise<I> | null = null;
  private _status: SkillStatus = 'stopped';
  private detail?: string;
  private wanted = false;
  private crashes: number[] = [];
  private attempt = 0;
  private gaveUpOnLoop = false;
  /** It has been up since the last explicit start: only then is a failed launch worth another try. */
  private wasUp = false;
  private readonly calls = new InFlight((busy) => {
    if (busy && this._status === 'ready') this.setStatus('busy');
    if (!busy && this._status === 'busy') this.setStatus('ready');
  });
  private generation = 0;
  private readonly policy: RestartPolicy;

  constructor(private readonly opts: SupervisorOptions<I>) {
    this.policy = { ...DEFAULT_RESTART, ...opts.restart };
  }

  get status(): SkillStatus {
    return this._status;
  }

  get statusDetail(): string | undefined {
    return this.detail;
  }

  get current(): I | null {
    return this.instance;
  }

  /**
   * It crashed in a loop and stopped restarting it: true until the next explicit start, restart or
   * stop. The status detail says the same in words for users; code asks this.
   */
  get gaveUp(): boolean {
    return this.gaveUpOnLoop;
  }

  /** Starts the process if it is not running and resolves once it is ready. */
  start(): Promise<I> {
    this.wanted = true;
    if (this.instance) return Promise.resolve(this.instance);
    if (this.starting) return this.starting;
    this.crashes = [];
    this.attempt = 0;
    this.gaveUpOnLoop = false;
    this.wasUp = false;
    return this.launch();
  }

  async stop(): Promise<void> {
    this.wanted = false;
    this.gaveUpOnLoop = false;
    this.generation++;
    const inst = this.instance ?? (await this.starting?.catch(() => null));
    this.instance = null;
    this.starting = null;
    if (inst) await this.opts.shutdown(inst);
    this.setStatus('stopped');
  }

  async restart(): Promise<I> {
    await this.stop();
    return this.start();
  }

  /** Marks the skill busy while `work` runs. */
  track<T>(work: Promise<T>): Promise<T> {
    return this.calls.track(work);
  }

  private launch(): Promise<I> {
    const gen = ++this.generation;
    this.setStatus('starting');
    const started = this.opts.launch().then(
      (inst) => {
        if (gen !== this.generation) {
          // stop() was called while starting: the caller of stop awaits `starting` and shuts it down.
          return inst;
        }
        this.instance = inst;
        this.starting = null;
        this.wasUp = true;
        this.setStatus(this.calls.active > 0 ? 'busy' : 'ready');
        const startedAt = Date.now();
        void inst.exited.then((info) => this.exited(inst, info, startedAt, gen));
        return inst;
      },
      (err: Error) => {
        if (gen === this.generation) {
          this.starting = null;
          // One that never came up (a mistyped package, a syntax error) fails the same way each time: restarting
          // it only repeats the message. A restart of one that had been up may meet a passing cause.
          this.crashed(err.message, { code: null, signal: null }, Date.now(), this.wasUp && (err as { code?: string }).code !== 'LAUNCH', true);
        }
        throw err;
      },
    );
    this.starting = started;
    return started;
  }

  private exited(inst: I, info: ExitInfo, startedAt: number, gen: number): void {
    if (this.instance !== inst || gen !== this.generation) return;
    this.instance = null;
    this.crashed(info.reason ?? `Exited ${describeExit(info.code, info.signal)}`, info, startedAt, true, false);
  }

  private crashed(detail: string, info: ExitInfo, startedAt: number, mayRestart: boolean, starting: boolean): void {
    this.opts.onCrash?.(detail, info, starting);
    const now = Date.now();
    // A process that stayed up for a while starts its backoff afresh.
    if (now - startedAt > this.policy.loopWindowMs / 2) this.attempt = 0;
    this.crashes = this.crashes.filter((t) => now - t < this.policy.loopWindowMs);
    this.crashes.push(now);
    if (!this.wanted || !this.policy.enabled || !mayRestart) {
      this.setStatus('crashed', detail);
      return;
    }
    if (this.crashes.length >= this.policy.loopCount) {
      const window = Math.round(this.policy.loopWindowMs / 1000);
      this.gaveUpOnLoop = true;
      this.setStatus('crashed', `Crash loop: ${this.crashes.length} crashes within ${window} s, so the workbench stopped restarting it. Fix the cause, then press Restart. Last time: ${detail}`);
      return;
    }
    this.setStatus('crashed', detail);
    const wait = Math.min(this.policy.maxDelayMs, this.policy.initialDelayMs * 2 ** this.attempt);
    this.attempt++;
    this.setStatus('restarting', `Restarting in ${(wait / 1000).toFixed(wait < 1000 ? 1 : 0)} s (attempt ${this.attempt})`);
    const gen = this.generation;
    const restart = delay(wait).then(() => {
      if (gen !== this.generation || !this.wanted) throw new Error('superseded');
      return this.launch();
    });
    restart.catch(() => undefined);
    this.starting = restart;
  }

  private setStatus(status: SkillStatus, detail?: string): void {
    if (status === this._status && detail === this.detail) return;
    this._status = status;
    this.detail = detail;
    this.opts.onStatus?.(status, detail);
  }
}
