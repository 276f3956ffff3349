/**
 * The MCP views' commands (McpApi) on the skill host: what a server offers beyond tools (its tools go
 * through the ordinary call path), the requests it makes of the user, and adding servers to the workspace.
 * Reads of resources and prompts are marked on the skill's timeline (and so in its recording). Events come
 * from the servers' runtimes through the hub; answers are redacted as they leave (workbench.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {
  McpApi, McpAppResource, McpCompletion, McpConfigFound, McpCompletionRef, McpConfigWrite, McpElicitationAnswer, McpEraMode, McpLogLevel, McpLogMessage, McpPendingRequest, McpPrompt,
  McpPromptResult, McpResource, McpResourceRead, McpResourceTemplate, McpRoot, McpSamplingAnswer, McpSamplingDraft, McpSamplingMode, McpSamplingSetup,
  McpServerAdd, McpServerConfig, McpServerInfo, McpOAuthState, McpSessionState, McpTask, McpTool,
} from '../contract';
import { MCP_LOG_LEVELS } from '../contract';
import { isAlive } from '../common/skill-status';
import { isWithin } from '../authoring/collection-places';
import { skillFolder } from '../host/workbench-home';
import type { McpCapability } from '../protocols/adapter';
import { BEARER_TOKEN_VAR, eraMode, setEraMode } from '../protocols/mcp';
import { findConfigs, projectConfigPlaces, userConfigPlaces } from '../protocols/mcp';
import { mergeIntoFolder, parseMcpConfig, readMcpConfigFile, type ParsedConfig } from '../protocols/mcp';
import { writeSettings } from '../runtime/skill-settings';
import type { SkillRuntime } from '../runtime/skill-runtime';
import type { Sampler } from '../protocols/adapter';
import { activeModelName } from './app-model';
import { appSampler, draftWithAppModel, samplingMode, setSamplingMode } from './mcp-sampling';
import type { SkillHost } from './skill-host';
import { McpOAuthService } from './mcp-oauth-service';
import { appResourceOf, appSrc, McpAppDocs } from './mcp-apps';

type Host = Pick<SkillHost, 'home' | 'stores' | 'chat' | 'listSkills' | 'liveRuntime' | 'idleRuntime' | 'runningRuntime' | 'skillRef' | 'getWorkspace' | 'addFolder' | 'refreshSkills' | 'wasPicked'>;

/** Statuses in which a server's runtime exists and may hold requests. */

export class McpService implements McpApi {
  /** MCP Apps' documents, served to their frames at MCP_APP_ROUTE (browser mode's server, the desktop app's protocol). */
  readonly apps = new McpAppDocs();
  /** An HTTP server's OAuth: the Authorization section's commands. */
  private readonly oauth: McpOAuthService;

  constructor(private readonly wb: Host) {
    this.oauth = new McpOAuthService(wb);
  }

  mcpOAuthState = (skillId: string): Promise<McpOAuthState> => this.oauth.mcpOAuthState(skillId);
  mcpOAuthAuthorize = (skillId: string, scope?: string): Promise<McpOAuthState> => this.oauth.mcpOAuthAuthorize(skillId, scope);
  mcpOAuthRefresh = (skillId: string): Promise<McpOAuthState> => this.oauth.mcpOAuthRefresh(skillId);
  mcpOAuthCancel = (skillId: string): Promise<McpOAuthState> => this.oauth.mcpOAuthCancel(skillId);
  mcpOAuthLogout = (skillId: string): Promise<McpOAuthState> => this.oauth.mcpOAuthLogout(skillId);

  async mcpServerInfo(skillId: string): Promise<McpServerInfo> {
    const { cap } = await this.look(skillId, 'its capabilities and what it says of itself');
    return cap.serverInfo()!;
  }

  async mcpSession(skillId: string): Promise<McpSessionState> {
    const cap = this.idle(skillId);
    return { skillId, server: cap.serverInfo(), logLevel: cap.logLevel(), subscriptions: cap.subscriptions(), roots: cap.roots(), pending: cap.pending() };
  }

  async mcpListTools(skillId: string): Promise<McpTool[]> {
    return (await this.look(skillId, 'its tools')).cap.tools();
  }

  async mcpListResources(skillId: string): Promise<McpResource[]> {
    return (await this.look(skillId, 'its resources')).cap.resources();
  }

  async mcpListResourceTemplates(skillId: string): Promise<McpResourceTemplate[]> {
    return (await this.look(skillId, 'its resource templates')).cap.resourceTemplates();
  }

