/**
 * The bridge as a proxy, beyond tools: what an MCP server offers (resources and their templates, reads,
 * subscriptions, prompts, completion, its log level, its changed lists, the roots it asks for) served
 * again to the agent's client. Everything goes through the mcp adapter's capability, so the workbench's
 * logs, message trace, timeline and recordings see the proxied traffic as they see the workbench's own.
 *
 * The capabilities advertised are the upstream server's (those the bridge carries: tools, resources,
 * prompts, completions, logging; not `experimental` or `tasks`, which it does not carry).
 *
 * A modern client (2026-07-28) subscribes on its listen stream, which the SDK's serving entry keeps (the bridge
 * subscribes upstream to what it listens for), and has no roots to give but inside a call: it gives none here.
 */
import { ProtocolError, type GetPromptResult, type ReadResourceResult, type Server, type ServerCapabilities } from '@modelcontextprotocol/server';
import { RpcError } from '../common/errors';
import type { McpEra, McpEvents, McpLogLevel } from '../contract';
import type { McpCapability } from '../protocols/adapter';
import type { LiveRuntime } from '../runtime/live-runtime';

type Raw = Record<string, Record<string, unknown> | undefined>;

/**
 * What the bridge advertises in front of an upstream server: what that server has, and logging always (the
 * server's stderr comes as log messages). A server that could not be reached gets tools, whose calls say why.
 */
export function proxyCapabilities(mcp: McpCapability | undefined): ServerCapabilities {
  const info = mcp?.serverInfo();
  const raw = (info?.rawCapabilities ?? {}) as Raw;
  const caps: ServerCapabilities = { logging: {} };
  if (!info || raw.tools) caps.tools = { listChanged: true };
  if (raw.resources) caps.resources = { ...(raw.resources.subscribe ? { subscribe: true } : {}), ...(raw.resources.listChanged ? { listChanged: true } : {}) };
  if (raw.prompts) caps.prompts = { ...(raw.prompts.listChanged ? { listChanged: true } : {}) };
  if (raw.completions) caps.completions = {};
  return caps;
}

/**
 * Which connection subscribed to which resource, shared by every connection of one bridge: the upstream
 * server is subscribed once, and unsubscribed when the last connection that asked lets go.
 */
export class Subscribers {
  private readonly byUri = new Map<string, Set<Server>>();

  add(uri: string, server: Server): boolean {
    const set = this.byUri.get(uri) ?? new Set<Server>();
    const first = set.size === 0;
    set.add(server);
    this.byUri.set(uri, set);
    return first;
  }

  /** True when nobody is subscribed to `uri` any more. */
  remove(uri: string, server: Server): boolean {
    const set = this.byUri.get(uri);
    if (!set) return false;
    set.delete(server);
    if (set.size) return false;
    this.byUri.delete(uri);
    return true;
  }

  of(uri: string): Server[] {
    return [...(this.byUri.get(uri) ?? [])];
  }

  uris(server: Server): string[] {
    return [...this.byUri.entries()].filter(([, set]) => set.has(server)).map(([uri]) => uri);
  }
}

export interface ProxyConnection {
  /** The client said it is initialized: its roots are asked for, where it has them. */
  initialized(): void;
  /** An event of the upstream server (through the runtime's emit). */
  event(event: string, payload: unknown): void;
  /** The client's log level, asked of the upstream server too. */
  setLevel(level: McpLogLevel): Promise<void>;
  close(): void;
}

/** Registers the proxy's handlers on one connection's `server` (advertised with proxyCapabilities). */
export function serveProxy(server: Server, rt: LiveRuntime, subscribers: Subscribers, era: McpEra): ProxyConnection {
  const mcp = rt.adapter.mcp!;
  const caps = proxyCapabilities(mcp);
  let ready = false;

  if (caps.resources) {
    server.setRequestHandler('resources/list', async () => ({ resources: await mcp.resources() }));
    server.setRequestHandler('resources/templates/list', async () => ({ resourceTemplates: await mcp.resourceTemplates() }));
    server.setRequestHandler('resources/read', async (req): Promise<ReadResourceResult> => {
      try {
        return { contents: (await mcp.readResource(req.params.uri)) as ReadResourceResult['contents'] };
      } catch (err) {
        // The server's own error goes on as it was (a resource not found names its URI, as the spec asks).
        if (err instanceof RpcError) throw new ProtocolError(err.code, err.message, err.data ?? { uri: req.params.uri });
        throw err;
      }
    });
    if (caps.resources.subscribe && era === 'legacy') {
      server.setRequestHandler('resources/subscribe', async (req) => {
        const uri = req.params.uri;
        if (!mcp.subscriptions().includes(uri)) await mcp.subscribe(uri);
        subscribers.add(uri, server);
        return {};
      });
      server.setRequestHandler('resources/unsubscribe', async (req) => {
        const uri = req.params.uri;
        if (subscribers.remove(uri, server) && mcp.subscriptions().includes(uri)) await mcp.unsubscribe(uri);
        return {};
      });
    }
  }
  if (caps.prompts) {
    server.setRequestHandler('prompts/list', async () => ({ prompts: await mcp.prompts() }));
    server.setRequestHandler('prompts/get', async (req): Promise<GetPromptResult> => {
      const r = await mcp.getPrompt(req.params.name, req.params.arguments ?? {});
      return r as GetPromptResult;
    });
  }
  if (caps.completions) {
    server.setRequestHandler('completion/complete', async (req) => {
      const c = await mcp.complete(req.params.ref, req.params.argument, req.params.context?.arguments);
      return { completion: { ...c } };
    });
  }

  // The agent's roots replace the folder the workbench would give (the upstream server is told they changed).
  const askRoots = async () => {
    if (era !== 'legacy' || !server.getClientCapabilities()?.roots) return;
    try {
      const { roots } = await server.listRoots();
      const files = roots.filter((r) => r.uri.startsWith('file://')).map((r) => ({ uri: r.uri, ...(r.name ? { name: r.name } : {}) }));
      if (files.length) await mcp.setRoots(files);
    } catch (err) {
      rt.logs.append('system', `The agent's roots could not be read: ${(err as Error).message}`);
    }
  };
  if (era === 'legacy') server.setNotificationHandler('notifications/roots/list_changed', () => void askRoots());

  const live = () => ready && !!server.transport;
  return {
    initialized() {
      ready = true;
      void askRoots();
    },
    event(event, payload) {
      if (!live()) return;
      if (event === 'mcpResourceUpdated') {
        const { uri } = payload as McpEvents['mcpResourceUpdated'];
        if (subscribers.of(uri).includes(server)) void server.sendResourceUpdated({ uri }).catch(() => undefined);
      } else if (event === 'mcpListChanged') {
        const { list } = payload as McpEvents['mcpListChanged'];
        if (list === 'resources' && caps.resources?.listChanged) void server.sendResourceListChanged().catch(() => undefined);
        if (list === 'prompts' && caps.prompts?.listChanged) void server.sendPromptListChanged().catch(() => undefined);
      }
    },
    async setLevel(level) {
      if (mcp.serverInfo()?.capabilities.logging) await mcp.setLogLevel(level);
    },
    close() {
      for (const uri of subscribers.uris(server)) {
        if (subscribers.remove(uri, server)) void mcp.unsubscribe(uri).catch(() => undefined);
      }
    },
  };
}
