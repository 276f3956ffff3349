/**
 * One window's link to the engine, whatever carries it (a WebSocket in browser mode, Electron's IPC on the
 * desktop): requests served at the door (door.ts), every WorkbenchEvent pushed as a notification `event/<name>`,
 * and the pace. The pace is the same for both hosts:
 *  - log lines go in batches of their own pace and size (log-batches.ts), so that answers and other events are
 *    never queued behind a flood of them;
 *  - `messages` events (their large bodies already previews, message-log.ts) are shed while the window is behind
 *    (it can re-read them);
 *  - past a cap of what one window may have queued, the window is told to read afresh: a WebSocket is closed
 *    with 1013 and the window reconnects; over IPC (which cannot be closed) events are dropped until the window
 *    has caught up, and it is then sent `resync`.
 * How much is queued is the carrier's own count where it has one (a WebSocket's bufferedAmount); else what was
 * sent less what the window said it received (common/commands/link.ts, RECEIVED_METHOD).
 */
import type { WorkbenchEvents } from '../contract';
import { EVENT_PREFIX } from '../common/commands';
import { engineEnd, RECEIVED_METHOD } from '../common/commands/link';
import type { JsonRpcPeer } from '../common/jsonrpc';
import type { Door } from './door';
import type { EventHub } from './events';
import { LogBatches } from './log-batches';

/** A window this far behind gets no more message batches until it catches up (it can re-read them). */
export const CONGESTED_BYTES = 8 * 1024 * 1024;
/**
 * A window this far behind (one that stopped reading: a paused tab, a stuck debugger, a hung renderer) is told to
 * read afresh rather than buffered without end.
 */
export const MAX_BEHIND_BYTES = 64 * 1024 * 1024;

export interface WindowCarrier {
  /** Sends one line (one frame, one IPC message). */
  send(line: string): void;
  /** Still open: a closed carrier is sent nothing. */
  open(): boolean;
  /** What is sent and not yet taken by the window, where the carrier knows it; else the window's own word is used. */
  queued?: () => number;
  /**
   * The window is past the cap. Closes the carrier and returns true (the window reconnects and reads afresh); or
   * returns false, and the link drops events until the window catches up, then sends it `resync`.
   */
  tooFarBehind(): boolean;
  /** Stop and resume reading the window's requests (a WebSocket can; IPC cannot). */
  onCongestion?: (congested: boolean) => void;
}

export interface WindowLinkOptions {
  maxBehind?: number;
  congested?: number;
}

const RECEIVED_PREFIX = `{"jsonrpc":"2.0","method":"${RECEIVED_METHOD}","params":{"chars":`;

export class WindowLink {
  private readonly peer: JsonRpcPeer;
  private readonly logs: LogBatches;
  private readonly unsubscribe: () => void;
  private readonly maxBehind: number;
  private readonly congested: number;
  /** Characters sent, and those the window said it received (where the carrier cannot count). */
  private sent = 0;
  private received = 0;
  /** Events dropped since the window fell past the cap (over a carrier that stays open). */
  private missed = 0;
  private behind = false;
  private closed = false;
  /** This window, as the commands that wait on it know it: gone when the link closes or the page starts afresh. */
  private scope = new AbortController();
  /** Characters of every line sent, for the benchmark and the tests: what the window was sent. */
  bytesSent = 0;

  constructor(
    private readonly carrier: WindowCarrier,
    door: Door,
    events: EventHub,
    opts: WindowLinkOptions = {},
  ) {
    this.maxBehind = opts.maxBehind ?? MAX_BEHIND_BYTES;
    this.congested = Math.min(opts.congested ?? CONGESTED_BYTES, this.maxBehind);
    this.peer = engineEnd({
      send: (line) => this.send(line),
      serve: (method, params) => door.serve(method, params, { gone: this.scope.signal }),
      onCongestion: carrier.onCongestion,
    });
    this.logs = new LogBatches(
      (payload) => this.notify('logs', payload),
      () => this.queued(),
    );
    this.unsubscribe = events.onAnyForWindow((event, payload) => {
      if (!this.carrier.open() || this.closed) return;
      if (this.behind) {
        this.missed++;
        return;
      }
      if (event === 'logs') return this.logs.add(payload as WorkbenchEvents['logs']);
      if (event === 'messages' && this.queued() > this.congested) return;
      this.notify(event, payload);
    });
  }

  /** A line from the window. */
  receive(line: string): void {
    if (line.startsWith(RECEIVED_PREFIX)) {
      const chars = Number.parseInt(line.slice(RECEIVED_PREFIX.length), 10);
      if (Number.isFinite(chars) && chars > 0) this.caughtUp(chars);
      return;
    }
    this.peer.receive(line);
  }

  /** The window started afresh (a reload): what was sent to the page before is not waited for. */
  restarted(): void {
    // The page that asked is gone: what waits on it (a chat's approval) is not answered by the new one.
    this.scope.abort();
    this.scope = new AbortController();
    this.sent = 0;
    this.received = 0;
    if (this.behind) {
      this.behind = false;
      this.missed = 0;
    }
  }

  /** Characters sent that the window has not taken yet. */
  queued(): number {
    return this.carrier.queued ? this.carrier.queued() : Math.max(0, this.sent - this.received);
  }

  close(reason = 'The window closed its connection.'): void {
    if (this.closed) return;
    this.closed = true;
    this.scope.abort();
    this.unsubscribe();
    this.logs.close();
    this.peer.close(new Error(reason));
  }

  private notify<K extends keyof WorkbenchEvents>(event: K, payload: WorkbenchEvents[K]): void {
    this.peer.notify(`${EVENT_PREFIX}${event}`, payload);
  }

  /** Sends a line, or, past the cap, has the window read afresh (answers still go: a request is never left hanging). */
  private send(line: string): void {
    if (this.closed || !this.carrier.open()) return;
    const isEvent = line.startsWith(`{"jsonrpc":"2.0","method":"${EVENT_PREFIX}`);
    if (this.behind && isEvent) {
      this.missed++;
      return;
    }
    if (this.queued() + line.length > this.maxBehind) {
      if (this.carrier.tooFarBehind()) return;
      this.behind = true;
      if (isEvent) {
        this.missed++;
        return;
      }
    }
    this.sent += line.length;
    this.bytesSent += line.length;
    this.carrier.send(line);
  }

  private caughtUp(chars: number): void {
    this.received += chars;
    if (this.behind && this.queued() < this.maxBehind / 2) {
      const missed = this.missed;
      this.behind = false;
      this.missed = 0;
      this.notify('resync', { missed });
    }
  }
}
