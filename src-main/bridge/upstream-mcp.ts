/**
 * The bridge as a proxy (a skill of the mcp protocol: an MCP server opened in the workbench). What that
 * server asks of its user (elicitation, sampling) is asked of the agent's client in turn: the client whose
 * call is under way, else the first connected one. A client that cannot answer (no such capability) declines.
 * Where `skillbench mcp` was given a model (--model), that model answers sampling instead (the session's sampler):
 * the request never reaches here, whichever client is connected.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { McpContentBlock, McpEvents, McpSamplingAnswer } from '../contract';
import type { SkillRuntime } from '../runtime/skill-runtime';

export interface Connection {
  server: Server;
  calls: Set<{ callId: string; send: (n: ServerNotification) => Promise<void> }>;
}

export async function askUpstream(rt: SkillRuntime, request: McpEvents['mcpRequest'], connections: Connection[]): Promise<void> {
  const mcp = rt.adapter.mcp;
  if (!mcp) return;
  const target = connections.find((c) => c.calls.size > 0) ?? connections[0];
  const caps = target?.server.getClientCapabilities();
  if (request.kind === 'elicitation') {
    if (!target || !caps?.elicitation) return mcp.answerElicitation(request.requestId, { action: 'decline' });
    try {
      // A URL elicitation goes on as one, to a client that says it takes them; others are declined.
      if (request.mode === 'url' && !(caps.elicitation as { url?: unknown }).url) return mcp.answerElicitation(request.requestId, { action: 'decline' });
      const r = await target.server.elicitInput(
        request.mode === 'url'
          ? { mode: 'url', message: request.message, url: request.url ?? '', elicitationId: request.elicitationId ?? request.requestId }
          : { message: request.message, requestedSchema: request.requestedSchema as never },
      );
      mcp.answerElicitation(request.requestId, { action: r.action, ...(r.content ? { content: r.content } : {}) });
    } catch (err) {
      if (mcp.hasRequest(request.requestId)) mcp.answerElicitation(request.requestId, { action: 'cancel' });
      rt.logs.append('system', `The agent's client could not answer the server's question: ${(err as Error).message}`);
    }
    return;
  }
  if (!target || !caps?.sampling) return mcp.answerSampling(request.requestId, { action: 'decline', reason: "The agent's client does not offer sampling." });
  try {
    // Asked of us as a task or not, the agent's client is asked plainly (the bridge runs the task here).
    const { task: _task, ...params } = request.request;
    const r = await target.server.createMessage(params as never);
    const answer: McpSamplingAnswer = { action: 'answer', role: r.role, content: (Array.isArray(r.content) ? r.content[0] : r.content) as McpContentBlock, model: r.model, ...(r.stopReason ? { stopReason: r.stopReason } : {}) };
    mcp.answerSampling(request.requestId, answer);
  } catch (err) {
    if (mcp.hasRequest(request.requestId)) mcp.answerSampling(request.requestId, { action: 'decline', reason: (err as Error).message });
  }
}
