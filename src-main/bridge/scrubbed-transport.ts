/**
 * One way out for everything the bridge sends: every message to the MCP client passes the skill's
 * redactor here, so no answer, log line, progress note or form carries a secret the workbench knows,
 * whichever handler made it. An error's message leaves without the SDK's "MCP error <code>: " prefix (the code
 * travels beside it, and the client's SDK adds the prefix again: it would read twice).
 */
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { Redactor } from '../engine/redactor';
import { stripPrefix } from '../protocols/mcp';

export class ScrubbedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(
    private readonly inner: Transport,
    private readonly redactor: Redactor,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (err) => this.onerror?.(err);
    inner.onmessage = (message, extra) => this.onmessage?.(message, extra);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion = (version: string): void => {
    this.inner.setProtocolVersion?.(version);
  };

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(this.redactor.value(unprefixed(message)), options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

function unprefixed(message: JSONRPCMessage): JSONRPCMessage {
  const error = (message as { error?: { message?: unknown } }).error;
  if (typeof error?.message !== 'string' || !error.message.startsWith('MCP error ')) return message;
  return { ...message, error: { ...error, message: stripPrefix(error.message) } } as JSONRPCMessage;
}
