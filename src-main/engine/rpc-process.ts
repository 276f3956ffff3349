/**
 * A running JSON-RPC skill: a JsonRpcPeer on a StdioChannel (the process, framing, overflow and backpressure).
 * When the process exits, every pending request is rejected at once with the exit code or signal.
 */
import type { ExitInfo, SkillChild, SpawnSpec } from './child';
import { ExitError, JSONRPC, RpcError, SkillError } from '../common/errors';
import { tooDeepNote } from '../common/json-depth';
import { JsonRpcPeer, type RequestOptions } from '../common/jsonrpc';
import type { LogSink } from './log-sink';
import type { MessageLog } from './message-log';
import { classifyOversize } from './oversize';
import type { ParamsIn, ResultOf, RpcMethod } from '../common/rpc-method';
import { StdioChannel } from './stdio-channel';

export interface RpcProcessOptions {
  spec: SpawnSpec;
  logs: LogSink;
  messages?: MessageLog;
  maxLineBytes?: number;
  defaultTimeoutMs?: number;
  /** Frames larger than this get a warning in the log (the early Python SDK dies on lines over 64 KiB). */
  warnFrameBytes?: number;
  onRequest?: (method: string, params: unknown) => unknown;
  onNotification?: (method: string, params: unknown) => unknown;
  /** Reverse requests and notifications served at once (see JsonRpcPeerOptions.maxIncoming). */
  maxIncoming?: number;
  /** Processes the skill started that outlived its stop (see SkillChild). */
  onSurvivors?: (message: string, pids: number[]) => void;
}

/** How the log begins its note on a skill's first line on stdout that is not JSON-RPC (the CLI shows it too). */
export const STRAY_LINE_NOTE = 'The skill wrote a line to stdout that is not JSON-RPC';

export class RpcProcess {
  readonly channel: StdioChannel;
  readonly peer: JsonRpcPeer;
  readonly exited: Promise<ExitInfo>;
  private readonly logs: LogSink;
  /** Whether a line on stdout that is not JSON-RPC has been said already (once a process). */
  private strayNoted = false;

  constructor(opts: RpcProcessOptions) {
    this.logs = opts.logs;
    this.channel = new StdioChannel({
      spec: opts.spec,
      logs: opts.logs,
      messages: opts.messages,
      maxLineBytes: opts.maxLineBytes,
      onSurvivors: opts.onSurvivors,
      onLine: (line) => this.peer.receive(line),
      onOverflow: (bytes, head, tail, max) => this.overflow(bytes, head, tail, max),
    });
    const warnAt = opts.warnFrameBytes ?? Infinity;
    this.peer = new JsonRpcPeer({
      defaultTimeoutMs: opts.defaultTimeoutMs,
      maxIncoming: opts.maxIncoming,
      // Past the limit of reverse calls in flight, stop reading: the skill's own writes wait on the pipe.
      onCongestion: (on) => this.channel.hold('reverse calls', on),
      onTooDeep: (depth) => opts.logs.append('system', tooDeepNote('A message from the skill', depth)),
      send: (line) => {
        if (line.length > warnAt) {
          opts.logs.append('system', `Sending a ${Buffer.byteLength(line)}-byte message: skills on older SDKs cannot read lines over ${warnAt} bytes and may exit.`);
        }
        return this.channel.write(line);
      },
      onRequest: opts.onRequest,
      onNotification: opts.onNotification,
      onNoise: (line, reason) => {
        // Plain text on stdout is the skill's own output: log it as such; anything else says what it was.
        if (reason === 'not JSON') {
          // Said at once, the first time: stdout is the protocol's, and an answer printed as text never arrives.
          if (!this.strayNoted) opts.logs.append('system', `${STRAY_LINE_NOTE} (stdout carries only the protocol's messages; its own output belongs on stderr): ${truncate(line, 300)}`);
          this.strayNoted = true;
          this.channel.noiseLine(line);
        }
        else opts.logs.append('system', `Ignored a message from the skill (${reason}): ${truncate(line, 300)}`);
      },
      trace: opts.messages ? (t) => opts.messages!.trace(t) : undefined,
    });
    this.exited = this.channel.exited.then((info) => {
      this.peer.close(info.spawnError ?? new ExitError(info.code, info.signal));
      return info;
    });
  }

  get child(): SkillChild {
    return this.channel.child;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  request<M extends RpcMethod>(decl: M, params: ParamsIn<M>, opts?: RequestOptions): Promise<ResultOf<M>>;
  request<T = unknown>(method: string, params?: unknown, opts?: RequestOptions): Promise<T>;
  request(target: string | RpcMethod, params?: unknown, opts?: RequestOptions): Promise<unknown> {
    return typeof target === 'string' ? this.peer.request(target, params, opts) : this.peer.request(target, params, opts);
  }

  notify(method: string, params?: unknown): void {
    this.peer.notify(method, params);
  }

  /** Stops politely with the protocol's shutdown request (if any), then escalates. */
  stop(shutdownMethod?: string, opts: { graceMs?: number; termMs?: number } = {}): Promise<ExitInfo> {
    return this.child.stop({
      ...opts,
      shutdown: shutdownMethod ? () => this.peer.request(shutdownMethod, undefined, { timeoutMs: 2000 }) : undefined,
    });
  }

  private overflow(bytes: number, head: string, tail: string, limit: number): void {
    const line = classifyOversize(head, tail);
    const what = `The skill sent a line of ${formatBytes(bytes)}, over the ${formatBytes(limit)} limit`;
    // Which of our requests lost its answer: the one the id names, or the only one waiting when no end shows
    // an id. A request from the skill, or a line we cannot place, fails nothing.
    const only = this.peer.pendingIds.length === 1 ? this.peer.pendingIds[0] : undefined;
    if (line.kind === 'request' && line.id !== undefined) {
      // The skill waits for an answer to its own request: tell it, rather than let its call time out.
      const method = line.method ? ` (${line.method})` : '';
      this.peer.refuse(line.id, line.method, new RpcError(JSONRPC.INVALID_REQUEST, `${what}: the request${method} was not read. Send less data in one message.`));
      this.logs.append('system', `${what}; the request${method} was dropped and answered with an error.`);
      return;
    }
    const id = line.kind === 'request' ? undefined : line.id !== undefined ? line.id : line.kind === 'response' ? only : undefined;
    const method = id !== undefined ? this.peer.methodOf(id) : undefined;
    if (id !== undefined && method) {
      this.peer.fail(id, new SkillError('PROTOCOL', `${what}: its answer to ${method} was dropped. Return less data, or raise this skill's line limit.`));
    }
    this.logs.append('system', `${what}; the line was dropped.`);
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(n % 1024 === 0 ? 0 : 1)} KiB`;
  return `${n} bytes`;
}

function truncate(s: string, n: number): string {
  return s.length > n ? s.slice(0, n) + '…' : s;
}
