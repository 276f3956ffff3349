/**
 * What an HTTP session's SSE streams sent, kept so a client that lost its stream can resume it
 * (Last-Event-ID) and so the transport sends the priming event and `retry` field that polling clients
 * need. Bounded: the oldest events go first; memory only. What is stored has already passed the redactor.
 */
import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';

export class BoundedEventStore implements EventStore {
  private readonly events = new Map<EventId, { streamId: StreamId; message: JSONRPCMessage }>();
  private seq = 0;

  constructor(private readonly max = 1000) {}

  // The SDK's EventStore answers with promises; this one has them at once.
  storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    const id = `${streamId}_${++this.seq}`;
    this.events.set(id, { streamId, message });
    if (this.events.size > this.max) this.events.delete(this.events.keys().next().value!);
    return Promise.resolve(id);
  }

  getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return Promise.resolve(this.events.get(eventId)?.streamId);
  }

  async replayEventsAfter(lastEventId: EventId, { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> }): Promise<StreamId> {
    const last = this.events.get(lastEventId);
    if (!last) return '';
    let after = false;
    for (const [id, e] of this.events) {
      if (id === lastEventId) after = true;
      else if (after && e.streamId === last.streamId) await send(id, e.message);
    }
    return last.streamId;
  }
}
