/**
 * MCP servers in the workbench (the fifth protocol, `mcp`): what a server offers beyond its tools, as the
 * MCP views show it, the requests a server makes of the user, and adding servers to the workspace.
 * Types only (the renderer compiles this). Skill ids of MCP servers are `folder#server` (protocols/refs.ts).
 *
 * Tools go through the workbench's ordinary call path (`callTool`, `cancelCall`, history, recordings): the
 * call's `CallOutcome.mcp` carries what the server answered (content blocks, structuredContent, isError),
 * `outcome.data` is the structuredContent and `outcome.text` the text blocks joined. Progress of a call
 * arrives as `mcpProgress` events named by the call's id.
 */

import { MCP_OAUTH_EVENTS, type McpOAuthApi, type McpOAuthEvents } from './contract-oauth';

/** A JSON Schema as a server declares it (the same loose shape as contract-types' JsonSchema; this file imports only its OAuth part). */
export type McpJsonSchema = { [key: string]: unknown };
type JsonSchema = McpJsonSchema;

// ---- the server ----

/** The protocol's two eras: `legacy` (2025 revisions and before), `modern` (2026-07-28 and after). */
export type McpEra = 'legacy' | 'modern';
/** Which era the client uses with a server: it finds out (`auto`, the default), or it is told. */
export type McpEraMode = 'auto' | McpEra;

/** How the workbench reaches a server. */
export type McpTransportKind = 'stdio' | 'http';

/** What the server said of itself in `initialize`. */
export interface McpServerInfo {
  skillId: string;
  /** The server's own name and version (`serverInfo`). */
  name: string;
  version: string;
  title?: string;
  /** The protocol version both sides agreed on. */
  protocolVersion?: string;
  /**
   * The protocol's era of this connection: `legacy` (2025 and before: `initialize` and a session), `modern`
   * (2026-07-28 and after: stateless, `server/discover`, the version in every request's `_meta`).
   */
  era?: McpEra;
  /** Why this era, in words ("the server answered server/discover with 2026-07-28"). */
  eraReason?: string;
  /** The era the client was set to use (`auto`: it asked the server first). */
  eraMode?: McpEraMode;
  /** The versions a modern-era server listed in its `server/discover` answer. */
  supportedVersions?: string[];
  /** The server's `instructions` (how to use it), shown as they are. */
  instructions?: string;
  transport: McpTransportKind;
  /** For an HTTP server, its address (never its headers). */
  url?: string;
  /** What the server offers, in short (from its capabilities). */
  capabilities: McpCapabilities;
  /** The server's capabilities object as it sent it. */
  rawCapabilities: Record<string, unknown>;
  /** How the workbench introduced itself to the server: as itself, as a host profile, or (the bridge) for an agent's client. */
  connectedAs?: McpConnectedAs;
}

/** What the client side sent in `initialize`. */
export interface McpConnectedAs {
  /** The host profile's id (common/mcp-host-profiles.ts); absent when the workbench spoke as itself. */
  profile?: string;
  /** "Claude Code", "Skill Workbench", "Skill Workbench for the agent's client". */
  label: string;
  clientInfo: { name: string; version: string; [key: string]: unknown };
  /** The version asked for (the one agreed is `protocolVersion` above). */
  protocolVersion: string;
  capabilities: Record<string, unknown>;
}

export interface McpCapabilities {
  tools: boolean;
  resources: boolean;
  /** `resources.subscribe`: the server tells of changes to a resource the client subscribed to. */
  resourceSubscribe: boolean;
  prompts: boolean;
  logging: boolean;
  completions: boolean;
  /** Which lists the server says it announces changes of (`listChanged`). */
  listChanged: McpListKind[];
  /** Which task requests the server serves: tools called as tasks, `tasks/list`, `tasks/cancel`. */
  tasks?: { toolCall: boolean; list: boolean; cancel: boolean };
  /** The Skills extension (SEP-2640, `io.modelcontextprotocol/skills`): it offers Agent Skills; `directoryRead` where it lists directories. */
  skills?: { directoryRead: boolean };
}

export type McpListKind = 'tools' | 'resources' | 'prompts';

// ---- tools ----

