import { useCallback, useState } from 'react';
import { messageOf } from '../../actions/errors';

/**
 * One command at a time with its outcome for the view: `busy` while it runs, `error` in plain words when
 * it fails. `act` resolves to the command's value, or undefined when it failed.
 */
export function useAction(): {
  busy: boolean;
  error: string | null;
  setError(e: string | null): void;
  act<T>(fn: () => Promise<T>): Promise<T | undefined>;
} {
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
