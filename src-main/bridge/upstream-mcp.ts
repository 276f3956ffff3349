/**
 * The bridge as a proxy (a skill of the mcp protocol: an MCP server opened in the workbench). What that
 * server asks of its user (elicitation, sampling) is asked of the agent's client in turn: the client whose
 * call is under way (a legacy client by a request of its own, a modern one in the call's answer, mrtr.ts),
 * else the first legacy client connected. A client that cannot answer (no such capability) declines.
 * Where `skillbench mcp` was given a model (--model), that model answers sampling instead (the session's sampler):
 * the request never reaches here, whichever client is connected.
 */
import type { ClientCapabilities, CreateMessageResult, ElicitResult, Server, ServerNotification } from '@modelcontextprotocol/server';
import type { McpContentBlock, McpEra, McpEvents, McpSamplingAnswer } from '../contract';
import type { SkillRuntime } from '../runtime/skill-runtime';
import type { Ask } from './mrtr';

/** A tool call under way on one connection: its stream, the user it may ask, what its client can do. */
export interface ActiveCall {
  callId: string;
  /** The tool called (its name as the client knows it). */
  tool: string;
  /** Sends a notification on the call's stream (a modern call's: the request open now). */
  send: (n: ServerNotification) => Promise<void>;
  progressToken: () => string | number | undefined;
  /** The last progress sent (-1: none yet); each one sent must be higher (the spec). */
  progress: number;
  ask: Ask;
  capabilities: ClientCapabilities | undefined;
}

export interface Connection {
  server: Server;
  era: McpEra;
  /** One HTTP request of a modern client (nothing can be sent on it once it is answered). */
  perRequest: boolean;
  calls: Set<ActiveCall>;
}

export async function askUpstream(rt: SkillRuntime, request: McpEvents['mcpRequest'], connections: Connection[]): Promise<void> {
  const mcp = rt.adapter.mcp;
  if (!mcp) return;
  const target = connections.find((c) => c.calls.size > 0) ?? connections.find((c) => c.era === 'legacy');
  const call = target ? [...target.calls].pop() : undefined;
  // A modern client can be asked only through a call's answer; a legacy one also by a request of its own.
  const ask: Ask | undefined = call?.ask ?? (target?.era === 'legacy' ? (q) => (q.kind === 'elicit' ? target.server.elicitInput(q.params) : target.server.createMessage(q.params)) : undefined);
  const caps = call?.capabilities ?? target?.server.getClientCapabilities();
  if (request.kind === 'elicitation') {
    if (!ask || !caps?.elicitation) return mcp.answerElicitation(request.requestId, { action: 'decline' });
    try {
      // A URL elicitation goes on as one, to a client that says it takes them; others are declined.
      if (request.mode === 'url' && !(caps.elicitation as { url?: unknown }).url) return mcp.answerElicitation(request.requestId, { action: 'decline' });
      const r = (await ask({
        kind: 'elicit',
        params:
          request.mode === 'url'
            ? { mode: 'url', message: request.message, url: request.url ?? '', elicitationId: request.elicitationId ?? request.requestId }
            : { message: request.message, requestedSchema: request.requestedSchema as never },
      })) as ElicitResult;
      mcp.answerElicitation(request.requestId, { action: r.action, ...(r.content ? { content: r.content } : {}) });
    } catch (err) {
      if (mcp.hasRequest(request.requestId)) mcp.answerElicitation(request.requestId, { action: 'cancel' });
      rt.logs.append('system', `The agent's client could not answer the server's question: ${(err as Error).message}`);
    }
    return;
  }
  if (!ask || !caps?.sampling) return mcp.answerSampling(request.requestId, { action: 'decline', reason: "The agent's client does not offer sampling." });
  try {
    // Asked of us as a task or not, the agent's client is asked plainly (the bridge runs the task here).
    const { task: _task, ...params } = request.request;
    const r = (await ask({ kind: 'sample', params: params as never })) as CreateMessageResult;
    const answer: McpSamplingAnswer = { action: 'answer', role: r.role, content: (Array.isArray(r.content) ? r.content[0] : r.content) as McpContentBlock, model: r.model, ...(r.stopReason ? { stopReason: r.stopReason } : {}) };
    mcp.answerSampling(request.requestId, answer);
  } catch (err) {
    if (mcp.hasRequest(request.requestId)) mcp.answerSampling(request.requestId, { action: 'decline', reason: (err as Error).message });
  }
}
