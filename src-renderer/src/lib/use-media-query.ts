import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following the window as it is resized. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const mq = matchMedia(query);
      mq.addEventListener('change', changed);
      return () => mq.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => matchMedia(query).matches);
}
