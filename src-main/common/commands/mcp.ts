/** MCP servers: what a server offers beyond tools, its requests to the user, and adding servers to the workspace. */
import type {
  McpAppResource, McpCompletion, McpConfigFound, McpConfigShape, McpConfigWrite, McpElicitationAnswer, McpEraMode, McpLogMessage, McpPendingRequest, McpPrompt,
  McpPromptResult, McpResource, McpResourceRead, McpResourceTemplate, McpRoot, McpSamplingAnswer, McpSamplingDraft, McpSamplingSetup, McpServerAdd,
  McpServerConfig, McpServerInfo, McpSessionState, McpTask, McpTool,
} from '../../contract';
import { z } from '../shape';
import { checked, command, returns } from './declare';
import { object, objectFor, skillId, text, textRecord } from './fields';
import { mcpOAuth } from './mcp-oauth';

const completionRef = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ref/prompt'), name: z.string() }),
  z.object({ type: z.literal('ref/resource'), uri: z.string() }),
]);
const logLevel = z.enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
const elicitation = checked<McpElicitationAnswer>()(
  z.object({
    action: z.enum(['accept', 'decline', 'cancel']),
    content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
  }),
);
// The content block is the sampling form's to build; its fields are read where the answer is sent.
const sampling = z.discriminatedUnion('action', [
  z.object({ action: z.literal('answer'), role: z.enum(['assistant', 'user']).optional(), content: object, model: z.string().optional(), stopReason: z.string().optional() }),
  z.object({ action: z.literal('decline'), reason: z.string().optional() }),
]) as unknown as z.ZodType<McpSamplingAnswer>;
const roots = checked<McpRoot[]>()(z.array(z.object({ uri: z.string(), name: z.string().optional() })));

type ConfigRead = { shape: McpConfigShape; servers: McpServerConfig[]; skipped: { name: string; reason: string }[]; notes?: string[] };

export const mcp = {
  mcpServerInfo: command(returns<McpServerInfo>(), ['skillId', skillId]),
  mcpSession: command(returns<McpSessionState>(), ['skillId', skillId]),
  mcpListTools: command(returns<McpTool[]>(), ['skillId', skillId]),
  mcpListResources: command(returns<McpResource[]>(), ['skillId', skillId]),
  mcpListResourceTemplates: command(returns<McpResourceTemplate[]>(), ['skillId', skillId]),
  mcpReadResource: command(returns<McpResourceRead>(), ['skillId', skillId], ['uri', text]),
  mcpAppResource: command(returns<McpAppResource>(), ['skillId', skillId], ['uri', text]),
  mcpSubscribe: command(returns<string[]>(), ['skillId', skillId], ['uri', text]),
  mcpUnsubscribe: command(returns<string[]>(), ['skillId', skillId], ['uri', text]),
  mcpListPrompts: command(returns<McpPrompt[]>(), ['skillId', skillId]),
  mcpGetPrompt: command(returns<McpPromptResult>(), ['skillId', skillId], ['name', text], ['args', textRecord]),
  mcpComplete: command(
    returns<McpCompletion>(),
    ['skillId', skillId],
    ['ref', completionRef],
    ['argument', z.object({ name: z.string(), value: z.string() })],
    ['context', textRecord.optional()],
  ),
  mcpSetLogLevel: command(returns<void>(), ['skillId', skillId], ['level', logLevel]),
  mcpLogMessages: command(returns<McpLogMessage[]>(), ['skillId', skillId]),
  mcpPing: command(returns<{ ms: number }>(), ['skillId', skillId]),
  mcpPending: command(returns<McpPendingRequest[]>(), ['skillId', skillId.optional()]),
  mcpAnswerElicitation: command(returns<void>(), ['requestId', text], ['answer', elicitation]),
  mcpAnswerSampling: command(returns<void>(), ['requestId', text], ['answer', sampling]),
  mcpSamplingSetup: command(returns<McpSamplingSetup>(), ['skillId', skillId]),
  mcpSetSamplingMode: command(returns<McpSamplingSetup>(), ['skillId', skillId], ['mode', z.enum(['ask', 'always'])]),
  mcpEraMode: command(returns<McpEraMode>(), ['skillId', skillId]),
  mcpSetEraMode: command(returns<McpEraMode>(), ['skillId', skillId], ['mode', z.enum(['auto', 'legacy', 'modern'])]),
  mcpSamplingDraft: command(returns<McpSamplingDraft>(), ['requestId', text]),
  mcpGetRoots: command(returns<McpRoot[]>(), ['skillId', skillId]),
  mcpSetRoots: command(returns<McpRoot[]>(), ['skillId', skillId], ['roots', roots]),
  mcpListTasks: command(returns<McpTask[]>(), ['skillId', skillId]),
  mcpCancelTask: command(returns<McpTask>(), ['skillId', skillId], ['taskId', text]),
  mcpCancelRequests: command(returns<{ cancelled: number }>(), ['skillId', skillId]),
  // Which fields a server needs depends on its transport: the mcp.json parser says which is missing.
  addMcpServer: command(returns<McpConfigWrite>(), ['folder', text], ['server', objectFor<McpServerAdd>()]),
  readMcpConfig: command(returns<ConfigRead>(), ['file', text]),
  importMcpConfig: command(returns<McpConfigWrite>(), ['file', text], ['folder', text], ['names', z.array(z.string()).optional()]),
  findMcpConfigs: command(returns<McpConfigFound[]>()),
  ...mcpOAuth,
};
