/**
 * The window's client, made from the command table: one function per command, named as `WorkbenchApi` names
 * it, sending `<service>/<name>` with its arguments by name; and `on` for events, which arrive as notifications
 * `event/<name>`. How a request is carried, correlated and timed is the JSON-RPC peer's (link.ts); this only
 * names things.
 */
import { EVENT_NAMES, type EventName, type WorkbenchClient, type WorkbenchEvents } from '../../contract';
import { COMMANDS, EVENT_PREFIX } from './index';

/** Sends one request by its wire name and gives its answer. */
export type Ask = (wire: string, params: Record<string, unknown>) => Promise<unknown>;

/** The listeners of each event, fed by a peer's notifications. */
export class EventListeners {
  private readonly listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  private readonly known = new Set<string>(EVENT_NAMES);

  /** `listenerFailed`: a listener threw (the others still get the event). */
  constructor(private readonly listenerFailed: (event: string, err: unknown) => void = () => undefined) {}

  on<K extends EventName>(event: K, listener: (payload: WorkbenchEvents[K]) => void): () => void {
    if (!this.known.has(event)) throw new Error(`Unknown event: ${String(event)}`);
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    const l = listener as (payload: unknown) => void;
    set.add(l);
    return () => void set.delete(l);
  }

  /** A notification from the engine: an event when it is named `event/<name>`; anything else is not for us. */
  notify(method: string, params: unknown): void {
    if (!method.startsWith(EVENT_PREFIX)) return;
    const event = method.slice(EVENT_PREFIX.length);
    const set = this.listeners.get(event as EventName);
    if (!set) return;
    for (const l of [...set]) {
      try {
        l(params);
      } catch (err) {
        this.listenerFailed(event, err);
      }
    }
  }
}

/** The arguments of a call, by name; those left out (undefined) are not sent. */
function named(fields: readonly (readonly [string, unknown])[], args: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  fields.forEach(([name], i) => {
    if (args[i] !== undefined) out[name] = args[i];
  });
  // More arguments than the command takes are sent by position, for the door to refuse in words.
  return args.length > fields.length ? (args as unknown as Record<string, unknown>) : out;
}

export function commandClient(ask: Ask, events: EventListeners): WorkbenchClient {
  const client: Record<string, unknown> = {};
  for (const c of COMMANDS.values()) {
    const shape = c.decl.wire;
    // An answer sent in a smaller shape (a call's result once) is made whole here, as the contract types it.
    client[c.name] = shape
      ? async (...args: unknown[]) => shape.in(await ask(c.wire, named(c.decl.fields, args)), args)
      : (...args: unknown[]) => ask(c.wire, named(c.decl.fields, args));
  }
  client.on = <K extends EventName>(event: K, listener: (payload: WorkbenchEvents[K]) => void) => events.on(event, listener);
  return client as unknown as WorkbenchClient;
}
