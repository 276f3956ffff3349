/** A typed event hub for WorkbenchEvents: the bridges (IPC, WebSocket) subscribe to everything once. */
import type { EventName, WorkbenchEvents } from '../contract';

type AnyListener = <K extends EventName>(event: K, payload: WorkbenchEvents[K]) => void;

export class EventHub {
  private readonly listeners = new Set<AnyListener>();

  emit<K extends EventName>(event: K, payload: WorkbenchEvents[K]): void {
    for (const fn of this.listeners) {
      try {
        fn(event, payload);
      } catch {
        // A broken subscriber (a closed socket) must not stop the others.
      }
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
}
