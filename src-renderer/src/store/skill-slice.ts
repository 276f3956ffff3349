import type { SkillInfo, TickState } from '@contract';
import type { Slice } from './types';

export interface LogCounters {
  lines: number;
  errors: number;
}

/** Per-skill facts that change slowly: the inspected info, counters and small live state. */
export interface SkillSlice {
  infos: Record<string, SkillInfo>;
  infoErrors: Record<string, string>;
  infoLoading: Record<string, boolean>;
  logCounters: Record<string, LogCounters>;
  messageCounts: Record<string, number>;
  ticks: Record<string, TickState | null>;
  sessions: Record<string, string | null>;
  /** How many of a skill's crashes the user has dismissed: the crash badge shows while there are more. */
  crashesSeen: Record<string, number>;
  setInfo(skillId: string, info: SkillInfo): void;
  setInfoError(skillId: string, message: string | null): void;
  setInfoLoading(skillId: string, loading: boolean): void;
  bumpLogs(skillId: string, lines: number, errors: number): void;
  resetLogs(skillId: string): void;
  setMessageCount(skillId: string, count: number): void;
  setTicks(skillId: string, ticks: TickState | null): void;
  setSession(skillId: string, sessionId: string | null): void;
  markCrashesSeen(skillId: string, count: number): void;
}

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
