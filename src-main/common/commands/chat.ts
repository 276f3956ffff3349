/**
 * The app's models and chat. A key comes in (`saveModelKey`, `listProviderModels`) and never goes out: no answer
 * of these carries one, and the door scrubs every answer and event of the keys the store holds besides.
 */
import type { AgentHostInfo, ChatMessage, ChatRequest, ChatTurnResult, ModelConfig, ModelProfile, ModelSettingsView } from '../../contract';
import { z } from '../shape';
import { checked, command, returns } from './declare';
import { text } from './fields';

const provider = z.enum(['openai', 'anthropic']);
const config = {
  provider,
  model: z.string(),
  baseUrl: z.string().optional(),
  apiKeyEnv: z.string().optional(),
};
const modelConfig = checked<ModelConfig>()(z.object(config));
const profile = checked<ModelProfile>()(
  z.object({
    ...config,
    id: z.string().min(1).max(100),
    label: z.string().max(200).optional(),
    maxSteps: z.number().int().min(1).max(100).optional(),
    price: z.object({ inputPerMTok: z.number().nonnegative(), outputPerMTok: z.number().nonnegative() }).optional(),
  }),
);
const history = checked<ChatMessage[]>()(z.array(z.object({ role: z.enum(['user', 'assistant']), text: z.string() })));
const request = checked<ChatRequest>()(
  z.object({
    chatId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'a chat id is 1 to 100 letters, digits, - and _'),
    target: z.union([z.object({ skillId: z.string() }), z.object({ skills: z.array(z.string()).min(1) })]),
    message: z.string(),
    history: history.optional(),
    maxSteps: z.number().int().min(1).max(100).optional(),
  }),
);

export const chat = {
  getModelSettings: command(returns<ModelSettingsView>()),
  listAgentHosts: command(returns<AgentHostInfo[]>()),
  saveModelProfile: command(returns<ModelSettingsView>(), ['profile', profile]),
  deleteModelProfile: command(returns<ModelSettingsView>(), ['id', text]),
  setActiveModel: command(returns<ModelSettingsView>(), ['id', text]),
  saveModelKey: command(returns<ModelSettingsView>(), ['profileId', text], ['key', text]),
  deleteModelKey: command(returns<ModelSettingsView>(), ['profileId', text]),
  listProviderModels: command(returns<{ models: string[] | null }>(), ['config', modelConfig], ['key', text.optional()]),
  chatSend: command(returns<ChatTurnResult>(), ['request', request]),
  chatStop: command(returns<void>(), ['chatId', text]),
};
