/**
 * The preload: exposes `window.skillbench`, the typed client made from the command table (one named function per
 * command, and `on` for events, returning its unsubscribe), over a JSON-RPC peer on one IPC channel. Never the raw
 * ipcRenderer.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNEL } from '../src-main/common/commands';
import { commandClient, EventListeners } from '../src-main/common/commands/client';
import { windowEnd } from '../src-main/common/commands/link';

const events = new EventListeners((event, err) => console.error(`listener for "${event}" failed`, err));
const peer = windowEnd((line) => ipcRenderer.send(IPC_CHANNEL, line), events);
ipcRenderer.on(IPC_CHANNEL, (_e, line: unknown) => {
  if (typeof line === 'string') peer.receive(line);
});

contextBridge.exposeInMainWorld('skillbench', commandClient((wire, params) => peer.request(wire, params), events));
