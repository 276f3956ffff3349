/** The MCP servers' events into the store and the query cache (and a new tool list into the skill's info). */
import type { WorkbenchClient } from '@contract';
import { useStore } from './store';
import { queries } from './data';
import { loadInfo } from './actions/workspace';
import { loadPendingRequests } from './actions/mcp';

export { loadPendingRequests };

export function wireMcpEvents(client: WorkbenchClient): void {
  const s = () => useStore.getState();
  // The server's identity as it told it: the query's answer, without asking again.
  client.on('mcpServer', (info) => queries.set('mcpServerInfo', [info.skillId], info));
  client.on('mcpListChanged', ({ skillId, list }) => {
    if (list === 'tools' && s().infos[skillId]) void loadInfo(skillId, true);
  });
  client.on('mcpResourceUpdated', ({ skillId, uri, time }) => s().markUpdated(skillId, uri, time));
  client.on('mcpProgress', ({ callId, progress, total, message }) => s().setProgress(callId, { progress, total, message }));
  client.on('mcpTaskStatus', ({ callId, tool, task }) => {
    if (callId) s().setTask(callId, { ...task, ...(tool ? { tool } : {}) });
  });
  client.on('mcpElicitationComplete', ({ requestId }) => {
    if (requestId) s().markElicitationComplete(requestId);
  });
  client.on('mcpRequest', (r) => s().addPending(r));
  client.on('mcpRequestDone', ({ requestId }) => s().dropPending(requestId));
  // Connected as a host profile: what that client would not answer is refused, and the user is told.
  client.on('mcpRefused', ({ skillId, method, need }) => {
    const as = queries.snapshot('mcpServerInfo', [skillId]).data?.connectedAs?.label ?? 'the client it is connected as';
    const name = s().skills.find((k) => k.id === skillId)?.name ?? skillId;
    s().pushToast('info', `${name} asked for ${need} (${method}), which ${as} does not offer: refused, as it would be.`);
  });
  client.on('call', (record) => {
    if (record.status !== 'running' && s().progress[record.callId]) s().setProgress(record.callId, undefined);
    if (record.status !== 'running' && s().tasks[record.callId]) s().setTask(record.callId, undefined);
  });
  void loadPendingRequests();
}
