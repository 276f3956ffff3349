/**
 * The app's models and chat. A key comes in (`saveModelKey`, `listProviderModels`, `checkModelKey`) and never goes out: no answer
 * of these carries one, and the door scrubs every answer and event of the keys the store holds besides.
 */
import type { AgentHostInfo, ApprovalAnswer, ChatMessage, ChatRequest, ChatTurnResult, KeptToolPolicy, KeyCheck, ModelConfig, ModelProfile, ModelSettingsView, ToolPolicyRef } from '../../contract';
import { z } from '../shape';
import { checked, command, fromWindow, returns } from './declare';
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
const id = (what: string) => z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, `${what} is 1 to 100 letters, digits, - and _`);
const request = checked<ChatRequest>()(
  z.object({
    chatId: id('a chat id'),
    conversationId: id('a conversation id').optional(),
    target: z.union([z.object({ skillId: z.string() }), z.object({ skills: z.array(z.string()).min(1) })]),
    message: z.string(),
    history: history.optional(),
    maxSteps: z.number().int().min(1).max(100).optional(),
  }),
);

const answer = checked<ApprovalAnswer>()(z.enum(['once', 'chat', 'always', 'deny', 'never']));
const policyRef = checked<ToolPolicyRef>()(z.object({ skillId: z.string(), dir: z.string(), tool: z.string() }));

export const chat = {
  getModelSettings: command(returns<ModelSettingsView>()),
  listAgentHosts: command(returns<AgentHostInfo[]>()),
  saveModelProfile: command(returns<ModelSettingsView>(), ['profile', profile]),
  deleteModelProfile: command(returns<ModelSettingsView>(), ['id', text]),
  setActiveModel: command(returns<ModelSettingsView>(), ['id', text]),
  saveModelKey: command(returns<ModelSettingsView>(), ['profileId', text], ['key', text]),
  deleteModelKey: command(returns<ModelSettingsView>(), ['profileId', text]),
  listProviderModels: command(returns<{ models: string[] | null }>(), ['config', modelConfig], ['key', text.optional()]),
  checkModelKey: command(returns<KeyCheck>(), ['config', modelConfig], ['key', text.optional()]),
  // Told its window: the turn's approvals are that window's to answer, and are denied when it goes away.
  chatSend: fromWindow(command(returns<ChatTurnResult>(), ['request', request])),
  chatStop: command(returns<void>(), ['chatId', text]),
  chatApprove: command(returns<void>(), ['chatId', text], ['approvalId', text], ['answer', answer]),
  listToolPolicies: command(returns<KeptToolPolicy[]>()),
  resetToolPolicies: command(returns<KeptToolPolicy[]>(), ['tool', policyRef.optional()]),
};
