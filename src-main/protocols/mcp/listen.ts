/**
 * What keeps a modern-era server's lists and resources live: in the 2026-07-28 revision a server tells of changes
 * only on a `subscriptions/listen` stream the client opened (it has no session to push on). One stream per
 * connection, asking for the list changes the server offers and the resources the user subscribed to; it is
 * opened again when that set changes, and once more if the server drops it.
 */
import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';
import type { LogSink } from '../../engine/log-sink';

const RELISTEN_MS = 1000;

export class Listening {
  private sub: McpSubscription | null = null;
  private wanted = '';
  private closed = false;

  constructor(
    private readonly client: Client,
    private readonly logs: LogSink,
  ) {}

  /** Listens for `filter` (the list changes the server offers, the resources subscribed to); nothing when it is empty. */
  async listen(filter: SubscriptionFilter): Promise<void> {
    const key = JSON.stringify(filter);
    if (this.closed || (key === this.wanted && this.sub)) return;
    this.wanted = key;
    const old = this.sub;
    this.sub = null;
    await old?.close().catch(() => undefined);
    if (!hasAny(filter)) return;
    const sub = await this.client.listen(filter);
    if (this.closed || key !== this.wanted) {
      await sub.close().catch(() => undefined);
      return;
    }
    this.sub = sub;
    void sub.closed.then((how) => {
      if (how !== 'remote' || this.sub !== sub || this.closed) return;
      this.sub = null;
      this.logs.append('system', 'The server ended its subscriptions/listen stream: listening again.');
      const again = setTimeout(() => void this.listen(filter).catch((err: Error) => this.logs.append('system', `Listening again failed: ${err.message}`)), RELISTEN_MS);
      again.unref?.();
    });
  }

  /** What the server agreed to tell (its acknowledgement). */
  get honored(): SubscriptionFilter | null {
    return this.sub?.honoredFilter ?? null;
  }

  async close(): Promise<void> {
    this.closed = true;
    const sub = this.sub;
    this.sub = null;
    await sub?.close().catch(() => undefined);
  }
}

function hasAny(f: SubscriptionFilter): boolean {
  return !!(f.toolsListChanged || f.promptsListChanged || f.resourcesListChanged || f.resourceSubscriptions?.length);
}
