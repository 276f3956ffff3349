/**
 * The store's state, slice by slice: the shapes live here and the slices (*-slice.ts) implement them, so
 * that every slice sees the whole state without the files importing each other.
 */
import type { StateCreator } from 'zustand';
import type { CallRecord, CallSummary, CrashReport, HostInfo, McpPendingRequest, McpTask, RecordingInfo, SkillInfo, SkillStatus, SkillSummary, TickState, WorkbenchEvents } from '@contract';
import type { ConnectionState } from '../api/connection';

export interface WorkspaceSlice {
  host: HostInfo | null;
  folders: string[];
  skills: SkillSummary[];
  /** False until the first listSkills answer, so the list can show "Loading…" rather than an empty state. */
  skillsLoaded: boolean;
  selectedSkillId: string | null;
  setHost(host: HostInfo): void;
  setFolders(folders: string[]): void;
  setSkills(skills: SkillSummary[]): void;
  setSkillStatus(skillId: string, status: SkillStatus, detail?: string, crashes?: CrashReport): void;
  setSelectedSkill(skillId: string | null): void;
}

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

export interface RunningCall {
  tool: string;
  startedAt: number;
  /** The call's id, made by the app when it sent the call: what Cancel names. */
  callId: string;
}

export interface ToolsSlice {
  selectedTool: Record<string, string>;
  /** Arguments being edited, per skill and tool (key: `${skillId}\u0000${tool}`). */
  drafts: Record<string, unknown>;
  timeouts: Record<string, number | undefined>;
  running: Record<string, RunningCall | undefined>;
  /** The record shown in the result pane, per skill. */
  shownCall: Record<string, CallRecord | undefined>;
  /** An error that happened before a record existed (the call was refused). */
  runErrors: Record<string, string | undefined>;
  /** Past calls, newest first: whole records (this window's answers, the history it read) or summaries (events). */
  history: Record<string, HistoryItem[]>;
  setSelectedTool(skillId: string, tool: string): void;
  setDraft(skillId: string, tool: string, args: unknown): void;
  setTimeoutMs(skillId: string, ms: number | undefined): void;
  setRunning(skillId: string, run: RunningCall | undefined): void;
  setShownCall(skillId: string, record: CallRecord | undefined): void;
  setRunError(skillId: string, message: string | undefined): void;
  setHistory(skillId: string, records: CallRecord[]): void;
  /** A call's record, or its summary from a `call` event (which never replaces a finished record of it). */
  upsertCall(record: HistoryItem): void;
}

/** A past call as the History list holds it: its record, or its summary until someone opens it (`getCall`). */
export type HistoryItem = CallRecord | CallSummary;

export type ThemeChoice = 'light' | 'dark' | 'system';

/** How a skill is shown: its settings alone (simple) or every tab (developer). */
export type SkillViewMode = 'simple' | 'developer';

export type TabName =
  | 'tools' | 'chat' | 'setup' | 'options' | 'triggers' | 'logs' | 'messages' | 'timeline' | 'session' | 'data' | 'interop' | 'recordings' | 'doctor'
  // MCP servers' own views (`skills`: the Agent Skills a server offers).
  | 'resources' | 'prompts' | 'server' | 'skills'
  // An Agent Skill's own views.
  | 'disclosure' | 'scripts' | 'validation' | 'collisions' | 'evals';

export interface Toast {
  id: number;
  kind: 'error' | 'info' | 'success';
  text: string;
  /** Lines to show as they are, under the text (a crashed skill's last stderr lines). */
  lines?: string[];
}

export interface UiSlice {
  theme: ThemeChoice;
  systemDark: boolean;
  activeTab: Record<string, TabName>;
  /** The view the user chose with the "Developer view" switch; null until they use it (remembered, as the theme is). */
  viewChoice: SkillViewMode | null;
  /** The user has moved between a skill's tabs once: a skill that needs setup then opens with its tabs too (remembered). */
  devTabsUsed: boolean;
  toasts: Toast[];
  connection: ConnectionState;
  connectionDetail?: string;
  setTheme(theme: ThemeChoice): void;
  setSystemDark(dark: boolean): void;
  setActiveTab(skillId: string, tab: TabName): void;
  setViewChoice(mode: SkillViewMode): void;
  markDevTabsUsed(): void;
  pushToast(kind: Toast['kind'], text: string, lines?: string[]): void;
  dismissToast(id: number): void;
  setConnection(state: ConnectionState, detail?: string): void;
}

export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** What MCP servers tell as events: their requests waiting for the user, the progress of calls, changed resources. */
export interface McpSlice {
  /** Requests of every server waiting for the user, oldest first. */
  pending: McpPendingRequest[];
  /** Progress of running calls, by the call's id. */
  progress: Record<string, McpProgress>;
  /** The task of running calls made as tasks, by the call's id (its status as last polled). */
  tasks: Record<string, McpTask & { tool?: string }>;
  /** When each resource last changed, by skill and uri. */
  updated: Record<string, Record<string, number>>;
  /** The request tray is folded away until a new request comes. */
  trayHidden: boolean;
  setPending(list: McpPendingRequest[]): void;
  addPending(r: McpPendingRequest): void;
  dropPending(requestId: string): void;
  setProgress(callId: string, p: McpProgress | undefined): void;
  setTask(callId: string, t: (McpTask & { tool?: string }) | undefined): void;
  /** The server said a URL elicitation is done: its request shows so. */
  markElicitationComplete(requestId: string): void;
  markUpdated(skillId: string, uri: string, time: number): void;
  setTrayHidden(hidden: boolean): void;
}

export interface RecordingsSlice {
  /** Every recording, newest first. */
  recordings: RecordingInfo[];
  recordingsLoaded: boolean;
  setRecordings(list: RecordingInfo[]): void;
  upsertRecording(info: RecordingInfo): void;
}

export interface DiskTroubleSlice {
  /** The news of each skill whose files the disk refuses now, by skill id. */
  diskTrouble: Record<string, WorkbenchEvents['diskTrouble']>;
  /** Takes one event; true when it ends an episode this page was told of. */
  takeDiskNews(news: WorkbenchEvents['diskTrouble']): boolean;
  /** Calls of each skill answered NOT_KEPT (their records refused by the disk) in the episode shown now. */
  notKept: Record<string, number>;
  /** Counts one NOT_KEPT answer of a skill (shown while the banner is). */
  countNotKept(skillId: string): void;
}

export type AppState = WorkspaceSlice & SkillSlice & ToolsSlice & UiSlice & McpSlice & RecordingsSlice & DiskTroubleSlice;
export type Slice<T> = StateCreator<AppState, [], [], T>;
