/**
 * One skill as an MCP server: the skill's runtime (a LiveRuntime: ticks driven, hot reload, host services for
 * state, data and entities, its call history) behind the MCP SDK's `Server`, for clients of both eras at once.
 * A legacy client (MCP 2025-11-25 and before) gets a `Server` for its connection (stdio's one, or one per HTTP
 * session); a modern one (2026-07-28, stateless) a `Server` per HTTP request, or stdio's one, chosen by the
 * SDK's serving entries from what the client opened with. All of them over the same runtime.
 *
 * - tools/list: the skill's tools (names made safe, tool-map.ts), and its options as two tools of ours; a proxied
 *   server's tools as it listed them, less those the client cannot serve (tool-needs.ts);
 * - tools/call: the runtime's recorded call (the workbench's history shows agents' calls too); the
 *   client's cancellation cancels it; stderr and the workbench's notes during a call become MCP logging
 *   notifications on that call's stream, and "NN%" lines progress notifications where a token was sent;
 * - a skill that needs setup asks for it where the client can answer forms: by elicitation (legacy), or by
 *   `input_required` answers (modern, mrtr.ts); else every call answers one error naming `skillbench setup`;
 * - every message out passes the redactor (scrubbed-transport.ts).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  CLIENT_CAPABILITIES_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CallToolRequest,
  type CallToolResult,
  type ClientCapabilities,
  type ElicitResult,
  type LoggingLevel,
  type ServerContext,
  type ServerNotification,
  type ServerNotifier,
  type Tool,
  type Transport,
} from '@modelcontextprotocol/server';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import type { EventName, LogEntry, McpEra, McpEvents, SkillInfo } from '../contract';
import { startForCalls } from '../protocols/registry';
import { serverName } from '../workbench/agent-config';
import type { LiveRuntime } from '../runtime/live-runtime';
import type { Emit } from '../runtime/skill-runtime';
import { Conversations, type Ask, type Leg } from './mrtr';
import { proxyCapabilities, serveProxy, Subscribers } from './proxy-server';
import { scrubSends } from './scrubbed-transport';
import { setupByElicitation, type SetupOutcome } from './setup-elicit';
import { errorResult, mcpTools, serverTools, toolResult } from './tool-map';
import { hiddenNotice, ToolNeeds, type ClientNeed } from './tool-needs';
import { skillFolder } from '../host/workbench-home';
import { askUpstream, type ActiveCall, type Connection } from './upstream-mcp';

const LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const OPTIONS_LIST = 'skill_options';
const OPTIONS_SET = 'set_skill_option';
/** A progress line a skill writes to stderr ("50% complete", the protocol notes' convention). */
const PROGRESS = /(\d{1,3}(?:\.\d+)?)\s*%/;

export interface BridgeOptions {
  /** The command that sets the skill up in a terminal, named in the error a client without forms gets. */
  setupCommand: string;
  version?: string;
}

/** How a connection's server is served: a legacy connection, stdio's modern one, or one modern HTTP request. */
interface Serving {
  era: McpEra;
  /** One HTTP request of a modern client: it hears of changes on a listen stream of the HTTP handler's, not here. */
  perRequest?: boolean;
}

type Listener = (event: EventName, payload: unknown) => void;

export class SkillBridge {
  readonly rt: LiveRuntime;
  private setupRun: Promise<SetupOutcome> | null = null;
  /** Each MCP connection's server and its calls under way (the last one hears what the skill says). */
  private readonly connections = new Map<Server, Connection>();
  private readonly listeners = new Set<Listener>();
  private started: Promise<void> | null = null;
  /** A proxied server's resources each connection subscribed to. */
  private readonly subscribers = new Subscribers();
  /** The modern clients' listen streams over HTTP, told of changes through these. */
  private readonly notifiers = new Set<ServerNotifier>();
  /** Modern clients' calls waiting for their user's answer (multi round-trip requests). */
  readonly conversations = new Conversations();
  /** The tools last listed to a modern client over HTTP (a change is told to their listen streams). */
  private listedModern = '';
  /** What a proxied server's tools are known to need of the client (tool-needs.ts). */
  private readonly needs: ToolNeeds;

