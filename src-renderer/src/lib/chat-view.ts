/**
 * A chat turn as the Chat tab draws it, made from the engine's `chat` events (ChatEvent, contract-chat.ts) as they
 * come, and completed by the turn's result. Pure: each event gives a new turn, the old one untouched.
 */
import type { ApprovalAnswer, ChatEvent, ChatMessage, ChatToolCall, ChatTurnResult, ChatUsage, ToolApprovalRequest } from '@contract';

export interface ToolCallView {
  toolCallId: string;
  tool: string;
  arguments: unknown;
  /** The call's id in History, where it ran through the workbench (a refused call has none). */
  callId?: string;
  /** How it ended; absent while it runs. */
  call?: ChatToolCall;
}

/** A tool call that waited (or waits) for the user's approval. */
export interface ApprovalView {
  toolCallId: string;
  request: ToolApprovalRequest;
  /** The answer; absent while it waits. */
  answer?: ApprovalAnswer | 'stopped';
}

export interface StepView {
  step: number;
  /** Tool calls of this step that asked for the user's approval. */
  approvals?: ApprovalView[];
  /** What the model wrote in this step (streamed). */
  text: string;
  toolCalls: ToolCallView[];
  usage?: ChatUsage;
  finishReason?: string;
}

export interface HookView {
  input: string;
  /** Null where the hook left the text unchanged. */
  output: string | null;
}

export interface TurnView {
  chatId: string;
  /** The message as typed. */
  message: string;
  startedAt: number;
  model?: string;
  maxSteps?: number;
  beforeMessage?: HookView;
  afterResponse?: HookView;
  steps: StepView[];
  /** A rate-limited request being tried again, while it waits. */
  retry?: { status: number; attempt: number; delayMs: number };
  /** The turn's end; absent while it runs. */
  result?: ChatTurnResult;
  /** The turn could not be asked at all (no connection, no model): said in place of a result. */
  failed?: string;
}

export function newTurn(chatId: string, message: string, startedAt: number): TurnView {
  return { chatId, message, startedAt, steps: [] };
}

export const isRunning = (t: TurnView): boolean => !t.result && !t.failed;

function withStep(turn: TurnView, step: number, change: (s: StepView) => StepView): TurnView {
  const at = turn.steps.findIndex((s) => s.step === step);
  const base = at >= 0 ? turn.steps[at] : { step, text: '', toolCalls: [] };
  const next = change(base);
  const steps = at >= 0 ? turn.steps.map((s, i) => (i === at ? next : s)) : [...turn.steps, next];
  return { ...turn, steps };
}

export function applyChatEvent(turn: TurnView, e: ChatEvent): TurnView {
  switch (e.type) {
    case 'turn-start':
      return { ...turn, model: e.model, maxSteps: e.maxSteps };
    case 'hook':
      return { ...turn, [e.hook]: { input: e.input, output: e.output } };
    case 'step-start':
      return withStep({ ...turn, retry: undefined }, e.step, (s) => s);
    case 'text-delta':
      return withStep(turn, e.step, (s) => ({ ...s, text: s.text + e.text }));
    case 'tool-call-start':
      return withStep(turn, e.step, (s) => ({
        ...s,
        toolCalls: [...s.toolCalls, { toolCallId: e.toolCallId, tool: e.tool, arguments: e.arguments, ...(e.callId ? { callId: e.callId } : {}) }],
      }));
    case 'tool-call-end':
      return withStep(turn, e.step, (s) => ({
        ...s,
        toolCalls: s.toolCalls.some((c) => c.toolCallId === e.toolCallId)
          ? s.toolCalls.map((c) => (c.toolCallId === e.toolCallId ? { ...c, call: e.call, callId: e.call.callId ?? c.callId } : c))
          : [...s.toolCalls, { toolCallId: e.toolCallId, tool: e.call.tool, arguments: e.call.arguments, callId: e.call.callId, call: e.call }],
      }));
    case 'tool-approval':
      return withStep(turn, e.step, (s) => ({ ...s, approvals: [...(s.approvals ?? []), { toolCallId: e.toolCallId, request: e.request }] }));
    case 'tool-approval-end':
      return withStep(turn, e.step, (s) => ({ ...s, approvals: (s.approvals ?? []).map((a) => (a.request.approvalId === e.approvalId ? { ...a, answer: e.answer } : a)) }));
    case 'step-end':
      return withStep(turn, e.step, (s) => ({ ...s, text: e.text, usage: e.usage, finishReason: e.finishReason }));
    case 'retry':
      return { ...turn, retry: { status: e.status, attempt: e.attempt, delayMs: e.delayMs } };
    case 'done':
      return { ...turn, result: e.result, retry: undefined };
    default:
      return turn;
  }
}

/** The conversation as the model saw it, for the next turn: each ended turn's message after its hook and its answer before. */
export function historyOf(turns: readonly TurnView[]): ChatMessage[] {
  return turns.flatMap((t) =>
    t.result?.ok
      ? [
          { role: 'user' as const, text: t.result.modelMessage },
          { role: 'assistant' as const, text: t.result.modelAnswer },
        ]
      : [],
  );
}

/** The approvals a turn waits for now. */
export function pendingApprovals(turn: TurnView): ApprovalView[] {
  return isRunning(turn) ? turn.steps.flatMap((s) => (s.approvals ?? []).filter((a) => !a.answer)) : [];
}

/** The skill a tool call ran in: as the call said, else the chat's only skill. */
export function skillOfCall(c: ToolCallView, skillIds: readonly string[]): string | undefined {
  return c.call?.skillId ?? (skillIds.length === 1 ? skillIds[0] : undefined);
}
