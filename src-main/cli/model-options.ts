/**
 * The model flags, one set for every command that asks a model (`chat`; `call` and `mcp` for MCP sampling, `eval`):
 * `--model NAME [--provider openai|anthropic] [--base-url URL] [--api-key-env VAR]`.
 */
import type { ModelConfig, ModelProvider } from '../contract';
import { PROVIDERS } from '../agent/model-config';
import type { Options } from './args';
import { UsageError } from './output';

export const MODEL_OPTIONS: Options = {
  model: { type: 'string' },
  provider: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key-env': { type: 'string' },
};

/** The model the flags name; undefined where no --model is given (an error if other model flags are). */
export function modelConfigOf(values: Record<string, unknown>): ModelConfig | undefined {
  const model = values.model as string | undefined;
  if (model === undefined) {
    const stray = ['provider', 'base-url', 'api-key-env'].find((k) => values[k] !== undefined);
    if (stray) throw new UsageError(`--${stray} needs --model`);
    return undefined;
  }
  if (!model.trim()) throw new UsageError('--model needs a name (for example gpt-4o-mini, or llama3.2 on Ollama)');
  const provider = (values.provider ?? 'openai') as ModelProvider;
  if (!PROVIDERS.includes(provider)) throw new UsageError(`--provider must be one of ${PROVIDERS.join(', ')}`);
  const baseUrl = values['base-url'] as string | undefined;
  if (baseUrl !== undefined && !/^https?:\/\/./.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL, not "${baseUrl}"`);
  const apiKeyEnv = values['api-key-env'] as string | undefined;
  if (apiKeyEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(apiKeyEnv)) throw new UsageError(`--api-key-env takes a variable's name, not "${apiKeyEnv}"`);
  return { provider, model: model.trim(), ...(baseUrl ? { baseUrl } : {}), ...(apiKeyEnv ? { apiKeyEnv } : {}) };
}
