/**
 * The window link over a WebSocket: JSON-RPC 2.0 in text frames, one message a frame. What is sent and at what
 * pace is the window link's (workbench/window-link.ts, the same for the desktop's IPC); what is this carrier's
 * own is its count of what is still queued (bufferedAmount), pausing the socket while too many requests wait,
 * and closing a window too far behind with 1013 ("try again later"): it reconnects and reads what it missed afresh.
 */
import type { RawData, WebSocket } from 'ws';
import type { EventHub } from '../workbench/events';
import type { Door } from '../workbench/door';
import { MAX_BEHIND_BYTES, WindowLink } from '../workbench/window-link';

export { MAX_BEHIND_BYTES };

export function bridgeSocket(ws: WebSocket, door: Door, events: EventHub, maxBehind = MAX_BEHIND_BYTES): WindowLink {
  const link = new WindowLink(
    {
      send: (frame) => ws.send(frame),
      open: () => ws.readyState === ws.OPEN,
      queued: () => ws.bufferedAmount,
      tooFarBehind: () => {
        ws.close(1013, 'Too far behind: reconnect to read what was missed');
        return true;
      },
      // Past its limit of requests at once, the window's further frames wait in the socket, not in our memory.
      onCongestion: (congested) => (congested ? ws.pause() : ws.resume()),
    },
    door,
    events,
    { maxBehind },
  );
  const close = () => link.close();
  ws.on('close', close);
  ws.on('error', close);
  ws.on('message', (data) => link.receive(textOf(data)));
  return link;
}

/** A frame's text, whichever form ws hands it in (one buffer, fragments, or an ArrayBuffer). */
function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');
}