  async mcpReadResource(skillId: string, uri: string): Promise<McpResourceRead> {
    if (!uri) throw new Error('Name the resource to read by its address (uri).');
    const { rt, cap } = await this.live(skillId);
    const started = performance.now();
    try {
      const contents = await cap.readResource(uri);
      const durationMs = Math.round(performance.now() - started);
      rt.mark({ kind: 'event', label: `Read ${uri}`, outcome: 'ok', durationMs, data: { mcp: 'resources/read', uri, items: contents.length } });
      return { skillId, uri, contents, durationMs };
    } catch (err) {
      const durationMs = Math.round(performance.now() - started);
      const error = (err as Error)?.message ?? String(err);
      rt.mark({ kind: 'event', label: `Read ${uri}: it failed`, outcome: 'error', durationMs, data: { mcp: 'resources/read', uri, error } });
      return { skillId, uri, contents: [], durationMs, error };
    }
  }

  async mcpAppResource(skillId: string, uri: string): Promise<McpAppResource> {
    if (!uri?.startsWith('ui://')) throw new Error(`${uri || 'That'} is not an MCP App resource: those are named ui://…`);
    const read = await this.mcpReadResource(skillId, uri);
    if (read.error) throw new Error(`The app ${uri} could not be read: ${read.error}`);
    // The document leaves by its own route, not as an answer: the skill's secrets are masked here.
    const { rt } = await this.live(skillId);
    const { html, ...app } = appResourceOf(skillId, uri, rt.redactor.value(read.contents));
    return { ...app, src: appSrc(this.apps.put(html, app.csp)) };
  }

  async mcpSubscribe(skillId: string, uri: string): Promise<string[]> {
    return (await this.live(skillId)).cap.subscribe(uri);
  }

  async mcpUnsubscribe(skillId: string, uri: string): Promise<string[]> {
    return (await this.live(skillId)).cap.unsubscribe(uri);
  }

  async mcpListPrompts(skillId: string): Promise<McpPrompt[]> {
    return (await this.look(skillId, 'its prompts')).cap.prompts();
  }

  async mcpGetPrompt(skillId: string, name: string, args: Record<string, string>): Promise<McpPromptResult> {
    const values = args ?? {};
    const { rt, cap } = await this.live(skillId);
    const started = performance.now();
    try {
      const r = await cap.getPrompt(name, values);
      const durationMs = Math.round(performance.now() - started);
      rt.mark({ kind: 'event', label: `Got the prompt ${name}`, outcome: 'ok', durationMs, data: { mcp: 'prompts/get', name, arguments: values } });
      return { skillId, name, arguments: values, ...r, durationMs };
    } catch (err) {
      const durationMs = Math.round(performance.now() - started);
      const error = (err as Error)?.message ?? String(err);
      rt.mark({ kind: 'event', label: `Got the prompt ${name}: it failed`, outcome: 'error', durationMs, data: { mcp: 'prompts/get', name, arguments: values, error } });
      return { skillId, name, arguments: values, messages: [], durationMs, error };
    }
  }

  async mcpComplete(skillId: string, ref: McpCompletionRef, argument: { name: string; value: string }, context?: Record<string, string>): Promise<McpCompletion> {
    if (!ref || (ref.type !== 'ref/prompt' && ref.type !== 'ref/resource')) throw new Error('Complete a prompt argument (ref/prompt) or a template variable (ref/resource).');
    return (await this.live(skillId)).cap.complete(ref, { name: String(argument?.name ?? ''), value: String(argument?.value ?? '') }, context);
  }

  async mcpSetLogLevel(skillId: string, level: McpLogLevel): Promise<void> {
    if (!MCP_LOG_LEVELS.includes(level)) throw new Error(`The log level must be one of ${MCP_LOG_LEVELS.join(', ')}.`);
    const { rt, cap } = await this.live(skillId);
    await cap.setLogLevel(level);
    rt.logs.append('system', `Asked the server for log messages at level ${level} and above.`);
  }

  async mcpLogMessages(skillId: string): Promise<McpLogMessage[]> {
    return this.idle(skillId).logMessages();
  }

  async mcpPing(skillId: string): Promise<{ ms: number }> {
    return { ms: await (await this.live(skillId)).cap.ping() };
  }

  async mcpPending(skillId?: string): Promise<McpPendingRequest[]> {
    if (skillId !== undefined) return this.idle(skillId).pending();
    return (await this.running()).flatMap((cap) => cap.pending());
  }

  async mcpAnswerElicitation(requestId: string, answer: McpElicitationAnswer): Promise<void> {
    (await this.holder(requestId)).answerElicitation(requestId, answer);
  }

  async mcpAnswerSampling(requestId: string, answer: McpSamplingAnswer): Promise<void> {
    (await this.holder(requestId)).answerSampling(requestId, answer);
  }

  async mcpSamplingSetup(skillId: string): Promise<McpSamplingSetup> {
    this.idle(skillId);
    return { skillId, mode: samplingMode(this.wb.home, skillId), model: activeModelName(this.wb) };
  }

