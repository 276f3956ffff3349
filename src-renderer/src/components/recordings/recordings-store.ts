/**
 * The recordings the app knows of: the list (newest first) and which one each skill is writing now. Kept
 * in its own small store, fed by `listRecordings` once and then by the workbench's `recording` events
 * (start, stop, and the record count as it grows); reloaded when the connection comes back.
 */
import { create } from 'zustand';
import type { RecordingInfo } from '@contract';
import { api, connection } from '../../api/client';
import { toastError } from '../../actions/errors';

interface RecordingsState {
  list: RecordingInfo[];
  loaded: boolean;
  set(list: RecordingInfo[]): void;
  upsert(info: RecordingInfo): void;
}

export const useRecordings = create<RecordingsState>()((set) => ({
  list: [],
  loaded: false,
  set: (list) => set({ list: sorted(list), loaded: true }),
  upsert: (info) =>
    set((s) => {
      const i = s.list.findIndex((r) => r.file === info.file);
      const list = i < 0 ? [info, ...s.list] : s.list.map((r, k) => (k === i ? info : r));
      return { list: sorted(list) };
    }),
}));

function sorted(list: RecordingInfo[]): RecordingInfo[] {
  return [...list].sort((a, b) => b.startedAt - a.startedAt);
}

let wired = false;

/** Subscribes once, on first use. */
export function wireRecordings(): void {
  if (wired) return;
  wired = true;
  api().on('recording', (info) => useRecordings.getState().upsert(info));
  let wasOpen = connection.state === 'open';
  connection.subscribe((state) => {
    if (state === 'open' && !wasOpen) void reloadRecordings();
    wasOpen = state === 'open';
  });
  void reloadRecordings();
}

export async function reloadRecordings(): Promise<void> {
  try {
    useRecordings.getState().set(await api().listRecordings());
  } catch (err) {
    toastError(err, 'Could not list the recordings');
  }
}

/** The recording a skill is writing now, if any. */
export function useActiveRecording(skillId: string): RecordingInfo | undefined {
  return useRecordings((s) => s.list.find((r) => r.skillId === skillId && r.active));
}
