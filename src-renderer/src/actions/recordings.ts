/** Recordings: start, stop and annotate one; read, replay, tolerate and report on one already made. */
import { api, connection } from '../api/client';
import { useStore } from '../store';
import { command } from './command';
import { toastError } from './errors';

export const annotate = command('annotate');
export const exportReport = command('exportReport');
export const listRecordings = command('listRecordings');
export const openRecording = command('openRecording');
export const replayRecording = command('replayRecording');
export const setTolerance = command('setTolerance');
export const startRecording = command('startRecording');
export const stopRecording = command('stopRecording');

let wired = false;

/** Subscribes once, on first use: the list, then each `recording` event; read again when the connection comes back. */
export function wireRecordings(): void {
  if (wired) return;
  wired = true;
  api().on('recording', (info) => useStore.getState().upsertRecording(info));
  let wasOpen = connection.state === 'open';
  connection.subscribe((state) => {
    if (state === 'open' && !wasOpen) void reloadRecordings();
    wasOpen = state === 'open';
  });
  void reloadRecordings();
}

export async function reloadRecordings(): Promise<void> {
  try {
    useStore.getState().setRecordings(await api().listRecordings());
  } catch (err) {
    toastError(err, 'Could not list the recordings');
  }
}
