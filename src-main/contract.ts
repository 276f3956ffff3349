/**
 * The one contract shared by the engine, the Electron main process, the preload, the WebSocket bridge
 * and the renderer. Types only, plus the list of event names: nothing here may import Node or Electron, because
 * the renderer compiles it too. The commands' declarations (their arguments' shapes, checked at the door, and
 * their wire names) are the command table's (common/commands/), which the compiler holds to `WorkbenchApi`.
 */

import type { QaApi } from './contract-qa';
import type { EvalApi } from './contract-eval';
import type { TriggerApi } from './contract-triggers';
import type { AuthoringApi } from './contract-authoring';
import type { LogsApi } from './contract-logs';
import type { ScheduleState } from './contract-agents';
import type { InteropApi } from './contract-interop';
import type { AgentClient, AgentConfig, AgentInstall } from './contract-bridge';
import { MCP_EVENTS, type McpApi, type McpEvents } from './contract-mcp';
import type { SkillDefApi } from './contract-skilldef';
import { CHAT_EVENTS, type ChatApi, type ChatEvents } from './contract-chat';
import { ENV_EVENTS, type EnvApi, type EnvEvents } from './contract-env';
import type { AgentSkillsApi } from './contract-agent-skills';
import type {
  CallRecord, CallSummary, CrashReport, HostInfo, LogEntry, MessageEntry, RecordingInfo, SetupConfiguration, SetupResult, SetupStep,
  SkillData, SkillInfo, SkillOption, SkillOptionsChange, SkillSettings, SkillSettingsUpdate, SkillStatus, SkillSummary, TickState, TimelineEntry, Workspace,
} from './contract-types';
export * from './contract-types';
export * from './contract-qa';
export * from './contract-authoring';
export * from './contract-logs';
export * from './contract-agents';
export * from './contract-interop';
export * from './contract-bridge';
export * from './contract-mcp';
export * from './contract-oauth';
export * from './contract-skilldef';
export * from './contract-chat';
export * from './contract-env';
export * from './contract-eval';
export * from './contract-triggers';
export * from './contract-agent-skills';

export interface AgentApi {
  /**
   * Runs an action script once with an action it cannot know and reads `supported_actions` from its
   * UNKNOWN_ACTION answer. The script runs for real: the app warns first. Returns the refreshed info.
   */
  discoverActions(skillId: string): Promise<SkillInfo>;
  /** The schedules of an action skill (empty for other skills), with their next runs. */
  getSchedules(skillId: string): Promise<ScheduleState[]>;
  /** Pause, resume or run one schedule now; returns the skill's schedules afterwards. */
  controlSchedule(skillId: string, scheduleId: string, op: 'pause' | 'resume' | 'run'): Promise<ScheduleState[]>;
}

export interface AgentEvents {
  schedules: { skillId: string; schedules: ScheduleState[] };
}


/**
 * Commands the renderer can send. Every method returns a promise; errors reject with a plain-words message.
 * The core commands are here; recordings/replay (contract-qa.ts), authoring (contract-authoring.ts) and the
 * complete log file (contract-logs.ts) add theirs.
 */
export interface CoreApi {
  hostInfo(): Promise<HostInfo>;
  getWorkspace(): Promise<Workspace>;
  addFolder(path: string): Promise<Workspace>;
  removeFolder(path: string): Promise<Workspace>;
  pickFolder(): Promise<string | null>;
  selectSkill(skillId: string | null): Promise<void>;

  listSkills(): Promise<SkillSummary[]>;
  /** What the skill's files say, running none of them (its learnt info once it has run). What opening a skill shows. */
  readSkill(skillId: string): Promise<SkillInfo>;
  /** Starts the skill where needed and answers what it learnt. */
  inspectSkill(skillId: string): Promise<SkillInfo>;
  /** Whether the skills of a folder start when opened (the user's choice, remembered). */
  setRunOnOpen(folder: string, on: boolean): Promise<Workspace>;
  startSkill(skillId: string): Promise<void>;
  stopSkill(skillId: string): Promise<void>;
  restartSkill(skillId: string): Promise<void>;

  /** `callId` names the call (a fresh id the caller makes), so the caller can cancel it and knows its record. */
  callTool(skillId: string, tool: string, args: unknown, opts?: { timeoutMs?: number; callId?: string }): Promise<CallRecord>;
  cancelCall(callId: string): Promise<void>;
  /**
   * A call of this session as the skill answered it, its secrets in the clear (everything else the app
   * gets is masked): for the Reveal control, asked only when the user presses it. Null once the workbench
   * no longer holds it (it keeps the last calls of each skill, in memory only).
   */
  revealCall(skillId: string, callId: string): Promise<CallRecord | null>;
  /** A call of the skill's history by id, its secrets masked (a `call` event carries only its summary). Null when it is not kept. */
  getCall(skillId: string, callId: string): Promise<CallRecord | null>;
  getHistory(skillId: string): Promise<CallRecord[]>;

  getLogs(skillId: string): Promise<LogEntry[]>;
  clearLogs(skillId: string): Promise<void>;
  getMessages(skillId: string): Promise<MessageEntry[]>;
  getTimeline(skillId: string): Promise<{ entries: TimelineEntry[]; ticks: TickState | null }>;

