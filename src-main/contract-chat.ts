/**
 * The contract's model in the loop: a model configured by the user, one chat turn through a skill's message
 * hooks and tools, and evals of those turns (part of the one contract: contract.ts re-exports everything here).
 * Types only; nothing may import Node or Electron.
 */

/** Which wire format the model speaks. `openai`: OpenAI-compatible chat completions; `anthropic`: the Messages API. */
export type ModelProvider = 'openai' | 'anthropic';

/** A model as the user configured it. The key is never here: it is named (`apiKeyEnv`) or kept in the encrypted store. */
export interface ModelConfig {
  provider: ModelProvider;
  model: string;
  /** Default `https://api.openai.com/v1` (openai) or `https://api.anthropic.com` (anthropic). */
  baseUrl?: string;
  /** The environment variable that holds the key, where the user named one. */
  apiKeyEnv?: string;
}

/** One message of a conversation, as the window keeps it between turns. */
export interface ChatMessage {
  role: 'user' | 'assistant';
  text: string;
}

/** What a turn's tokens came to, where the provider said. */
export interface ChatUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  /** In US dollars, where the provider gives prices. */
  costUsd?: number;
}

/** One tool call the model asked for, as the workbench ran it. */
export interface ChatToolCall {
  /** The tool's name as the model saw it (`<skill>__<tool>` in a workspace chat). */
  tool: string;
  arguments: unknown;
  ok: boolean;
  /** The tool's result as the model got it, or the error it was told. */
  result: unknown;
  /** The call's id in History, where it ran through the workbench. */
  callId?: string;
  /** The skill that served it. */
  skillId?: string;
  durationMs?: number;
}

export type ChatFailure = 'model' | 'hook' | 'tools' | 'step-cap' | 'stopped';

/** One chat turn, as `skillbench chat --json` prints it and the Chat tab shows it. */
export interface ChatTurnResult {
  ok: boolean;
  /** Why the turn did not end well, in a sentence. */
  error?: string;
  /**
   * What ended it badly: the model's server (unreachable, the key refused, rate limits), a message hook, the tool
   * list, the step cap, or the user's Stop.
   */
  failure?: ChatFailure;
  /** The user's message as typed. */
  message: string;
  /** The message after `skill/beforeMessage` (the same text where the skill has no such hook). */
  modelMessage: string;
  toolCalls: ChatToolCall[];
  /** The model's final text, before `skill/afterResponse`. */
  modelAnswer: string;
  /** The final text, after `skill/afterResponse`. */
  answer: string;
  usage: ChatUsage;
  durationMs: number;
  /** Model requests the turn made (a step cap stops it). */
  steps: number;
}

/** What a model costs, in US dollars per million tokens (the user's word: providers do not say it in their answers). */
export interface ModelPriceConfig {
  inputPerMTok: number;
  outputPerMTok: number;
}

/** A model the user configured in the app, by name. */
export interface ModelProfile extends ModelConfig {
  id: string;
  /** What the user calls it ("Local Ollama"); the model's name where absent. */
  label?: string;
  /** The steps a chat turn may take with this model (the turn's default where absent). */
  maxSteps?: number;
  /** Where given, each turn's cost is shown. */
  price?: ModelPriceConfig;
}

/** The app's models: its profiles and the one in use. */
export interface ModelSettings {
  profiles: ModelProfile[];
  active?: string;
}

/** A profile as the window sees it: never its key, only whether one is kept and where the key would come from. */
export interface ModelProfileView extends ModelProfile {
  /** A key for this provider and base URL is in the workbench's encrypted store. */
  keySaved: boolean;
  /** Where the key comes from now, in words ("the key kept in the workbench's store", "the key in OPENAI_API_KEY"). */
  keySource: string;
}

/** The app's models as the window sees them. */
/** What a key check found, in plain words (agent/key-check.ts). */
export interface KeyCheck {
  verdict: 'works' | 'refused' | 'not-allowed' | 'limited' | 'unreachable' | 'unchecked' | 'failed';
  words: string;
}