  /** `make` builds the skill's runtime around the bridge's `emit` (an MCP server's progress, logs and requests arrive there). */
  constructor(
    make: (emit: Emit) => LiveRuntime,
    private readonly opts: BridgeOptions,
  ) {
    this.rt = make((event, payload) => {
      // A server proxied (the mcp protocol) asks its user through us: the client of the call under way answers.
      if (event === 'mcpRequest') {
        this.learn((payload as McpEvents['mcpRequest']).kind);
        void askUpstream(this.rt, payload as McpEvents['mcpRequest'], [...this.connections.values()]);
      }
      if (event === 'mcpRoots') this.learn('roots');
      // Asked of a server connected within what the agent's client offers: refused upstream, learnt all the same.
      if (event === 'mcpRefused') this.learn((payload as McpEvents['mcpRefused']).need);
      this.toModernHttp(event, payload);
      for (const l of this.listeners) l(event, payload);
    });
    this.needs = new ToolNeeds(this.rt.ref.protocol === 'mcp' ? path.join(skillFolder(this.rt.opts.home, this.rt.ref.id), 'mcp-tool-needs.json') : undefined);
  }

  /**
   * The server asked for `need` while one call alone was under way: that call's tool needs it. Clients without it
   * are told their tool list changed (the tool leaves it); modern clients over HTTP list again and see.
   */
  private learn(need: ClientNeed): void {
    const calls = [...this.connections.values()].flatMap((c) => [...c.calls]);
    if (calls.length !== 1 || !this.needs.learn(calls[0].tool, need)) return;
    this.rt.logs.append('system', `${calls[0].tool} asks for ${need}: it is no longer listed for clients that do not offer it.`);
    for (const [server, c] of this.connections) {
      if (!c.perRequest && !server.getClientCapabilities()?.[need] && server.transport) void server.sendToolListChanged().catch(() => undefined);
    }
    for (const n of this.notifiers) n.toolsChanged();
  }

  /** Starts the skill once (a per-call protocol's start may fail: each call then reports its own failure). */
  start(): Promise<void> {
    this.started ??= startForCalls(this.rt);
    return this.started;
  }

  /** A legacy client's connection (an HTTP session): a new server on `transport`, its messages through the redactor. */
  async connect(transport: Transport): Promise<Server> {
    // Started first, so the server's name, version and instructions are the skill's; a skill that fails to
    // start is still served: each call then says why.
    await this.start().catch(() => undefined);
    const server = this.server({ era: 'legacy' });
    await server.connect(transport);
    return server;
  }

  /** Both eras over one stdio connection: what the client opens with (`initialize` or `server/discover`) settles it. */
  async serveStdio(transport: Transport, onerror?: (err: Error) => void): Promise<StdioServerHandle> {
    await this.start().catch(() => undefined);
    return serveStdio((ctx) => this.server({ era: ctx.era }), { transport: scrubSends(transport, this.rt.redactor), ...(onerror ? { onerror } : {}) });
  }

  /** The server of one modern HTTP request (the HTTP handler's factory); a legacy one serves one stateless request. */
  async requestServer(era: McpEra): Promise<Server> {
    await this.start().catch(() => undefined);
    return this.server({ era, perRequest: true });
  }

  /** A modern HTTP handler's listen streams, told when the tools, resources or prompts change; returns its removal. */
  addNotifier(n: ServerNotifier): () => void {
    this.notifiers.add(n);
    return () => this.notifiers.delete(n);
  }

  /** A modern client listens for these resources: a proxied server is subscribed to them, to have their changes to tell. */
  async listening(uris: string[]): Promise<void> {
    const mcp = this.rt.ref.protocol === 'mcp' ? this.rt.adapter.mcp : undefined;
    if (!mcp?.serverInfo()?.capabilities.resourceSubscribe) return;
    for (const uri of uris) if (!mcp.subscriptions().includes(uri)) await mcp.subscribe(uri).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.conversations.closeAll();
    await Promise.all([...this.connections.keys()].map((s) => s.close().catch(() => undefined)));
    await this.rt.close();
  }

  private info(): SkillInfo {
    const info = this.rt.info();
    if (!info) throw new ProtocolError(ProtocolErrorCode.InternalError, `${this.rt.ref.name} could not be started: ${this.rt.statusDetail ?? 'see its log'}.`);
    return info;
  }

  /** The tools a client with `caps` is shown; a proxied server's as it listed them, less those the client cannot serve. */
  private async tools(caps: ClientCapabilities | undefined): Promise<{ info: SkillInfo; list: Tool[]; hidden: { name: string; why: string }[]; original: Map<string, string> }> {
    await this.start();
    const info = this.info();
    const proxied = this.rt.ref.protocol === 'mcp';
    const options = info.capabilities.options ? [OPTIONS_LIST, OPTIONS_SET] : [];
    const mapped = proxied ? serverTools(info.tools) : mcpTools(info.tools, options);
    const { shown, hidden } = proxied ? this.needs.split(mapped.tools, caps) : { shown: mapped.tools, hidden: [] };
    return { info, list: [...shown, ...(options.length ? optionTools() : [])], hidden, original: mapped.original };
  }

