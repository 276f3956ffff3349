/**
 * A typed event hub for WorkbenchEvents. Services and tests listen synchronously (`on`, `onAny`); windows
 * (the IPC and WebSocket bridges) get the events of one turn of the event loop together, after the
 * barrier has run: that is how every recorded record is on disk before the UI shows anything of it,
 * at one write per turn however many calls are in flight.
 */
import type { EventName, WorkbenchEvents } from '../contract';

type AnyListener = <K extends EventName>(event: K, payload: WorkbenchEvents[K]) => void;

export class EventHub {
  private readonly listeners = new Set<AnyListener>();
  private readonly windows = new Set<AnyListener>();
  private queue: [EventName, unknown][] = [];
  private scheduled = false;
  private waiters: (() => void)[] = [];
  /** Runs before anything reaches a window (the workbench puts its recordings on disk). */
  barrier: (() => void) | null = null;
  /** What every event goes through first: the workbench scrubs the secrets it knows from all it tells. */
  scrub: (<T>(payload: T) => T) | null = null;

  emit<K extends EventName>(event: K, raw: WorkbenchEvents[K]): void {
    const payload = this.scrub ? this.scrub(raw) : raw;
    for (const fn of this.listeners) deliver(fn, event, payload);
    if (this.windows.size === 0) return;
    this.queue.push([event, payload]);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Subscribes to every event; returns the unsubscribe. */
  onAny(fn: AnyListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  on<K extends EventName>(event: K, fn: (payload: WorkbenchEvents[K]) => void): () => void {
    const wrapped: AnyListener = (e: EventName, p: unknown) => {
      if (e === event) fn(p as WorkbenchEvents[K]);
    };
    return this.onAny(wrapped);
  }

  /** Subscribes a window (a bridge) to every event, delivered in order once per turn; returns the unsubscribe. */
  onAnyForWindow(fn: AnyListener): () => void {
    this.windows.add(fn);
    return () => this.windows.delete(fn);
  }

  /**
   * Resolves once the events emitted so far have reached the windows (the barrier run first). A bridge
   * awaits it before answering a command, so an answer never overtakes the events that led to it.
   */
  delivered(): Promise<void> {
    if (!this.scheduled) {
      this.runBarrier();
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private flush(): void {
    this.scheduled = false;
    const queue = this.queue;
    const waiters = this.waiters;
    this.queue = [];
    this.waiters = [];
    this.runBarrier();
    for (const [event, payload] of queue) {
      for (const fn of this.windows) deliver(fn, event, payload as WorkbenchEvents[EventName]);
    }
    for (const w of waiters) w();
  }

  private runBarrier(): void {
    try {
      this.barrier?.();
    } catch {
      // A barrier that fails (its own failures are reported where they happen) must not stop delivery.
    }
  }
}

function deliver<K extends EventName>(fn: AnyListener, event: K, payload: WorkbenchEvents[K]): void {
  try {
    fn(event, payload);
  } catch {
    // A broken subscriber (a closed socket) must not stop the others.
  }
}
