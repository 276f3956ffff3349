/**
 * A model as the user configured it, checked and completed: the provider's default base URL, and the base URL in
 * the form each provider documents (OpenAI-compatible servers with their `/v1`, Anthropic as the host alone).
 */
import type { ModelConfig, ModelProvider } from '../contract';

export const PROVIDERS: readonly ModelProvider[] = ['openai', 'anthropic'];

/** The base URL each provider's documentation gives. */
export const DEFAULT_BASE_URL: Record<ModelProvider, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};

/** The base URL the user gave (or the default), without a trailing slash. */
export function baseUrlOf(config: ModelConfig): string {
  return (config.baseUrl?.trim() || DEFAULT_BASE_URL[config.provider]).replace(/\/+$/, '');
}

/**
 * Where the Anthropic provider's requests go: the AI SDK's Anthropic base URL includes `/v1`
 * (`https://api.anthropic.com/v1`), the user gives the host as Anthropic documents it. A URL already ending in
 * `/v1` is taken as it is.
 */
export function anthropicApiBase(config: ModelConfig): string {
  const base = baseUrlOf(config);
  return /\/v1$/.test(base) ? base : `${base}/v1`;
}

/** A config checked: a known provider, a model name, an http(s) base URL. Throws a sentence otherwise. */
export function checkModelConfig(config: ModelConfig): ModelConfig {
  if (!PROVIDERS.includes(config.provider)) throw new Error(`The provider must be one of ${PROVIDERS.join(', ')} (not "${String(config.provider)}").`);
  if (!config.model?.trim()) throw new Error('Name the model (for example gpt-4o-mini, claude-sonnet-4-5, or llama3.2 on Ollama).');
  const base = baseUrlOf(config);
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`The base URL "${base}" is not a URL (for example https://api.openai.com/v1 or http://localhost:11434/v1).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`The base URL "${base}" must start with http:// or https://.`);
  return { ...config, model: config.model.trim() };
}
