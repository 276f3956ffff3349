/**
 * What a chat turn tells as it goes, in order: the Chat tab draws its cards from these, and a recorder (a
 * cassette) keeps them. Every event is plain JSON. `step` counts model requests from 1; a tool call is named by
 * the model's `toolCallId` and, where it ran through the workbench, by its History `callId`.
 *
 *   turn-start → hook(beforeMessage) → step-start(1) → text-delta… → tool-call-start → tool-call-end → step-end(1)
 *   → step-start(2) → text-delta… → step-end(2) → hook(afterResponse) → done
 *
 * A turn ends with exactly one `done` (its result, ok or not). `retry` says a rate-limited request is being
 * tried again; `error` is not an end: `done` follows it.
 */
import type { ChatToolCall, ChatTurnResult, ChatUsage } from '../contract';

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
  | { type: 'step-end'; step: number; finishReason: string; usage: ChatUsage; text: string }
  | { type: 'retry'; status: number; attempt: number; delayMs: number }
  | { type: 'error'; message: string }
  | { type: 'done'; result: ChatTurnResult };

export type ChatEventListener = (event: ChatEvent) => void;