export interface ModelSettingsView {
  profiles: ModelProfileView[];
  active?: string;
  /** The profile chats use: the active one, else the only one. Absent when none is configured. */
  inUse?: string;
}

/**
 * Who a chat in the app talks to: one skill, or several open skills at once (their tools `<skill>__<tool>`, the skill
 * named by its own id, its folder's name: `price-alerts__get_price`).
 */
export type ChatTargetRef = { skillId: string } | { skills: string[] };

/** One turn the window asks for. */
export interface ChatRequest {
  /** Made by the window (a UUID): names the turn's `chat` events and what `chatStop` stops. */
  chatId: string;
  target: ChatTargetRef;
  message: string;
  /** The conversation so far, as the model saw it (each turn's `modelMessage` and `modelAnswer`). */
  history?: ChatMessage[];
  /** The steps this turn may take (else the profile's, else the default, 8). */
  maxSteps?: number;
  /** Made by the window for the conversation (a UUID): what "Allow for this chat" holds for. Absent: this turn. */
  conversationId?: string;
}

/**
 * What the user answers a tool call waiting for approval: run it this once, for the rest of this chat, always
 * (kept in the home), not this time, or never (kept).
 */
export type ApprovalAnswer = 'once' | 'chat' | 'always' | 'deny' | 'never';

/** One tool of one skill, as a kept policy names it: a skill is its id and its folder together. */
export interface ToolPolicyRef {
  skillId: string;
  dir: string;
  tool: string;
}

/** A policy kept in `<home>/tool-policies.json`: "always allow" or "never" for one tool of one skill. */
export interface KeptToolPolicy extends ToolPolicyRef {
  skillName: string;
  policy: 'always' | 'never';
  /** When it was kept (ISO 8601). */
  at: string;
}

/** A tool call the model asked for, waiting for the user (the chat's approval strip, the terminal's question). */
export interface ToolApprovalRequest {
  /** Names it in `chatApprove`. */
  approvalId: string;
  /** The tool as the model named it (`<skill>__<tool>` in a chat with several skills). */
  tool: string;
  skillId?: string;
  skillName: string;
  /** The tool's own name in its skill. */
  skillTool: string;
  arguments: unknown;
  /** It runs a local script. */
  script: boolean;
  /** The warning before a script's first run (and its first since it changed), as the Scripts tab gives it. */
  warning?: string;
  /** Why it is asked ("it runs a local script, with your rights"). */
  reason: string;
  /**
   * The tool result the model was given just before it asked, if this turn had one: where words that steer the
   * model (an injection) would have come from.
   */
  after?: { tool: string; ok: boolean; result: unknown };
}

/**
 * What a chat turn tells as it goes, in order: the Chat tab draws its cards from these, and a recorder (a
 * cassette) keeps them. Every event is plain JSON. `step` counts model requests from 1; a tool call is named by
 * the model's `toolCallId` and, where it ran through the workbench, by its History `callId`.
 *
 *   turn-start → hook(beforeMessage) → step-start(1) → text-delta… → [tool-approval → tool-approval-end →]
 *   tool-call-start → tool-call-end → step-end(1)
 *   → step-start(2) → text-delta… → step-end(2) → hook(afterResponse) → done
 *
 * A turn ends with exactly one `done` (its result, ok or not). `retry` says a rate-limited request is being
 * tried again; `error` is not an end: `done` follows it.
 */
