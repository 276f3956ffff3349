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

/** A model the user configured in the app, by name. */
export interface ModelProfile extends ModelConfig {
  id: string;
  /** What the user calls it ("Local Ollama"); the model's name where absent. */
  label?: string;
  /** The steps a chat turn may take with this model (the turn's default where absent). */
  maxSteps?: number;
}

/** The app's models: its profiles and the one in use. */
export interface ModelSettings {
  profiles: ModelProfile[];
  active?: string;
}
