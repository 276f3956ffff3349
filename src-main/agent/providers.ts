/**
 * A configured model as an AI SDK language model: OpenAI-compatible chat completions (OpenAI, Ollama, LM Studio,
 * the llama.cpp server, vLLM, OpenRouter) through `@ai-sdk/openai-compatible`, the Anthropic Messages API through
 * `@ai-sdk/anthropic`. The key is given (model-keys.ts resolves it); the provider never reads the environment
 * itself. Requests go through `retryingFetch` (model-fetch.ts), over the `fetch` given (a recorder's, a test's).
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { ModelConfig } from '../contract';
import { anthropicApiBase, baseUrlOf, checkModelConfig } from './model-config';
import { retryingFetch, type Fetch, type RetryNotice, type RetryPolicy, type RetryTally } from './model-fetch';

export interface ModelConnection {
  /** The key, where there is one (a local server may need none). */
  apiKey?: string;
  /** The HTTP the requests go over (default: the global fetch); a cassette recorder passes its own. */
  fetch?: Fetch;
  retry?: Partial<RetryPolicy>;
  onRetry?: (n: RetryNotice) => void;
  /** Filled in as requests are retried (for the error that follows an exhausted retry). */
  tally?: RetryTally;
}

// The SDK prints its warnings (an unknown model's default token limit) to the console: a CLI's stderr and the
// app's log are no place for them; what the user needs to know, the turn's events and errors say.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** The AI SDK model for `config`. Throws a sentence for a config that cannot be used. */
export function languageModelOf(config: ModelConfig, conn: ModelConnection = {}): LanguageModel {
  const c = checkModelConfig(config);
  const fetch = retryingFetch(conn.fetch ?? globalThis.fetch, conn.retry, { onRetry: conn.onRetry, tally: conn.tally });
  if (c.provider === 'anthropic') {
    // An empty key rather than none: the provider would otherwise read ANTHROPIC_API_KEY itself.
    return createAnthropic({ baseURL: anthropicApiBase(c), apiKey: conn.apiKey ?? '', fetch }).messages(c.model);
  }
  return createOpenAICompatible({ name: 'openai-compatible', baseURL: baseUrlOf(c), apiKey: conn.apiKey, fetch, includeUsage: true }).chatModel(c.model);
}

/** The headers a provider's own endpoints (the model list) want. */
export function authHeaders(config: ModelConfig, apiKey?: string): Record<string, string> {
  if (config.provider === 'anthropic') return { 'anthropic-version': '2023-06-01', ...(apiKey ? { 'x-api-key': apiKey } : {}) };
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}
