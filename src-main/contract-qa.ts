/**
 * The contract's recordings, replay and report commands (part of the one contract: contract.ts re-exports
 * everything here). Types only, plus the method-name map; nothing may import Node or Electron.
 *
 * Every `file` the renderer sends is a recording under `<home>/recordings/` (as listRecordings gives them);
 * the workbench refuses any other path.
 */
import type { CallOutcome, MessageEntry, Protocol, RecordingHeader, TimelineEntry, Tolerance } from './contract-types';

// ---- Browsing a recording ----

/** One recorded call; `outcome` is absent when the recording ends before the answer came (a crash, a kill). */
export interface RecordedCall {
  /** The seq of the `call` record (what a tolerance names), or of the `call-start` when no answer was recorded. */
  seq: number;
  callId: string;
  /** When the call was made. */
  time: number;
  tool: string;
  args: unknown;
  outcome?: CallOutcome;
  /** How a replay compares this call, where the recording says. */
  tolerance?: Tolerance;
}

export interface RecordedHook {
  seq: number;
  time: number;
  hook: 'beforeMessage' | 'afterResponse';
  input: string;
  output: string | null;
}

/** A line the skill wrote to stderr during the recording. */
export interface StderrLine {
  time: number;
  text: string;
  /**
   * `call`: kept in the recording with a failed call (`callSeq`); `crash`: kept with a crash (`crashSeq`);
   * `log`: from the skill's log in this workbench's home.
   */
  source: 'call' | 'crash' | 'log';
  callSeq?: number;
  crashSeq?: number;
}

/** A recording read back for the app: the same kinds of things a live session shows. */
export interface RecordingView {
  file: string;
  header: RecordingHeader;
  /** When the recording was stopped, if it was (a killed app leaves none). */
  endedAt?: number;
  /** Records read from the file (header, torn lines and unknown types excluded). */
  records: number;
  /** Being written now. */
  active: boolean;
  calls: RecordedCall[];
  /** Protocol messages, numbered afresh in file order (a file appended by several runs repeats their own numbers). */
  messages: MessageEntry[];
  /** Ticks, events, notes, sessions, setup steps and lifecycle marks, as the live timeline shows them. */
  timeline: TimelineEntry[];
  hooks: RecordedHook[];
  stderr: StderrLine[];
  /** Skipped lines, lists cut short, and the like, in plain words. */
  warnings: string[];
}

// ---- Reports ----

export type ReportFormat = 'markdown' | 'html';

export interface ExportedReport {
  /** Where the report was written: next to the recording. */
  file: string;
  format: ReportFormat;
  /** The report itself, for a download in browser mode. */
  text: string;
}

// ---- Replay ----

/** One way a replayed result differs from the recorded one. */
export interface Difference {
  /** Dotted from the outcome: `ok`, `error.code`, `data.items.0.id`, `text`. */
  path: string;
  recorded: unknown;
  replayed: unknown;
  why: string;
}

export interface ReplayCase {
  /** The seq of the recorded `call` record (what a tolerance names). */
  seq: number;
  tool: string;
  args: unknown;
  recorded: CallOutcome;
  replayed: CallOutcome;
  match: boolean;
  differences: Difference[];
  durationMs: number;
  tolerance?: Tolerance;
}

/** What a chat turn came to, as a replay compares it (a recorded turn's, a replayed one's). */
export interface ChatTurnOutline {
  ok: boolean;
  error?: string;
  /** The message after the skill's beforeMessage. */
  modelMessage: string;
  toolCalls: { tool: string; arguments: unknown; ok: boolean }[];
  /** The model's text before the skill's afterResponse. */
  modelAnswer: string;
  answer: string;
}

/** A model request on replay that is not the recorded one: the model would have been asked something new. */
export interface RequestDifference {
  /** The request's number within its turn, from 1. */
  exchange: number;
  /** Dotted from the parts compared (`messages.2.content`, `tools.0.function.parameters`). */
  differences: Difference[];
}

/** A recorded chat turn, run again: its tool calls on the skill, the model's turns from the recording (or, live, the model again). */
export interface ReplayTurn {
  /** The seq of its `chat-turn` record. */
  seq: number;
  message: string;
  model: string;
  /** The model was asked again (`--live`), rather than answered from the recording. */
  live: boolean;
  recorded: ChatTurnOutline;
  replayed: ChatTurnOutline;
  /** Where the turn came out otherwise: its tool calls (name, arguments, ok), the model's answer, the answer. */
  differences: Difference[];
  /** Offline: the requests the model would have been sent differently. */
  requests: RequestDifference[];
  match: boolean;
  durationMs: number;
}

export interface ReplayReport {
  recording: { file: string; name: string; startedAt: number };
  skill: { id: string; name: string; protocol: Protocol; dir: string; version?: string };
  /** The skill folder's files differ from those recorded (their hash changed). */
  folderChanged: boolean;
  folderHash: { recorded: string; now: string };
  cases: ReplayCase[];
  matched: number;
  mismatched: number;
  /** The recording's chat turns, run again (their tool calls are among `cases`); absent where it holds none. */
  turns?: ReplayTurn[];
  /** Skipped lines of the recording, redacted arguments, and the like, in plain words. */
  warnings: string[];
}

/** Recordings, replay and reports in the app. */
export interface QaApi {
  /** Reads a recording for browsing: calls, protocol messages, timeline, stderr. */
  openRecording(file: string): Promise<RecordingView>;
  /** Writes a readable report next to the recording and returns it. */
  exportReport(file: string, format: ReportFormat): Promise<ExportedReport>;
  /** Starts the recorded skill afresh (it must be in an open folder), makes every recorded call again and compares. */
  replayRecording(file: string): Promise<ReplayReport>;
  /** How replay compares one call (null: exactly). Appended to the recording; returns what the call now has. */
  setTolerance(file: string, callSeq: number, tolerance: Tolerance | null): Promise<Tolerance | null>;
}

