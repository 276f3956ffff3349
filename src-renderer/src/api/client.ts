/**
 * Picks the transport once at start-up: the Electron preload's `window.skillbench` when present,
 * otherwise a WebSocket to the `skillbench serve` that served this page.
 */
import type { WorkbenchClient } from '@contract';
import { ConnectionStatus } from './connection';
import { takeToken } from './token';
import { createWsClient } from './ws-client';

declare global {
  interface Window {
    skillbench?: WorkbenchClient;
  }
}

export const connection = new ConnectionStatus();

let client: WorkbenchClient | null = null;
let missingToken = false;

export function initClient(): void {
  if (client) return;
  if (window.skillbench) {
    client = window.skillbench;
    connection.set('open');
    return;
  }
  const token = takeToken();
  if (!token) {
    missingToken = true;
    connection.set(
      'unauthorised',
      'This page needs the address printed by “skillbench serve” (it ends in ?token=…). Open that address instead.',
    );
    client = createOfflineClient();
    return;
  }
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const url = `${scheme}//${window.location.host}/api?token=${encodeURIComponent(token)}`;
  client = createWsClient(url, connection);
}

export function api(): WorkbenchClient {
  if (!client) initClient();
  return client!;
}

export function isTokenMissing(): boolean {
  return missingToken;
}

/** Used when there is nothing to connect to: every call rejects with the reason. */
function createOfflineClient(): WorkbenchClient {
  return new Proxy({} as WorkbenchClient, {
    get(_t, prop) {
      if (prop === 'on') return () => () => undefined;
      return () => Promise.reject(new Error(connection.detail ?? 'Not connected to the workbench.'));
    },
  });
}
