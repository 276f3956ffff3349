import type { LogCounters, SkillSlice, Slice } from './types';

export const createSkillSlice: Slice<SkillSlice> = (set) => ({
  infos: {},
  infoErrors: {},
  infoLoading: {},
  logCounters: {},
  messageCounts: {},
  ticks: {},
  sessions: {},
  crashesSeen: {},
  setInfo: (skillId, info) =>
    set((s) => {
      const infoErrors = { ...s.infoErrors };
      delete infoErrors[skillId];
      return { infos: { ...s.infos, [skillId]: info }, infoErrors };
    }),
  setInfoError: (skillId, message) =>
    set((s) => {
      const infoErrors = { ...s.infoErrors };
      if (message === null) delete infoErrors[skillId];
      else infoErrors[skillId] = message;
      return { infoErrors };
    }),
  setInfoLoading: (skillId, loading) => set((s) => ({ infoLoading: { ...s.infoLoading, [skillId]: loading } })),
  bumpLogs: (skillId, lines, errors) =>
    set((s) => {
      const prev = s.logCounters[skillId] ?? { lines: 0, errors: 0 };
      return { logCounters: { ...s.logCounters, [skillId]: { lines: prev.lines + lines, errors: prev.errors + errors } } };
    }),
  resetLogs: (skillId) => set((s) => ({ logCounters: { ...s.logCounters, [skillId]: { lines: 0, errors: 0 } } })),
  setMessageCount: (skillId, count) =>
    set((s) => (s.messageCounts[skillId] === count ? {} : { messageCounts: { ...s.messageCounts, [skillId]: count } })),
  setTicks: (skillId, ticks) => set((s) => ({ ticks: { ...s.ticks, [skillId]: ticks } })),
  setSession: (skillId, sessionId) => set((s) => ({ sessions: { ...s.sessions, [skillId]: sessionId } })),
  markCrashesSeen: (skillId, count) => set((s) => ({ crashesSeen: { ...s.crashesSeen, [skillId]: count } })),
});

export type { LogCounters, SkillSlice };
