/**
 * The window link's two ends, each a JSON-RPC 2.0 peer (jsonrpc.ts) over whatever carries lines between them:
 * a WebSocket in browser mode, Electron's IPC on the desktop, an in-memory pair in tests (memory-link.ts).
 * Ids, the pending requests and their rejection on close are the peer's; a transport only moves text.
 *
 * The engine's end serves each request at the door it is given (workbench/door.ts) and answers in words what
 * is not a request it can serve (refusal.ts); the window's end has no timeout of its own (a tool call may run
 * for minutes, under its own timeout in the engine) and hands notifications to its event listeners.
 */
import { JsonRpcPeer, type JsonRpcPeerOptions } from '../jsonrpc';
import { runtimeTimers, type Timers } from '../timers';
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

/**
 * How the window tells the engine what it has taken in: a notification of the characters received since the last
 * one. Where the carrier cannot say how much is still queued for the window (Electron's IPC), the engine's end
 * paces itself by these (workbench/window-link.ts); a WebSocket's own count is used where there is one.
 */
export const RECEIVED_METHOD = 'link/received';
/** The window says what it received once this much has come in, or soon after the last frame. */
export const RECEIVED_EVERY_CHARS = 64 * 1024;
const RECEIVED_AFTER_MS = 50;

/** The line of a RECEIVED_METHOD notification (written exactly so, for the engine to know it by its start). */
export const receivedLine = (chars: number): string => `{"jsonrpc":"2.0","method":"${RECEIVED_METHOD}","params":{"chars":${chars}}}`;

/** A peer that counts what it receives and says so to the other end (see RECEIVED_METHOD). */
class AcknowledgingPeer extends JsonRpcPeer {
  private unsaid = 0;
  private timer: unknown = null;

  constructor(
    opts: JsonRpcPeerOptions,
    private readonly tell: (line: string) => void,
    private readonly clock: Timers,
  ) {
    super(opts);
  }

  override receive(line: string): void {
    super.receive(line);
    this.unsaid += line.length;
    if (this.unsaid >= RECEIVED_EVERY_CHARS) this.say();
    else this.timer ??= this.clock.setTimeout(() => this.say(), RECEIVED_AFTER_MS);
  }

  private say(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    if (this.unsaid === 0) return;
    const chars = this.unsaid;
    this.unsaid = 0;
    try {
      this.tell(receivedLine(chars));
    } catch {
      // The link is gone: nothing waits for this.
    }
  }
}

/** The window's end of the link: requests wait as long as the engine takes (no timeout); what it receives, it acknowledges. */
export function windowEnd(send: (line: string) => void, events: EventListeners, timers?: Timers): JsonRpcPeer {
  return new AcknowledgingPeer({ send, onNotification: (method, params) => events.notify(method, params), defaultTimeoutMs: 0, timers }, send, timers ?? runtimeTimers);
}
