import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LogFileInfo } from '@contract';
import * as logs from '../../actions/logs';
import { useStore } from '../../store';

const ASK_EVERY_MS = 1000;

/**
 * The skill's complete log file, and how many of its lines come before `horizon` (the oldest line the tab holds).
 * While lines pour in the horizon moves on every batch: the workbench is asked at most once a second, and only
 * when it moved (it counts on from where it stopped, so each ask reads only the lines since the last).
 */
export function useLogFileInfo(skillId: string, horizon: number | undefined): LogFileInfo | null {
  const [info, setInfo] = useState<LogFileInfo | null>(null);
  const wanted = useRef(horizon);
  useLayoutEffect(() => {
    wanted.current = horizon;
  });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked: number | undefined | null = null;
    const tick = async () => {
      const want = wanted.current;
      if (want !== asked && useStore.getState().connection === 'open') {
        asked = want;
        try {
          const got = await logs.logFileInfo(skillId, want ? want : undefined);
          if (!stopped) setInfo(got);
        } catch {
          asked = null;
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), ASK_EVERY_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [skillId]);

  return info;
}
