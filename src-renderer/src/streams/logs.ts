import type { LogEntry } from '@contract';

/**
 * Log lines go from the event straight to whoever shows them (the terminal), never through React state.
 * Only counters reach the store.
 */
type Listener = (entries: LogEntry[]) => void;
const listeners = new Map<string, Set<Listener>>();
const clearListeners = new Map<string, Set<() => void>>();

export function publishLogs(skillId: string, entries: LogEntry[]): void {
  const set = listeners.get(skillId);
  if (set) for (const l of [...set]) l(entries);
}

export function subscribeLogs(skillId: string, listener: Listener): () => void {
  let set = listeners.get(skillId);
  if (!set) listeners.set(skillId, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Fired after a reconnect so an open terminal fetches what it missed. */
export function publishLogResync(skillId?: string): void {
  for (const [id, set] of clearListeners) {
    if (skillId && id !== skillId) continue;
    for (const l of [...set]) l();
  }
}

export function subscribeLogResync(skillId: string, listener: () => void): () => void {
  let set = clearListeners.get(skillId);
  if (!set) clearListeners.set(skillId, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
