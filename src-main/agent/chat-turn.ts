/**
 * One chat turn, the SkillDefinition message flow whole: the user's message goes through `beforeMessage`, the
 * model answers with the target's tools (each call run through the target: for a skill, the workbench's recorded
 * call), for as many steps as it needs up to the cap, and its answer goes through `afterResponse`.
 *
 * The AI SDK (`streamText`) drives the steps; the turn turns its stream into the workbench's events
 * (chat-events.ts) and its result (`ChatTurnResult`). It never throws for what the model, the skill or the network
 * does: every failure ends in a result with `ok: false` and a sentence, and in a `done` event.
 */
import { randomUUID } from 'node:crypto';
import { isStepCount, streamText, type LanguageModelUsage, type ModelMessage } from 'ai';
import type { ApprovalAnswer, ChatFailure, ChatMessage, ChatToolCall, ChatTurnResult, ChatUsage, ToolApprovalRequest, ToolInfo } from '../contract';
import type { ChatEvent, ChatEventListener } from './chat-events';
import type { ChatModel } from './chat-model';
import type { ChatTarget, ChatToolContext } from './chat-target';
import { TurnTape } from './cassette';
import { argumentProblems, toolSetOf } from './chat-tools';
import { costOf } from './prices';
import { DECLINED, type ToolApproval } from './tool-approval';

/** Model requests a turn may make unless told otherwise: enough for a few tool calls, not for a runaway loop. */
export const DEFAULT_MAX_STEPS = 8;

export interface ChatTurnOptions {
  target: ChatTarget;
  model: ChatModel;
  /** The user's message, as typed. */
  message: string;
  /** The conversation so far (earlier turns' messages and final answers). */
  history?: ChatMessage[];
  /** A system prompt, where the user gives one. */
  instructions?: string;
  /** At most this many model requests (default 8). */
  maxSteps?: number;
  /**
   * Whether each tool call runs (tool-approval.ts): the user's policy, asking where it says to, or `ALLOW_TOOLS`
   * where the caller means every tool to run. No default: each caller states its own.
   */
  approval: ToolApproval;
  /** Stop: aborts the model's request and the tool call under way, and denies a pending approval. */
  signal?: AbortSignal;
  onEvent?: ChatEventListener;
}

export async function runChatTurn(opts: ChatTurnOptions): Promise<ChatTurnResult> {
  const started = performance.now();
  const maxSteps = Math.max(1, Math.floor(opts.maxSteps ?? DEFAULT_MAX_STEPS));
  const { target, model: cm } = opts;
  // A target being recorded gets the turn on tape: its start, its events and its model exchanges (cassette.ts).
  const tape = target.cassette?.recording ? new TurnTape(target.cassette) : undefined;
  const emit = (e: ChatEvent) => {
    tape?.event(e);
    try {
      opts.onEvent?.(e);
    } catch {
      /* a listener's failure is not the turn's */
    }
  };
  const result: ChatTurnResult = { ok: false, message: opts.message, modelMessage: opts.message, toolCalls: [], modelAnswer: '', answer: '', usage: {}, durationMs: 0, steps: 0 };
  const finish = (error?: string, failure?: ChatFailure): ChatTurnResult => {
    if (error) {
      result.error = error;
      result.failure = failure;
      emit({ type: 'error', message: error });
    }
    result.ok = !error;
    result.durationMs = Math.round(performance.now() - started);
    const cost = costOf(result.usage, cm.price);
    if (cost !== undefined) result.usage.costUsd = cost;
    emit({ type: 'done', result });
    return result;
  };
  if (tape) {
    tape.start({ target: target.name, ...(target.workspace ? { workspace: true } : {}), message: opts.message, model: cm.config, maxSteps, ...(opts.instructions ? { instructions: opts.instructions } : {}), ...(opts.history?.length ? { history: opts.history } : {}) });
    cm.tape = tape;
  }
  emit({ type: 'turn-start', message: opts.message, target: target.name, model: cm.config.model, maxSteps });
  cm.tally.retries = 0;
  cm.tally.lastStatus = cm.tally.refusedWaitMs = undefined;
  cm.onRetry = (n) => emit({ type: 'retry', ...n });

  try {
    // 1. The message through beforeMessage.
    const before = await applyHook(target, 'beforeMessage', opts.message, emit);
    if ('error' in before) return finish(before.error, 'hook');
    result.modelMessage = before.text;

    // 2. The model, with the tools.
    let tools: ToolInfo[];
    try {
      tools = await target.tools();
    } catch (err) {
      return finish(`The tools of ${target.name} could not be listed: ${(err as Error).message}`, 'tools');
    }
    const flow = await modelSteps(opts, tools, maxSteps, result, emit);
    if (flow.error) return finish(flow.error, flow.failure);

    // 3. The answer through afterResponse.
    const after = await applyHook(target, 'afterResponse', result.modelAnswer, emit);
    if ('error' in after) return finish(after.error, 'hook');
    result.answer = after.text;
    return finish();
  } finally {
    cm.onRetry = undefined;
    if (cm.tape === tape) cm.tape = undefined;
  }
}

