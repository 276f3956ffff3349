/**
 * The one interface every protocol adapter implements, and what the host hands each adapter.
 * Required: start (learn the tools; launch the process where the protocol keeps one), call, stop.
 * Optional capabilities (setup, sessions, ticks, message hooks) are present only where the protocol has them.
 */
import type {
  CallOutcome,
  Protocol,
  SetupFieldType,
  SetupResult,
  SetupStep,
  SkillInfo,
  SkillOption,
  SkillOptionsChange,
  SkillRef,
  ExposedData,
  ExposedFunction,
  SkillStatus,
  TimelineEntry,
  McpCompletion,
  McpCompletionRef,
  McpElicitationAnswer,
  McpEraMode,
  McpEvents,
  McpLogLevel,
  McpLogMessage,
  McpPendingRequest,
  McpPrompt,
  McpPromptMessage,
  McpResource,
  McpResourceContents,
  McpResourceTemplate,
  McpRoot,
  McpTask,
  McpSamplingAnswer,
  McpSamplingDraft,
  McpSamplingRequest,
  McpOAuthState,
  McpServerInfo,
  McpSkillEntry,
  McpSkillFile,
  McpTool,
  EntitySchemaInfo,
  LifecycleAction,
  SkillReport,
  TriggerInput,
  TriggerInstance,
  TriggersView,
} from '../contract';
import type { LogSink } from '../engine/log-sink';
import type { MessageLog } from '../engine/message-log';
import type { Redactor } from '../engine/redactor';
import type { RestartPolicy } from '../engine/supervisor';
import type { SecretStore } from '../host/secret-store';


/** Ticks never come faster than this, whatever a skill asks for. */
export const MIN_TICK_MS = 1000;

/** The tick interval a skill asked for, raised to the minimum, with a note saying so where it was. */
export function tickIntervalOf(ms: number | undefined, notes: string[]): number | undefined {
  if (ms === undefined || ms >= MIN_TICK_MS) return ms;
  notes.push(`tick_interval ${ms} ms is under the ${MIN_TICK_MS} ms minimum: ticks run every ${MIN_TICK_MS} ms.`);
  return MIN_TICK_MS;
}


/** What a completed setup was answered, step by step; a secret answer is only the key of its stored value. */
export type SetupAnswers = {
  id: string;
  title: string;
  fields: { name: string; label: string; type: SetupFieldType; value?: unknown; secretKey?: string }[];
}[];

/** Where a skill's secrets and persisted setup live (SkillDefinition skills). */
export interface SkillVault {
  /** Keeps a secret in the encrypted store. */
  remember(key: string, secret: string): void;
  /** Rewrites anything the skill already saved in clear, now that a new secret is known. */
  rescrub(): Promise<void>;
  setupComplete(): boolean;
  markSetupComplete(answers?: SetupAnswers): void;
  /** The skill's data folder, as sent in `skill/load`. */
  dataDir: string;
}

/** Services the host offers a skill's reverse calls (skilldef/host-services.ts). */
export interface HostServices {
  handle(method: string, params: unknown): Promise<unknown>;
}

/** What a running SkillDefinition skill answers to other skills (its `interop/*` methods). */
export interface InteropCapability {
  listExposed(): Promise<{ data: ExposedData[]; functions: ExposedFunction[] }>;
  /** What the skill's handler answered (the `data` of its answer). */
  getData(callerSkillId: string, dataName: string, params: Record<string, unknown>): Promise<unknown>;
  callFunction(callerSkillId: string, functionName: string, args: Record<string, unknown>): Promise<unknown>;
}

/** A skill as `skills/list` and `skills/get` describe it to another skill (the SDK's SkillInfo). */
export interface InteropSkillInfo {
  id: string;
  name: string;
  description: string;
  version: string;
  /** Whether it is running now. */
  online: boolean;
}

/**
 * The other skills a host has open, for one skill's `skills/*` reverse calls (implemented by the workbench;
 * the CLI runs one skill and has none). Every method names the calling skill; an unknown skill or name,
 * or calls nested too deep, is refused with an RpcError in plain words.
 */
export interface SkillInterop {
  list(caller: string): Promise<InteropSkillInfo[]>;
  get(caller: string, skillId: string): Promise<InteropSkillInfo | null>;
  /** Of one skill, or (no id) of every other skill running now; only what is visible to skills. */
  listData(caller: string, skillId?: string): Promise<(Omit<ExposedData, 'visibility'> & { skill_id: string })[]>;
  listFunctions(caller: string, skillId?: string): Promise<(Omit<ExposedFunction, 'visibility'> & { skill_id: string })[]>;
  requestData(caller: string, skillId: string, dataName: string, params: Record<string, unknown>): Promise<unknown>;
  callFunction(caller: string, skillId: string, functionName: string, args: Record<string, unknown>): Promise<unknown>;
}

/** "Confine this skill": writes only to its data folder and a private temporary folder; the network only when allowed. */
export interface Confinement {
  network: boolean;
}

