/** Where the usual model servers listen: the base URL each documents, and whether it needs a key. */
import type { ModelProvider } from '@contract';

export interface ModelPreset {
  id: string;
  label: string;
  provider: ModelProvider;
  baseUrl: string;
  /** A local server usually needs no key. */
  local?: boolean;
  /** A model to start from, where the server has no list or the user has not fetched it. */
  example?: string;
}

export const MODEL_PRESETS: readonly ModelPreset[] = [
  { id: 'openai', label: 'OpenAI', provider: 'openai', baseUrl: 'https://api.openai.com/v1', example: 'gpt-4o-mini' },
  { id: 'anthropic', label: 'Anthropic', provider: 'anthropic', baseUrl: 'https://api.anthropic.com', example: 'claude-sonnet-4-5' },
  { id: 'openrouter', label: 'OpenRouter', provider: 'openai', baseUrl: 'https://openrouter.ai/api/v1', example: 'openai/gpt-4o-mini' },
  { id: 'ollama', label: 'Ollama (this machine)', provider: 'openai', baseUrl: 'http://localhost:11434/v1', local: true, example: 'llama3.2' },
  { id: 'lmstudio', label: 'LM Studio (this machine)', provider: 'openai', baseUrl: 'http://localhost:1234/v1', local: true },
  { id: 'llamacpp', label: 'llama.cpp server (this machine)', provider: 'openai', baseUrl: 'http://localhost:8080/v1', local: true },
  { id: 'vllm', label: 'vLLM (this machine)', provider: 'openai', baseUrl: 'http://localhost:8000/v1', local: true },
];

/** The preset a base URL is, if any (trailing slashes aside). */
export function presetOf(provider: ModelProvider, baseUrl: string | undefined): ModelPreset | undefined {
  const url = (baseUrl ?? '').trim().replace(/\/+$/, '');
  return MODEL_PRESETS.find((p) => p.provider === provider && p.baseUrl === (url || MODEL_PRESETS.find((d) => d.provider === provider)?.baseUrl));
}