/** Hints a server gives about a tool (none is a promise). */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as the MCP server lists it (the workbench's SkillInfo.tools has the same names and schemas). */
export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: McpToolAnnotations;
  /** `taskSupport` required or optional: the workbench calls it as a task (MCP Tasks, 2025-11-25). */
  execution?: { taskSupport?: 'required' | 'optional' | 'forbidden' };
  icons?: { src: string; mimeType?: string; sizes?: string[]; theme?: string }[];
  _meta?: Record<string, unknown>;
}

// ---- tasks ----

export type McpTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A task of the server (a tool called as a task), as `tasks/get` and `tasks/list` answer. */
export interface McpTask {
  taskId: string;
  status: McpTaskStatus;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  ttl?: number | null;
  pollInterval?: number;
}

/** One piece of what a server returns: in a tool's result, an embedded resource or a prompt's message. */
export type McpContentBlock =
  | { type: 'text'; text: string }
  /** `data` is base64. */
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  /** A pointer to a resource the client may read (`mcpReadResource`). */
  | { type: 'resource_link'; uri: string; name: string; title?: string; description?: string; mimeType?: string; size?: number }
  | { type: 'resource'; resource: McpResourceContents };

/** What an MCP tool call answered, in full; carried by `CallOutcome.mcp`. */
export interface McpToolResult {
  content: McpContentBlock[];
  /** The structured result, where the tool has one (checked against its outputSchema by the SDK). */
  structuredContent?: Record<string, unknown>;
  /** The tool itself reported an error (the call still worked). */
  isError: boolean;
}

// ---- resources ----

export interface McpResource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

export interface McpResourceTemplate {
  /** An RFC 6570 template: `test://static/resource/{id}`. Its variables can be completed (`mcpComplete`). */
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** One item of a read resource: text, or base64 `blob`. */
export interface McpResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** The answer to reading a resource; an error (in plain words) instead of contents when the read failed. */
export interface McpResourceRead {
  skillId: string;
  uri: string;
  contents: McpResourceContents[];
  durationMs: number;
  error?: string;
}

// ---- prompts ----

export interface McpPromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

export interface McpPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments: McpPromptArgument[];
}

export interface McpPromptMessage {
  role: 'user' | 'assistant';
  content: McpContentBlock;
}

/** A prompt as the server filled it in; an error (in plain words) instead when it refused. */
export interface McpPromptResult {
  skillId: string;
  name: string;
  arguments: Record<string, string>;
  description?: string;
  messages: McpPromptMessage[];
  durationMs: number;
  error?: string;
}

// ---- completion ----

/** What is being completed: a prompt's argument, or a variable of a resource template. */
export type McpCompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

