/**
 * The window's copy of what the workbench answers: one entry per command and arguments, read once however many
 * views ask at the same time, kept while views show it, and read again when an event it declares says it may have
 * changed (or a command that changes it succeeds). What TanStack Query does for server state, in the small: the
 * views never hold a `listVersion` counter or their own loading flag.
 *
 * Runtime-free: the client is given, so a test drives the cache with a stand-in.
 */
import type { EventName, WorkbenchClient, WorkbenchEvents } from '@contract';
import { messageOf } from '../actions/errors';

export type CommandName = Exclude<keyof WorkbenchClient, 'on'>;
export type ArgsOf<C extends CommandName> = Parameters<WorkbenchClient[C]>;
export type ResultOf<C extends CommandName> = Awaited<ReturnType<WorkbenchClient[C]>>;

export interface QueryState<T> {
  data: T | undefined;
  /** The last read's failure, in plain words (the data of an earlier read stays). */
  error: string | null;
  /** A read is under way (the first one, or a refresh). */
  loading: boolean;
}

export interface QueryOptions {
  /** Events after which the answer may differ: the entry is read again (or dropped, when no view shows it). */
  invalidateOn?: readonly EventName[];
  /** The skill the query is about: events naming another skill (`skillId` in their payload) are ignored. */
  scope?: string;
}

interface Entry {
  key: string;
  command: CommandName;
  args: unknown[];
  state: QueryState<unknown>;
  /** The read under way, shared by every caller that asks meanwhile. */
  inflight: Promise<void> | null;
  /** A change came while reading: read once more when this read ends. */
  again: boolean;
  /** Bumped by every read and every `set`: an older read's answer does not overwrite a newer one. */
  generation: number;
  invalidateOn: Set<EventName>;
  scope?: string;
  listeners: Set<() => void>;
  /** When the last view let go (for evicting the oldest unwatched entries). */
  idleSince: number;
}

/** Entries no view shows are kept for a quick return, up to this many. */
const IDLE_CAP = 100;

export const queryKey = (command: string, args: readonly unknown[]): string => `${command} ${JSON.stringify(args)}`;

const skillOf = (payload: unknown): string | undefined => {
  if (payload && typeof payload === 'object' && 'skillId' in payload) {
    const id = (payload as { skillId?: unknown }).skillId;
    return typeof id === 'string' ? id : undefined;
  }
  return undefined;
};

export class QueryCache {
  private readonly entries = new Map<string, Entry>();
  private readonly wired = new Set<EventName>();

  constructor(private readonly client: () => WorkbenchClient) {}

  /** The entry for a command and its arguments, made (unread) on first use; options add to what it listens for. */
  private entry(command: CommandName, args: readonly unknown[], opts: QueryOptions = {}): Entry {
    const key = queryKey(command, args);
    let e = this.entries.get(key);
    if (!e) {
      e = {
        key, command, args: [...args], state: { data: undefined, error: null, loading: false }, inflight: null, again: false, generation: 0,
        invalidateOn: new Set(), listeners: new Set(), idleSince: Date.now(),
      };
      this.entries.set(key, e);
    }
    if (opts.scope !== undefined) e.scope = opts.scope;
    for (const ev of opts.invalidateOn ?? []) {
      e.invalidateOn.add(ev);
      this.listen(ev);
    }
    return e;
  }

  private listen(event: EventName): void {
    if (this.wired.has(event)) return;
    this.wired.add(event);
    this.client().on(event, (payload: WorkbenchEvents[typeof event]) => this.eventCame(event, payload));
  }

  private eventCame(event: EventName, payload: unknown): void {
    const about = skillOf(payload);
    for (const e of [...this.entries.values()]) {
      if (!e.invalidateOn.has(event)) continue;
      if (about !== undefined && e.scope !== undefined && e.scope !== about) continue;
      this.stale(e);
    }
  }

  private put(e: Entry, state: Partial<QueryState<unknown>>): void {
    e.state = { ...e.state, ...state };
    for (const l of [...e.listeners]) l();
  }

  /** An entry's answer may have changed: read again while a view shows it; otherwise forget it. */
  private stale(e: Entry): void {
    if (e.listeners.size) void this.read(e, true);
    else this.entries.delete(e.key);
  }

