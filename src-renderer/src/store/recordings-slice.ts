/**
 * The recordings the app knows of: the list (newest first) and which one each skill is writing now. Fed by
 * `listRecordings` once and then by the workbench's `recording` events (actions/recordings.ts).
 */
import type { RecordingInfo } from '@contract';
import type { RecordingsSlice, Slice } from './types';

function sorted(list: RecordingInfo[]): RecordingInfo[] {
  return [...list].sort((a, b) => b.startedAt - a.startedAt);
}

export const createRecordingsSlice: Slice<RecordingsSlice> = (set) => ({
  recordings: [],
  recordingsLoaded: false,
  setRecordings: (list) => set({ recordings: sorted(list), recordingsLoaded: true }),
  upsertRecording: (info) =>
    set((s) => {
      const i = s.recordings.findIndex((r) => r.file === info.file);
      const list = i < 0 ? [info, ...s.recordings] : s.recordings.map((r, k) => (k === i ? info : r));
      return { recordings: sorted(list) };
    }),
});

export const recordingSelectors = {
  /** The recording a skill is writing now, if any. */
  active: (skillId: string) => (s: RecordingsSlice): RecordingInfo | undefined => s.recordings.find((r) => r.skillId === skillId && r.active),
};

export type { RecordingsSlice };
