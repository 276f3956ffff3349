/**
 * Browser-mode transport: one WebSocket to `skillbench serve`, speaking
 *   -> {id, method, params}   <- {id, result} | {id, error: {message}}   <- {event, payload}
 *
 * Layers as in vscode-jsonrpc: framing (JSON text frames) stays here; the rest of the app only sees
 * `WorkbenchClient`. Calls made while (re)connecting are queued; calls already sent when the socket drops
 * are rejected (we cannot know whether they ran). The socket reconnects with capped exponential backoff, and at
 * once when the window gets the focus back (the user may just have restarted the server).
 */
import { API_METHODS } from '@contract';
import type { ApiMethod, EventName, WorkbenchClient, WorkbenchEvents } from '@contract';
import type { ConnectionStatus } from './connection';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  sent: boolean;
  frame: string;
  queuedTimer?: ReturnType<typeof setTimeout>;
}

const QUEUE_WAIT_MS = 30_000;
/** Retrying a local server costs nothing: a server that comes back is found within a few seconds. */
const MAX_BACKOFF_MS = 4_000;

export interface WsClientOptions {
  /** When set, stop retrying after a few failed first attempts and report this (used when we have no token). */
  giveUpMessage?: string;
}

export function createWsClient(url: string, status: ConnectionStatus, options: WsClientOptions = {}): WorkbenchClient {
  let ws: WebSocket | null = null;
  let nextId = 1;
  let attempts = 0;
  let everOpened = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<number, Pending>();
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();

  function dispatch(event: string, payload: unknown): void {
    const set = listeners.get(event as EventName);
    if (!set) return;
    for (const l of [...set]) {
      try {
        l(payload);
      } catch (err) {
        console.error(`listener for "${event}" failed`, err);
      }
    }
  }

  function flush(): void {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    for (const p of pending.values()) {
      if (p.sent) continue;
      if (p.queuedTimer) clearTimeout(p.queuedTimer);
      p.sent = true;
      ws.send(p.frame);
    }
  }

  function onMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    let msg: { id?: number; result?: unknown; error?: { message?: string }; event?: string; payload?: unknown };
    try {
      msg = JSON.parse(data) as typeof msg;
    } catch {
      console.warn('The workbench sent a frame that is not JSON; ignored.');
      return;
    }
    if (typeof msg.event === 'string') {
      dispatch(msg.event, msg.payload);
      return;
    }
    if (typeof msg.id !== 'number') return;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.error) p.reject(new Error(msg.error.message || 'The workbench reported an error without a message.'));
    else p.resolve(msg.result);
  }

  function scheduleReconnect(): void {
    if (reconnectTimer) return;
    const base = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempts);
    const delay = base * (0.8 + Math.random() * 0.4);
    attempts++;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delay);
  }

  function connect(): void {
    if (!everOpened && options.giveUpMessage && attempts >= 2) {
      status.set('unauthorised', options.giveUpMessage);
      for (const [id, p] of pending) {
        pending.delete(id);
        if (p.queuedTimer) clearTimeout(p.queuedTimer);
        p.reject(new Error(options.giveUpMessage));
      }
      return;
    }
    if (!everOpened && attempts >= 3) {
      status.set('unreachable');
    } else if (status.state !== 'lost') {
      status.set(everOpened ? 'reconnecting' : 'connecting');
    }
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      scheduleReconnect();
      return;
    }
    ws = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      attempts = 0;
      everOpened = true;
      status.set('open');
      flush();
    };
    socket.onmessage = (ev) => onMessage(ev.data);
    // The server refuses a bad token at the upgrade (HTTP 401), never with a close code: the browser sees
    // that as any failed connection (1006), so a refusal is told apart only by `giveUpMessage` above.
    socket.onclose = () => {
      if (ws === socket) ws = null;
      for (const [id, p] of pending) {
        if (!p.sent) continue;
        pending.delete(id);
        p.reject(new Error('The connection to the workbench was lost before it answered. Try again.'));
      }
      // Open before and refused now: the server process is gone, not just this socket.
      if (everOpened && !opened) status.set('lost');
      scheduleReconnect();
    };
    socket.onerror = () => {
      /* onclose follows and handles it */
    };
  }

  function call(method: ApiMethod, params: unknown[]): Promise<unknown> {
    while (params.length && params[params.length - 1] === undefined) params.pop();
    const id = nextId++;
    const frame = JSON.stringify({ id, method, params });
    return new Promise((resolve, reject) => {
      const p: Pending = { resolve, reject, sent: false, frame };
      pending.set(id, p);
      if (ws && ws.readyState === WebSocket.OPEN) {
        p.sent = true;
        ws.send(frame);
      } else {
        p.queuedTimer = setTimeout(() => {
          if (pending.get(id) === p && !p.sent) {
            pending.delete(id);
            reject(new Error('The workbench is not reachable right now. Check that “skillbench serve” is still running.'));
          }
        }, QUEUE_WAIT_MS);
      }
    });
  }

  const client: Record<string, unknown> = {};
  for (const method of API_METHODS) {
    client[method] = (...args: unknown[]) => call(method, args);
  }
  client.on = <K extends EventName>(event: K, listener: (payload: WorkbenchEvents[K]) => void) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    const l = listener as (payload: unknown) => void;
    set.add(l);
    return () => {
      set.delete(l);
    };
  };

  // Back in the window after restarting the server: try now rather than at the end of the backoff.
  const retryNow = () => {
    if (!reconnectTimer || status.state === 'unauthorised') return;
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    connect();
  };
  window.addEventListener('focus', retryNow);
  window.addEventListener('online', retryNow);

  connect();
  return client as unknown as WorkbenchClient;
}
