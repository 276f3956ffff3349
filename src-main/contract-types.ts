/**
 * The contract's shared types: skills, calls, logs, messages, the timeline, setup, settings and
 * recordings, as the engine, the bridges and the renderer all see them. contract.ts re-exports
 * everything here. Types only, plus a few constants; nothing may import Node or Electron.
 */
import type { AgentDetails, ServiceBindingInfo } from './contract-agents';
import type { McpTool, McpToolAnnotations, McpToolResult } from './contract-mcp';

export type Protocol = 'jsonrpc' | 'skilldef' | 'action' | 'namel3ss' | 'mcp' | 'quickjs' | 'agent-skill';

export const PROTOCOL_LABELS: Record<Protocol, string> = {
  jsonrpc: 'Subprocess JSON-RPC',
  skilldef: 'SkillDefinition',
  action: 'Action skill',
  namel3ss: 'namel3ss tools',
  mcp: 'MCP server',
  quickjs: 'QuickJS skill (not run)',
  'agent-skill': 'Agent Skill',
};

export type SkillStatus =
  | 'stopped'
  | 'starting'
  | 'ready'
  | 'busy'
  | 'needs-setup'
  | 'crashed'
  | 'restarting';

/** A JSON Schema as skills declare it; kept loose on purpose (skills send whatever their SDK emits). */
export type JsonSchema = { [key: string]: unknown };

export interface ToolInfo {
  name: string;
  description?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  /** Where a protocol groups its tools (a namel3ss capsule): the UI lists them under this heading. */
  group?: string;
  /**
   * The tool's own display name, where its protocol has one (an MCP tool's `title`, as the server sent it: never made
   * up from `annotations.title`; a view that wants a name to show derives it apart).
   */
  title?: string;
  /** An MCP tool's hints (read-only, destructive, ...). */
  annotations?: McpToolAnnotations;
  /** MCP: how the tool runs; `taskSupport` required or optional means it is called as a task. */
  execution?: { taskSupport?: 'required' | 'optional' | 'forbidden' };
  /** MCP: the tool's icons, as the server sent them. */
  icons?: McpTool['icons'];
  /** MCP: the tool's metadata, as the server sent it (an MCP App's `ui.resourceUri` among it). */
  _meta?: Record<string, unknown>;
  /** Put on every skill by its SDK (a SkillDefinition SDK's interop tools), not written by the skill: listed apart. */
  origin?: 'sdk';
}

/** Where a skill was found and how it is run: enough to launch it, nothing that needs a process. */
export interface SkillRef {
  /** Stable id: the skill's path relative to the folder it was found in, plus its name where a folder holds several. */
  id: string;
  name: string;
  protocol: Protocol;
  /** The skill folder (or the app/agent folder for namel3ss and action skills). */
  dir: string;
  /** The script or entry file, where the protocol has one. */
  entry?: string;
  /** The workspace folder it was found under. */
  root: string;
  description?: string;
  /** Per-call protocols (action) carry their timeout here, from agent.yaml. */
  timeoutMs?: number;
}

export interface SkillCapabilities {
  setup: boolean;
  sessions: boolean;
  ticks: boolean;
  messageHooks: boolean;
  /** A long-running process (JSON-RPC protocols) rather than one process per call. */
  persistent: boolean;
  /** Exposes data or functions to other skills (`interop_schema`), or its code calls other skills (`ctx.skills`). */
  interop?: boolean;
  /** Settings the user may change while it runs (a SkillDefinition skill that declares options). */
  options?: boolean;
  /** Declares trigger types (`trigger_schema`): the Triggers panel registers triggers of them. */
  triggers?: boolean;
}

export type SkillOptionType = 'boolean' | 'text' | 'number' | 'select';

/** A setting a skill declares (`options/list` of a SkillDefinition skill), with its current value. */
export interface SkillOption {
  name: string;
  type: SkillOptionType;
  label: string;
  description?: string;
  default: unknown;
  value: unknown;
  /** The choices of a select option. */
  choices?: { label: string; value: string }[];
  /** Where the UI puts it; options without a group come first. */
  group?: string;
  /** The tools a boolean option shows while it is on and hides while it is off. */
  toolFilter?: string[];
}

