/**
 * What the MCP views share and the workbench tells as events: the servers' requests waiting for the user, the
 * progress and task of running calls, and resources that changed. Fed by mcp-events.ts. The servers' lists and
 * identities are answers, kept by the query cache (data/) and read again when a server says they changed.
 */
import type { McpSlice, Slice } from './types';

export const createMcpSlice: Slice<McpSlice> = (set) => ({
  pending: [],
  progress: {},
  tasks: {},
  updated: {},
  trayHidden: false,
  setPending: (list) => set({ pending: [...list].sort((a, b) => a.receivedAt - b.receivedAt) }),
  addPending: (r) =>
    set((s) => (s.pending.some((p) => p.requestId === r.requestId) ? s : { pending: [...s.pending, r], trayHidden: false })),
  dropPending: (requestId) => set((s) => ({ pending: s.pending.filter((p) => p.requestId !== requestId) })),
  setProgress: (callId, p) =>
    set((s) => {
      const progress = { ...s.progress };
      if (p) progress[callId] = p;
      else delete progress[callId];
      return { progress };
    }),
  setTask: (callId, t) =>
    set((s) => {
      const tasks = { ...s.tasks };
      if (t) tasks[callId] = t;
      else delete tasks[callId];
      return { tasks };
    }),
  markElicitationComplete: (requestId) =>
    set((s) => ({ pending: s.pending.map((p) => (p.requestId === requestId && p.kind === 'elicitation' ? { ...p, completed: true } : p)) })),
  markUpdated: (skillId, uri, time) => set((s) => ({ updated: { ...s.updated, [skillId]: { ...s.updated[skillId], [uri]: time } } })),
  setTrayHidden: (trayHidden) => set({ trayHidden }),
});

/** Selectors. */
export const mcpSelectors = {
  /** The task state of each running call, as one string: it changes when any task's status does. */
  taskStates: (s: McpSlice): string => Object.values(s.tasks).map((t) => `${t.taskId}:${t.status}`).join(','),
  changedAt: (skillId: string, uri: string) => (s: McpSlice): number | undefined => s.updated[skillId]?.[uri],
};

export type { McpSlice };
