/**
 * The bridge's MCP sessions over HTTP, bounded: each ends after `idleMs` with no request and no open stream,
 * and past `max` sessions a new one ends the one least recently used. A client whose session ended is told so
 * (404, "initialize again"), as the Streamable HTTP transport specifies. Without this, every `initialize` kept
 * its SDK Server and transport for the life of the process.
 */
import type { ServerResponse } from 'node:http';
import type { WebStandardStreamableHTTPServerTransport as StreamableHTTPServerTransport } from '@modelcontextprotocol/server';

export interface SessionLimits {
  /** A session with no request and no open stream for this long ends (ms). */
  idleMs: number;
  /** The most sessions kept at once. */
  max: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * 60_000, max: 64 };

interface Held {
  transport: StreamableHTTPServerTransport;
  lastSeen: number;
  /** Requests and streams still open. */
  open: number;
}

export class HttpSessions {
  private readonly held = new Map<string, Held>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly limits: SessionLimits = DEFAULT_SESSION_LIMITS) {
    this.timer = setInterval(() => this.sweep(), Math.max(1000, Math.min(limits.idleMs / 2, 60_000)));
    this.timer.unref();
  }

  get size(): number {
    return this.held.size;
  }

  get(id: string): StreamableHTTPServerTransport | undefined {
    return this.held.get(id)?.transport;
  }

  /** A new session; the least recently used one ends first where the cap is reached. */
  add(id: string, transport: StreamableHTTPServerTransport): void {
    while (this.held.size >= this.limits.max) {
      const oldest = [...this.held.entries()].sort((a, b) => a[1].lastSeen - b[1].lastSeen)[0];
      this.end(oldest[0]);
    }
    this.held.set(id, { transport, lastSeen: Date.now(), open: 0 });
  }

  /** The session's transport ended by itself (DELETE, or closed). */
  forget(id: string): void {
    this.held.delete(id);
  }

  /** A request of the session is being answered: it is not idle until the answer (or stream) closes. */
  touch(id: string, res: ServerResponse): void {
    const h = this.held.get(id);
    if (!h) return;
    h.open++;
    h.lastSeen = Date.now();
    res.once('close', () => {
      h.open--;
      h.lastSeen = Date.now();
    });
  }

  async closeAll(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.held.values()].map((h) => h.transport.close().catch(() => undefined)));
    this.held.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, h] of this.held) if (h.open <= 0 && now - h.lastSeen >= this.limits.idleMs) this.end(id);
  }

  private end(id: string): void {
    const h = this.held.get(id);
    this.held.delete(id);
    void h?.transport.close().catch(() => undefined);
  }
}
