/**
 * Picks the transport once at start-up: the Electron preload's `window.skillbench` when present,
 * otherwise a WebSocket to the `skillbench serve` that served this page. Either way the page ends up with the
 * same typed client as `window.skillbench` (made from the command table), for the devtools console, browser
 * automation and the end-to-end tests.
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

export function initClient(): void {
  if (client) return;
  if (window.skillbench) {
    client = window.skillbench;
    connection.set('open');
    return;
  }
  const token = takeToken();
  // Next to the page, under the prefix its cookie is scoped to (server/auth.ts).
  const socket = new URL('api', window.location.href);
  socket.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  socket.hash = '';
  socket.search = '';
  if (!token) {
    // No token in the address or this tab's storage: the server's cookie may still let us in (a new tab of the
    // same page). If it does not, say what to do.
    client = createWsClient(socket.href, connection, {
      giveUpMessage: 'This page needs the address printed by “skillbench serve” (it ends in ?token=…). Open that address instead.',
    });
  } else {
    socket.searchParams.set('token', token);
    client = createWsClient(socket.href, connection);
  }
  window.skillbench = client;
}

export function api(): WorkbenchClient {
  if (!client) initClient();
  return client!;
}