async function applyHook(target: ChatTarget, hook: 'beforeMessage' | 'afterResponse', text: string, emit: (e: ChatEvent) => void): Promise<{ text: string } | { error: string }> {
  if (!target[hook]) return { text };
  try {
    const output = (await target[hook]?.(text)) ?? null;
    emit({ type: 'hook', hook, input: text, output });
    return { text: output ?? text };
  } catch (err) {
    return { error: `${target.name}'s ${hook} failed: ${(err as Error).message}` };
  }
}

/** The model's steps; fills `result` (tool calls, answer, usage, steps) and says why it failed, if it did. */
async function modelSteps(opts: ChatTurnOptions, tools: ToolInfo[], maxSteps: number, result: ChatTurnResult, emit: (e: ChatEvent) => void): Promise<{ error?: string; failure?: ChatFailure }> {
  const { target, model: cm, signal } = opts;
  let step = 0;
  const ran = new Set<string>();
  /** Tool calls under way: a stopped stream ends before them, and the turn waits for their (cancelled) ends. */
  const inFlight = new Set<Promise<unknown>>();
  /** The last tool result the model was given: shown beside an approval, since it may be what steered the model. */
  let after: ToolApprovalRequest['after'];
  const { set } = toolSetOf(tools, async (tool, args, toolCallId, toolSignal) => {
    const at = step;
    ran.add(toolCallId);
    // Arguments the tool's schema refuses are not sent to the skill: the model is told why, as for a failed call.
    let refused = argumentProblems(tool.inputSchema, args);
    if (!refused) {
      // Waited for as a call is: a Stop ends the stream first, and the turn's `done` comes after the approval's end.
      const asking = approve(opts, tool.name, args, { step: at, toolCallId, after }, emit);
      inFlight.add(asking);
      refused = await asking.finally(() => inFlight.delete(asking));
    }
    const callId = refused ? undefined : randomUUID();
    emit({ type: 'tool-call-start', step: at, toolCallId, tool: tool.name, arguments: args, ...(callId ? { callId } : {}) });
    // Its place is taken as it starts: calls of one step run at once, and the result lists them as asked.
    const slot = result.toolCalls.push({ tool: tool.name, arguments: args, ok: false, result: null }) - 1;
    const running = callId ? callTarget(target, tool.name, args, { signal: toolSignal ?? signal ?? new AbortController().signal, callId }) : undefined;
    if (running) inFlight.add(running);
    const call: ChatToolCall = running ? await running.finally(() => inFlight.delete(running)) : { tool: tool.name, arguments: args, ok: false, result: refused };
    result.toolCalls[slot] = call;
    emit({ type: 'tool-call-end', step: at, toolCallId, call });
    after = { tool: call.tool, ok: call.ok, result: preview(call.result) };
    // A failure reaches the model as a tool error (Anthropic's is_error), its message as the content.
    if (!call.ok) throw new Error(typeof call.result === 'string' ? call.result : JSON.stringify(call.result));
    return call.result;
  });

  const messages: ModelMessage[] = [...(opts.history ?? []).map((m): ModelMessage => ({ role: m.role, content: m.text })), { role: 'user', content: result.modelMessage }];
  const stream = streamText({
    model: cm.model,
    instructions: opts.instructions,
    messages,
    tools: set,
    stopWhen: isStepCount(maxSteps),
    // Retries are the fetch's (model-fetch.ts): only where the server asks to wait.
    maxRetries: 0,
    abortSignal: signal,
    // Errors are read from the stream below; the SDK's default would print them to the console.
    onError: () => undefined,
  });

  let stepText = '';
  let lastFinish = '';
  let failure: unknown;
  let total: LanguageModelUsage | undefined;
  const sum: ChatUsage = {};
  try {
    for await (const part of stream.fullStream) {
      switch (part.type) {
        case 'start-step':
          step++;
          stepText = '';
          emit({ type: 'step-start', step });
          break;
        case 'text-delta':
          stepText += part.text;
          emit({ type: 'text-delta', step, text: part.text });
          break;
        case 'tool-error':
          // An unknown tool or arguments the schema refused: the SDK told the model; the turn keeps the call.
          if (!ran.has(part.toolCallId)) {
            const call: ChatToolCall = { tool: part.toolName, arguments: part.input, ok: false, result: errorText(part.error) };
            result.toolCalls.push(call);
            emit({ type: 'tool-call-start', step, toolCallId: part.toolCallId, tool: part.toolName, arguments: part.input });
            emit({ type: 'tool-call-end', step, toolCallId: part.toolCallId, call });
          }
          break;
        case 'finish-step': {
          lastFinish = part.finishReason;
          const usage = usageOf(part.usage);
          addUsage(sum, usage);
          result.modelAnswer = stepText;
          emit({ type: 'step-end', step, finishReason: part.finishReason, usage, text: stepText });
          break;
        }
        case 'finish':
          total = part.totalUsage;
          break;
        case 'error':
          failure ??= part.error;
          break;
        default:
          break;
      }
    }
  } catch (err) {
    failure ??= err;
  }
  await Promise.allSettled([...inFlight]);
  result.steps = step;
  result.usage = total ? usageOf(total) : sum;
  if (signal?.aborted) return { error: 'Stopped by the user.', failure: 'stopped' };
  if (failure) return { error: cm.describe(failure), failure: 'model' };
  if (lastFinish === 'tool-calls' && step >= maxSteps) {
    return { error: `The model was still calling tools after ${maxSteps} ${maxSteps === 1 ? 'step' : 'steps'}, the most a turn may take: it was stopped. Raise the step cap if the task needs more.`,
      failure: 'step-cap',
    };
  }
  return {};
}

