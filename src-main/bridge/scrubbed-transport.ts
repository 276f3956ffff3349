/**
 * One way out for everything the bridge sends: every message to the MCP client passes the skill's
 * redactor here, so no answer, log line, progress note or form carries a secret the workbench knows,
 * whichever handler made it. The transport's own `send` is wrapped in place (not the transport in another
 * object): the SDK tells a per-request HTTP exchange, and the era it serves, by the transport's class.
 */
import type { Transport } from '@modelcontextprotocol/server';
import type { Redactor } from '../engine/redactor';

const SCRUBBED = Symbol('scrubbed');

export function scrubSends<T extends Transport>(transport: T, redactor: Redactor): T {
  const t = transport as T & { [SCRUBBED]?: true };
  if (t[SCRUBBED]) return transport;
  const send = t.send.bind(t);
  t.send = (message, options) => send(redactor.value(message), options);
  t[SCRUBBED] = true;
  return transport;
}
