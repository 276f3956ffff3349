/**
 * What the MCP views share and the workbench tells as events: the servers' requests waiting for the user,
 * the progress of running calls, which lists changed (a counter the views re-read on), resources that
 * changed, and each server's identity. Fed by mcp-events.ts; kept apart from the main store, as it only
 * concerns MCP servers.
 */
import { create } from 'zustand';
import type { McpListKind, McpPendingRequest, McpServerInfo, McpTask } from '@contract';

export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

interface McpState {
  /** Requests of every server waiting for the user, oldest first. */
  pending: McpPendingRequest[];
  /** Progress of running calls, by the call's id. */
  progress: Record<string, McpProgress>;
  /** The task of running calls made as tasks, by the call's id (its status as last polled). */
  tasks: Record<string, McpTask & { tool?: string }>;
  /** Bumped when a server says a list changed: `${skillId} ${list}` → a counter. */
  listVersion: Record<string, number>;
  /** When each resource last changed, by skill and uri. */
  updated: Record<string, Record<string, number>>;
  servers: Record<string, McpServerInfo>;
  /** The request tray is folded away until a new request comes. */
  trayHidden: boolean;
  setPending(list: McpPendingRequest[]): void;
  addPending(r: McpPendingRequest): void;
  dropPending(requestId: string): void;
  setProgress(callId: string, p: McpProgress | undefined): void;
  setTask(callId: string, t: (McpTask & { tool?: string }) | undefined): void;
  /** The server said a URL elicitation is done: its request shows so. */
  markElicitationComplete(requestId: string): void;
  bumpList(skillId: string, list: McpListKind): void;
  markUpdated(skillId: string, uri: string, time: number): void;
  setServer(info: McpServerInfo): void;
  setTrayHidden(hidden: boolean): void;
}

export const listKey = (skillId: string, list: McpListKind) => `${skillId} ${list}`;

export const useMcp = create<McpState>()((set) => ({
  pending: [],
  progress: {},
  tasks: {},
  listVersion: {},
  updated: {},
  servers: {},
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
  bumpList: (skillId, list) => set((s) => ({ listVersion: { ...s.listVersion, [listKey(skillId, list)]: (s.listVersion[listKey(skillId, list)] ?? 0) + 1 } })),
  markUpdated: (skillId, uri, time) => set((s) => ({ updated: { ...s.updated, [skillId]: { ...s.updated[skillId], [uri]: time } } })),
  setServer: (info) => set((s) => ({ servers: { ...s.servers, [info.skillId]: info } })),
  setTrayHidden: (trayHidden) => set({ trayHidden }),
}));