/** A skill's options after a change, and what the skill now offers (an option may show or hide tools). */
export interface SkillOptionsChange {
  options: SkillOption[];
  info: SkillInfo;
}

export interface SkillInfo extends SkillRef {
  version?: string;
  tools: ToolInfo[];
  capabilities: SkillCapabilities;
  /** Which SDK runs a SkillDefinition skill, or how a tool list was learnt: said plainly in the inspector. */
  notes: string[];
  tickIntervalMs?: number;
  needsSetup?: boolean;
  /** Action skills of an agent whose agent.yaml says more than its skills (contract-agents.ts). */
  agent?: AgentDetails;
  /** namel3ss tools bound to the service runner. */
  services?: ServiceBindingInfo[];
  /** Variables the skill's manifest lists (`env[]`) that neither the workbench's environment nor its settings give. */
  missingEnv?: string[];
  /** SkillDefinition skills: whether the workbench behaves as the real host does, and where it differs when not. */
  hostParity?: HostParityInfo;
  /** What reading the skill's files told, with nothing of it run: the skill has not been started. */
  notStarted?: boolean;
  /** Set when the skill runs confined ("Confine this skill", --confine): what the operating system enforces, in words. */
  confinement?: string;
}

/** The real SkillDefinition host's behaviour (protocol notes section 5), on or off for one skill. */
export interface HostParityInfo {
  on: boolean;
  /** Off: each way the workbench behaves unlike the real host, in plain words. On: what parity changed. */
  differences: string[];
}

export interface SkillSummary {
  id: string;
  name: string;
  protocol: Protocol;
  dir: string;
  root: string;
  description?: string;
  status: SkillStatus;
  statusDetail?: string;
  toolCount?: number;
  /** Unexpected exits since the workbench opened the skill; absent while it never crashed. */
  crashes?: CrashReport;
}

/** One unexpected exit of a skill's process. */
export interface CrashInfo {
  time: number;
  /** The exit code; null when a signal ended it (or it never got to exit, e.g. it could not start). */
  code: number | null;
  signal: string | null;
  /** In words: "Exited on signal SIGKILL". */
  detail: string;
  /** Its last stderr lines before it ended (at most 20; a failed start's whole output, up to 100), secrets redacted. */
  stderrTail: string[];
  /** It ended before it was ever up (a failed start): it was not restarted, and the start's own error says why. */
  duringStart?: boolean;
}

/** How often a skill crashed and was restarted by the workbench on its own, and the last crash. */
export interface CrashReport {
  count: number;
  restarts: number;
  last: CrashInfo;
}

export interface CallError {
  /** A short machine code: TIMEOUT, CRASHED, PROTOCOL, LAUNCH, TOOL, CANCELLED, VALIDATION, NOT_KEPT, or the skill's own. */
  code: string;
  message: string;
  details?: unknown;
}

export interface CallOutcome {
  /** True when the tool ran and did not report an error. */
  ok: boolean;
  /** Text content, where the protocol returns text. */
  text?: string;
  /** Structured result, where the protocol returns one. */
  data?: unknown;
  error?: CallError;
  durationMs: number;
  /** Protocol-specific trace (namel3ss trace record, action exit code, ...). */
  trace?: Record<string, unknown>;
  /** The last stderr lines around a failure, to show next to the error. */
  stderrTail?: string[];
  /** An MCP server's answer in full: content blocks of every kind, structuredContent, isError (contract-mcp.ts). */
  mcp?: McpToolResult;
  /**
   * Set on an outcome as it travels to a window (common/call-outcome.ts): where its result is, the one copy of it
   * sent. `data`: `text` was the JSON of `data` and is made again from it; `text`: `data` was parsed from `text`
   * and is parsed again; `mcp`: what `text` and `data` held is in `mcp` (its text blocks, its structuredContent).
   * The window's client puts the other back as the outcome arrives; stored outcomes never have it.
   */
  resultIn?: 'data' | 'text' | 'mcp';
}

