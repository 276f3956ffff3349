import type { HistoryItem, RunningCall, ToolsSlice, Slice } from './types';

const HISTORY_CAP = 500;

export const draftKey = (skillId: string, tool: string): string => `${skillId}\u0000${tool}`;

function sortHistory<T extends HistoryItem>(records: T[]): T[] {
  return records.slice().sort((a, b) => b.startedAt - a.startedAt).slice(0, HISTORY_CAP);
}

export const createToolsSlice: Slice<ToolsSlice> = (set) => ({
  selectedTool: {},
  drafts: {},
  timeouts: {},
  running: {},
  shownCall: {},
  runErrors: {},
  history: {},
  setSelectedTool: (skillId, tool) => set((s) => ({ selectedTool: { ...s.selectedTool, [skillId]: tool } })),
  setDraft: (skillId, tool, args) => set((s) => ({ drafts: { ...s.drafts, [draftKey(skillId, tool)]: args } })),
  setTimeoutMs: (skillId, ms) => set((s) => ({ timeouts: { ...s.timeouts, [skillId]: ms } })),
  setRunning: (skillId, run) => set((s) => ({ running: { ...s.running, [skillId]: run } })),
  setShownCall: (skillId, record) => set((s) => ({ shownCall: { ...s.shownCall, [skillId]: record } })),
  setRunError: (skillId, message) => set((s) => ({ runErrors: { ...s.runErrors, [skillId]: message } })),
  setHistory: (skillId, records) => set((s) => ({ history: { ...s.history, [skillId]: sortHistory(records) } })),
  upsertCall: (record) =>
    set((s) => {
      const list = s.history[record.skillId] ?? [];
      const i = list.findIndex((r) => r.callId === record.callId);
      // A summary tells nothing a finished record of the same call does not already hold.
      if (i >= 0 && !('args' in record) && 'args' in list[i] && list[i].status === 'done') return {};
      const next = i >= 0 ? list.map((r, j) => (j === i ? record : r)) : sortHistory([record, ...list]);
      const patch: Partial<ToolsSlice> = { history: { ...s.history, [record.skillId]: next } };
      const shown = s.shownCall[record.skillId];
      if ('args' in record && shown && shown.callId === record.callId) {
        patch.shownCall = { ...s.shownCall, [record.skillId]: record };
      }
      return patch;
    }),
});

export type { RunningCall, ToolsSlice };
