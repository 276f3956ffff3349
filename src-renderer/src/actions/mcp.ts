/** What the window does with the requests MCP servers send the user (elicitation, sampling). */
import type { McpElicitationAnswer, McpSamplingAnswer } from '@contract';
import { api } from '../api/client';
import { useStore } from '../store';

/** Reads the requests already waiting (a window opened after they arrived sees them). */
export async function loadPendingRequests(): Promise<void> {
  try {
    useStore.getState().setPending(await api().mcpPending());
  } catch {
    /* no MCP server running: nothing waits */
  }
}

/**
 * Answers one request; it leaves the tray at once. On a failure the request may have ended meanwhile (timed out,
 * server gone): what still waits is read again, and the failure rejects for the view to say.
 */
export async function answerRequest(
  requestId: string,
  answer: { kind: 'elicitation'; answer: McpElicitationAnswer } | { kind: 'sampling'; answer: McpSamplingAnswer },
): Promise<void> {
  try {
    if (answer.kind === 'elicitation') await api().mcpAnswerElicitation(requestId, answer.answer);
    else await api().mcpAnswerSampling(requestId, answer.answer);
    useStore.getState().dropPending(requestId);
  } catch (err) {
    void loadPendingRequests();
    throw err;
  }
}