export interface CallRecord {
  callId: string;
  skillId: string;
  tool: string;
  args: unknown;
  startedAt: number;
  status: 'running' | 'done';
  outcome?: CallOutcome;
}

/**
 * A call as the `call` event tells of it: what it is and how it went, never its arguments or its result (the
 * window that made the call has its answer; another fetches the record by id with `getCall`).
 */
export interface CallSummary {
  callId: string;
  skillId: string;
  tool: string;
  startedAt: number;
  status: 'running' | 'done';
  /** Set once it is done. */
  ok?: boolean;
  durationMs?: number;
  /** Size of its arguments and (once done) of its outcome, as JSON, in characters. */
  argsBytes: number;
  resultBytes?: number;
  /** The error's code and message (the message cut to a few hundred characters). */
  error?: { code: string; message: string };
}

export type LogStream = 'stdout' | 'stderr' | 'system';

export interface LogEntry {
  seq: number;
  time: number;
  stream: LogStream;
  text: string;
}

export type MessageDirection = 'out' | 'in';
export type MessageKind = 'request' | 'response' | 'notification' | 'exchange' | 'invalid';

export interface MessageEntry {
  seq: number;
  time: number;
  direction: MessageDirection;
  kind: MessageKind;
  method?: string;
  id?: string | number | null;
  /** The message as sent or received (secrets redacted). */
  body: unknown;
  /** For a response, the seq of its request; for a request, the seq of its response once it came. */
  pairSeq?: number;
  durationMs?: number;
  /** Which form of a protocol was seen where the documents and the real implementations differ. */
  note?: string;
  /** The protocol's HTTP headers the message was sent with (MCP over HTTP: `Mcp-Method`, `Mcp-Name`, the version, the session). */
  headers?: Record<string, string>;
  /**
   * Set on a large message as a `messages` event carries it: `body` is a preview (long strings and lists cut),
   * this is the size of the whole body as JSON; the whole is read with `readMessage` when the message is opened.
   */
  elidedBytes?: number;
}

export type TimelineKind =
  | 'tick'
  | 'event'
  /** A trigger fired (`triggers/fired`): its data is the TriggerFired the skill sent. */
  | 'trigger'
  | 'load'
  | 'unload'
  | 'session-start'
  | 'session-end'
  | 'setup'
  | 'crash'
  | 'restart'
  | 'note'
  /** A tool call, on a recording's timeline: label the tool, its duration and outcome. */
  | 'call';

export interface TimelineEntry {
  seq: number;
  time: number;
  kind: TimelineKind;
  label: string;
  durationMs?: number;
  outcome?: 'ok' | 'error' | 'skipped';
  data?: unknown;
}

export interface TickState {
  intervalMs: number;
  paused: boolean;
  running: boolean;
  count: number;
  skipped: number;
}

export type SetupFieldType = 'text' | 'number' | 'password' | 'select' | 'multiselect' | 'boolean';

export interface SetupField {
  name: string;
  type: SetupFieldType;
  label: string;
  description?: string | null;
  required?: boolean;
  default?: unknown;
  placeholder?: string | null;
  options?: { label: string; value: string }[] | null;
}

export interface SetupStep {
  id: string;
  title: string;
  description?: string | null;
  fields: SetupField[];
}

export interface SetupFieldError {
  field: string;
  message: string;
}

/** What a completed setup set, as the workbench remembers it. Secret answers are never sent: they read REDACTED. */
export interface SetupConfiguration {
  completedAt: number;
  /** The steps as answered, in order; empty for a setup completed before the workbench kept answers. */
  steps: {
    id: string;
    title: string;
    fields: { name: string; label: string; type: SetupFieldType; secret: boolean; value: unknown }[];
  }[];
}

