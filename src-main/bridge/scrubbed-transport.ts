/**
 * One way out for everything the bridge sends: every message to the MCP client passes the skill's
 * redactor here, so no answer, log line, progress note or form carries a secret the workbench knows,
 * whichever handler made it. An error's message leaves without an SDK's "MCP error <code>: " prefix (the code
 * travels beside it, and a 1.x client's SDK adds the prefix again: it would read twice). The transport's own `send`
 * is wrapped in place (not the transport in another object): the SDK tells a per-request HTTP exchange, and the era
 * it serves, by the transport's class.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import type { Redactor } from '../engine/redactor';
import { stripPrefix } from '../protocols/mcp';

const SCRUBBED = Symbol('scrubbed');

export function scrubSends<T extends Transport>(transport: T, redactor: Redactor): T {
  const t = transport as T & { [SCRUBBED]?: true };
  if (t[SCRUBBED]) return transport;
  const send = t.send.bind(t);
  t.send = (message, options) => send(redactor.value(unprefixed(message)), options);
  t[SCRUBBED] = true;
  return transport;
}

function unprefixed(message: JSONRPCMessage): JSONRPCMessage {
  const error = (message as { error?: { message?: unknown } }).error;
  if (typeof error?.message !== 'string' || !error.message.startsWith('MCP error ')) return message;
  return { ...message, error: { ...error, message: stripPrefix(error.message) } } as JSONRPCMessage;
}