  async mcpSetSamplingMode(skillId: string, mode: McpSamplingMode): Promise<McpSamplingSetup> {
    this.idle(skillId);
    setSamplingMode(this.wb.home, skillId, mode);
    this.wb.idleRuntime(skillId).logs.append('system', mode === 'always' ? 'Sampling requests are now answered by the model at once.' : 'Sampling requests are now asked of you each time.');
    return this.mcpSamplingSetup(skillId);
  }

  async mcpEraMode(skillId: string): Promise<McpEraMode> {
    this.idle(skillId);
    return eraMode(this.wb.home, skillId);
  }

  /** A server running in another era reconnects in the one chosen (the era is settled as a client connects). */
  async mcpSetEraMode(skillId: string, mode: McpEraMode): Promise<McpEraMode> {
    this.idle(skillId);
    setEraMode(this.wb.home, skillId, mode);
    const rt = this.wb.idleRuntime(skillId);
    rt.logs.append('system', mode === 'auto' ? 'MCP era: auto (server/discover first, then initialize).' : `MCP era: ${mode} only.`);
    if (isAlive(rt.status)) await rt.restart();
    return mode;
  }

  async mcpSamplingDraft(requestId: string): Promise<McpSamplingDraft> {
    const cap = await this.holder(requestId);
    const asked = cap.pending().find((r) => r.requestId === requestId);
    if (asked?.kind !== 'sampling') throw new Error(`Request ${requestId} is not a sampling request: a model drafts answers to sampling only.`);
    const rt = this.wb.idleRuntime(asked.skillId);
    const draft = await draftWithAppModel(this.wb, rt, asked.request);
    rt.logs.append('system', `${draft.answer.model} drafted an answer to the server's sampling request (${draft.durationMs} ms); it is sent only when you send it.`);
    return draft;
  }

  /** What a server's runtime is given: the app's model answers its sampling where the user said "always". */
  samplerFor(skillId: string): Sampler {
    return appSampler(this.wb, skillId, () => this.wb.idleRuntime(skillId));
  }

  async mcpGetRoots(skillId: string): Promise<McpRoot[]> {
    return this.idle(skillId).roots();
  }

  async mcpListTasks(skillId: string): Promise<McpTask[]> {
    return (await this.look(skillId, 'its tasks')).cap.listTasks();
  }

  async mcpCancelTask(skillId: string, taskId: string): Promise<McpTask> {
    if (!taskId) throw new Error('Name the task to cancel by its id.');
    const { rt, cap } = await this.live(skillId);
    const task = await cap.cancelTask(taskId);
    rt.mark({ kind: 'event', label: `Cancelled the task ${taskId}`, outcome: 'ok', data: { mcp: 'tasks/cancel', taskId, status: task.status } });
    return task;
  }

  async mcpCancelRequests(skillId: string): Promise<{ cancelled: number }> {
    return { cancelled: this.idle(skillId).cancelRequests() };
  }

  async mcpSetRoots(skillId: string, roots: McpRoot[]): Promise<McpRoot[]> {
    return this.idle(skillId).setRoots(roots);
  }

  // ---- adding servers ----

  async addMcpServer(folder: string, server: McpServerAdd): Promise<McpConfigWrite> {
    const dir = await this.openFolder(folder);
    const { bearerToken, ...rest } = server ?? ({} as McpServerAdd);
    const entry: Record<string, unknown> = rest.transport === 'http' ? { type: 'http', url: rest.url, headers: rest.headers } : { command: rest.command, args: rest.args ?? [], env: rest.env, cwd: rest.cwd };
    const parsed = parseMcpConfig({ mcpServers: { [String(rest.name ?? '')]: entry } }, 'mcp.json', 'The new server');
    if (parsed.skipped.length) throw new Error(`The server cannot be added: ${parsed.skipped[0].reason}`);
    if (bearerToken !== undefined && (typeof bearerToken !== 'string' || rest.transport !== 'http')) throw new Error('A bearer token is for an HTTP server, and is text.');
    const write = await this.write(dir, parsed);
    if (bearerToken) {
      const skillId = write.skillIds.find((id) => id.endsWith(`#${rest.name}`));
      if (!skillId) throw new Error(`The server was written to ${write.file}, but the workbench does not find it there to keep its token.`);
      writeSettings(skillFolder(this.wb.home, skillId), skillId, { secretValues: { [BEARER_TOKEN_VAR]: bearerToken } }, this.wb.stores.secrets);
    }
    return write;
  }

