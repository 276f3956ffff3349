import { useCallback, useSyncExternalStore } from 'react';
import { queries } from './queries';
import { queryKey, type ArgsOf, type CommandName, type QueryOptions, type QueryState, type ResultOf } from './query-cache';

export interface QueryResult<T> extends QueryState<T> {
  /** Reads again now (a Refresh button). */
  reload: () => void;
}

const IDLE: QueryState<never> = Object.freeze({ data: undefined, error: null, loading: false });

/**
 * The answer of a command that only reads, keyed by the command and its arguments: read once however many views
 * show it, and read again after the events named in `invalidateOn` (about `scope`'s skill, when given) or a
 * command that changes it (`useCommand`'s `invalidates`). `enabled: false` reads nothing (a view not ready to ask).
 */
export function useQuery<C extends CommandName>(
  command: C,
  args: ArgsOf<C>,
  opts: QueryOptions & { enabled?: boolean } = {},
): QueryResult<ResultOf<C>> {
  const enabled = opts.enabled ?? true;
  const key = queryKey(command, args);
  const events = (opts.invalidateOn ?? []).join(' ');
  // The key and the event list (strings) stand for the arguments and the options: a new array each render reads nothing again.
  /* eslint-disable react-hooks/exhaustive-deps */
  const subscribe = useCallback(
    (listener: () => void) => (enabled ? queries.subscribe(command, args, { invalidateOn: opts.invalidateOn, scope: opts.scope }, listener) : () => undefined),
    [key, enabled, events, opts.scope],
  );
  const snapshot = useCallback(() => (enabled ? queries.snapshot(command, args) : IDLE), [key, enabled]);
  const reload = useCallback(() => void queries.fetch(command, args, { force: true }).catch(() => undefined), [key]);
  /* eslint-enable react-hooks/exhaustive-deps */
  const state = useSyncExternalStore(subscribe, snapshot);
  return { ...state, reload };
}
