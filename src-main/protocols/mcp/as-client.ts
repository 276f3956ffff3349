/**
 * Connecting as another client would: the `initialize` request leaves with the `clientInfo`, `capabilities` and
 * `protocolVersion` given (a host profile's, or the agent's capabilities through the bridge), and a request of the
 * server for a capability not declared is answered as a client without it answers (-32601), never by the workbench.
 * The SDK's Client under it keeps its own handlers; only the wire changes, so what the server and the message trace
 * see is what the chosen client would send. In the 2026-07-28 era, which has no `initialize`, the same is said in
 * every request's `_meta` (the client's capabilities and who it is).
 */
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, type JSONRPCMessage, type MessageExtraInfo, type Transport, type TransportSendOptions } from '@modelcontextprotocol/client';

export interface AsClient {
  clientInfo?: Record<string, unknown>;
  capabilities: Record<string, unknown>;
  protocolVersion?: string;
  /** The workbench has roots to give: `roots/list` goes to the client's handler; else it is answered with none. */
  hasRoots?: boolean;
  /** Told of each request refused for a capability not declared. */
  onRefused?: (method: string, need: 'sampling' | 'elicitation' | 'roots') => void;
}

/** Which capability each request of a server needs of its client. */
const NEEDS: Record<string, 'sampling' | 'elicitation' | 'roots'> = {
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
  'roots/list': 'roots',
};

export class AsClientTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(
    private readonly inner: Transport,
    private readonly as: AsClient,
  ) {
    // The SDK tells a stdio transport by its `stderr` and `pid` (a server silent to its era probe is then legacy).
    if ('stderr' in inner && 'pid' in inner) {
      Object.defineProperty(this, 'stderr', { get: () => (inner as { stderr?: unknown }).stderr });
      Object.defineProperty(this, 'pid', { get: () => (inner as { pid?: unknown }).pid });
    }
    inner.onclose = () => this.onclose?.();
    inner.onerror = (err) => this.onerror?.(err);
    inner.onmessage = (message, extra) => {
      if (this.refused(message)) return;
      this.onmessage?.(message, extra);
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  get hasPerRequestStream(): boolean | undefined {
    return this.inner.hasPerRequestStream;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const m = message as { method?: string; id?: unknown; params?: Record<string, unknown> };
    if (m.method === 'initialize' && m.id !== undefined) {
      const params: Record<string, unknown> = { ...(m.params ?? {}), capabilities: this.as.capabilities };
      if (this.as.clientInfo) params.clientInfo = this.as.clientInfo;
      if (this.as.protocolVersion) params.protocolVersion = this.as.protocolVersion;
      return this.inner.send({ ...message, params }, options);
    }
    const meta = m.params?._meta as Record<string, unknown> | undefined;
    if (meta && CLIENT_CAPABILITIES_META_KEY in meta) {
      const _meta = { ...meta, [CLIENT_CAPABILITIES_META_KEY]: this.as.capabilities, ...(this.as.clientInfo ? { [CLIENT_INFO_META_KEY]: this.as.clientInfo } : {}) };
      return this.inner.send({ ...message, params: { ...m.params, _meta } }, options);
    }
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** A request the client as declared would not serve: answered here, not passed on. */
  private refused(message: JSONRPCMessage): boolean {
    const m = message as { method?: string; id?: string | number };
    const need = m.method ? NEEDS[m.method] : undefined;
    if (!need || m.id === undefined) return false;
    if (!this.as.capabilities[need]) {
      this.as.onRefused?.(m.method as string, need);
      void this.inner.send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'Method not found' } }).catch(() => undefined);
      return true;
    }
    if (need === 'roots' && !this.as.hasRoots) {
      void this.inner.send({ jsonrpc: '2.0', id: m.id, result: { roots: [] } }).catch(() => undefined);
      return true;
    }
    return false;
  }
}