  private server(serving: Serving): Server {
    const rt = this.rt;
    const proxied = rt.ref.protocol === 'mcp' && !!rt.adapter.mcp;
    const upstream = proxied ? rt.adapter.mcp!.serverInfo() : null;
    // A proxied server's capabilities are its own (proxy-server.ts); a skill's are tools and logging.
    const capabilities = proxied ? proxyCapabilities(rt.adapter.mcp) : { tools: { listChanged: true }, logging: {} };
    const redactor = rt.redactor;
    const server = new (class extends Server {
      // Whatever transport it is given, what it sends passes the redactor.
      override connect(transport: Transport): Promise<void> {
        return super.connect(scrubSends(transport, redactor));
      }
    })(
      { name: serverName(rt.info()?.name ?? rt.ref.name), title: rt.info()?.name ?? rt.ref.name, version: this.opts.version ?? rt.info()?.version ?? '0.0.0' },
      { capabilities, instructions: upstream?.instructions ?? rt.info()?.description ?? rt.ref.description },
    );
    const modern = serving.era === 'modern';
    const conn: Connection = { server, era: serving.era, perRequest: !!serving.perRequest, calls: new Set() };
    const proxy = proxied ? serveProxy(server, rt, this.subscribers, serving.era) : null;
    let level: LoggingLevel = 'debug';
    // Nothing is sent before a legacy client said it is initialized (the lifecycle's rule); a modern one never says.
    let initialized = modern;
    // What this client was last told it is not shown (one notice each time that changes), and the tools the server
    // stopped listing when told what this client offers.
    let noticed = '';
    let leftOut: { name: string; why: string }[] = [];
    server.oninitialized = () => {
      initialized = true;
      // The server is told only what this agent's client can answer (the first client, where several share it): one
      // that lists a tool for capable clients alone then leaves it out. Listing waits for the reconnection.
      if (proxied && this.connections.size === 1) {
        const caps = (server.getClientCapabilities() ?? {}) as Record<string, unknown>;
        this.started = this.start()
          .then(() => rt.adapter.mcp!.actFor(caps))
          .then((gone) => {
            const lacks = (['sampling', 'elicitation'] as const).filter((k) => !caps[k]).join(' and ') || 'some of what the bridge offered';
            leftOut = gone.map((name) => ({ name, why: `listed by the server only for clients that offer ${lacks}, which this one does not` }));
          }, () => undefined);
      }
      proxy?.initialized();
    };
    this.connections.set(server, conn);
    let listed = '';
    // Changes are told on the connection, where it has one to tell them on (a listen stream's, for stdio's modern one).
    const pushes = () => initialized && !serving.perRequest && !!server.transport;
    const log = (note: ServerNotification & { method: 'notifications/message' }) => {
      if (!initialized || LEVELS.indexOf(note.params.level) < LEVELS.indexOf(level)) return;
      const call = [...conn.calls].pop();
      if (call) void call.send(note).catch(() => undefined);
      else if (!modern && server.transport) void server.notification(note).catch(() => undefined);
    };
    const progress = (call: ActiveCall, value: number, total?: number, message?: string) => {
      const token = call.progressToken();
      if (token === undefined || value <= call.progress) return;
      call.progress = value;
      const params = { progressToken: token, progress: value, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) };
      void call.send({ method: 'notifications/progress', params }).catch(() => undefined);
    };

    server.setRequestHandler('logging/setLevel', async (req) => {
      level = req.params.level;
      // A proxied server is asked for the same level (it filters at the source; the bridge filters again).
      await proxy?.setLevel(level);
      return {};
    });

