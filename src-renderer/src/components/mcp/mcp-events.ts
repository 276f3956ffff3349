/** The MCP servers' events into the MCP store (and a new tool list into the main store's skill info). */
import type { WorkbenchClient } from '@contract';
import { useStore } from '../../store';
import { loadInfo } from '../../actions/workspace';
import { useMcp } from './mcp-store';

/** Reads the requests already waiting (a window opened after they arrived sees them). */
export async function loadPendingRequests(client: WorkbenchClient): Promise<void> {
  try {
    useMcp.getState().setPending(await client.mcpPending());
  } catch {
    /* no MCP server running: nothing waits */
  }
}

export function wireMcpEvents(client: WorkbenchClient): void {
  const mcp = () => useMcp.getState();
  client.on('mcpServer', (info) => mcp().setServer(info));
  client.on('mcpListChanged', ({ skillId, list }) => {
    mcp().bumpList(skillId, list);
    if (list === 'tools' && useStore.getState().infos[skillId]) void loadInfo(skillId, true);
  });
  client.on('mcpResourceUpdated', ({ skillId, uri, time }) => mcp().markUpdated(skillId, uri, time));
  client.on('mcpProgress', ({ callId, progress, total, message }) => mcp().setProgress(callId, { progress, total, message }));
  client.on('mcpTaskStatus', ({ callId, tool, task }) => {
    if (callId) mcp().setTask(callId, { ...task, ...(tool ? { tool } : {}) });
  });
  client.on('mcpElicitationComplete', ({ requestId }) => {
    if (requestId) mcp().markElicitationComplete(requestId);
  });
  client.on('mcpRequest', (r) => mcp().addPending(r));
  client.on('mcpRequestDone', ({ requestId }) => mcp().dropPending(requestId));
  client.on('call', (record) => {
    if (record.status !== 'running' && mcp().progress[record.callId]) mcp().setProgress(record.callId, undefined);
    if (record.status !== 'running' && mcp().tasks[record.callId]) mcp().setTask(record.callId, undefined);
  });
  void loadPendingRequests(client);
}
