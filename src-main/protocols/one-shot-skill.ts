/**
 * What the one-process-per-call protocols (action scripts, namel3ss tools) share, beside
 * PersistentRpcSkill for the long-running ones: no process is kept, so the skill's status is whether it
 * was started, shown as busy while any call runs; stop cancels the calls in flight and waits for them.
 * Subclasses say how to start (learn the tools) and how to run one call, inside `track`.
 */
import type { CallOutcome, SkillInfo, SkillRef, SkillStatus } from '../contract';
import { InFlight } from '../engine/in-flight';
import type { AdapterContext, CallOptions, SkillAdapter } from './adapter';

export abstract class OneShotSkill implements SkillAdapter {
  protected learnt: SkillInfo | null = null;
  /** True between a start that succeeded and the next stop. */
  private started = false;
  private shown: SkillStatus = 'stopped';
  /** True while stop() cancels the calls in flight, so a call can say it was stopped rather than cancelled. */
  protected stopping = false;
  private readonly calls = new InFlight((busy) => this.show(busy ? 'busy' : this.started ? 'ready' : 'stopped'));

  constructor(
    readonly ref: SkillRef,
    protected readonly ctx: AdapterContext,
  ) {}

  abstract start(): Promise<SkillInfo>;
  abstract call(tool: string, args: unknown, opts?: CallOptions): Promise<CallOutcome>;

  info(): SkillInfo | null {
    return this.learnt;
  }

  status(): SkillStatus {
    return this.shown;
  }

  /** Shows the skill stopped at once, cancels the calls in flight, and resolves once they have ended. */
  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    this.show('stopped');
    try {
      await this.calls.abortAll();
    } finally {
      this.stopping = false;
    }
  }

  /** Whether start succeeded since the last stop. */
  protected get isStarted(): boolean {
    return this.started;
  }

  /**
   * Runs one call with a signal that stop() (or the caller's `signal`) aborts; the skill shows busy
   * while any counted call runs. A run the user did not ask for (a probe) passes `counted: false`.
   */
  protected track<T>(work: (signal: AbortSignal) => Promise<T>, opts: { signal?: AbortSignal; counted?: boolean } = {}): Promise<T> {
    return this.calls.run(work, opts);
  }

  protected markStarting(): void {
    this.show('starting');
  }

  /** Start succeeded: ready, or busy when calls are already running. */
  protected markReady(): void {
    this.started = true;
    this.show(this.calls.active > 0 ? 'busy' : 'ready');
  }

  /** Start failed: stopped, saying why. */
  protected markStopped(detail?: string): void {
    this.started = false;
    this.show('stopped', detail);
  }

  private show(status: SkillStatus, detail?: string): void {
    if (status === this.shown && !detail) return;
    this.shown = status;
    this.ctx.onStatus?.(status, detail);
  }
}