    // (A proxied server without tools has none to list.)
    if (capabilities.tools) {
      server.setRequestHandler('tools/list', async (_req, ctx) => {
        const { list, hidden } = await this.tools(clientCapabilities(ctx) ?? server.getClientCapabilities());
        listed = JSON.stringify(list);
        if (serving.perRequest) this.listedModern = listed;
        const untold = [...leftOut, ...hidden];
        const names = untold.map((h) => h.name).join('\n');
        if (names && names !== noticed) {
          const notice = hiddenNotice(untold);
          rt.logs.append('system', notice);
          // Also to the client itself, whatever its level: a proxied server's workbench lines do not reach it otherwise.
          if (initialized && !modern && server.transport) void server.notification({ method: 'notifications/message', params: { level: 'notice', logger: 'skillbench', data: notice } }).catch(() => undefined);
        }
        noticed = names;
        return { tools: list };
      });
      server.setRequestHandler('tools/call', (req, ctx) => {
        const caps = clientCapabilities(ctx) ?? server.getClientCapabilities();
        // A modern client is asked through the call's answer, and calls again with the answer (mrtr.ts).
        if (modern) return this.conversations.round(ctx, (ask, signal, leg) => this.call(conn, req, { ask, signal, leg, caps }));
        const ask: Ask = (q) => (q.kind === 'elicit' ? server.elicitInput(q.params) : server.createMessage(q.params));
        return this.call(conn, req, { ask, signal: ctx.mcpReq.signal, leg: () => ctx, caps });
      });
    }

    // What the skill writes to stderr, and the workbench's notes about it, as logging notifications: on a
    // running call's stream where there is one (HTTP clients hear it there), else to the session.
    const unsubscribe = rt.logs.subscribe((entries) => {
      for (const e of entries) {
        // A proxied server's own log messages come whole (mcpLog, below), not as the workbench's lines.
        if (e.stream === 'stdout' || (proxied && e.stream === 'system')) continue;
        log({ method: 'notifications/message', params: { level: levelOf(e), logger: e.stream === 'stderr' ? 'stderr' : 'skillbench', data: e.text } });
        const pct = e.stream === 'stderr' ? PROGRESS.exec(e.text) : null;
        const call = [...conn.calls].pop();
        if (call && pct) progress(call, Math.min(100, Number(pct[1])), 100, e.text);
      }
    });
    // What a proxied MCP server says during a call: its progress (named by our call id), its log messages, its tool list changing.
    const listener: Listener = (event, payload) => {
      if (event === 'mcpProgress') {
        const p = payload as McpEvents['mcpProgress'];
        const call = [...conn.calls].find((c) => c.callId === p.callId);
        if (call) progress(call, p.progress, p.total, p.message);
      } else if (event === 'mcpLog') {
        const m = payload as McpEvents['mcpLog'];
        log({ method: 'notifications/message', params: { level: m.level, ...(m.logger ? { logger: m.logger } : {}), data: m.data } });
      } else if (event === 'mcpListChanged' && (payload as McpEvents['mcpListChanged']).list === 'tools' && pushes()) {
        void server.sendToolListChanged().catch(() => undefined);
      }
      if (pushes()) proxy?.event(event, payload);
    };
    this.listeners.add(listener);

