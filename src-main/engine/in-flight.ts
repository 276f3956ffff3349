/**
 * The calls a skill has in flight: counted, so a status can say busy while any runs, and each (when
 * started with `run`) with its own AbortController, so all can be cancelled and waited for. The
 * supervisor counts the calls to its long-running process; the one-process-per-call protocols also
 * cancel theirs on stop (see protocols/one-shot-skill.ts).
 */
export class InFlight {
  private readonly controllers = new Map<AbortController, Promise<unknown>>();
  private counted = 0;

  /** `busy` is told true when the first counted call starts and false when the last one ends. */
  constructor(private readonly busy: (busy: boolean) => void) {}

  /** How many counted calls are running. */
  get active(): number {
    return this.counted;
  }

  /** Counts `work` while it runs (it cannot be cancelled from here). */
  track<T>(work: Promise<T>): Promise<T> {
    this.begin();
    // One bound function for every call, rather than a closure a call on the hot path.
    work.then(this.end, this.end);
    return work;
  }

  private readonly end = (): void => {
    if (--this.counted === 0) this.busy(false);
  };

  /**
   * Runs `work` with a signal that `abortAll` (or the caller's `signal`) aborts. An uncounted call (a
   * probe the user did not ask for as a call) is cancelled like the others but leaves the status alone.
   */
  run<T>(work: (signal: AbortSignal) => Promise<T>, opts: { signal?: AbortSignal; counted?: boolean } = {}): Promise<T> {
    const ctrl = new AbortController();
    // Counted before the work begins, so the skill shows busy before anything the call logs.
    const counted = opts.counted === false ? undefined : this.begin();
    let job: Promise<T>;
    try {
      job = work(opts.signal ? AbortSignal.any([opts.signal, ctrl.signal]) : ctrl.signal);
    } catch (err) {
      job = Promise.reject(err);
    }
    this.controllers.set(ctrl, job);
    const done = () => {
      this.controllers.delete(ctrl);
      counted?.();
    };
    job.then(done, done);
    return job;
  }

  /** Counts one call; returns what ends it. */
  private begin(): () => void {
    if (++this.counted === 1) this.busy(true);
    return this.end;
  }

  /** Aborts every call started with `run` and resolves once each has ended. */
  async abortAll(): Promise<void> {
    const pending = [...this.controllers.entries()];
    for (const [ctrl] of pending) ctrl.abort();
    await Promise.allSettled(pending.map(([, job]) => job));
  }
}