  private read(e: Entry, force: boolean): Promise<void> {
    if (e.inflight) {
      if (force) e.again = true;
      return e.inflight;
    }
    if (!force && (e.state.data !== undefined || e.state.error !== null)) return Promise.resolve();
    const generation = ++e.generation;
    this.put(e, { loading: true });
    const call = (this.client()[e.command] as (...a: unknown[]) => Promise<unknown>)(...e.args);
    e.inflight = call
      .then(
        (data) => {
          if (e.generation === generation) this.put(e, { data, error: null, loading: false });
        },
        (err: unknown) => {
          if (e.generation === generation) this.put(e, { error: messageOf(err), loading: false });
        },
      )
      .finally(() => {
        e.inflight = null;
        if (e.generation !== generation) this.put(e, { loading: false });
        if (e.again) {
          e.again = false;
          if (e.listeners.size) void this.read(e, true);
        }
        if (!e.listeners.size) this.evict();
      });
    return e.inflight;
  }

  /** What the entry holds now (the same object until it changes: safe for `useSyncExternalStore`). */
  snapshot<C extends CommandName>(command: C, args: ArgsOf<C>): QueryState<ResultOf<C>> {
    return (this.entries.get(queryKey(command, args))?.state ?? PENDING) as QueryState<ResultOf<C>>;
  }

  /**
   * Watches an entry; returns the unwatch. The first view to show it reads it (again, when it was kept from an
   * earlier look: what it says shows at once, and the answer replaces it), as a view that opens always did;
   * views that join meanwhile share that read.
   */
  subscribe<C extends CommandName>(command: C, args: ArgsOf<C>, opts: QueryOptions, listener: () => void): () => void {
    const e = this.entry(command, args, opts);
    const first = e.listeners.size === 0;
    e.listeners.add(listener);
    void this.read(e, first);
    return () => {
      e.listeners.delete(listener);
      if (!e.listeners.size) {
        e.idleSince = Date.now();
        this.evict();
      }
    };
  }

  /** Reads an entry now, or joins the read under way; resolves to the answer (rejects with the read's error). */
  async fetch<C extends CommandName>(command: C, args: ArgsOf<C>, opts: QueryOptions & { force?: boolean } = {}): Promise<ResultOf<C>> {
    const e = this.entry(command, args, opts);
    await this.read(e, opts.force ?? false);
    if (e.state.error !== null && e.state.data === undefined) throw new Error(e.state.error);
    return e.state.data as ResultOf<C>;
  }

  /** Sets (or updates) an entry's answer as a command or an event told it, without asking. */
  set<C extends CommandName>(command: C, args: ArgsOf<C>, update: ResultOf<C> | ((prev: ResultOf<C> | undefined) => ResultOf<C>)): void {
    const e = this.entry(command, args);
    const data = typeof update === 'function' ? (update as (p: unknown) => unknown)(e.state.data) : update;
    e.generation++;
    this.put(e, { data, error: null, loading: e.inflight !== null });
  }

  /**
   * Marks as stale every entry of these commands (only those whose first argument is `scope`, when given): read
   * again where a view shows them, forgotten elsewhere.
   */
  invalidate(commands: readonly CommandName[] | 'all', scope?: string): void {
    for (const e of [...this.entries.values()]) {
      if (commands !== 'all' && !commands.includes(e.command)) continue;
      if (scope !== undefined && e.args[0] !== scope) continue;
      this.stale(e);
    }
  }

  /** How many entries are kept (for tests and the bound). */
  get size(): number {
    return this.entries.size;
  }

  private evict(): void {
    const idle = [...this.entries.values()].filter((e) => !e.listeners.size && !e.inflight);
    if (idle.length <= IDLE_CAP) return;
    idle.sort((a, b) => a.idleSince - b.idleSince);
    for (const e of idle.slice(0, idle.length - IDLE_CAP)) this.entries.delete(e.key);
  }
}

/** Before the first read of a key: a view shows it as loading. */
const PENDING: QueryState<never> = Object.freeze({ data: undefined, error: null, loading: true });
