/** What an MCP App does through the workbench, once the user allowed it: the same calls the Tools tab makes. */
import type { CallRecord, McpResourceRead } from '@contract';
import { api } from '../api/client';
import { useStore } from '../store';

/** A tool call from the app: recorded like any call (its History, its recording), shown nowhere else. */
export async function callToolForApp(skillId: string, tool: string, args: Record<string, unknown>): Promise<CallRecord> {
  const record = await api().callTool(skillId, tool, args, { callId: crypto.randomUUID() });
  useStore.getState().upsertCall(record);
  return record;
}

export function readResourceForApp(skillId: string, uri: string): Promise<McpResourceRead> {
  return api().mcpReadResource(skillId, uri);
}
