/**
 * Where a model's API key comes from. Keys are the workbench's, never a skill's: the ones the user saves are kept
 * in the encrypted secret store under the workbench's own scope (`workbench:models`, one entry per provider and
 * base URL), which no skill's environment is built from; the others are read from this process's environment and
 * handed to the provider only. The order: the variable the user named (`apiKeyEnv`), else the store, else the
 * provider's usual variable (OPENAI_API_KEY, ANTHROPIC_API_KEY). A local server (Ollama, LM Studio) may need none.
 */
import type { ModelConfig } from '../contract';
import type { SecretStore } from '../host/secret-store';
import { baseUrlOf } from './model-config';

/** The secret store's scope for model keys: the workbench's own, beside skills' ids and `collection:<dir>`. */
export const MODEL_KEY_SCOPE = 'workbench:models';

/** The variable a provider's key is usually in. */
export const DEFAULT_KEY_ENV: Record<ModelConfig['provider'], string> = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY' };

export interface ResolvedKey {
  /** The key; undefined where none was found (a local server may need none). */
  key?: string;
  /** Where it came from, for messages ("the key in OPENAI_API_KEY was refused"). */
  source: 'env' | 'store' | 'default-env' | 'none';
  /** The variable it was read from (env, default-env). */
  variable?: string;
}

/** The store's name for one endpoint's key: provider and base URL, so two servers of one provider keep two keys. */
export function modelKeyName(config: ModelConfig): string {
  return `${config.provider} ${baseUrlOf(config)}`.slice(0, 200);
}

export function setModelKey(secrets: SecretStore, config: ModelConfig, key: string): void {
  secrets.set(MODEL_KEY_SCOPE, modelKeyName(config), key);
}

export function deleteModelKey(secrets: SecretStore, config: ModelConfig): boolean {
  return secrets.delete(MODEL_KEY_SCOPE, modelKeyName(config));
}

export function hasModelKey(secrets: SecretStore, config: ModelConfig): boolean {
  return secrets.keys(MODEL_KEY_SCOPE).includes(modelKeyName(config));
}

/**
 * The key for `config`. A variable the user named but left empty is an error (a typo should not fall through to
 * another key silently); the others are only looked in.
 */
export function resolveModelKey(config: ModelConfig, where: { env: NodeJS.ProcessEnv; secrets?: SecretStore }): ResolvedKey {
  if (config.apiKeyEnv) {
    const key = where.env[config.apiKeyEnv];
    if (!key) throw new Error(`The model's key was to come from ${config.apiKeyEnv}, which is not set (or empty).`);
    return { key, source: 'env', variable: config.apiKeyEnv };
  }
  const stored = where.secrets?.get(MODEL_KEY_SCOPE, modelKeyName(config));
  if (stored) return { key: stored, source: 'store' };
  const variable = DEFAULT_KEY_ENV[config.provider];
  const key = where.env[variable];
  if (key) return { key, source: 'default-env', variable };
  return { source: 'none' };
}

/** Where a key came from, in words ("the key in OPENAI_API_KEY"). */
export function keySourceText(k: ResolvedKey): string {
  if (k.source === 'store') return "the key kept in the workbench's store";
  if (k.source === 'none') return 'no key (none was given, stored or found in the environment)';
  return `the key in ${k.variable}`;
}
