/**
 * MCP sampling answered by a model: a server's `sampling/createMessage` request as one AI SDK call (`generateText`
 * with the configured model) and the model's answer as the request's result (role, content, model, stopReason).
 *
 * What maps: the messages (text, images, audio), `systemPrompt` (the instructions), `maxTokens`, `temperature`,
 * `stopSequences`. What the client may ignore, and does: `modelPreferences` (the configured model answers, whatever
 * the server hints; its name is in the result), `includeContext` (this client does not declare `sampling.context`)
 * and `metadata`. Sampling with tools is refused before it gets here (protocols/mcp/session.ts).
 */
import { generateText, type FilePart, type ImagePart, type ModelMessage, type TextPart } from 'ai';
import type { McpContentBlock, McpSamplingDraft, McpSamplingRequest } from '../contract';
import type { Sampler } from '../protocols/adapter';
import type { ChatModel } from './chat-model';
import { usageOf } from './chat-turn';
import { costOf } from './prices';

/** The AI SDK call a sampling request asks for. */
export interface SamplingCall {
  instructions?: string;
  messages: ModelMessage[];
  maxOutputTokens: number;
  temperature?: number;
  stopSequences?: string[];
}

/** The request as the AI SDK takes it; throws a sentence for a request no model can be asked. */
export function samplingCall(req: McpSamplingRequest): SamplingCall {
  if (!Array.isArray(req.messages) || !req.messages.length) throw new Error('The sampling request has no messages.');
  const messages = req.messages.map((m, i): ModelMessage => {
    const blocks = Array.isArray(m.content) ? m.content : [m.content];
    if (m.role === 'assistant') return { role: 'assistant', content: blocks.map((b) => assistantPart(b, i)) };
    if (m.role === 'user') return { role: 'user', content: blocks.map((b) => userPart(b, i)) };
    throw new Error(`Message ${i + 1} of the sampling request has the role "${String(m.role)}": sampling messages are from the user or the assistant.`);
  });
  if (!Number.isInteger(req.maxTokens) || req.maxTokens < 1) throw new Error(`The sampling request's maxTokens must be a positive whole number, not ${JSON.stringify(req.maxTokens)}.`);
  const call: SamplingCall = { messages, maxOutputTokens: req.maxTokens };
  if (req.systemPrompt) call.instructions = req.systemPrompt;
  if (typeof req.temperature === 'number') call.temperature = req.temperature;
  if (req.stopSequences?.length) call.stopSequences = req.stopSequences;
  return call;
}

function userPart(b: McpContentBlock, i: number): TextPart | ImagePart | FilePart {
  if (b?.type === 'text') return { type: 'text', text: b.text };
  if (b?.type === 'image') return { type: 'image', image: b.data, mediaType: b.mimeType };
  if (b?.type === 'audio') return { type: 'file', data: b.data, mediaType: b.mimeType };
  throw unsupported(b, i);
}

/** An assistant's earlier message: text, or a file (the SDK takes no image part from the assistant). */
function assistantPart(b: McpContentBlock, i: number): TextPart | FilePart {
  if (b?.type === 'text') return { type: 'text', text: b.text };
  if (b?.type === 'image' || b?.type === 'audio') return { type: 'file', data: b.data, mediaType: b.mimeType };
  throw unsupported(b, i);
}

function unsupported(b: unknown, i: number): Error {
  const type = (b as { type?: unknown } | null)?.type;
  return new Error(`Message ${i + 1} of the sampling request holds ${typeof type === 'string' ? `"${type}"` : 'unknown'} content: a model is asked with text, images and audio only.`);
}

/** The AI SDK's reason to stop, in MCP's words (endTurn, stopSequence, maxTokens, or the provider's own). */
export function stopReasonOf(finishReason: string, raw: string | undefined): string {
  if (raw === 'stop_sequence') return 'stopSequence';
  if (finishReason === 'stop') return 'endTurn';
  if (finishReason === 'length') return 'maxTokens';
  return raw ?? finishReason;
}

/** Asks `model` for the answer to `req`; rejects with a sentence (the model's failure in plain words). */
export async function sampleWithModel(model: ChatModel, req: McpSamplingRequest, signal?: AbortSignal): Promise<McpSamplingDraft> {
  const call = samplingCall(req);
  const started = performance.now();
  model.tally.retries = 0;
  model.tally.lastStatus = model.tally.refusedWaitMs = undefined;
  let r: Awaited<ReturnType<typeof generateText>>;
  try {
    // Retries are the fetch's (model-fetch.ts): only where the server asks to wait.
    r = await generateText({ model: model.model, ...call, maxRetries: 0, abortSignal: signal });
  } catch (err) {
    throw new Error(model.describe(err), { cause: err });
  }
  const usage = usageOf(r.usage);
  const cost = costOf(usage, model.price);
  if (cost !== undefined) usage.costUsd = cost;
  return {
    answer: { action: 'answer', role: 'assistant', content: { type: 'text', text: r.text }, model: model.config.model, stopReason: stopReasonOf(r.finishReason, r.rawFinishReason) },
    usage,
    durationMs: Math.round(performance.now() - started),
  };
}

/** A sampler that has `open()`'s model answer every request (the CLI's --model): opened once, when first asked. */
export function modelSampler(open: () => ChatModel): Sampler {
  let model: ChatModel | undefined;
  return (request) => (signal) => {
    try {
      model ??= open();
    } catch (err) {
      return Promise.reject(err);
    }
    return sampleWithModel(model, request, signal);
  };
}
