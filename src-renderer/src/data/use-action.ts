import { useCallback, useState } from 'react';
import { messageOf } from '../actions/errors';

export interface ActionState {
  busy: boolean;
  /** The last failure in plain words (the workbench's own words; see actions/errors.ts). */
  error: string | null;
  setError(e: string | null): void;
  /** Runs `fn` with `busy` set; resolves to its value, or undefined when it failed (then `error` says why). */
  act<T>(fn: () => Promise<T>): Promise<T | undefined>;
}

/**
 * One piece of work at a time with its outcome for the view: `busy` while it runs, `error` in plain words when
 * it fails. For one command, `useCommand` says the same with less; this is for a flow of an action module.
 */
export function useAction(): ActionState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = useCallback(async <T,>(fn: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await fn();
    } catch (err) {
      setError(messageOf(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, act };
}
