/**
 * An MCP server as a skill: the SDK's `Client` over our own transport (transport.ts), one connection at a
 * time, kept alive by the Supervisor like any long-running skill (restarts with backoff, crash reports,
 * giving up on a crash loop). Tools go through the workbench's call path; the rest of what a server offers
 * is the `mcp` capability the MCP service uses. The server's configuration is read afresh at each launch
 * from the file it came from (`ref.entry`), its `${VARS}` filled in from the skill's settings and secrets.
 */
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallOutcome, McpCompletionRef, McpConnectedAs, McpEraMode, McpLogLevel, McpResourceContents, McpServerConfig, McpServerInfo, McpSkillEntry, McpTool, SkillInfo, SkillRef } from '../../contract';
import { SkillError } from '../../common/errors';
import { startFailure } from '../../engine/last-words';
import { skillFolder } from '../../host/workbench-home';
import type { AdapterContext, CallOptions, McpCapability, McpOAuthControl, SkillAdapter } from '../adapter';
import { resolveCommand } from '../command';
import { errorOutcome } from '../outcome';
import { skillEnvironment } from '../skill-env';
import { expandVars, readMcpConfigFile } from './config';
import { engineError, mcpToolOf, outcomeOf, plainError, toolInfoOf } from './results';
import { McpSession } from './session';
import { getSkill, listSkills, readSkillDirectory, readSkillFile, skillsSupport } from './skills';
import { allPages, serverInfoOf } from './server-info';
import { callAsTask, callsAsTask, cancelTask, listTasks, statusReporter, taskOf } from './task-call';
import { ProcessTransport, TracedTransport, type Exiting } from './transport';
import { eraMode, eraOf, MODERN_VERSION, negotiationOf } from './era';
import { Listening } from './listen';
import { AuthorizationNeeded, CLIENT_METADATA_URL_VAR, controlOf, McpOAuth, withoutOAuth } from './oauth';
import { AsClientTransport, type AsClient } from './as-client';
import { agentOffer, connectedAs, describeOffer, workbenchCapabilities } from './client-offer';
import { hostEnv } from '../../host/host-env';
import { launchSpec } from '../launch-spec';
import { SupervisedSkill } from '../supervised-skill';

/** A tool call waits this long by default (progress resets it): a server may be waiting on the user. */
export const DEFAULT_CALL_TIMEOUT_MS = 5 * 60_000;
/** Every other request (lists, reads, prompts). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** The secret variable an HTTP server's bearer token is kept in (the skill's settings, encrypted). */
export const BEARER_TOKEN_VAR = 'MCP_BEARER_TOKEN';

interface Connection extends Exiting {
  client: Client;
  transport: ProcessTransport | TracedTransport;
  http: StreamableHTTPClientTransport | null;
  /** A modern-era connection's `subscriptions/listen` stream (list changes, resources subscribed to). */
  listening: Listening | null;
}

/** The server's name in its configuration: the part of the skill id after `#`. */
export function serverNameOf(ref: SkillRef): string {
  const at = ref.id.lastIndexOf('#');
  return at >= 0 ? ref.id.slice(at + 1) : ref.name;
}

export class McpSkill extends SupervisedSkill<Connection> implements SkillAdapter {
  protected readonly noun = 'server';
  private readonly session: McpSession;
  private server: McpServerInfo | null = null;
  private toolList: McpTool[] = [];
  private launching: Connection | null = null;
  private listing: Promise<McpTool[]> | null = null;
  private relisting: Promise<McpTool[]> | null = null;
  private oauthClient: McpOAuth | null = null;
  /** Through the bridge: the agent's client's capabilities, which bound what is declared to the server. */
  private agentCaps: Record<string, unknown> | null = null;
  /** What the last connection declared (to tell whether an agent's client changes it). */
  private declaredCaps = '';
  readonly mcp: McpCapability;