export interface SetupResult {
  status: 'next' | 'error' | 'complete';
  nextStep?: SetupStep | null;
  errors?: SetupFieldError[] | null;
  message?: string | null;
}

export interface Entity {
  type: string;
  source: string;
  id?: string;
  sourceId?: string;
  title?: string;
  summary?: string;
  metadata?: Record<string, unknown>;
  updatedAt?: number;
}

export interface SkillData {
  state: Record<string, unknown>;
  files: { name: string; size: number; modifiedAt: number }[];
  entities: Entity[];
  dataDir: string;
}

export interface Workspace {
  folders: string[];
  selectedSkill?: string;
  /** Folders whose skills start when opened, as the user chose; any other skill is only read until Start. */
  runOnOpen?: string[];
  /** After a folder was opened: where looking for skills stopped at its cap (a folder such as /usr). */
  notes?: string[];
}

/**
 * What a user can set per skill in the workbench (kept in its home folder, not in the skill's). The process
 * settings (env, secretEnv, args) apply from the skill's next start; a later environment allow-list belongs here too.
 */
export interface SkillSettings {
  /** Per-request timeout for this skill (ms); the protocol's default when absent. */
  timeoutMs?: number;
  /** Longest protocol line accepted from the skill (bytes); 16 MiB when absent. */
  maxLineBytes?: number;
  /** Extra environment variables for the skill's processes. */
  env: Record<string, string>;
  /** Names of environment variables whose values are secrets (kept encrypted, never shown again). */
  secretEnv: string[];
  /** Extra command-line arguments, appended to the skill's launch command. */
  args: string[];
  /** Restart the skill when its files change. */
  hotReload: boolean;
  /** Action skills: run with SKILL_DEBUG=1. */
  debug: boolean;
  /**
   * Give the skill the workbench's whole environment (tokens included), not only the safe defaults, the
   * names its manifest lists and its own variables. Off (absent) by default.
   */
  inheritEnv?: boolean;
  /** How much of the skill's history (its logs/ and messages/ files) is kept; the defaults when absent. */
  history?: HistoryRetention;
  /** SkillDefinition skills: behave as the real host does (tools after setup, no skill/status, tool names namespaced…). Off (absent) by default. */
  hostParity?: boolean;
  /** Run the skill's processes confined by the operating system (writes only to its data folder, no network unless allowed). Off (absent) by default. */
  confine?: boolean;
  /** With `confine`: the network is allowed. */
  confineNetwork?: boolean;
  /** MCP servers: connect as this host profile would (common/mcp-host-profiles.ts); absent: as the workbench. */
  hostProfile?: string;
}

/**
 * Retention of a skill's history: its oldest sessions' files go first, once they are older than `maxDays`
 * or the skill's history is over `maxMb`. All skills together are also held under a workbench-wide total.
 * The running session's files are never removed; recordings are never removed (they are made on purpose).
 */
export interface HistoryRetention {
  maxMb: number;
  maxDays: number;
}

/** A skill's history limits when its settings give none. */
export const DEFAULT_HISTORY: HistoryRetention = { maxMb: 200, maxDays: 30 };
/** All skills' history together, workbench-wide (MB). */
export const TOTAL_HISTORY_MB = 1024;

export interface SkillSettingsUpdate extends Partial<SkillSettings> {
  /** Values for secret environment variables (write-only). */
  secretValues?: Record<string, string>;
}

export interface HostInfo {
  kind: 'electron' | 'browser';
  version: string;
  home: string;
  /** True where a native folder picker exists. */
  canPickFolder: boolean;
  /**
   * How to run the `skillbench` command in a terminal here, for the commands the UI hands out: `skillbench` where
   * the one on PATH is this install's, else `node <absolute path of bin/skillbench.cjs>` (host/cli-command.ts).
   */
  cli: string;
}