export interface McpCompletion {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

// ---- logging ----

export type McpLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';
export const MCP_LOG_LEVELS: McpLogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** One `notifications/message` of the server (it also goes into the skill's Logs, as a system line). */
export interface McpLogMessage {
  skillId: string;
  time: number;
  level: McpLogLevel;
  logger?: string;
  data: unknown;
}

// ---- roots ----

export interface McpRoot {
  /** A `file://` URI. */
  uri: string;
  name?: string;
}

// ---- requests from the server to the user ----

/** A sampling request as the server sent it (`sampling/createMessage` params), shown in full. */
export interface McpSamplingRequest {
  messages: { role: 'user' | 'assistant'; content: McpContentBlock | McpContentBlock[] }[];
  systemPrompt?: string;
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
  includeContext?: 'none' | 'thisServer' | 'allServers';
  modelPreferences?: {
    hints?: { name?: string }[];
    costPriority?: number;
    speedPriority?: number;
    intelligencePriority?: number;
  };
  metadata?: Record<string, unknown>;
  /** Anything else in the params, untouched. */
  [key: string]: unknown;
}

interface McpPendingBase {
  skillId: string;
  /** The workbench's id of this request (unique across servers; not the server's JSON-RPC id). */
  requestId: string;
  receivedAt: number;
  /** When the workbench gives up waiting and tells the server nobody answered. */
  expiresAt: number;
}

/** A request of the server waiting for the user; listable (`mcpPending`) so a window opened later sees it. */
export type McpPendingRequest =
  | (McpPendingBase & {
      kind: 'elicitation';
      message: string;
      requestedSchema: JsonSchema;
      /** `url`: the server asks the user to open `url` (never opened for them) and say when done. */
      mode?: 'form' | 'url';
      url?: string;
      elicitationId?: string;
      /** The server sent `notifications/elicitation/complete` for this one. */
      completed?: boolean;
      /** The server asked it as a task: the answer goes into the workbench's task of this id. */
      taskId?: string;
    })
  | (McpPendingBase & { kind: 'sampling'; request: McpSamplingRequest; taskId?: string });

/** The user's answer to an elicitation: `content` holds the form's values when accepted. */
export interface McpElicitationAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean | string[]>;
}

/** The user's answer to a sampling request: a message written by hand, or a refusal. */
export type McpSamplingAnswer =
  | {
      action: 'answer';
      role?: 'assistant' | 'user';
      content: McpContentBlock;
      /** The model to name in the answer; "human" when absent. */
      model?: string;
      stopReason?: string;
    }
  | { action: 'decline'; reason?: string };

/** How a server's sampling requests are answered: the user is asked each time, or the model answers at once. */
export type McpSamplingMode = 'ask' | 'always';

/** A server's sampling setup (per server, kept in the workbench's home), and the model that would answer. */
export interface McpSamplingSetup {
  skillId: string;
  mode: McpSamplingMode;
  /** The model the app answers with (its active one), by name; null when none is configured. */
  model: string | null;
}

/** A model's answer to a sampling request, for the user to send as it is, edit, or drop. */
export interface McpSamplingDraft {
  answer: Extract<McpSamplingAnswer, { action: 'answer' }>;
  /** Tokens, where the provider said (the same shape as a chat turn's usage). */
  usage: { inputTokens?: number; outputTokens?: number; totalTokens?: number; costUsd?: number };
  durationMs: number;
}

/** How a pending request ended. */
export interface McpRequestDone {
  skillId: string;
  requestId: string;
  outcome: 'answered' | 'declined' | 'cancelled' | 'timed-out' | 'server-gone';
}

// ---- MCP Apps (SEP-1865) ----

/**
 * Where the workbench serves an MCP App's HTML (`<route>?id=<docId>`, beside the page): its own document, with the
 * CSP built from the resource's `_meta.ui.csp` and the `sandbox` directive, framed by the Tools tab in an iframe
 * sandboxed to scripts alone. (A srcdoc, blob: or data: frame would inherit the workbench's own CSP, which allows
 * no inline script.)
 */
export const MCP_APP_ROUTE = '/mcp-app';

/** The origins an app's resource asks for, as its `_meta.ui.csp` declares them. */
export interface McpAppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** An MCP App's `ui://` resource, read and held by the workbench for its frame. */
export interface McpAppResource {
  skillId: string;
  uri: string;
  /** Where the frame loads it from, relative to the page: `mcp-app?id=…`. */
  src: string;
  /** The Content-Security-Policy the document is served with (the spec's, from the declared origins). */
  csp: string;
  /** The origins as declared (those that could be used: see `notes`). */
  declared: McpAppCsp;
  /** Browser features the app asks for (camera, microphone, geolocation, clipboardWrite): shown, not granted. */
  permissions: string[];
  prefersBorder?: boolean;
  bytes: number;
  /** What was left out or could not be honoured, in words. */
  notes: string[];
}

// ---- what the views need at once ----

/** A server's live state in the workbench, for a view opened at any time. */
export interface McpSessionState {
  skillId: string;
  server: McpServerInfo | null;
  logLevel: McpLogLevel | null;
  subscriptions: string[];
  roots: McpRoot[];
  pending: McpPendingRequest[];
}

// ---- adding servers ----

/** One server's configuration, as `.mcp.json` keeps it (stdio: command; HTTP: url). */
export interface McpServerConfig {
  name: string;
  transport: McpTransportKind;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  /** Headers for an HTTP server (a secret header's value is never sent back: it reads REDACTED). */
  headers?: Record<string, string>;
}

/** A server to add: its configuration, plus a bearer token kept in the encrypted store (never in .mcp.json). */
export interface McpServerAdd extends McpServerConfig {
  bearerToken?: string;
}

/** Where the servers of a config file come from. */
export type McpConfigShape = 'mcp.json' | 'claude-desktop' | 'cursor' | 'vscode';

/** What adding or importing wrote: the `.mcp.json` and the skill ids it now shows in the workspace. */
export interface McpConfigWrite {
  file: string;
  shape: McpConfigShape;
  added: string[];
  /** Servers of the same name that were replaced. */
  replaced: string[];
  /** Servers left out, with the reason in plain words. */
  skipped: { name: string; reason: string }[];
  skillIds: string[];
  /** What the user still has to do, in plain words (a VS Code input to set as a secret, ...). */
  notes?: string[];
}

/**
 * The MCP views' commands (served by the workbench's MCP service). Those that ask the server something start it
 * if it is not running; those that read the workbench's side (mcpSession, mcpLogMessages, mcpPending, mcpGetRoots,
 * mcpSetRoots) start nothing. Adding servers needs a folder that is open in the workspace (or inside one), or picked.
 */
export interface McpApi extends McpOAuthApi {
  /** The server's identity, capabilities and instructions. */
  mcpServerInfo(skillId: string): Promise<McpServerInfo>;
  /** Everything a view needs at once: server (null until it connected), log level, subscriptions, roots, pending requests. */
  mcpSession(skillId: string): Promise<McpSessionState>;
  /** The server's tools with their annotations (call them with `callTool`). */
  mcpListTools(skillId: string): Promise<McpTool[]>;
  mcpListResources(skillId: string): Promise<McpResource[]>;
  mcpListResourceTemplates(skillId: string): Promise<McpResourceTemplate[]>;
  /** Reads a resource (on the skill's timeline); a failure is in the answer. */
  mcpReadResource(skillId: string, uri: string): Promise<McpResourceRead>;
  /** Reads an MCP App's `ui://` resource and holds it for its sandboxed frame (MCP_APP_ROUTE); refuses what is not one. */
  mcpAppResource(skillId: string, uri: string): Promise<McpAppResource>;
  /** Subscribes to a resource's changes (`mcpResourceUpdated` events); returns the subscriptions now. */
  mcpSubscribe(skillId: string, uri: string): Promise<string[]>;
  mcpUnsubscribe(skillId: string, uri: string): Promise<string[]>;
  mcpListPrompts(skillId: string): Promise<McpPrompt[]>;
  /** Fills in a prompt with its arguments (on the skill's timeline); a failure is in the answer. */
  mcpGetPrompt(skillId: string, name: string, args: Record<string, string>): Promise<McpPromptResult>;
  /** Suggestions for a prompt argument or a template variable, given what is typed (and the other values). */
  mcpComplete(skillId: string, ref: McpCompletionRef, argument: { name: string; value: string }, context?: Record<string, string>): Promise<McpCompletion>;
  /** Asks the server to send log messages at this level and above. */
  mcpSetLogLevel(skillId: string, level: McpLogLevel): Promise<void>;
  /** The server's recent log messages (newest last). */
  mcpLogMessages(skillId: string): Promise<McpLogMessage[]>;
  /** Round trip of a `ping`, in milliseconds. */
  mcpPing(skillId: string): Promise<{ ms: number }>;
  /** Requests of the server waiting for the user (all servers, or one). */
  mcpPending(skillId?: string): Promise<McpPendingRequest[]>;
  mcpAnswerElicitation(requestId: string, answer: McpElicitationAnswer): Promise<void>;
  mcpAnswerSampling(requestId: string, answer: McpSamplingAnswer): Promise<void>;
  /** How this server's sampling requests are answered, and by which model. */
  mcpSamplingSetup(skillId: string): Promise<McpSamplingSetup>;
  /** `always`: the model answers this server's sampling requests at once (shown in Messages and the timeline); `ask`: the user is asked. */
  mcpSetSamplingMode(skillId: string, mode: McpSamplingMode): Promise<McpSamplingSetup>;
  /** Which era the workbench uses with this server (`auto` unless the user chose one), kept per server. */
  mcpEraMode(skillId: string): Promise<McpEraMode>;
  /** Chooses the era for this server; a running server reconnects in it. */
  mcpSetEraMode(skillId: string, mode: McpEraMode): Promise<McpEraMode>;
  /** Asks the model for an answer to a waiting sampling request: nothing is sent; the user sends it (or an edit) with `mcpAnswerSampling`. */
  mcpSamplingDraft(requestId: string): Promise<McpSamplingDraft>;
  /** The roots the workbench gives the server (the skill's folder by default). */
  mcpGetRoots(skillId: string): Promise<McpRoot[]>;
  /** Changes the roots and tells the server (`notifications/roots/list_changed`); returns them. */
  mcpSetRoots(skillId: string, roots: McpRoot[]): Promise<McpRoot[]>;
  /** The server's tasks (`tasks/list`); a server without that capability answers an error saying so. */
  mcpListTasks(skillId: string): Promise<McpTask[]>;
  /** Cancels one of the server's tasks (`tasks/cancel`); answers the task as it is then. */
  mcpCancelTask(skillId: string, taskId: string): Promise<McpTask>;
  /** Cancels this server's resource reads and prompt gets under way (the server is told); answers how many. */
  mcpCancelRequests(skillId: string): Promise<{ cancelled: number }>;
  /** Adds one server to `.mcp.json` in `folder` (written atomically; the folder joins the workspace). */
  addMcpServer(folder: string, server: McpServerAdd): Promise<McpConfigWrite>;
  /** Reads a config file's servers without writing anything (Claude Desktop, Cursor, VS Code or `.mcp.json`). */
  readMcpConfig(file: string): Promise<{ shape: McpConfigShape; servers: McpServerConfig[]; skipped: { name: string; reason: string }[]; notes?: string[] }>;
  /** Merges a config file's servers (all, or those named) into `.mcp.json` in `folder`; the folder joins the workspace. */
  importMcpConfig(file: string, folder: string, names?: string[]): Promise<McpConfigWrite>;
  /**
   * The MCP configuration files found on this machine where the tools keep them (Claude Desktop's, Cursor's and
   * VS Code's user files, and `.cursor/mcp.json` / `.vscode/mcp.json` of the open folders), to import from
   * without a file picker. Only files that exist; a broken one is listed with its problem.
   */
  findMcpConfigs(): Promise<McpConfigFound[]>;
}

/** A configuration file found on this machine. */
export interface McpConfigFound {
  file: string;
  shape: McpConfigShape;
  /** Where it comes from, in words: "Claude Desktop", "Cursor (this user)", "VS Code (my-project)". */
  source: string;
  servers: string[];
  /** Why it cannot be read, when it cannot. */
  problem?: string;
}

/** Events of MCP servers. */
export interface McpEvents extends McpOAuthEvents {
  /** The server (re)connected: its identity and capabilities. */
  mcpServer: McpServerInfo;
  /** A server said one of its lists changed (the views refresh it). */
  mcpListChanged: { skillId: string; list: McpListKind };
  /** A resource the client subscribed to changed. */
  mcpResourceUpdated: { skillId: string; uri: string; time: number };
  mcpLog: McpLogMessage;
  /** Progress of a running call (`callId` of callTool); `total` absent when unknown. */
  mcpProgress: { skillId: string; callId: string; progress: number; total?: number; message?: string };
  /** A server asks the user something (elicitation, sampling). */
  mcpRequest: McpPendingRequest;
  /** A pending request was answered, or ended without an answer. */
  mcpRequestDone: McpRequestDone;
  /** The server listed the roots (the workbench answered on its own). */
  mcpRoots: { skillId: string; roots: McpRoot[] };
  /** A call made as a task changed status (`callId` names the call), or a task the workbench runs for the server. */
  mcpTaskStatus: { skillId: string; callId?: string; tool?: string; task: McpTask };
  /** The server said a URL elicitation is complete (`notifications/elicitation/complete`). */
  mcpElicitationComplete: { skillId: string; elicitationId: string; requestId?: string };
  /** The server asked for what the client it was connected as does not offer (a host profile's, an agent's): refused as that client would. */
  mcpRefused: { skillId: string; method: string; need: 'sampling' | 'elicitation' | 'roots' };
}


export const MCP_EVENTS: { [K in keyof McpEvents]: true } = {
  mcpServer: true, mcpListChanged: true, mcpResourceUpdated: true, mcpLog: true, mcpProgress: true,
  mcpRequest: true, mcpRequestDone: true, mcpRoots: true, mcpTaskStatus: true, mcpElicitationComplete: true, mcpRefused: true, ...MCP_OAUTH_EVENTS,
};
