/**
 * The MCP SDK's `Transport` over our own engine, not the SDK's StdioClientTransport: a stdio server runs on
 * the same StdioChannel as our JSON-RPC skills (process group, escalating stop, launch errors in plain words,
 * stderr into the skill's log, bounded UTF-8 safe framing, backpressure).
 * Every message in and out goes to the skill's MessageLog. An HTTP server goes through the SDK's
 * StreamableHTTPClientTransport, wrapped so its messages are traced the same way, each with the protocol's
 * headers it was sent with (`Mcp-Method` and `Mcp-Name` in the 2026-07-28 era), and what it reads bounded
 * (bounded-http.ts).
 */
import type { FetchLike, JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { ExitInfo, SpawnSpec } from '../../engine/child';
import { ExitError } from '../../common/errors';
import { parseBounded } from '../../common/json-depth';
import type { RpcTrace } from '../../common/jsonrpc';
import type { LogSink } from '../../engine/log-sink';
import type { MessageLog } from '../../engine/message-log';
import { classifyOversize } from '../../engine/oversize';
import { formatBytes } from '../../engine/rpc-process';
import { StdioChannel } from '../../engine/stdio-channel';
import { boundedHttp } from './bounded-http';

/** A connection the supervisor watches: it resolves `exited` when the process ends (or the HTTP session closes). */
export interface Exiting {
  readonly exited: Promise<ExitInfo>;
}

/** The protocol version the SDK agreed with the server (it tells the transport after `initialize`). */
export interface Versioned {
  readonly protocolVersion?: string;
}

/** The trace of one message, as the MessageLog wants it. */
export function traceOf(direction: 'in' | 'out', message: JSONRPCMessage, line: string, headers?: Record<string, string>): RpcTrace {
  const m = message as { id?: string | number; method?: string };
  const kind = m.method !== undefined ? (m.id !== undefined ? 'request' : 'notification') : 'response';
  return { direction, kind, method: m.method, id: m.id, body: message, line, ...(headers && Object.keys(headers).length ? { headers } : {}) };
}

/** The headers MCP defines, as a request carried them (never `Authorization` or a user's own). */
const MCP_HEADERS = /^(mcp-[a-z-]+|last-event-id)$/i;

function mcpHeadersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    // Mcp-Method, Mcp-Name, Mcp-Protocol-Version, Mcp-Session-Id, Mcp-Param-*: shown in their usual spelling.
    if (MCP_HEADERS.test(name)) out[name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())] = value;
  });
  return out;
}

export interface ProcessTransportOptions {
  spec: SpawnSpec;
  logs: LogSink;
  messages?: MessageLog;
  maxLineBytes?: number;
}

/** An MCP server over stdio, on our StdioChannel (the process, framing, overflow and backpressure). */
export class ProcessTransport implements Transport, Exiting, Versioned {
  /**
   * The SDK tells a stdio transport by its `stderr` and `pid`: on one, a server that does not answer the
   * `server/discover` probe in time is of the legacy era (the stderr itself goes to the skill's log, not here).
   */
  readonly stderr = null;
  protocolVersion?: string;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private channel: StdioChannel | null = null;
  private exitedResolve!: (info: ExitInfo) => void;
  readonly exited: Promise<ExitInfo> = new Promise((resolve) => (this.exitedResolve = resolve));
  private closed = false;

  constructor(private readonly opts: ProcessTransportOptions) {}

  async start(): Promise<void> {
    if (this.channel) throw new Error('The MCP server was already started.');
    const channel = new StdioChannel({
      spec: this.opts.spec,
      logs: this.opts.logs,
      messages: this.opts.messages,
      maxLineBytes: this.opts.maxLineBytes,
      onLine: (line) => this.receive(line),
      onOverflow: (bytes, head, tail, max) => this.overflow(bytes, head, tail, max),
    });
    this.channel = channel;
    void channel.exited.then((info) => {
      this.exitedResolve(info);
      if (info.spawnError) this.onerror?.(info.spawnError);
      else if (!this.closed) this.onerror?.(new ExitError(info.code, info.signal));
      this.closed = true;
      this.onclose?.();
    });
    // A launch error shows at once: fail the start rather than the first request.
    const child = channel.child;
    await new Promise<void>((resolve, reject) => {
      if (child.pid !== undefined) return resolve();
      void child.exited.then((info) => (info.spawnError ? reject(info.spawnError) : resolve()));
      child.proc.once('spawn', () => resolve());
    });
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if (!this.channel || this.closed) throw new Error('The MCP server is not running.');
    const line = JSON.stringify(message);
    this.opts.messages?.trace(traceOf('out', message, line));
    await this.channel.write(line);
  }

  /** Stops the server: end its input, then SIGTERM, then SIGKILL (the MCP way: there is no shutdown request). */
  async close(): Promise<void> {
    const channel = this.channel;
    if (!channel) return;
    this.closed = true;
    await channel.child.stop({ graceMs: 500, termMs: 2000 });
  }

  get pid(): number | undefined {
    return this.channel?.pid;
  }