  async readMcpConfig(file: string): Promise<{ shape: ParsedConfig['shape']; servers: McpServerConfig[]; skipped: ParsedConfig['skipped']; notes?: string[] }> {
    const parsed = readMcpConfigFile(String(file ?? ''));
    return { shape: parsed.shape, servers: parsed.servers, skipped: parsed.skipped, ...(parsed.notes.length ? { notes: parsed.notes } : {}) };
  }

  async importMcpConfig(file: string, folder: string, names?: string[]): Promise<McpConfigWrite> {
    const parsed = readMcpConfigFile(String(file ?? ''));
    if (names) {
      const unknown = names.filter((n) => !parsed.servers.some((s) => s.name === n));
      if (unknown.length) throw new Error(`${file} has no usable server named ${unknown.join(', ')}.`);
      parsed.servers = parsed.servers.filter((s) => names.includes(s.name));
    }
    if (!parsed.servers.length) throw new Error(`${file} has no server the workbench can use.${parsed.skipped.map((s) => ` ${s.name}: ${s.reason}`).join('')}`);
    return this.write(await this.openFolder(folder), parsed);
  }

  async findMcpConfigs(): Promise<McpConfigFound[]> {
    const folders = (await this.wb.getWorkspace()).folders;
    return findConfigs([...userConfigPlaces(), ...folders.flatMap(projectConfigPlaces)]);
  }

  private async write(dir: string, parsed: ParsedConfig): Promise<McpConfigWrite> {
    const { file, added, replaced } = mergeIntoFolder(dir, parsed.servers);
    const open = (await this.wb.getWorkspace()).folders.map(realOrSelf);
    if (open.some((f) => isWithin(f, dir))) await this.wb.refreshSkills();
    else await this.wb.addFolder(dir);
    const names = new Set(parsed.servers.map((s) => s.name));
    const skillIds = (await this.wb.listSkills()).filter((s) => s.protocol === 'mcp' && realOrSelf(s.dir) === dir && names.has(s.name)).map((s) => s.id);
    return { file, shape: parsed.shape, added, replaced, skipped: parsed.skipped, skillIds, ...(parsed.notes.length ? { notes: parsed.notes } : {}) };
  }

  /** A folder the user may write `.mcp.json` into: one of the open folders (or inside one), or one picked this run. */
  private async openFolder(folder: string): Promise<string> {
    if (!folder) throw new Error('Choose the folder to keep the server in (its .mcp.json).');
    let stat: fs.Stats;
    try {
      stat = fs.statSync(folder);
    } catch {
      throw new Error(`There is no folder ${folder}.`);
    }
    if (!stat.isDirectory()) throw new Error(`${folder} is not a folder.`);
    const dir = realOrSelf(folder);
    const open = (await this.wb.getWorkspace()).folders.map(realOrSelf);
    if (!open.some((f) => isWithin(f, dir)) && !this.wb.wasPicked(folder)) {
      throw new Error(`${folder} is not one of the open folders. Keep the server in an open folder (or a folder inside one), or open the folder first.`);
    }
    return dir;
  }

  // ---- internals ----

  private async live(skillId: string): Promise<{ rt: SkillRuntime; cap: McpCapability }> {
    const ref = this.wb.skillRef(skillId);
    if (ref.protocol !== 'mcp') throw new Error(`${ref.name} is a ${ref.protocol} skill, not an MCP server.`);
    const rt = await this.wb.liveRuntime(skillId);
    return { rt, cap: rt.adapter.mcp! };
  }

  /** The running server, for a look at what it offers: one not started is not started for it (running-only.ts). */
  private async look(skillId: string, what: string): Promise<{ rt: SkillRuntime; cap: McpCapability }> {
    const ref = this.wb.skillRef(skillId);
    if (ref.protocol !== 'mcp') throw new Error(`${ref.name} is a ${ref.protocol} skill, not an MCP server.`);
    const rt = await this.wb.runningRuntime(skillId, what);
    return { rt, cap: rt.adapter.mcp! };
  }

  /** The server's client side as it is, without starting it. */
  private idle(skillId: string): McpCapability {
    const ref = this.wb.skillRef(skillId);
    if (ref.protocol !== 'mcp') throw new Error(`${ref.name} is a ${ref.protocol} skill, not an MCP server.`);
    return this.wb.idleRuntime(skillId).adapter.mcp!;
  }

  private async running(): Promise<McpCapability[]> {
    const all = await this.wb.listSkills();
    return all.filter((s) => s.protocol === 'mcp' && isAlive(s.status)).map((s) => this.wb.idleRuntime(s.id).adapter.mcp!);
  }

  private async holder(requestId: string): Promise<McpCapability> {
    const cap = (await this.running()).find((c) => c.hasRequest(requestId));
    if (!cap) throw new Error(`There is no waiting request ${requestId}: it was answered, it timed out, or the server went away.`);
    return cap;
  }
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
