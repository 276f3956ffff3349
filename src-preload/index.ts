/**
 * The preload: exposes `window.skillbench`, one named function per command of the contract and `on`
 * for events (returning its unsubscribe). Never the raw ipcRenderer.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { API_METHODS, EVENT_NAMES, type EventName, type WorkbenchEvents } from '../src-main/contract';

const api: Record<string, unknown> = {};
for (const method of API_METHODS) {
  api[method] = async (...args: unknown[]) => {
    const r = (await ipcRenderer.invoke(`skillbench:${method}`, ...args)) as { result?: unknown; error?: string };
    if (r && typeof r.error === 'string') throw new Error(r.error);
    return r?.result;
  };
}

api.on = <K extends EventName>(event: K, listener: (payload: WorkbenchEvents[K]) => void): (() => void) => {
  if (!EVENT_NAMES.includes(event)) throw new Error(`Unknown event: ${String(event)}`);
  const handler = (_e: IpcRendererEvent, name: EventName, payload: unknown) => {
    if (name === event) listener(payload as WorkbenchEvents[K]);
  };
  ipcRenderer.on('skillbench:event', handler);
  return () => {
    ipcRenderer.removeListener('skillbench:event', handler);
  };
};

contextBridge.exposeInMainWorld('skillbench', api);