  /**
   * A line over the limit fails only the request it answered (its id read from its two ends), at once and in
   * words, rather than leaving that request to time out; a request of the server's is refused the same way.
   */
  private overflow(bytes: number, head: string, tail: string, max: number): void {
    const what = `The server sent a line of ${formatBytes(bytes)}, over the ${formatBytes(max)} limit`;
    const line = classifyOversize(head, tail);
    this.opts.logs.append('system', `${what}; the line was dropped.`);
    if (line.id === undefined || line.id === null) return;
    const error = { code: -32603, message: `${what}: it was dropped. Ask for less data, or raise this skill's line limit.` };
    if (line.kind === 'response') this.onmessage?.({ jsonrpc: '2.0', id: line.id, error });
    else if (line.kind === 'request') void this.send({ jsonrpc: '2.0', id: line.id, error: { code: -32600, message: `${what}: the request was not read. Send less data in one message.` } }).catch(() => undefined);
  }

  private receive(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = parseBounded(line).value as JSONRPCMessage;
    } catch {
      // Plain text on stdout is the server's own output, not a protocol error: log it as such.
      this.channel?.noiseLine(line);
      return;
    }
    if (!message || typeof message !== 'object' || (message as { jsonrpc?: unknown }).jsonrpc !== '2.0') {
      this.opts.logs.append('system', `Ignored a message from the server (not JSON-RPC 2.0): ${line.slice(0, 300)}`);
      return;
    }
    this.opts.messages?.trace(traceOf('in', message, line));
    // The SDK handles a notification some microtasks late but settles a response at once: a progress notification
    // read in the same chunk as its call's answer would find its handler gone (the last step lost). Answers wait
    // for the end of this turn, all together; requests and notifications go through at once.
    if ('method' in message) this.onmessage?.(message);
    else if (this.answers.push(message) === 1) setImmediate(this.deliverAnswers);
  }

  private answers: JSONRPCMessage[] = [];
  private readonly deliverAnswers = (): void => {
    const answers = this.answers;
    this.answers = [];
    for (const m of answers) this.onmessage?.(m);
  };
}

/**
 * The SDK's Streamable HTTP transport, its messages traced into the MessageLog: what it sends, as it goes out
 * (with the MCP headers of its request: the fetch it is given tells them), and what it receives. `exited`
 * resolves when the session closes, so the supervisor notices a server that went away.
 */
export class TracedTransport implements Transport, Exiting, Versioned {
  protocolVersion?: string;
  /** Why the connection ended without our asking, in words (the server cannot be reached). */
  endReason?: string;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private exitedResolve!: (info: ExitInfo) => void;
  readonly exited: Promise<ExitInfo> = new Promise((resolve) => (this.exitedResolve = resolve));
  /** Messages given to `send` whose request has not gone out yet (traced when it does, with its headers). */
  private readonly unsent = new Set<string>();
  private inner!: Transport;

  constructor(
    make: (fetch: FetchLike) => Transport,
    private readonly messages?: MessageLog,
    private readonly url?: string,
    baseFetch: FetchLike = (input, init) => fetch(input, init),
    maxMessageBytes?: number,
  ) {
    const bounded = boundedHttp(baseFetch, maxMessageBytes);
    this.inner = make((input, init) => {
      if (init?.method === 'POST' && typeof init.body === 'string') this.sent(init.body, mcpHeadersOf(init));
      return bounded(input, init);
    });
    const inner = this.inner;
    inner.onmessage = (message, extra) => {
      this.messages?.trace(traceOf('in', message, JSON.stringify(message)));
      this.onmessage?.(message, extra);
    };
    inner.onerror = (err) => this.onerror?.(err);
    inner.onclose = () => {
      this.messages?.resetPairs();
      this.exitedResolve({ code: 0, signal: null });
      this.onclose?.();
    };
  }

  /** The SDK's transport (its session, `terminateSession`). */
  get transport(): Transport {
    return this.inner;
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  /** Streamable HTTP opens one request per message: a call is cancelled by closing its stream (2026-07-28). */
  get hasPerRequestStream(): boolean | undefined {
    return this.inner.hasPerRequestStream;
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const line = JSON.stringify(message);
    this.unsent.add(line);
    try {
      await this.inner.send(message, options);
    } catch (err) {
      // Nothing answers at the address any more: the connection is over, and the supervisor hears of it.
      const why = unreachable(err);
      if (why) this.gone(`The server at ${this.url ?? 'its address'} cannot be reached (${why})`);
      throw err;
    } finally {
      // Never sent (the request failed before it went out): traced all the same, without headers.
      if (this.unsent.delete(line)) this.messages?.trace(traceOf('out', message, line));
    }
  }

  /** A request goes out: its message is traced now, before any answer can come, with the headers it carries. */
  private sent(body: string, headers: Record<string, string>): void {
    this.unsent.delete(body);
    let message: JSONRPCMessage;
    try {
      message = JSON.parse(body) as JSONRPCMessage;
    } catch {
      return;
    }
    for (const one of Array.isArray(message) ? (message as JSONRPCMessage[]) : [message]) this.messages?.trace(traceOf('out', one, Array.isArray(message) ? JSON.stringify(one) : body, headers));
  }

  /** The connection ended without our asking: `exited` says why, and the SDK's pending requests fail at once. */
  private gone(reason: string): void {
    this.endReason ??= reason;
    this.exitedResolve({ code: null, signal: null, reason });
    void this.inner.close().catch(() => undefined);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** The network's reason a request did not reach the server (refused, reset, no such host), or null. */
function unreachable(err: unknown): string | null {
  const cause = (err as { cause?: { code?: unknown } })?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : (err as { code?: unknown })?.code;
  if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EPIPE|UND_ERR_SOCKET)$/.test(code)) return code;
  return err instanceof TypeError && /fetch failed/i.test(err.message) ? 'fetch failed' : null;
}