/**
 * Answers an MCP server's sampling request without waiting for a person: a model (the CLI's `--model`, the app's
 * "always" switch). It says at once whether it answers (a run to start) or leaves the request to the user (null).
 */
export type Sampler = (request: McpSamplingRequest) => SampleRun | null;
/** The model's answer; rejects with a sentence saying why there is none. */
export type SampleRun = (signal: AbortSignal) => Promise<McpSamplingDraft>;

export interface AdapterContext {
  logs: LogSink;
  messages: MessageLog;
  redactor: Redactor;
  /** Where the workbench keeps its data (SKILLBENCH_HOME). */
  home: string;
  /** Extra environment for the skill's processes: its configured env and its stored secrets. Read at each launch. */
  env: Record<string, string>;
  /** Extra command-line arguments for the skill's launch command, from its settings. Read at each launch. */
  args?: string[];
  /** Behave as the real host does (SkillDefinition skills; skilldef/host-parity.ts). Read at each launch. */
  hostParity?: boolean;
  /** Run its processes confined by the operating system (protocols/confined.ts). Read at each launch. */
  confine?: Confinement;
  /** MCP servers: the host profile to connect as (common/mcp-host-profiles.ts). Read at each launch. */
  hostProfile?: string;
  /** Per-call timeout override for the whole skill (ms). */
  timeoutMs?: number;
  maxLineBytes?: number;
  restart?: Partial<RestartPolicy>;
  /** MCP servers: 'user' roots are the ones set in the app (kept in the home); 'agent' roots only those an agent gives. */
  mcpRoots?: 'user' | 'agent';
  /** MCP servers: the protocol era to use, over the server's saved setting (the CLI's `--era`). */
  mcpEra?: McpEraMode;
  /** MCP servers over HTTP: OAuth's store, and the user where there is one. Read when first needed. */
  readonly oauth?: McpOAuthContext;
  /** Reverse calls from the skill to the host (SkillDefinition skills). */
  host?: HostServices;
  vault?: SkillVault;
  onStatus?: (status: SkillStatus, detail?: string) => void;
  onTimeline?: (entry: Omit<TimelineEntry, 'seq' | 'time'> & { time?: number }) => void;
  /** MCP servers' events (progress, logs, requests to the user); absent where nobody listens (the CLI). */
  onMcp?: <K extends keyof McpEvents>(event: K, payload: McpEvents[K]) => void;
  /** MCP servers: who answers sampling without asking the user. Sampling is declared only where it or `onMcp` is given. */
  sampler?: Sampler;
}

export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The call's id, where its caller named it (an MCP server's progress is told under it). */
  callId?: string;
}

/** What an MCP server offers beyond tools (protocols/mcp), for the workbench's MCP service. Each starts the server when needed. */
export interface McpCapability {
  /** What the server said of itself; null before it first connected. */
  serverInfo(): McpServerInfo | null;
  tools(): Promise<McpTool[]>;
  resources(): Promise<McpResource[]>;
  resourceTemplates(): Promise<McpResourceTemplate[]>;
  readResource(uri: string): Promise<McpResourceContents[]>;
  subscribe(uri: string): Promise<string[]>;
  unsubscribe(uri: string): Promise<string[]>;
  prompts(): Promise<McpPrompt[]>;
  getPrompt(name: string, args: Record<string, string>): Promise<{ description?: string; messages: McpPromptMessage[] }>;
  complete(ref: McpCompletionRef, argument: { name: string; value: string }, context?: Record<string, string>): Promise<McpCompletion>;
  setLogLevel(level: McpLogLevel): Promise<void>;
  logLevel(): McpLogLevel | null;
  logMessages(): McpLogMessage[];
  subscriptions(): string[];
  /** Round trip in ms. */
  ping(): Promise<number>;
  pending(): McpPendingRequest[];
  hasRequest(requestId: string): boolean;
  answerElicitation(requestId: string, answer: McpElicitationAnswer): void;
  answerSampling(requestId: string, answer: McpSamplingAnswer): void;
  roots(): McpRoot[];
  setRoots(roots: McpRoot[]): Promise<McpRoot[]>;
  listTasks(): Promise<McpTask[]>;
  cancelTask(taskId: string): Promise<McpTask>;
  /** Cancels the resource reads and prompt gets under way; answers how many. */
  cancelRequests(): number;
  /** The skills the server offers (the Skills extension, SEP-2640); [] where it declares none. */
  skills?(): Promise<McpSkillEntry[]>;
  /** One skill's entry, afresh (`skills/get`). */
  getSkill?(uri: string): Promise<McpSkillEntry>;
  /** A file of one of its skills, checked against the entry last listed or fetched (size, SHA-256, front matter). */
  readSkillFile?(uri: string): Promise<McpSkillFile>;
  /** The direct children of one of its directory resources (where the server declared `directoryRead`). */
  readSkillDirectory?(uri: string): Promise<{ uri: string; name?: string; mimeType?: string }[]>;
  /**
   * The bridge: from now on, declare to the server only what this agent's client can serve through the bridge (its
   * sampling, elicitation, extensions); reconnects when that changes what was declared. Answers the tools the server
   * no longer lists then.
   */
  actFor(agentCapabilities: Record<string, unknown>): Promise<string[]>;
  /** An HTTP server's OAuth (protocols/mcp/oauth): its state for the debugger view, and the user's actions on it. */
  oauth(): McpOAuthControl;
}

