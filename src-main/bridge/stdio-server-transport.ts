/**
 * `skillbench mcp` over stdio: the MCP SDK's server Transport on our own framing (engine/framing.ts) instead of
 * the SDK's StdioServerTransport, whose buffer overflow or one bad line closes the whole connection and ends
 * the server with exit code 0 and no word. Here a line over the limit fails only its own request (answered
 * -32600 where its id shows at either end), a line that is not JSON is answered -32700, and serving goes on.
 */
import type { Readable, Writable } from 'node:stream';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { DEFAULT_MAX_LINE_BYTES, LineReader } from '../engine/framing';
import { classifyOversize } from '../engine/oversize';

const MiB = 1024 * 1024;

export class StdioServerTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly reader: LineReader;
  private closed = false;

  /**
   * `tell` hears of each message refused, in words for the server's stderr (the SDK's onerror is taken over by
   * whoever wraps this transport).
   */
  constructor(
    private readonly tell: (problem: string) => void = () => undefined,
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES,
  ) {
    this.reader = new LineReader({
      maxLineBytes,
      onLine: (line) => this.line(line),
      onOverflow: (bytes, head, tail) => this.overflow(bytes, head, tail),
    });
  }

  private readonly onData = (chunk: Buffer) => this.reader.push(chunk);
  private readonly onError = (err: Error) => this.onerror?.(err);

  start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onError);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.stdout.write(JSON.stringify(message) + '\n')) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.onclose?.();
    return Promise.resolve();
  }

  private line(line: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      this.refused('A line that is not JSON was answered with a parse error.');
      void this.send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON.' } } as unknown as JSONRPCMessage);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const id = (raw as { id?: unknown })?.id;
      const known = typeof id === 'string' || typeof id === 'number';
      if (known) void this.send({ jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request: not a JSON-RPC 2.0 message.' } });
      this.refused('A message that is not JSON-RPC 2.0 was refused.');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private refused(problem: string): void {
    this.tell(problem);
    this.onerror?.(new Error(problem));
  }

  private overflow(bytes: number, head: string, tail: string): void {
    const what = classifyOversize(head, tail);
    const size = `${(bytes / MiB).toFixed(1)} MiB`;
    this.refused(`A message of ${size} was over the ${this.maxLineBytes / MiB} MiB limit and was not read${what.id !== undefined ? ` (request ${JSON.stringify(what.id)}, answered with an error)` : ''}.`);
    if (what.kind === 'request' && what.id !== undefined) {
      void this.send({ jsonrpc: '2.0', id: what.id, error: { code: -32600, message: `The request was ${size}, over the ${this.maxLineBytes / MiB} MiB limit of one message: it was not read.` } });
    }
  }
}
