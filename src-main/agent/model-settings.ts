/**
 * The models the user configured in the app, kept in `<home>/models.json`: named profiles (a provider, a model,
 * a base URL, optionally the variable that holds the key) and which one is in use. Keys are never here: they
 * live in the encrypted store (model-keys.ts). The CLI takes its model from flags; the app's chat, MCP sampling
 * and scheduled prompts take the active profile.
 */
import path from 'node:path';
import type { ModelConfig, ModelProfile, ModelSettings } from '../contract';
import { PRIVATE } from '../host/workbench-home';
import { readJsonFile, writeFileAtomic } from '../host/atomic-write';
import { z } from '../common/shape';
import { PROVIDERS } from './model-config';

const MODELS_FILE = 'models.json';

const profileShape = z.object({
  id: z.string().min(1),
  label: z.string().optional(),
  provider: z.enum(PROVIDERS as ['openai', 'anthropic']),
  model: z.string().min(1),
  baseUrl: z.string().optional(),
  apiKeyEnv: z.string().optional(),
  maxSteps: z.number().int().positive().optional(),
  price: z.object({ inputPerMTok: z.number().nonnegative(), outputPerMTok: z.number().nonnegative() }).optional(),
});

export const modelSettingsShape = z.object({
  profiles: z.array(profileShape),
  active: z.string().optional(),
});

export const EMPTY_MODEL_SETTINGS: ModelSettings = { profiles: [] };

export function modelsFile(home: string): string {
  return path.join(home, MODELS_FILE);
}

/** The saved settings; a file that is not settings is moved aside (readJsonFile) and reported to `onCorrupt`. */
export function loadModelSettings(home: string, onCorrupt?: (message: string) => void): ModelSettings {
  return readJsonFile<ModelSettings>(modelsFile(home), EMPTY_MODEL_SETTINGS, {
    check: (v) => {
      const r = modelSettingsShape.safeParse(v);
      return r.success ? null : r.error.issues[0]?.message ?? 'not model settings';
    },
    onCorrupt: (err) => onCorrupt?.(err.message),
  });
}

/** Saves the settings whole (checked first: a wrong value is refused, never half-written). */
export async function saveModelSettings(home: string, settings: ModelSettings): Promise<ModelSettings> {
  const checked: ModelSettings = modelSettingsShape.parse(settings);
  if (checked.active && !checked.profiles.some((p) => p.id === checked.active)) delete checked.active;
  await writeFileAtomic(modelsFile(home), JSON.stringify(checked, null, 2) + '\n', PRIVATE);
  return checked;
}

/** The profile in use: the active one, else the only one; undefined when none is configured. */
export function activeProfile(settings: ModelSettings): ModelProfile | undefined {
  return settings.profiles.find((p) => p.id === settings.active) ?? (settings.profiles.length === 1 ? settings.profiles[0] : undefined);
}

/** A profile as the model code takes it. */
export function configOf(p: ModelProfile): ModelConfig {
  return { provider: p.provider, model: p.model, ...(p.baseUrl ? { baseUrl: p.baseUrl } : {}), ...(p.apiKeyEnv ? { apiKeyEnv: p.apiKeyEnv } : {}) };
}
