/**
 * The model the app's own features ask (an MCP server's sampling, an agent's scheduled prompts): the active
 * profile of the app's models (`<home>/models.json`), opened with its key. Read afresh at each use, so a model
 * chosen in the settings applies at once. The chat service (chat-service.ts) keeps the profiles; this is what the other features ask of it.
 */
import type { ChatModel } from '../agent/chat-model';
import type { SkillHost } from './skill-host';

export interface AppModel {
  model: ChatModel;
  /** What the user calls it (the profile's label, else the model's name). */
  label: string;
  /** The profile's step cap for a turn, where it sets one. */
  maxSteps?: number;
}

type Host = Pick<SkillHost, 'chat'>;

/** The active model, opened (with its price); null where none is configured. Throws a sentence for a profile that cannot be used. */
export function activeAppModel(host: Host): AppModel | null {
  const profile = host.chat.activeModelProfile();
  const model = profile && host.chat.activeChatModel();
  if (!profile || !model) return null;
  return { model, label: profile.label ?? profile.model, ...(profile.maxSteps ? { maxSteps: profile.maxSteps } : {}) };
}

/** The active model's name (what a sampling answer names), without opening it; null where none is configured. */
export function activeModelName(host: Host): string | null {
  return host.chat.activeModelProfile()?.model ?? null;
}

/** What the app says where a feature needs a model and none is configured. */
export const NO_MODEL = 'No model is configured: add one in the app\'s model settings (a provider, a model, a base URL).';
