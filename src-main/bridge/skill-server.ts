/**
 * One skill as an MCP server (issue 17 §2): the skill's runtime (a LiveRuntime: ticks driven, hot reload,
 * host services for state, data and entities, its call history) behind the MCP SDK's `Server`. Each MCP
 * connection (stdio's one, or one per HTTP session) gets its own `Server` over the same runtime.
 *
 * - tools/list: the skill's tools (names made safe, tool-map.ts), and its options as two tools of ours;
 * - tools/call: the runtime's recorded call (the workbench's history shows agents' calls too); the
 *   client's cancellation cancels it; stderr and the workbench's notes during a call become MCP logging
 *   notifications on that call's stream, and "NN%" lines progress notifications where a token was sent;
 * - a skill that needs setup asks for it by elicitation where the client can answer forms, else every
 *   call answers one error naming `skillbench setup`;
 * - every message out passes the redactor (scrubbed-transport.ts).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  SetLevelRequestSchema,
  type CallToolResult,
  type LoggingLevel,
  type ServerNotification,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { EventName, LogEntry, McpEvents, SkillInfo } from '../contract';
import { startForCalls } from '../protocols/registry';
import { serverName } from '../workbench/agent-config';
import type { LiveRuntime } from '../runtime/live-runtime';
import type { Emit } from '../runtime/skill-runtime';
import { proxyCapabilities, serveProxy, Subscribers } from './proxy-server';
import { ScrubbedTransport } from './scrubbed-transport';
import { setupByElicitation, type SetupOutcome } from './setup-elicit';
import { errorResult, mcpTools, serverTools, toolResult } from './tool-map';
import { hiddenNotice, ToolNeeds, type ClientNeed } from './tool-needs';
import { skillFolder } from '../host/workbench-home';
import { askUpstream, type Connection } from './upstream-mcp';

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

interface ActiveCall {
  callId: string;
  /** The tool called (its name as the client knows it). */
  tool: string;
  send: (n: ServerNotification) => Promise<void>;
  progressToken?: string | number;
  /** The last progress sent (-1: none yet); each one sent must be higher (the spec). */
  progress: number;
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
      for (const l of this.listeners) l(event, payload);
    });
    this.needs = new ToolNeeds(this.rt.ref.protocol === 'mcp' ? path.join(skillFolder(this.rt.opts.home, this.rt.ref.id), 'mcp-tool-needs.json') : undefined);
  }

  /**
   * The server asked for `need` while one call alone was under way: that call's tool needs it. Clients without it
   * are told their tool list changed (the tool leaves it).
   */
  private learn(need: ClientNeed): void {
    const calls = [...this.connections.values()].flatMap((c) => [...c.calls]) as ActiveCall[];
    if (calls.length !== 1 || !this.needs.learn(calls[0].tool, need)) return;
    this.rt.logs.append('system', `${calls[0].tool} asks for ${need}: it is no longer listed for clients that do not offer it.`);
    for (const server of this.connections.keys()) {
      if (!server.getClientCapabilities()?.[need] && server.transport) void server.sendToolListChanged().catch(() => undefined);
    }
  }

  /** Starts the skill once (a per-call protocol's start may fail: each call then reports its own failure). */
  start(): Promise<void> {
    this.started ??= startForCalls(this.rt);
    return this.started;
  }

  /** A new MCP server for one connection, connected to `transport` through the redactor. */
  async connect(transport: Transport): Promise<Server> {
    // Started first, so the server's name, version and instructions are the skill's; a skill that fails to
    // start is still served: each call then says why.
    await this.start().catch(() => undefined);
    const server = this.newServer();
    await server.connect(new ScrubbedTransport(transport, this.rt.redactor));
    return server;
  }

  async close(): Promise<void> {
    await Promise.all([...this.connections.keys()].map((s) => s.close().catch(() => undefined)));
    await this.rt.close();
  }

  private info(): SkillInfo {
    const info = this.rt.info();
    if (!info) throw new McpError(ErrorCode.InternalError, `${this.rt.ref.name} could not be started: ${this.rt.statusDetail ?? 'see its log'}.`);
    return info;
  }

  private newServer(): Server {
    const rt = this.rt;
    const proxied = rt.ref.protocol === 'mcp' && !!rt.adapter.mcp;
    const upstream = proxied ? rt.adapter.mcp!.serverInfo() : null;
    // A proxied server's capabilities are its own (proxy-server.ts); a skill's are tools and logging.
    const capabilities = proxied ? proxyCapabilities(rt.adapter.mcp) : { tools: { listChanged: true }, logging: {} };
    const server = new Server(
      { name: serverName(rt.info()?.name ?? rt.ref.name), title: rt.info()?.name ?? rt.ref.name, version: this.opts.version ?? rt.info()?.version ?? '0.0.0' },
      {
        capabilities,
        instructions: upstream?.instructions ?? rt.info()?.description ?? rt.ref.description,
      },
    );
    const proxy = proxied ? serveProxy(server, rt, this.subscribers) : null;
    let level: LoggingLevel = 'debug';
    // Nothing is sent before the client said it is initialized (the lifecycle's rule).
    // What this client was last told it is not shown (one notice each time that changes), and the tools the server
    // stopped listing when told what this client offers.
    let noticed = '';
    let leftOut: { name: string; why: string }[] = [];
    let initialized = false;
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
    const calls = new Set<ActiveCall>();
    this.connections.set(server, { server, calls });
    let listed = '';
    const log = (note: ServerNotification & { method: 'notifications/message' }) => {
      if (!initialized || LEVELS.indexOf(note.params.level) < LEVELS.indexOf(level)) return;
      const call = [...calls].pop();
      if (call) void call.send(note).catch(() => undefined);
      else if (server.transport) void server.notification(note).catch(() => undefined);
    };
    const progress = (call: ActiveCall, value: number, total?: number, message?: string) => {
      if (call.progressToken === undefined || value <= call.progress) return;
      call.progress = value;
      const params = { progressToken: call.progressToken, progress: value, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) };
      void call.send({ method: 'notifications/progress', params }).catch(() => undefined);
    };

    server.setRequestHandler(SetLevelRequestSchema, async (req) => {
      level = req.params.level;
      // A proxied server is asked for the same level (it filters at the source; the bridge filters again).
      await proxy?.setLevel(level);
      return {};
    });

    const tools = async () => {
      await this.start();
      const info = this.info();
      const options = info.capabilities.options ? [OPTIONS_LIST, OPTIONS_SET] : [];
      // A proxied server's tools go on as it listed them, less those this client cannot serve.
      const mapped = proxied ? serverTools(info.tools) : mcpTools(info.tools, options);
      const { shown, hidden } = proxied ? this.needs.split(mapped.tools, server.getClientCapabilities()) : { shown: mapped.tools, hidden: [] };
      const list: Tool[] = [...shown, ...(options.length ? optionTools() : [])];
      return { info, list, hidden, original: mapped.original };
    };

    // (A proxied server without tools has none to list.)
    if (capabilities.tools) server.setRequestHandler(ListToolsRequestSchema, async () => {
      const { list, hidden } = await tools();
      listed = JSON.stringify(list);
      const untold = [...leftOut, ...hidden];
      const names = untold.map((h) => h.name).join('\n');
      if (names && names !== noticed) {
        const notice = hiddenNotice(untold);
        rt.logs.append('system', notice);
        // Also to the client itself, whatever its level: a proxied server's workbench lines do not reach it otherwise.
        if (initialized && server.transport) void server.notification({ method: 'notifications/message', params: { level: 'notice', logger: 'skillbench', data: notice } }).catch(() => undefined);
      }
      noticed = names;
      return { tools: list };
    });

    if (capabilities.tools) server.setRequestHandler(CallToolRequestSchema, async (req, extra): Promise<CallToolResult> => {
      const { info, list, hidden, original } = await tools();
      const name = req.params.name;
      const args = req.params.arguments ?? {};
      if (info.capabilities.options && (name === OPTIONS_LIST || name === OPTIONS_SET)) return this.options(name, args);
      const why = hidden.find((h) => h.name === name)?.why;
      if (why) throw new McpError(ErrorCode.InvalidParams, `${name} is not offered to this client: ${why}.`);
      const own = original.get(name);
      if (own === undefined) throw new McpError(ErrorCode.InvalidParams, `${rt.ref.name} has no tool "${name}". Its tools: ${list.map((t) => t.name).join(', ')}.`);
      if (info.needsSetup) {
        const ready = await this.ensureSetUp(server);
        if (!ready.done) return errorResult(ready.message!);
        if (JSON.stringify((await tools()).list) !== listed) await server.sendToolListChanged().catch(() => undefined);
      }
      const callId = randomUUID();
      const call: ActiveCall = { callId, tool: name, send: extra.sendNotification, progressToken: extra._meta?.progressToken, progress: -1 };
      const cancel = () => rt.cancel(callId);
      extra.signal.addEventListener('abort', cancel, { once: true });
      calls.add(call);
      try {
        const { outcome } = await rt.recordedCall(own, args, { callId });
        return toolResult(outcome, list.find((t) => t.name === name)?.outputSchema !== undefined);
      } finally {
        calls.delete(call);
        extra.signal.removeEventListener('abort', cancel);
      }
    });

    // What the skill writes to stderr, and the workbench's notes about it, as logging notifications: on a
    // running call's stream where there is one (HTTP clients hear it there), else to the session.
    const unsubscribe = rt.logs.subscribe((entries) => {
      for (const e of entries) {
        // A proxied server's own log messages come whole (mcpLog, below), not as the workbench's lines.
        if (e.stream === 'stdout' || (proxied && e.stream === 'system')) continue;
        log({ method: 'notifications/message', params: { level: levelOf(e), logger: e.stream === 'stderr' ? 'stderr' : 'skillbench', data: e.text } });
        const pct = e.stream === 'stderr' ? PROGRESS.exec(e.text) : null;
        const call = [...calls].pop();
        if (call && pct) progress(call, Math.min(100, Number(pct[1])), 100, e.text);
      }
    });
    // What a proxied MCP server says during a call: its progress (named by our call id), its log messages, its tool list changing.
    const listener: Listener = (event, payload) => {
      if (event === 'mcpProgress') {
        const p = payload as McpEvents['mcpProgress'];
        const call = [...calls].find((c) => c.callId === p.callId);
        if (call) progress(call, p.progress, p.total, p.message);
      } else if (event === 'mcpLog') {
        const m = payload as McpEvents['mcpLog'];
        log({ method: 'notifications/message', params: { level: m.level, ...(m.logger ? { logger: m.logger } : {}), data: m.data } });
      } else if (event === 'mcpListChanged' && (payload as McpEvents['mcpListChanged']).list === 'tools' && initialized && server.transport) {
        void server.sendToolListChanged().catch(() => undefined);
      }
      proxy?.event(event, payload);
    };
    this.listeners.add(listener);

    // A hot reload (the skill's files changed) may change its tools: the client is told to list them again.
    const unwatch = rt.onStatus(({ status }) => {
      if (status !== 'ready' || !listed || !initialized || !server.transport) return;
      void tools().then(({ list }) => {
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

  /** The skill's setup, asked of this connection's user (one setup at a time, whoever asks). */
  private async ensureSetUp(server: Server): Promise<SetupOutcome> {
    const name = this.rt.ref.name;
    const hint = `${name} needs to be set up first. Run "${this.opts.setupCommand}" in a terminal (or set it up in Skill Workbench), then call it again.`;
    if (!server.getClientCapabilities()?.elicitation) return { done: false, message: hint };
    this.setupRun ??= setupByElicitation(name, this.rt.capability('setup'), (params) => server.elicitInput(params))
      .catch((err: Error) => ({ done: false, message: `The setup of ${name} could not be asked for (${err.message}).` }))
      .finally(() => (this.setupRun = null));
    const outcome = await this.setupRun;
    return outcome.done ? outcome : { done: false, message: `${outcome.message ?? ''}\n\n${hint}`.trim() };
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
      for (const s of this.connections.keys()) void s.sendToolListChanged().catch(() => undefined);
      return { content: [{ type: 'text', text: JSON.stringify(change.options, null, 2) }], structuredContent: { options: change.options } };
    } catch (err) {
      return errorResult((err as Error).message);
    }
  }
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