// ---- Recordings (the file format; see src-main/runtime/recording-format.ts) ----
export interface RecordingHeader {
  type: 'header';
  version: number;
  name: string;
  startedAt: number;
  skill: { id: string; name: string; protocol: Protocol; version?: string; dir: string; entry?: string };
  /** sha256 over the skill folder's files (names and contents), to tell whether the skill changed since. */
  folderHash: string;
  host: string;
}

/** How a replayed result may differ from the recorded one and still match. */
export interface Tolerance {
  /** Paths to leave out of the comparison, dotted from the result (`data.timestamp`, `items.0.id`, `text`). */
  ignore?: string[];
  /** Numbers match when they differ by at most this much (absolute), or this fraction (relative). */
  numeric?: { abs?: number; rel?: number };
  /** The replayed text (or JSON text of the data) must match this regular expression instead of being equal. */
  pattern?: string;
}

interface RecordBase {
  seq: number;
  time: number;
}

export type RecordBody =
  | { type: 'call-start'; callId: string; tool: string; args: unknown }
  | { type: 'call'; callId: string; tool: string; args: unknown; outcome: CallOutcome; tolerance?: Tolerance }
  | { type: 'tolerance'; callSeq: number; tolerance: Tolerance | null }
  | { type: 'message'; message: MessageEntry }
  | { type: 'setup'; stepId: string; status: string; errors?: SetupFieldError[] | null; values?: Record<string, unknown> }
  | { type: 'session-start' | 'session-end'; sessionId: string }
  | { type: 'message-hook'; hook: 'beforeMessage' | 'afterResponse'; input: string; output: string | null }
  | { type: 'tick'; label: string; durationMs?: number; outcome?: string; events?: unknown[] }
  | { type: 'event'; eventType: string; data: unknown }
  /** A trigger fired (`triggers/fired`, a TriggerFired of contract-skilldef.ts); readers older than it skip it. */
  | { type: 'trigger'; label: string; data: unknown }
  | { type: 'lifecycle'; kind: 'load' | 'unload' | 'crash' | 'restart'; detail: string; stderrTail?: string[] }
  | { type: 'note'; text: string }
  | { type: 'end'; endedAt: number }
  | ChatRecordBody;

/**
 * A chat turn's records (a "cassette", agent/cassette.ts): its start with what it takes to run it again, its
 * events (agent/chat-events.ts, text deltas left out), and every request to the model's server with the answer
 * in full. No header is recorded: the key is never in a recording. Readers older than these skip them.
 */
export type ChatRecordBody =
  | {
      type: 'chat-turn';
      turn: string;
      /** Who the model talked to (a skill's name, "the workspace"). */
      target: string;
      /** Several skills at once, their tools named `<skill>__<tool>`. */
      workspace?: boolean;
      message: string;
      model: { provider: 'openai' | 'anthropic'; model: string; baseUrl?: string; apiKeyEnv?: string };
      maxSteps: number;
      instructions?: string;
      history?: { role: 'user' | 'assistant'; text: string }[];
    }
  | { type: 'chat-event'; turn: string; event: { type: string; [field: string]: unknown } }
  | { type: 'model-request'; turn: string; exchange: number; method: string; url: string; body: unknown }
  | {
      type: 'model-response';
      turn: string;
      exchange: number;
      status?: number;
      /** The few headers a replay needs (content type, retry-after). */
      headers?: Record<string, string>;
      /** The whole body as text (a stream's Server-Sent Events included). */
      body?: string;
      /** The request failed before an answer (unreachable, stopped). */
      error?: string;
      /** The body was not read to its end (stopped, or cut at the size a recording keeps). */
      incomplete?: boolean;
      durationMs: number;
    };

export type RecordEntry = RecordBase & RecordBody;
export type RecordLine = RecordingHeader | RecordEntry;

export interface RecordingInfo {
  file: string;
  name: string;
  skillId: string;
  skillName: string;
  protocol: Protocol;
  startedAt: number;
  records: number;
  /** Being written now. */
  active: boolean;
}

/** The text shown in place of a secret, everywhere a secret would otherwise appear. */
export const REDACTED = '••••';
