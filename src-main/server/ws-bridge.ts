/**
 * The window link over a WebSocket: JSON-RPC 2.0 in text frames, one message a frame. The window's requests are
 * served at the door (workbench/door.ts: checked against the command table, answers scrubbed); every
 * WorkbenchEvent is pushed as a notification `event/<name>`. Correlation is the peer's (common/commands/link.ts);
 * what is this transport's own is the pace: log lines in batches, message events shed while the window is behind,
 * and a window too far behind closed with 1013.
 */
import type { RawData, WebSocket } from 'ws';
import type { WorkbenchEvents } from '../contract';
import { EVENT_PREFIX } from '../common/commands';
import { engineEnd } from '../common/commands/link';
import type { EventHub } from '../workbench/events';
import type { Door } from '../workbench/door';
import { LogBatches } from './log-batches';

/** A client this far behind gets no more message batches until it catches up (it can re-read them). */
const CONGESTED_BYTES = 8 * 1024 * 1024;
/**
 * A client this far behind (one that stopped reading: a paused tab, a stuck debugger) is closed with 1013 ("try again
 * later") rather than buffered without end; the window reconnects and reads what it missed afresh.
 */
export const MAX_BEHIND_BYTES = 64 * 1024 * 1024;

export function bridgeSocket(ws: WebSocket, door: Door, events: EventHub, maxBehind = MAX_BEHIND_BYTES): void {
  /** Sends a frame, or closes a client that fell too far behind. */
  const send = (frame: string): void => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount + frame.length > maxBehind) {
      ws.close(1013, 'Too far behind: reconnect to read what was missed');
      return;
    }
    ws.send(frame);
  };
  const peer = engineEnd({
    send,
    serve: (method, params) => door.serve(method, params),
    // Past its limit of requests at once, the window's further frames wait in the socket, not in our memory.
    onCongestion: (congested) => (congested ? ws.pause() : ws.resume()),
  });
  // Log lines go in batches of their own pace and size (log-batches.ts), so that answers and every other
  // event are never queued behind a flood of them.
  const logs = new LogBatches(
    (payload) => peer.notify(`${EVENT_PREFIX}logs`, payload),
    () => ws.bufferedAmount,
  );
  const unsubscribeAll = events.onAnyForWindow((event, payload) => {
    if (ws.readyState !== ws.OPEN) return;
    if (event === 'logs') return logs.add(payload as WorkbenchEvents['logs']);
    if (event === 'messages' && ws.bufferedAmount > CONGESTED_BYTES) return;
    peer.notify(`${EVENT_PREFIX}${event}`, payload);
  });
  const unsubscribe = () => {
    unsubscribeAll();
    logs.close();
    peer.close(new Error('The window closed its connection.'));
  };
  ws.on('close', unsubscribe);
  ws.on('error', unsubscribe);
  ws.on('message', (data) => peer.receive(textOf(data)));
}

/** A frame's text, whichever form ws hands it in (one buffer, fragments, or an ArrayBuffer). */
function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');
}