export interface McpOAuthControl {
  state(): Omit<McpOAuthState, 'skillId'>;
  /** Signs in through the browser: `address` once the user has somewhere to go (null if the flow ended first), `done` when it ends. */
  authorize(scope?: string): { address: Promise<string | null>; done: Promise<void> };
  refresh(): Promise<boolean>;
  cancel(): void;
  logout(): void;
}

/** What MCP servers over HTTP need for OAuth: where tokens are kept, and whether the user can be sent to a browser. */
export interface McpOAuthContext {
  secrets: SecretStore;
  /** Present where someone can sign in (the app): opens the address where it can (false where it could not). */
  interactive?: { open?: (url: string) => Promise<boolean> };
}

export interface SetupCapability {
  start(): Promise<SetupStep>;
  submit(stepId: string, values: Record<string, unknown>): Promise<SetupResult>;
  cancel(): Promise<void>;
}

/** Settings a skill declares and the user changes while it runs; a change may show or hide tools. */
export interface OptionsCapability {
  list(): Promise<SkillOption[]>;
  set(name: string, value: unknown): Promise<SkillOptionsChange>;
  /** One option back to its default, or every one without a name. */
  reset(name?: string): Promise<SkillOptionsChange>;
}

/** Trigger types a skill declares and the triggers registered against them (SkillDefinition `trigger_schema`). */
export interface TriggersCapability {
  view(): Promise<TriggersView>;
  create(input: TriggerInput): Promise<TriggerInstance>;
  update(id: string, changes: Partial<TriggerInput>): Promise<TriggerInstance>;
  delete(id: string): Promise<void>;
}

/** The newer SDK's status and lifecycle requests (`skill/status|activate|deactivate|disconnect`). */
export interface LifecycleCapability {
  report(): Promise<SkillReport>;
  run(action: LifecycleAction): Promise<void>;
  /** The entity schema the skill declared when it last started; null where it declares none. */
  entitySchema(): EntitySchemaInfo | null;
}

export interface SessionCapability {
  start(sessionId: string): Promise<void>;
  end(sessionId: string): Promise<void>;
}

export interface SkillAdapter {
  readonly ref: SkillRef;
  /** Learns the skill's tools; for persistent protocols this launches the process and handshakes. */
  start(): Promise<SkillInfo>;
  /** What `start` learnt, or null before it. */
  info(): SkillInfo | null;
  /** What reading the skill's files tells, running none of them, where the protocol can tell that much. */
  describe?(): Promise<SkillInfo>;
  /** Never throws for a tool's own error, a crash or a timeout: those come back as `outcome.error`. */
  call(tool: string, args: unknown, opts?: CallOptions): Promise<CallOutcome>;
  stop(): Promise<void>;
  status(): SkillStatus;
  restart?(): Promise<SkillInfo>;
  setup?: SetupCapability;
  sessions?: SessionCapability;
  options?: OptionsCapability;
  triggers?: TriggersCapability;
  lifecycleRequests?: LifecycleCapability;
  tick?(): Promise<void>;
  interop?: InteropCapability;
  mcp?: McpCapability;
  transform?(hook: 'beforeMessage' | 'afterResponse', text: string): Promise<string | null>;
}

/** One protocol: how to recognise its skills in a folder, and how to run one. */
export interface ProtocolModule {
  protocol: Protocol;
  /** The skills that `dir` itself holds under this protocol ([] when none). Must not run anything. */
  detect(dir: string, root: string): SkillRef[];
  /** The skills a single file is (a lone script), or [] when it is not one of this protocol's. */
  detectFile?(file: string, root: string): SkillRef[];
  create(ref: SkillRef, ctx: AdapterContext): SkillAdapter;
  /**
   * One process per call, none kept. Its start only learns the tools, from files that may be broken,
   * and each call runs afresh and reports its own failure: a failed start does not stop a call.
   */
  perCall: boolean;
  /** Its skills call back into the host (state, data, secrets, setup): the runtime hands them host services and a vault. */
  hostServices: boolean;
  /** Keep looking for skills below a folder this protocol found (apps inside apps), except in `ownFolders`. */
  walkInside?: boolean;
  ownFolders?: string[];
  /**
   * Its skills are found beside another protocol's in the same folder (both are offered), except beside the
   * protocols named, whose skill the folder already is, and in a folder holding one of `exceptFiles` (their
   * marker files: a skill of theirs that is broken is still theirs, and the doctor says why it is not found).
   */
  alongside?: { except: Protocol[]; exceptFiles?: string[] };
  /**
   * Its skills in fixed places inside a folder another protocol's skill owns, which the walk does not enter (an
   * Agent Skill in an agent folder's `.claude/skills/<name>/`). Must not run anything.
   */
  detectBelow?(dir: string, root: string): SkillRef[];
}