export type ChatEvent =
  | { type: 'turn-start'; message: string; target: string; model: string; maxSteps: number }
  /** A message hook ran: `output` is null where it left the text unchanged. */
  | { type: 'hook'; hook: 'beforeMessage' | 'afterResponse'; input: string; output: string | null }
  | { type: 'step-start'; step: number }
  /** A piece of the model's text, as it streams. */
  | { type: 'text-delta'; step: number; text: string }
  /** The model asked for a tool; it runs now (or is refused: unknown tool, arguments the schema refuses). */
  | { type: 'tool-call-start'; step: number; toolCallId: string; tool: string; arguments: unknown; callId?: string }
  | { type: 'tool-call-end'; step: number; toolCallId: string; call: ChatToolCall }
  /** A tool call waits for the user's approval (before its `tool-call-start`); `tool-approval-end` says the answer. */
  | { type: 'tool-approval'; step: number; toolCallId: string; request: ToolApprovalRequest }
  /** The answer; `stopped` where the turn was stopped or the window that would answer went away. */
  | { type: 'tool-approval-end'; step: number; toolCallId: string; approvalId: string; answer: ApprovalAnswer | 'stopped' }
  | { type: 'step-end'; step: number; finishReason: string; usage: ChatUsage; text: string }
  | { type: 'retry'; status: number; attempt: number; delayMs: number }
  | { type: 'error'; message: string }
  | { type: 'done'; result: ChatTurnResult };

/** An agent host the workbench can drive (Claude Code, Codex, Gemini CLI), as `skillbench hosts` lists it. */
export interface AgentHostInfo {
  id: string;
  /** null where the host was not found, or its version could not be read without running it. */
  version: string | null;
  /** The file to run; null where not found. */
  path: string | null;
  /** Installed into the workbench's home (`skillbench hosts add`), or found on PATH. */
  source: 'home' | 'path' | null;
  found: boolean;
  /** Whether the model proxy speaks its wire format (host-view and host evals need it). */
  proxied: boolean;
  /** How it runs headless and is pointed at a model, in one sentence. */
  note: string;
}

/** The app's model settings and chat (served by the workbench's chat service). Keys go in, never out. */
export interface ChatApi {
  getModelSettings(): Promise<ModelSettingsView>;
  /** The agent hosts found: each installed version, the one on PATH, or a row saying it was found nowhere. */
  listAgentHosts(): Promise<AgentHostInfo[]>;
  /** Adds the profile, or replaces the one of its id. The first one saved is the one in use. */
  saveModelProfile(profile: ModelProfile): Promise<ModelSettingsView>;
  /** Removes it, and its endpoint's saved key where no other profile uses that endpoint. */
  deleteModelProfile(id: string): Promise<ModelSettingsView>;
  setActiveModel(id: string): Promise<ModelSettingsView>;
  /** Keeps the key in the encrypted store, for the profile's provider and base URL. It is never sent back. */
  saveModelKey(profileId: string, key: string): Promise<ModelSettingsView>;
  deleteModelKey(profileId: string): Promise<ModelSettingsView>;
  /**
   * The models the provider lists (null where it has no list), for a profile being edited: with `key` where the user
   * typed one not saved yet, else the key the profile would use.
   */
  listProviderModels(config: ModelConfig, key?: string): Promise<{ models: string[] | null }>;
  /** "Check key": one harmless live call (the model list) with `key`, or the key the profile would use, before Save. */
  checkModelKey(config: ModelConfig, key?: string): Promise<KeyCheck>;
  /** One turn with the model in use; its steps arrive as `chat` events meanwhile. Fails only when it cannot start. */
  chatSend(request: ChatRequest): Promise<ChatTurnResult>;
  /** Stops the turn: the model's request and the tool call under way are cancelled, a pending approval denied. */
  chatStop(chatId: string): Promise<void>;
  /** Answers a tool call of the turn `chatId` that waits for approval (a `tool-approval` event). */
  chatApprove(chatId: string, approvalId: string, answer: ApprovalAnswer): Promise<void>;
  /** The kept tool policies ("always allow", "never"), oldest first. */
  listToolPolicies(): Promise<KeptToolPolicy[]>;
  /** Forgets the kept policy of one tool (it is asked about again), or every one; returns what is left. */
  resetToolPolicies(tool?: ToolPolicyRef): Promise<KeptToolPolicy[]>;
}

export interface ChatEvents {
  /** One step of a turn under way in the app, named by the window's `chatId`. */
  chat: { chatId: string; event: ChatEvent };
}

export const CHAT_EVENTS: { [K in keyof ChatEvents]: true } = { chat: true };