    // A hot reload (the skill's files changed) may change its tools: the client is told to list them again.
    const unwatch = rt.onStatus(({ status }) => {
      if (status !== 'ready' || !listed || !pushes()) return;
      void this.tools(server.getClientCapabilities()).then(({ list }) => {
        if (JSON.stringify(list) !== listed) return server.sendToolListChanged();
      }).catch(() => undefined);
    });
    const closed = server.onclose;
    server.onclose = () => {
      unsubscribe();
      unwatch();
      this.listeners.delete(listener);
      this.connections.delete(server);
      proxy?.close();
      closed?.();
    };
    return server;
  }

  /** One tool call, in either era: setup first where the skill needs it, then the runtime's recorded call. */
  private async call(conn: Connection, req: CallToolRequest, how: { ask: Ask; signal: AbortSignal; leg: Leg; caps: ClientCapabilities | undefined }): Promise<CallToolResult> {
    const { info, list, hidden, original } = await this.tools(how.caps);
    const name = req.params.name;
    const args = req.params.arguments ?? {};
    if (info.capabilities.options && (name === OPTIONS_LIST || name === OPTIONS_SET)) return this.options(name, args);
    const why = hidden.find((h) => h.name === name)?.why;
    if (why) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${name} is not offered to this client: ${why}.`);
    const own = original.get(name);
    if (own === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${this.rt.ref.name} has no tool "${name}". Its tools: ${list.map((t) => t.name).join(', ')}.`);
    if (info.needsSetup) {
      const before = JSON.stringify(list);
      const ready = await this.ensureSetUp(how.ask, how.caps);
      if (!ready.done) return errorResult(ready.message!);
      if (JSON.stringify((await this.tools(how.caps)).list) !== before) this.toolsChanged();
    }
    const callId = randomUUID();
    const call: ActiveCall = {
      callId,
      tool: name,
      send: (n) => how.leg().mcpReq.notify(n),
      progressToken: () => how.leg().mcpReq._meta?.progressToken,
      progress: -1,
      ask: how.ask,
      capabilities: how.caps,
    };
    const cancel = () => this.rt.cancel(callId);
    how.signal.addEventListener('abort', cancel, { once: true });
    conn.calls.add(call);
    try {
      const { outcome } = await this.rt.recordedCall(own, args, { callId });
      return toolResult(outcome, list.find((t) => t.name === name)?.outputSchema !== undefined);
    } finally {
      conn.calls.delete(call);
      how.signal.removeEventListener('abort', cancel);
    }
  }

  /** The skill's setup, asked of this call's user (one setup at a time, whoever asks). */
  private async ensureSetUp(ask: Ask, caps: ClientCapabilities | undefined): Promise<SetupOutcome> {
    const name = this.rt.ref.name;
    const hint = `${name} needs to be set up first. Run "${this.opts.setupCommand}" in a terminal (or set it up in Skill Workbench), then call it again.`;
    if (!caps?.elicitation) return { done: false, message: hint };
    this.setupRun ??= setupByElicitation(name, this.rt.capability('setup'), (params) => ask({ kind: 'elicit', params }) as Promise<ElicitResult>)
      .catch((err: Error) => ({ done: false, message: `The setup of ${name} could not be asked for (${err.message}).` }))
      .finally(() => (this.setupRun = null));
    const outcome = await this.setupRun;
    return outcome.done ? outcome : { done: false, message: `${outcome.message ?? ''}\n\n${hint}`.trim() };
  }

  /** Every client hears that the tools changed: on its connection, or on its listen stream. */
  private toolsChanged(): void {
    for (const [s, c] of this.connections) if (!c.perRequest && s.transport) void s.sendToolListChanged().catch(() => undefined);
    for (const n of this.notifiers) n.toolsChanged();
  }

  /** Modern HTTP clients hear of changes on their listen streams (the handler's bus), once for all of them. */
  private toModernHttp(event: EventName, payload: unknown): void {
    if (!this.notifiers.size) return;
    if (event === 'mcpResourceUpdated') for (const n of this.notifiers) n.resourceUpdated((payload as McpEvents['mcpResourceUpdated']).uri);
    else if (event === 'mcpListChanged') {
      const { list } = payload as McpEvents['mcpListChanged'];
      for (const n of this.notifiers) {
        if (list === 'tools') n.toolsChanged();
        else if (list === 'resources') n.resourcesChanged();
        else n.promptsChanged();
      }
    } else if (event === 'status' && (payload as { status?: string }).status === 'ready' && this.listedModern) {
      void this.tools(undefined).then(({ list }) => {
        if (JSON.stringify(list) === this.listedModern) return;
        this.listedModern = JSON.stringify(list);
        for (const n of this.notifiers) n.toolsChanged();
      }).catch(() => undefined);
    }
  }

  private async options(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const options = this.rt.capability('options');
    try {
      if (name === OPTIONS_LIST) {
        const list = await options.list();
        return { content: [{ type: 'text', text: JSON.stringify(list, null, 2) }], structuredContent: { options: list } };
      }
      if (typeof args.name !== 'string') return errorResult(`${OPTIONS_SET} needs the option's "name" (see ${OPTIONS_LIST}).`);
      const change = await options.set(args.name, args.value);
      // An option may show or hide tools.
      this.toolsChanged();
      return { content: [{ type: 'text', text: JSON.stringify(change.options, null, 2) }], structuredContent: { options: change.options } };
    } catch (err) {
      return errorResult((err as Error).message);
    }
  }
}

/** What a modern client declares it can do, in the request's `_meta` (a legacy one said it once, in `initialize`). */
function clientCapabilities(ctx: ServerContext): ClientCapabilities | undefined {
  return (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
}

function levelOf(e: LogEntry): LoggingLevel {
  if (e.stream === 'system') return 'notice';
  return /\b(error|exception|traceback)\b/i.test(e.text) ? 'error' : /\bwarn(ing)?\b/i.test(e.text) ? 'warning' : 'info';
}

function optionTools(): Tool[] {
  return [
    { name: OPTIONS_LIST, description: "The skill's options (settings it reads while it runs), with their values and choices.", inputSchema: { type: 'object', properties: {} } },
    {
      name: OPTIONS_SET,
      description: 'Changes one of the skill\'s options (see skill_options); some options show or hide tools.',
      inputSchema: { type: 'object', properties: { name: { type: 'string', description: 'The option\'s name' }, value: { description: 'Its new value' } }, required: ['name'] },
    },
  ];
}
