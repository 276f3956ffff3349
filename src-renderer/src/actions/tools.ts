import type { CallRecord } from '@contract';
import type { HistoryItem } from '../store/types';
import { api } from '../api/client';
import { useStore } from '../store';
import { messageOf, toastError } from './errors';
import { offlineReason } from '../lib/offline';

const get = () => useStore.getState();

export async function loadHistory(skillId: string): Promise<void> {
  try {
    const records = await api().getHistory(skillId);
    get().setHistory(skillId, records);
  } catch {
    /* history is a convenience: the tab shows what it has */
  }
}

export async function runTool(skillId: string, tool: string, args: unknown): Promise<void> {
  const s = get();
  if (s.running[skillId]) return;
  // The Run button is greyed out then; the keyboard shortcut must not send a call that would wait for nothing.
  const offline = offlineReason(s.connection);
  if (offline) {
    s.pushToast('info', offline);
    return;
  }
  const timeoutMs = s.timeouts[skillId];
  // The call is named here, so Cancel knows it at once; its records arrive as events, before the answer.
  const callId = crypto.randomUUID();
  s.setRunning(skillId, { tool, startedAt: Date.now(), callId });
  s.setRunError(skillId, undefined);
  try {
    const record = await api().callTool(skillId, tool, args, timeoutMs ? { timeoutMs, callId } : { callId });
    // The answer is the record: the `call` events told only of the call, this window keeps what it got.
    get().upsertCall(record);
    get().setShownCall(skillId, record);
  } catch (err) {
    get().setRunError(skillId, messageOf(err));
    get().setShownCall(skillId, undefined);
  } finally {
    get().setRunning(skillId, undefined);
  }
}

export async function cancelRun(skillId: string): Promise<void> {
  const s = get();
  const run = s.running[skillId];
  if (!run) return;
  try {
    await api().cancelCall(run.callId);
  } catch (err) {
    toastError(err, 'Could not cancel the call');
  }
}

/**
 * A past call whole: as held, or (a call another window made, told of by its summary) asked of the workbench by
 * id and kept. Null when the workbench no longer has it (or it is still running).
 */
export async function wholeCall(item: HistoryItem): Promise<CallRecord | null> {
  if ('args' in item) return item;
  try {
    const record = await api().getCall(item.skillId, item.callId);
    if (record) get().upsertCall(record);
    else get().pushToast('info', item.status === 'running' ? `${item.tool} is still running: its result shows once it is done.` : `That call of ${item.tool} is no longer kept.`);
    return record;
  } catch (err) {
    toastError(err, 'Could not read that call');
    return null;
  }
}

/** A call's secrets in the clear, asked only when the user presses Reveal; null once the workbench no longer holds it. */
export function revealCall(skillId: string, callId: string): Promise<CallRecord | null> {
  return api().revealCall(skillId, callId);
}

/** Reopens a past call: its tool, its arguments in the form, its result in the result pane. */
export function reopenCall(record: CallRecord): void {
  const s = get();
  s.setSelectedTool(record.skillId, record.tool);
  s.setDraft(record.skillId, record.tool, record.args ?? {});
  s.setShownCall(record.skillId, record);
  s.setRunError(record.skillId, undefined);
}