  constructor(ref: SkillRef, ctx: AdapterContext) {
    super(ref, ctx);
    this.session = new McpSession({
      skillId: ref.id,
      // Through `skillbench mcp`, only the agent's roots reach the server: none the app's user set for it.
      rootsFile: ctx.mcpRoots === 'agent' ? undefined : path.join(skillFolder(ctx.home, ref.id), 'mcp-roots.json'),
      logs: ctx.logs,
      emit: ctx.onMcp,
      sampler: ctx.sampler,
      mark: ctx.onTimeline,
      onListChanged: (list) => {
        ctx.onTimeline?.({ kind: 'event', label: `The server's ${list} changed`, data: { mcp: `notifications/${list}/list_changed` } });
        if (list !== 'tools') return undefined;
        return this.refreshTools().then(
          () => undefined,
          (err: Error) => void ctx.logs.append('system', `The new tool list could not be read: ${err.message}`),
        );
      },
    });
    this.mcp = this.capability();
  }

  async stop(): Promise<void> {
    await super.stop();
    this.session.detach();
  }

  protected crashed(): void {
    this.session.detach();
  }

  async call(tool: string, args: unknown, opts: CallOptions = {}): Promise<CallOutcome> {
    const started = performance.now();
    try {
      const conn = this.supervisor.current ?? (await this.running());
      // Tasks as the 2025-11-25 revision has them; in the 2026-07-28 era they are an extension this client does not take.
      const asTask = this.server?.era !== 'modern' && callsAsTask(this.toolList.find((t) => t.name === tool), !!this.server?.capabilities.tasks?.toolCall);
      const work = asTask ? this.callTask(conn.client, tool, args, opts) : conn.client.callTool({ name: tool, arguments: (args ?? {}) as Record<string, unknown> }, {
        signal: opts.signal,
        timeout: opts.timeoutMs ?? this.ctx.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
        resetTimeoutOnProgress: true,
        onprogress: (p) => {
          if (opts.callId) this.ctx.onMcp?.('mcpProgress', { skillId: this.ref.id, callId: opts.callId, progress: p.progress, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.message ? { message: p.message } : {}) });
        },
      });
      const raw = await this.supervisor.track(
        work.catch((err) => {
          // The SDK words a cancel as a timeout: our own signal says which it was.
          if (opts.signal?.aborted) throw new SkillError('CANCELLED', `The call of ${tool} was cancelled; the server was told.`);
          throw engineError(err, `The call of ${tool}`);
        }),
      );
      return outcomeOf(raw, Math.round(performance.now() - started));
    } catch (err) {
      return errorOutcome(err, started, this.ctx.logs);
    }
  }

  /** A tool called as a task: its statuses go to the call (an event) and the timeline as they come. */
  private callTask(client: Client, tool: string, args: unknown, opts: CallOptions): Promise<Record<string, unknown>> {
    const timeoutMs = opts.timeoutMs ?? this.ctx.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const onStatus = statusReporter(this.ref.id, tool, opts.callId, this.ctx);
    return callAsTask(client, tool, (args ?? {}) as Record<string, unknown>, {
      signal: opts.signal,
      timeoutMs,
      requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
      onStatus,
      onAsked: (taskId, told) => this.session.onTaskAsks(taskId, told),
    });
  }

  // ---- the connection ----

  /** Runs a request on the connection, marked busy, its errors in our words. */
  private async request<T>(what: string, fn: (client: Client) => Promise<T>): Promise<T> {
    const conn = await this.running();
    try {
      return await this.supervisor.track(fn(conn.client));
    } catch (err) {
      throw engineError(err, what);
    }
  }

  /** A read or prompt get the user may cancel (`cancelRequests`): the SDK tells the server (notifications/cancelled). */
  private async cancellable<T>(what: string, fn: (client: Client, signal: AbortSignal) => Promise<T>): Promise<T> {
    const ac = new AbortController();
    this.cancellables.add(ac);
    try {
      return await this.request(what, (c) => fn(c, ac.signal));
    } catch (err) {
      if (ac.signal.aborted) throw new SkillError('CANCELLED', `${what} was cancelled; the server was told.`);
      throw err;
    } finally {
      this.cancellables.delete(ac);
    }
  }

  private readonly cancellables = new Set<AbortController>();

  private config(): McpServerConfig {
    const file = this.ref.entry ?? path.join(this.ref.dir, '.mcp.json');
    const name = serverNameOf(this.ref);
    const parsed = readMcpConfigFile(file);
    const found = parsed.servers.find((s) => s.name === name);
    if (!found) {
      const why = parsed.skipped.find((s) => s.name === name)?.reason;
      throw new SkillError('LAUNCH', why ? `The MCP server "${name}" in ${file} cannot be used: ${why}` : `${file} has no MCP server "${name}" any more.`);
    }
    return found;
  }

  /** An HTTP server's address and headers, its `${VARS}` filled in (a bearer token from the encrypted store as Authorization). */
  private httpTarget(cfg: McpServerConfig): { url: string; headers: Record<string, string> } {
    const vars = { ...this.ctx.env, workspaceFolder: this.ref.dir };
    const x = (s: string) => expandVars(s, vars, hostEnv(), cfg.name);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(cfg.headers ?? {})) headers[k] = x(v);
    const token = this.ctx.env[BEARER_TOKEN_VAR];
    if (token && !Object.keys(headers).some((k) => k.toLowerCase() === 'authorization')) headers.Authorization = `Bearer ${token}`;
    return { url: x(cfg.url!), headers };
  }

  /** The server's OAuth (one per address), or null where the user gave it credentials of their own. */
  private oauthFor(url: string, headers: Record<string, string>): McpOAuth | null {
    const oauth = this.ctx.oauth;
    if (!oauth || Object.keys(headers).some((k) => k.toLowerCase() === 'authorization')) return null;
    if (this.oauthClient?.serverUrl !== url) {
      this.oauthClient?.close();
      this.oauthClient = new McpOAuth({
        serverUrl: url,
        secrets: oauth.secrets,
        redactor: this.ctx.redactor,
        interactive: oauth.interactive,
        clientMetadataUrl: hostEnv()[CLIENT_METADATA_URL_VAR] || undefined,
        onStep: (step) => this.ctx.onMcp?.('mcpOAuthStep', { skillId: this.ref.id, step }),
        log: (line) => this.ctx.logs.append('system', line),
      });
    }
    return this.oauthClient;
  }

  /** What the Authorization section sees: the server as its next launch would reach it. */
  private oauthControl(): McpOAuthControl {
    const cfg = this.config();
    if (cfg.transport !== 'http') return withoutOAuth('not-http');
    const { url, headers } = this.httpTarget(cfg);
    const oauth = this.oauthFor(url, headers);
    return oauth ? controlOf(oauth) : withoutOAuth('own-token', url);
  }

  protected async launch(signedIn = false): Promise<Connection> {
    const cfg = this.config();
    const vars = { ...this.ctx.env, workspaceFolder: this.ref.dir };
    const x = (s: string) => expandVars(s, vars, hostEnv(), cfg.name);
    const version = hostEnv().SKILLBENCH_VERSION ?? '0.1.0';
    const ours = workbenchCapabilities(this.session.hasRoots(), this.session.samples);
    // As a host profile would, or (the bridge) within what the agent's client serves; else as the workbench.
    const as = connectedAs({ profile: this.ctx.hostProfile, agent: this.agentCaps, ours, version });
    this.declaredCaps = JSON.stringify(as.capabilities);
    const era = this.eraMode(as);
    const client = new Client(
      { name: 'skillbench', version },
      // Either era: `server/discover` first, then `initialize` where the server does not take it (or the one chosen).
      { capabilities: ours, versionNegotiation: { mode: negotiationOf(era.mode) } },
    );
    client.onerror = (err) => this.ctx.logs.append('system', `MCP: ${plainError(err)}`);
    this.session.attach(client);
    let conn: Connection;
    let oauth: McpOAuth | null = null;
    if (cfg.transport === 'http') {
      const { url, headers } = this.httpTarget(cfg);
      // OAuth where the server asks for it (a 401), unless the user gave it a token or header of their own.
      oauth = this.oauthFor(url, headers);
      if (oauth) oauth.failFast = true;
      this.ctx.logs.append('system', `Connecting to ${url}`);
      const transport = new TracedTransport((fetch) => new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers }, fetch }), this.ctx.messages, url, oauth?.fetch, this.ctx.maxLineBytes);
      conn = { client, transport, http: transport.transport as StreamableHTTPClientTransport, listening: null, exited: transport.exited };
    } else {
      const own: Record<string, string> = {};
      for (const [k, v] of Object.entries(cfg.env ?? {})) own[k] = x(v);
      const spec = launchSpec({
        command: resolveCommand(x(cfg.command!)),
        args: [...(cfg.args ?? []).map(x), ...(this.ctx.args ?? [])],
        cwd: cfg.cwd ? path.resolve(this.ref.dir, x(cfg.cwd)) : this.ref.dir,
        // The server's configured env, under the skill's settings and secrets (the user's word wins).
        env: skillEnvironment({ own: { ...own, ...this.ctx.env } }),
      }, this.ctx, this.ref);
      this.ctx.logs.append('system', `Starting ${[spec.command, ...spec.args].join(' ')} in ${spec.cwd}`);
      const transport = new ProcessTransport({ spec, logs: this.ctx.logs, messages: this.ctx.messages, maxLineBytes: this.ctx.maxLineBytes });
      conn = { client, transport, http: null, listening: null, exited: transport.exited };
    }
    try {
      const wire: AsClient = {
        clientInfo: as.clientInfo,
        capabilities: as.capabilities,
        protocolVersion: as.protocolVersion,
        hasRoots: this.session.hasRoots(),
        onRefused: (method, need) => {
          this.ctx.logs.append('system', `The server asked for ${need} (${method}), which ${as.profile ? as.label : "the agent's client"} does not offer: refused, as it would be.`);
          this.ctx.onMcp?.('mcpRefused', { skillId: this.ref.id, method, need });
        },
      };
      await client.connect(as.profile || this.agentCaps ? new AsClientTransport(conn.transport, wire) : conn.transport, { timeout: this.ctx.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS });
      // Connected: a 401 from now on may wait for the user (the request's own timeout bounds it).
      if (oauth) oauth.failFast = false;
      this.server = { ...serverInfoOf(this.ref.id, client, cfg, client.getNegotiatedProtocolVersion() ?? conn.transport.protocolVersion), connectedAs: as, ...this.eraInfo(client, era) };
      if (this.server.era === 'modern') conn.listening = new Listening(client, this.ctx.logs);
      // A server may change its tools as soon as it is initialised (server-everything does): heard while launching.
      this.launching = conn;
      this.ctx.onMcp?.('mcpServer', this.server);
      this.ctx.logs.append('system', `MCP era: ${this.server.era}, ${this.server.eraReason}.`);
      await this.reapply(conn);
      this.toolList = this.server.capabilities.tools ? await this.listTools(client) : [];
      this.learnt = this.infoOf();
      this.ctx.onTimeline?.({ kind: 'load', label: `Connected to ${this.server.name} ${this.server.version}`.trim(), outcome: 'ok' });
      this.launching = null;
      return conn;
    } catch (caught) {
      this.launching = null;
      await conn.transport.close().catch(() => undefined);
      this.session.detach();
      // The era's probe (`server/discover`) met the sign-in first: its failure carries the reason as its cause.
      const cause = (caught as { cause?: unknown })?.cause;
      const err = cause instanceof AuthorizationNeeded ? cause : caught;
      // The server wants the user to sign in: where someone can, they are sent to, and the connection made again.
      if (oauth?.interactive && err instanceof AuthorizationNeeded && !signedIn) {
        oauth.failFast = false;
        await oauth.authorize({ sameFlow: true });
        return this.launch(true);
      }
      const gone = conn.transport instanceof TracedTransport ? conn.transport.endReason : undefined;
      const e = gone ? new SkillError('CRASHED', `${gone}.`) : engineError(err, `Connecting to ${cfg.name}`);
      if (cfg.transport === 'stdio') {
        const said = this.ctx.logs.tail('stderr', 40, this.launchMark);
        if (said.length && !(e instanceof SkillError && e.code === 'LAUNCH')) throw new SkillError('CRASHED', startFailure(this.ref.name, e.message, said));
      }
      throw e;
    }
  }

  protected async shutdown(conn: Connection): Promise<void> {
    this.session.detach();
    await conn.listening?.close();
    if (conn.http) await conn.http.terminateSession().catch(() => undefined);
    await conn.transport.close().catch(() => undefined);
  }

  /** The era the client is set to use with this server, and who set it. */
  private eraMode(as: McpConnectedAs): { mode: McpEraMode; by: string } {
    if (this.ctx.mcpEra) return { mode: this.ctx.mcpEra, by: 'with --era' };
    const saved = eraMode(this.ctx.home, this.ref.id);
    // A host profile speaks its own revision: a 2025 one is the legacy era, unless the user chose otherwise.
    if (saved === 'auto' && as.profile && as.protocolVersion && as.protocolVersion < MODERN_VERSION) return { mode: 'legacy', by: `as ${as.label} would (${as.protocolVersion})` };
    return { mode: saved, by: 'in its settings' };
  }

  private eraInfo(client: Client, era: { mode: McpEraMode; by: string }): Pick<McpServerInfo, 'era' | 'eraReason' | 'eraMode' | 'supportedVersions'> {
    const { era: now, reason, supportedVersions } = eraOf(client, era.mode, era.by);
    return { era: now, eraReason: reason, eraMode: era.mode, ...(supportedVersions ? { supportedVersions } : {}) };
  }

  /** What the client asked of the last connection (log level, subscriptions) asked again of this one. */
  private async reapply(conn: Connection): Promise<void> {
    const client = conn.client;
    const caps = client.getServerCapabilities() ?? {};
    if (this.session.logLevel && caps.logging) await client.setLoggingLevel(this.session.logLevel).catch(() => undefined);
    if (conn.listening) await this.listen(conn).catch((err: Error) => this.ctx.logs.append('system', `subscriptions/listen failed: ${err.message}`));
    else if (caps.resources?.subscribe) for (const uri of this.session.subscriptions) await client.subscribeResource({ uri }).catch(() => undefined);
  }

  /** A modern-era connection listens for what the server offers to tell: its lists' changes, the resources subscribed to. */
  private listen(conn: Connection): Promise<void> {
    const caps = conn.client.getServerCapabilities() ?? {};
    return conn.listening!.listen({
      ...(caps.tools?.listChanged ? { toolsListChanged: true } : {}),
      ...(caps.prompts?.listChanged ? { promptsListChanged: true } : {}),
      ...(caps.resources?.listChanged ? { resourcesListChanged: true } : {}),
      ...(caps.resources?.subscribe && this.session.subscriptions.size ? { resourceSubscriptions: [...this.session.subscriptions] } : {}),
    });
  }

  private async listTools(client: Client): Promise<McpTool[]> {
    return allPages(async (cursor) => {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: DEFAULT_REQUEST_TIMEOUT_MS, cacheMode: 'refresh' });
      return { items: page.tools.map((t) => mcpToolOf(t as Record<string, unknown>)), nextCursor: page.nextCursor };
    });
  }

  /** One listing at a time, and at most one more after it: a burst of list_changed (one per tool added) costs two. */
  private refreshTools(): Promise<McpTool[]> {
    if (!this.listing) return (this.listing = this.listNow().finally(() => (this.listing = null)));
    return (this.relisting ??= this.listing.catch(() => undefined).then(() => {
      this.relisting = null;
      return this.refreshTools();
    }));
  }

  private async listNow(): Promise<McpTool[]> {
    const conn = this.supervisor.current ?? this.launching;
    if (!conn) return this.toolList;
    this.toolList = await this.listTools(conn.client);
    this.learnt = this.infoOf();
    return this.toolList;
  }

  private infoOf(): SkillInfo {
    const s = this.server!;
    const notes = [`MCP server ${s.name} ${s.version} over ${s.transport === 'http' ? `Streamable HTTP (${s.url})` : 'stdio'}, protocol ${s.protocolVersion ?? 'unknown'}.`];
    if (s.era) notes.push(`Era: ${s.era} (${s.eraReason}).`);
    if (s.connectedAs?.profile) notes.push(`Connected as ${s.connectedAs.label} would (${s.connectedAs.clientInfo.name} ${s.connectedAs.clientInfo.version}, protocol ${s.connectedAs.protocolVersion}).`);
    return {
      ...this.ref,
      description: this.ref.description ?? s.title ?? s.instructions?.split('\n')[0],
      version: s.version,
      tools: this.toolList.map(toolInfoOf),
      notes,
      capabilities: { setup: false, sessions: false, ticks: false, messageHooks: false, persistent: true },
    };
  }

  /** The entries last listed or fetched, by SKILL.md URI: what a read of a skill's file is checked against. */
  private readonly heldSkills = new Map<string, McpSkillEntry>();

  /** The Skills extension (skills.ts): listed and read through this server's connection. */
  private skillsCapability(t: { timeout: number }): Pick<McpCapability, 'skills' | 'getSkill' | 'readSkillFile' | 'readSkillDirectory'> {
    const hold = (e: McpSkillEntry) => (this.heldSkills.set(e.uri, e), e);
    return {
      skills: () =>
        this.request('Listing the skills', async (c) => {
          if (!skillsSupport(c)) return [];
          return (await listSkills(c, this.ref.id, t)).map(hold);
        }),
      getSkill: (uri) => this.request(`Getting the skill ${uri}`, async (c) => hold(await getSkill(c, this.ref.id, uri, t))),
      readSkillFile: (uri) =>
        this.request(`Reading ${uri}`, async (c) => {
          const entry = [...this.heldSkills.values()].find((e) => e.uri === uri || (e.resources !== 'dynamic' && e.resources.some((r) => r.uri === uri)));
          if (!entry) throw new SkillError('NOT_FOUND', `${uri} is in no skill this server listed: list its skills first (a file no entry lists cannot be verified).`);
          return readSkillFile(c, entry, uri, t);
        }),
      readSkillDirectory: (uri) =>
        this.request(`Reading the directory ${uri}`, async (c) => {
          if (!skillsSupport(c)?.directoryRead) throw new SkillError('UNSUPPORTED', `${this.ref.name} does not declare directoryRead: it lists no directories.`);
          return readSkillDirectory(c, uri, t);
        }),
    };
  }

  private capability(): McpCapability {
    const t = { timeout: DEFAULT_REQUEST_TIMEOUT_MS };
    const s = this.session;
    return {
      serverInfo: () => this.server,
      tools: async () => {
        await this.running();
        return this.refreshTools();
      },
      resources: () =>
        this.request('Listing the resources', (c) =>
          allPages(async (cursor) => {
            const page = await c.listResources(cursor ? { cursor } : undefined, { ...t, cacheMode: 'refresh' });
            return { items: page.resources, nextCursor: page.nextCursor };
          }),
        ),
      resourceTemplates: () =>
        this.request('Listing the resource templates', (c) =>
          allPages(async (cursor) => {
            const page = await c.listResourceTemplates(cursor ? { cursor } : undefined, { ...t, cacheMode: 'refresh' });
            return { items: page.resourceTemplates, nextCursor: page.nextCursor };
          }),
        ),
      readResource: (uri) => this.cancellable(`Reading ${uri}`, async (c, signal) => (await c.readResource({ uri }, { ...t, signal, cacheMode: 'bypass' })).contents as McpResourceContents[]),
      subscribe: (uri) =>
        this.request(`Subscribing to ${uri}`, async (c) => {
          const conn = this.supervisor.current;
          if (conn?.listening) {
            s.subscriptions.add(uri);
            await this.listen(conn).catch((err: Error) => {
              s.subscriptions.delete(uri);
              throw err;
            });
          } else {
            await c.subscribeResource({ uri }, t);
            s.subscriptions.add(uri);
          }
          return [...s.subscriptions];
        }),
      unsubscribe: (uri) =>
        this.request(`Unsubscribing from ${uri}`, async (c) => {
          const conn = this.supervisor.current;
          if (conn?.listening) {
            s.subscriptions.delete(uri);
            await this.listen(conn);
          } else {
            await c.unsubscribeResource({ uri }, t);
            s.subscriptions.delete(uri);
          }
          return [...s.subscriptions];
        }),
      prompts: () =>
        this.request('Listing the prompts', (c) =>
          allPages(async (cursor) => {
            const page = await c.listPrompts(cursor ? { cursor } : undefined, { ...t, cacheMode: 'refresh' });
            return { items: page.prompts.map((p) => ({ ...p, arguments: p.arguments ?? [] })), nextCursor: page.nextCursor };
          }),
        ),
      getPrompt: (name, args) =>
        this.cancellable(`Getting the prompt ${name}`, async (c, signal) => {
          const r = await c.getPrompt({ name, arguments: args }, { ...t, signal });
          return { ...(r.description ? { description: r.description } : {}), messages: r.messages };
        }),
      complete: (ref: McpCompletionRef, argument, context) =>
        this.request('Completing', async (c) => {
          const r = await c.complete({ ref, argument, ...(context ? { context: { arguments: context } } : {}) }, t);
          return { values: r.completion.values, ...(r.completion.total !== undefined ? { total: r.completion.total } : {}), ...(r.completion.hasMore !== undefined ? { hasMore: r.completion.hasMore } : {}) };
        }),
      setLogLevel: (level: McpLogLevel) =>
        this.request('Setting the log level', async (c) => {
          await c.setLoggingLevel(level, t);
          s.logLevel = level;
        }),
      logLevel: () => s.logLevel,
      logMessages: () => s.logMessages(),
      subscriptions: () => [...s.subscriptions],
      ping: () =>
        this.request('Ping', async (c) => {
          const t0 = performance.now();
          // The 2026-07-28 revision has no ping: asking `server/discover` is its round trip.
          if (c.getProtocolEra() === 'modern') await c.discover(t);
          else await c.ping(t);
          return Math.round((performance.now() - t0) * 10) / 10;
        }),
      pending: () => s.pending(),
      hasRequest: (id) => s.has(id),
      answerElicitation: (id, answer) => s.answerElicitation(id, answer),
      answerSampling: (id, answer) => s.answerSampling(id, answer),
      listTasks: () =>
        this.request('Listing the tasks', async (c) => {
          if (!this.server?.capabilities.tasks?.list) throw new SkillError('UNSUPPORTED', `${this.ref.name} does not list its tasks.`);
          return allPages(async (cursor) => {
            const page = await listTasks(c, cursor, t);
            return { items: page.tasks.map((x) => taskOf(x)), nextCursor: page.nextCursor };
          });
        }),
      cancelTask: (taskId) => this.request(`Cancelling the task ${taskId}`, async (c) => taskOf(await cancelTask(c, taskId, t))),
      cancelRequests: () => {
        for (const ac of this.cancellables) ac.abort();
        return this.cancellables.size;
      },
      ...this.skillsCapability(t),
      oauth: () => this.oauthControl(),
      roots: () => s.roots(),
      actFor: async (agentCapabilities) => {
        this.agentCaps = agentCapabilities;
        // A profile chosen for the server wins; an offer that declares the same needs no new connection.
        if (this.ctx.hostProfile || !this.supervisor.current) return [];
        const next = JSON.stringify(agentOffer(workbenchCapabilities(s.hasRoots()), agentCapabilities));
        if (next === this.declaredCaps) return [];
        this.ctx.logs.append('system', `Connecting to ${this.ref.name} again, declaring only what the agent's client offers (${describeOffer(agentCapabilities)}): the server lists its tools for such a client.`);
        const before = this.toolList.map((t) => t.name);
        await this.restart();
        const now = new Set(this.toolList.map((t) => t.name));
        return before.filter((n) => !now.has(n));
      },
      setRoots: async (roots) => {
        const now = await s.setRoots(roots);
        // A client declares roots as it connects: a server connected without them learns of them by reconnecting.
        if (this.supervisor.current && s.declared !== s.hasRoots()) {
          this.ctx.logs.append('system', `Restarting ${this.ref.name}: it now ${s.hasRoots() ? 'gets' : 'gets no'} roots, which a server learns as it connects.`);
          await this.restart();
        }
        return now;
      },
    };
  }
}
