/**
 * The model the app's own features ask (an MCP server's sampling, an agent's scheduled prompts): the active
 * profile of the app's models (`<home>/models.json`), opened with its key. Read afresh at each use, so a model
 * chosen in the settings applies at once. One small function, for the chat's model service to take over.
 */
import type { ChatModel } from '../agent/chat-model';
import { openChatModel } from '../agent/chat-model';
import { activeProfile, configOf, loadModelSettings } from '../agent/model-settings';
import { hostEnv } from '../host/host-env';
import type { SkillHost } from './skill-host';

export interface AppModel {
  model: ChatModel;
  /** What the user calls it (the profile's label, else the model's name). */
  label: string;
  /** The profile's step cap for a turn, where it sets one. */
  maxSteps?: number;
}

/** The active model, opened; null where none is configured. Throws a sentence for a profile that cannot be used. */
export function activeAppModel(host: Pick<SkillHost, 'home' | 'stores'>): AppModel | null {
  const profile = activeProfile(loadModelSettings(host.home));
  if (!profile) return null;
  const model = openChatModel(configOf(profile), { env: hostEnv(), secrets: host.stores.secrets });
  return { model, label: profile.label ?? profile.model, ...(profile.maxSteps ? { maxSteps: profile.maxSteps } : {}) };
}

/** The active model's name (what a sampling answer names), without opening it; null where none is configured. */
export function activeModelName(home: string): string | null {
  return activeProfile(loadModelSettings(home))?.model ?? null;
}

/** What the app says where a feature needs a model and none is configured. */
export const NO_MODEL = 'No model is configured: add one in the app\'s model settings (a provider, a model, a base URL).';
