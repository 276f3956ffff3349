/**
 * Browser-mode transport: one WebSocket to `skillbench serve`, carrying the window link's JSON-RPC 2.0 in text
 * frames (common/commands/link.ts). The client is the one the Electron preload exposes, made from the command
 * table (common/commands/client.ts); what is this transport's own is the socket's life. Each socket gets a fresh
 * peer: calls made while (re)connecting wait for the socket to open; calls already sent when it drops are rejected
 * by their peer as it closes (we cannot know whether they ran). The socket reconnects with capped exponential
 * backoff, and at once when the window gets the focus back (the user may just have restarted the server).
 */
import type { WorkbenchClient } from '@contract';
import type { JsonRpcPeer } from '../../../src-main/common/jsonrpc';
import { commandClient, EventListeners } from '../../../src-main/common/commands/client';
import { windowEnd } from '../../../src-main/common/commands/link';
import type { ConnectionStatus } from './connection';

const QUEUE_WAIT_MS = 30_000;
/** Retrying a local server costs nothing: a server that comes back is found within a few seconds. */
const MAX_BACKOFF_MS = 4_000;
const NOT_REACHABLE = 'The workbench is not reachable right now. Check that “skillbench serve” is still running.';
const LOST = 'The connection to the workbench was lost before it answered. Try again.';

export interface WsClientOptions {
  /** When set, stop retrying after a few failed first attempts and report this (used when we have no token). */
  giveUpMessage?: string;
}

export function createWsClient(url: string, status: ConnectionStatus, options: WsClientOptions = {}): WorkbenchClient {
  let peer: JsonRpcPeer | null = null;
  let attempts = 0;
  let everOpened = false;
  let gaveUp: Error | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Calls waiting for a socket to open. */
  const waiting = new Set<{ go: (p: JsonRpcPeer) => void; fail: (e: Error) => void }>();
  const events = new EventListeners((event, err) => console.error(`listener for "${event}" failed`, err));

  /** The open socket's peer, once there is one (for at most QUEUE_WAIT_MS). */
  function openPeer(): Promise<JsonRpcPeer> {
    if (peer) return Promise.resolve(peer);
    if (gaveUp) return Promise.reject(gaveUp);
    return new Promise((resolve, reject) => {
      const w = {
        go: (p: JsonRpcPeer) => {
          clearTimeout(timer);
          resolve(p);
        },
        fail: (e: Error) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      const timer = setTimeout(() => {
        waiting.delete(w);
        reject(new Error(NOT_REACHABLE));
      }, QUEUE_WAIT_MS);
      waiting.add(w);
    });
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
      gaveUp = new Error(options.giveUpMessage);
      for (const w of waiting) w.fail(gaveUp);
      waiting.clear();
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
    const link = windowEnd((line) => socket.send(line), events);
    let opened = false;
    socket.onopen = () => {
      opened = true;
      attempts = 0;
      everOpened = true;
      peer = link;
      status.set('open');
      for (const w of waiting) w.go(link);
      waiting.clear();
    };
    socket.onmessage = (ev) => {
      if (typeof ev.data === 'string') link.receive(ev.data);
    };
    // The server refuses a bad token at the upgrade (HTTP 401), never with a close code: the browser sees
    // that as any failed connection (1006), so a refusal is told apart only by `giveUpMessage` above.
    socket.onclose = () => {
      if (peer === link) peer = null;
      link.close(new Error(LOST));
      // Open before and refused now: the server process is gone, not just this socket.
      if (everOpened && !opened) status.set('lost');
      scheduleReconnect();
    };
    socket.onerror = () => {
      /* onclose follows and handles it */
    };
  }

  const client = commandClient(async (wire, params) => (await openPeer()).request(wire, params), events);

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
  return client;
}
