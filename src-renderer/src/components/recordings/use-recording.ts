import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecordingInfo, RecordingView } from '@contract';
import * as recordings from '../../actions/recordings';
import { messageOf } from '../../actions/errors';
import { formatClock } from '../../lib/format';

/**
 * A recording read for browsing, read again as it grows while it is being written: at most one read at a
 * time, and at most one a second however fast the record count moves.
 */
export function useRecordingView(info: RecordingInfo): { view: RecordingView | null; error: string | null; reload(): void } {
  const [view, setView] = useState<RecordingView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const state = useRef({ file: info.file, busy: false, again: false });

  const reload = useCallback(() => {
    const read = () => {
      const s = state.current;
      if (s.busy) {
        s.again = true;
        return;
      }
      s.busy = true;
      const file = info.file;
      recordings.openRecording(file)
        .then((v) => {
          if (state.current.file !== file) return;
          setView(v);
          setError(null);
        })
        .catch((err) => state.current.file === file && setError(messageOf(err)))
        .finally(() => {
          s.busy = false;
          if (s.again) {
            s.again = false;
            setTimeout(read, 1000);
          }
        });
    };
    read();
  }, [info.file]);

  useEffect(() => {
    state.current = { file: info.file, busy: false, again: false };
  }, [info.file]);
  useEffect(reload, [reload, info.records, info.active]);
  return { view, error, reload };
}

/** "Today 14:02:11", or "Nov 21, 2025 14:02:11" for another day: 24-hour, whatever the locale. */
export function recordedAt(time: number): string {
  const d = new Date(time);
  const clock = formatClock(time);
  if (d.toDateString() === new Date().toDateString()) return `Today ${clock}`;
  return `${d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })} ${clock}`;
}