/**
 * The approval of one call (tool-approval.ts): null when it runs, else what the model is told. Asking is told as
 * events, so the window can show the request and the tool result that preceded it.
 */
async function approve(opts: ChatTurnOptions, tool: string, args: unknown, at: { step: number; toolCallId: string; after: ToolApprovalRequest['after'] }, emit: (e: ChatEvent) => void): Promise<string | null> {
  const { approval, target, signal } = opts;
  const owner = target.ownerOf?.(tool);
  const verdict = approval.decide(owner, tool);
  if (verdict.run) return null;
  if (!verdict.ask) return verdict.refusal;
  const request: ToolApprovalRequest = {
    approvalId: randomUUID(),
    tool,
    ...(owner ? { skillId: owner.skillId } : {}),
    skillName: owner?.skillName ?? target.name,
    skillTool: owner?.tool ?? tool,
    arguments: args,
    script: owner?.script ?? false,
    ...(owner?.warning ? { warning: owner.warning } : {}),
    reason: verdict.reason,
    ...(at.after ? { after: at.after } : {}),
  };
  emit({ type: 'tool-approval', step: at.step, toolCallId: at.toolCallId, request });
  const stopped = signal ?? new AbortController().signal;
  let answer: ApprovalAnswer | 'stopped';
  try {
    answer = stopped.aborted ? 'stopped' : await approval.ask(request, stopped);
  } catch {
    answer = 'stopped';
  }
  if (stopped.aborted) answer = 'stopped';
  emit({ type: 'tool-approval-end', step: at.step, toolCallId: at.toolCallId, approvalId: request.approvalId, answer });
  if (answer === 'stopped') return 'Stopped before the user answered: the tool was not run.';
  approval.answered(owner, tool, answer);
  return answer === 'deny' || answer === 'never' ? DECLINED : null;
}

/** A result as shown beside an approval: a long one cut, so an event stays small. */
function preview(v: unknown): unknown {
  const text = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
  if (text.length <= PREVIEW_CHARS) return v;
  return `${text.slice(0, PREVIEW_CHARS)}… (${text.length - PREVIEW_CHARS} more characters)`;
}

const PREVIEW_CHARS = 4000;

async function callTarget(target: ChatTarget, tool: string, args: unknown, ctx: ChatToolContext): Promise<ChatToolCall> {
  try {
    const r = await target.callTool(tool, args, ctx);
    return { tool, arguments: args, ok: r.ok, result: r.result, callId: r.callId, skillId: r.skillId, durationMs: r.durationMs };
  } catch (err) {
    return { tool, arguments: args, ok: false, result: `The tool could not be called: ${(err as Error).message}` };
  }
}

/** The SDK's words for a refused call, without its error class names ("AI_NoSuchToolError: "). */
function errorText(e: unknown): string {
  const text = typeof e === 'string' ? e : e instanceof Error ? e.message : JSON.stringify(e);
  return text.replace(/\bAI_\w+Error: /g, '');
}

/** The AI SDK's usage in the contract's shape (only what the provider said). */
export function usageOf(u: LanguageModelUsage | undefined): ChatUsage {
  const out: ChatUsage = {};
  if (u?.inputTokens !== undefined) out.inputTokens = u.inputTokens;
  if (u?.outputTokens !== undefined) out.outputTokens = u.outputTokens;
  const total = u?.totalTokens ?? (u?.inputTokens !== undefined && u?.outputTokens !== undefined ? u.inputTokens + u.outputTokens : undefined);
  if (total !== undefined) out.totalTokens = total;
  return out;
}

function addUsage(sum: ChatUsage, u: ChatUsage): void {
  for (const k of ['inputTokens', 'outputTokens', 'totalTokens'] as const) if (u[k] !== undefined) sum[k] = (sum[k] ?? 0) + u[k];
}
