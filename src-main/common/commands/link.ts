/**
 * The window link's two ends, each a JSON-RPC 2.0 peer (jsonrpc.ts) over whatever carries lines between them:
 * a WebSocket in browser mode, Electron's IPC on the desktop, an in-memory pair in tests (memory-link.ts).
 * Ids, the pending requests and their rejection on close are the peer's; a transport only moves text.
 *
 * The engine's end serves each request at the door it is given (workbench/door.ts) and answers in words what
 * is not a request it can serve (refusal.ts); the window's end has no timeout of its own (a tool call may run
 * for minutes, under its own timeout in the engine) and hands notifications to its event listeners.
 */
import { JsonRpcPeer } from '../jsonrpc';
import type { Timers } from '../timers';
import type { EventListeners } from './client';
import { refusalOf } from './refusal';

/** Ids are echoed back: a short number or text, nothing else. */
export const MAX_ID_CHARS = 200;
/** Requests of one window served at once; more wait in order (and the transport stops reading, where it can). */
export const WINDOW_MAX_INCOMING = 256;

export interface EngineEndOptions {
  send: (line: string) => void;
  /** Serves one command by its wire name; rejects with an RpcError or a plain-words Error. */
  serve: (method: string, params: unknown) => Promise<unknown>;
  /** Stop and resume reading (a WebSocket can; IPC cannot). */
  onCongestion?: (congested: boolean) => void;
  timers?: Timers;
}

/** The engine's end of one window's link. */
export function engineEnd(opts: EngineEndOptions): JsonRpcPeer {
  const peer: JsonRpcPeer = new JsonRpcPeer({
    send: opts.send,
    onRequest: (method, params) => opts.serve(method, params),
    // A message nested past MAX_DEPTH was cut as it was read (json-depth.ts): refused, not served cut.
    refuseTooDeep: (method, depth) => refusalOf.tooDeep(method, depth),
    // The window sends requests only; a notification would have no one to hear its answer.
    onNotification: () => undefined,
    onNoise: (line) => {
      const r = refusalOf.message(line);
      if (r) peer.refuse(r.id, undefined, r.error);
    },
    maxIdChars: MAX_ID_CHARS,
    // One message a frame: a window has no use for batches, and a refusal of one is one answer.
    noBatches: true,
    maxIncoming: WINDOW_MAX_INCOMING,
    onCongestion: opts.onCongestion,
    timers: opts.timers,
  });
  return peer;
}

/** The window's end of the link: requests wait as long as the engine takes (no timeout). */
export function windowEnd(send: (line: string) => void, events: EventListeners, timers?: Timers): JsonRpcPeer {
  return new JsonRpcPeer({ send, onNotification: (method, params) => events.notify(method, params), defaultTimeoutMs: 0, timers });
}