  setupStart(skillId: string): Promise<SetupStep>;
  setupSubmit(skillId: string, stepId: string, values: Record<string, unknown>): Promise<SetupResult>;
  setupCancel(skillId: string): Promise<void>;
  /** The last completed setup (answers, secrets masked), or null if the skill was never set up here. Starts nothing. */
  getSetupConfiguration(skillId: string): Promise<SetupConfiguration | null>;

  sessionStart(skillId: string): Promise<string>;
  sessionEnd(skillId: string): Promise<void>;
  transformMessage(skillId: string, hook: 'beforeMessage' | 'afterResponse', text: string): Promise<string | null>;

  pauseTicks(skillId: string): Promise<void>;
  resumeTicks(skillId: string): Promise<void>;
  tickNow(skillId: string): Promise<void>;

  getData(skillId: string): Promise<SkillData>;
  setState(skillId: string, state: Record<string, unknown>): Promise<void>;
  readDataFile(skillId: string, name: string): Promise<string>;

  /** Starts recording everything that happens to a skill into a new file under the workbench's home. */
  startRecording(skillId: string, name?: string): Promise<RecordingInfo>;
  stopRecording(skillId: string): Promise<RecordingInfo | null>;
  /** A note at this point in time: in the active recording (if any) and on the timeline. */
  annotate(skillId: string, text: string): Promise<void>;
  listRecordings(): Promise<RecordingInfo[]>;

  /** The options a skill declares, with their values (starts the skill: only it knows them). */
  getOptions(skillId: string): Promise<SkillOption[]>;
  /** Changes one option; the skill saves it, runs its on_options_change and may show or hide tools. */
  setOption(skillId: string, name: string, value: unknown): Promise<SkillOptionsChange>;
  /** Puts one option (or, without a name, every option) back to the skill's default. */
  resetOptions(skillId: string, name?: string): Promise<SkillOptionsChange>;

  getSkillSettings(skillId: string): Promise<SkillSettings>;
  /** Saves settings and restarts the skill if it was running, so they take effect. */
  updateSkillSettings(skillId: string, update: SkillSettingsUpdate): Promise<SkillSettings>;

  /** "Use from an agent": the config snippets that run this skill as an MCP server (`skillbench mcp`). Starts nothing. */
  agentConfig(skillId: string): Promise<AgentConfig>;
  /** "Add to …": writes that config into the agent's own configuration file, then starts it as that agent would. */
  installIntoAgent(skillId: string, client: AgentClient): Promise<AgentInstall>;

}

export interface WorkbenchApi extends CoreApi, QaApi, EvalApi, TriggerApi, AuthoringApi, LogsApi, AgentApi, InteropApi, McpApi, SkillDefApi, ChatApi, EnvApi, AgentSkillsApi {}

export type ApiMethod = keyof WorkbenchApi;

/** Events pushed to the renderer. High-volume streams (logs, messages) arrive in batches. */
export interface WorkbenchEvents extends AgentEvents, McpEvents, ChatEvents, EnvEvents {
  skills: SkillSummary[];
  status: { skillId: string; status: SkillStatus; detail?: string; crashes?: CrashReport };
  /** `skipped`: lines left out of this batch to keep a browser window responsive (they are in the log file). */
  logs: { skillId: string; entries: LogEntry[]; skipped?: { lines: number; errors: number } };
  messages: { skillId: string; entries: MessageEntry[] };
  timeline: { skillId: string; entry: TimelineEntry };
  /** A skill's ticks changed (started, paused, resumed, one ran). */
  ticks: { skillId: string; ticks: TickState | null };
  /** A call started or finished: its summary (the caller has its answer; other windows ask `getCall`). */
  call: CallSummary;
  recording: RecordingInfo;
  /** A skill's files changed (one burst of saves; relative names). Sent while the app observes its folder. */
  filesChanged: { skillId: string; files: string[] };
  /**
   * A skill's own files (its log, message history, timeline, call history, recording) cannot be written
   * (a full disk): told once when it starts, with `problem` in plain words, and once when writing resumes
   * (`problem` null, `files` empty). Calls go on meanwhile; each file notes the gap. `message` is the sentence to show.
   */
  diskTrouble: { skillId: string; files: string[]; problem: string | null; message: string };
  /**
   * The window fell too far behind and `missed` events were not sent to it (desktop: its link cannot be closed and
   * reopened as a WebSocket is): it should read afresh what it shows.
   */
  resync: { missed: number };
}

export type EventName = keyof WorkbenchEvents;

/** What the renderer holds: the commands plus subscriptions that return their unsubscribe. */
export interface WorkbenchClient extends WorkbenchApi {
  on<K extends EventName>(event: K, listener: (payload: WorkbenchEvents[K]) => void): () => void;
}

const EVENTS: { [K in EventName]: true } = {
  skills: true, status: true, logs: true, messages: true, timeline: true, ticks: true, call: true, recording: true, filesChanged: true, schedules: true,
  diskTrouble: true, resync: true, ...MCP_EVENTS, ...CHAT_EVENTS, ...ENV_EVENTS,
};
export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];
