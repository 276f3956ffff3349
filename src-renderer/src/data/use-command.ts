import { useCallback, useState } from 'react';
import { api } from '../api/client';
import { messageOf, toastError } from '../actions/errors';
import { queries } from './queries';
import type { ArgsOf, CommandName, ResultOf } from './query-cache';

export interface CommandOptions {
  /** Reads these commands' answers again after a success (only those about `scope`'s skill, when given). */
  invalidates?: readonly CommandName[];
  scope?: string;
  /** Also say a failure in a toast, with this beginning (for a control with no room for an error note). */
  toast?: string;
}

/** A command's answer as `run` gives it: `true` for a command that answers nothing, so undefined always means it failed. */
export type Done<T> = [T] extends [void] ? true : T;

export interface CommandState<C extends CommandName> {
  /** Sends the command; resolves to its answer (true for none), or undefined when it failed (then `error` says why). */
  run(...args: ArgsOf<C>): Promise<Done<ResultOf<C>> | undefined>;
  busy: boolean;
  /** The last failure in plain words (the workbench's own; see actions/errors.ts). */
  error: string | null;
  setError(e: string | null): void;
}

/** One command for a view: `run` it, with `busy` while it runs and `error` in plain words when it fails. */
export function useCommand<C extends CommandName>(command: C, opts: CommandOptions = {}): CommandState<C> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { scope, toast } = opts;
  const invalidates = (opts.invalidates ?? []).join(' ');
  const run = useCallback(
    async (...args: ArgsOf<C>): Promise<Done<ResultOf<C>> | undefined> => {
      setBusy(true);
      setError(null);
      try {
        const out = await (api()[command] as (...a: ArgsOf<C>) => Promise<ResultOf<C>>)(...args);
        if (invalidates) queries.invalidate(invalidates.split(' ') as CommandName[], scope);
        return (out === undefined ? true : out) as Done<ResultOf<C>>;
      } catch (err) {
        setError(messageOf(err));
        if (toast) toastError(err, toast);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [command, invalidates, scope, toast],
  );
  return { run, busy, error, setError };
}
