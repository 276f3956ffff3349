import type { EventName, WorkbenchEvents } from '@contract';
import { api } from '../api/client';

/** Listens to one kind of the workbench's events; returns the unsubscribe (for an effect's cleanup). */
export function onEvent<K extends EventName>(event: K, listener: (payload: WorkbenchEvents[K]) => void): () => void {
  return api().on(event, listener);
}
