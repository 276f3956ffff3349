/**
 * The model flags, one set for every command that asks a model (`chat`; `call` and `mcp` for MCP sampling, `eval`):
 * `--model NAME [--provider openai|anthropic] [--base-url URL] [--api-key-env VAR]`.
 */
import type { ModelConfig, ModelProvider } from '../contract';
import { openChatModel } from '../agent/chat-model';
import { modelSampler } from '../agent/mcp-sampling';
import { PROVIDERS } from '../agent/model-config';
import { DEFAULT_KEY_ENV } from '../agent/model-keys';
import type { Sampler } from '../protocols/adapter';
import type { SkillRuntime } from '../runtime/skill-runtime';
import type { Options } from './args';
import type { CommandContext } from './context';
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

/**
 * For `call` and `mcp`: the model the flags name answers every sampling request of an MCP server (opened when
 * first asked, its key added to what the command never prints). Undefined without --model: sampling is then not
 * declared at all, so a server does not ask what nobody here can answer.
 */
export function cliSampler(config: ModelConfig | undefined, ctx: CommandContext, rt: () => SkillRuntime): Sampler | undefined {
  if (!config) return undefined;
  return modelSampler(() => {
    const model = openChatModel(config, { env: ctx.env, secrets: rt().homeStores.secrets });
    if (model.key.key) rt().redactor.add(model.key.key);
    return model;
  });
}

/** The command's context for the skill it runs: without the model's key variable (the key is the workbench's, even under --inherit-env). */
export function withoutModelKey(ctx: CommandContext, config: ModelConfig | undefined): CommandContext {
  if (!config) return ctx;
  return { ...ctx, env: { ...ctx.env, [config.apiKeyEnv ?? DEFAULT_KEY_ENV[config.provider]]: undefined } };
}

/** A note where model flags were given for a skill that never asks for sampling (only MCP servers do). */
export function unusedModelNote(config: ModelConfig | undefined, rt: SkillRuntime): string | null {
  if (!config || rt.ref.protocol === 'mcp') return null;
  return `skillbench: --model answers an MCP server's sampling requests; ${rt.ref.name} is not an MCP server, so the model is not asked.`;
}
