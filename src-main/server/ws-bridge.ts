/**
 * The WorkbenchApi over a WebSocket: `{id, method, params}` in, `{id, result}` or `{id, error}` out,
 * and every WorkbenchEvent pushed as `{event, payload}`. Only the contract's method names are callable, and
 * every message is checked before use (envelope.ts).
 */
import type { RawData, WebSocket } from 'ws';
import type { WorkbenchApi, WorkbenchEvents } from '../contract';
import type { EventHub } from '../workbench/events';
import { readEnvelope } from './envelope';
import { LogBatches } from './log-batches';

/** A client this far behind gets no more message batches until it catches up (it can re-read them). */
const CONGESTED_BYTES = 8 * 1024 * 1024;
/**
 * A client this far behind (one that stopped reading: a paused tab, a stuck debugger) is closed with 1013 ("try again
 * later") rather than buffered without end; the window reconnects and reads what it missed afresh.
 */
export const MAX_BEHIND_BYTES = 64 * 1024 * 1024;

export function bridgeSocket(ws: WebSocket, api: WorkbenchApi, events: EventHub, maxBehind = MAX_BEHIND_BYTES): void {
  /** Sends a frame, or closes a client that fell too far behind; false when nothing more should go to it. */
  const send = (frame: string): boolean => {
    if (ws.readyState !== ws.OPEN) return false;
    if (ws.bufferedAmount + frame.length > maxBehind) {
      ws.close(1013, 'Too far behind: reconnect to read what was missed');
      return false;
    }
    ws.send(frame);
    return true;
  };
  // Log lines go in batches of their own pace and size (log-batches.ts), so that answers and every other
  // event are never queued behind a flood of them.
  const logs = new LogBatches(
    (payload) => void send(JSON.stringify({ event: 'logs', payload })),
    () => ws.bufferedAmount,
  );
  const unsubscribeAll = events.onAnyForWindow((event, payload) => {
    if (ws.readyState !== ws.OPEN) return;
    if (event === 'logs') return logs.add(payload as WorkbenchEvents['logs']);
    if (event === 'messages' && ws.bufferedAmount > CONGESTED_BYTES) return;
    send(JSON.stringify({ event, payload }));
  });
  const unsubscribe = () => {
    unsubscribeAll();
    logs.close();
  };
  ws.on('close', unsubscribe);
  ws.on('error', unsubscribe);
  ws.on('message', (data) => void answer(textOf(data)));
  const answer = async (text: string) => {
    const msg = readEnvelope(text);
    const reply = (body: Record<string, unknown>) => {
      let frame: string;
      try {
        frame = JSON.stringify({ id: msg.id, ...body });
      } catch (err) {
        // An answer that cannot be written as JSON still gets one.
        frame = JSON.stringify({ id: msg.id, error: { message: `The answer could not be sent: ${(err as Error).message}` } });
      }
      send(frame);
    };
    if (!msg.ok) {
      reply({ error: { message: msg.error } });
      return;
    }
    try {
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called with `api` as `this` on the next line
      const fn = api[msg.method] as (...a: unknown[]) => Promise<unknown>;
      const result = await fn.apply(api, msg.params);
      await events.delivered();
      reply({ result: result ?? null });
    } catch (err) {
      await events.delivered();
      reply({ error: { message: (err as Error)?.message ?? String(err) } });
    }
  };
}

/** A frame's text, whichever form ws hands it in (one buffer, fragments, or an ArrayBuffer). */
function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');
}
