/**
 * The workbench service: the core of WorkbenchApi (with its QA, authoring, log and agent services, see
 * api.ts) that both hosts (Electron IPC and the browser-mode WebSocket bridge) expose. It is the workspace,
 * a map of skill runtimes (each made on first use, owning its skill's whole life), and the event hub
 * they all tell what happens.
 */
import type { CallRecord, CoreApi, HostInfo, RecordingInfo, SetupConfiguration, SkillData, SkillInfo, SkillOption, SkillOptionsChange, SkillRef, SkillSettings, SkillSettingsUpdate } from '../contract';
import type { AgentClient, AgentConfig, AgentInstall, SkillSummary, TickState, TimelineEntry, Workspace } from '../contract';
import { agentConfig } from './agent-config';
import { installIntoAgent } from './agent-install';
import { cliPrefix } from '../host/cli-command';
import { QaService } from './qa-service';
import { AuthoringService } from './authoring-service';
import { LogService } from './log-service';
import { AgentService } from './agent-service';
import { AgentSkillService } from './agent-skill-service';
import { Redactor } from '../engine/redactor';
import type { SecretStoreOptions } from '../host/secret-store';
import { skillFolder } from '../host/workbench-home';
import { unstartedInfo } from '../protocols/unstarted-info';
import { discoverAsync, discoverSync, OPENING_BUDGET_MS, OPENING_FOLDERS, WALK_BUDGET_MS, type Discovery } from '../protocols/discover';
import { EventHub } from './events';
import { LiveRuntime } from '../runtime/live-runtime';
import { summaryOf, type SkillRuntime } from '../runtime/skill-runtime';
import { WorkspaceStore } from './workspace';
import { listRecordingFiles } from '../runtime/recordings';
import { syncBeforeTelling } from '../runtime/sync-barrier';
import { openHomeStores, type HomeStores } from '../runtime/stores';
import { pruneHomeHistory } from '../runtime/history-retention';
import { keepsRuntime, readSettings, writeSettings } from '../runtime/skill-settings';
import { parseSettingsUpdate } from '../runtime/settings-update';
import { setupConfiguration } from '../runtime/setup-marker';
import type { SkillHost } from './skill-host';
import { InteropService } from './interop-service';
import { McpService } from './mcp-service';
import { runningOnly } from './running-only';
import { SkillDefService } from './skilldef-service';
import { ChatService } from './chat-service';
import { EnvService } from './env-service';

export interface WorkbenchOptions {
  home: string;
  kind: HostInfo['kind'];
  version?: string;
  /** Folders to open when the workspace is new (the bundled examples, say). */
  folders?: string[];
  /** The user named `folders` (on the command line): the workspace kept for that set opens, not the default one. */
  namedFolders?: boolean;
  pickFolder?: () => Promise<string | null>;
  /** Quiet time that ends a burst of saves before a hot reload (ms). */
  reloadDebounceMs?: number;
  /** How many folders the walk made while opening may look at before the rest is walked beside the app. */
  openingFolders?: number;
  /** How secrets are encrypted (the desktop app's OS keychain); the local key file otherwise. */
  secrets?: Partial<SecretStoreOptions>;
  /** Opens an address in the user's browser (the desktop app); where absent, the window shows it to open. */
  openExternal?: (url: string) => Promise<boolean>;
}

/** A skill of the open folders, and its runtime once something used it. */
interface Entry {
  ref: SkillRef;
  runtime?: LiveRuntime;
}

export class Workbench implements CoreApi, SkillHost {
  readonly events = new EventHub();
  readonly stores: HomeStores;
  /** Knows every secret of the home and every secret a skill's runtime learns: what leaves the workbench goes through it. */
  readonly redactor = new Redactor();
  readonly qa: QaService;
  readonly authoring: AuthoringService;
  readonly logFiles: LogService;
  readonly agents: AgentService;
  /** Serves skills' `skills/*` calls from the other skills open here, and the Interop panel's. */
  readonly interop: InteropService = new InteropService(this);
  /** The MCP views' commands: what a server offers beyond tools, its requests to the user, adding servers. */
  readonly mcp: McpService = new McpService(this);
  readonly agentSkills: AgentSkillService = new AgentSkillService(this);
  /** Triggers, a skill's own status and lifecycle, and the entity graph (the newer SDK's panels). */
  readonly skilldef: SkillDefService = new SkillDefService(this);
  /** The app's models and its chat; `activeChatModel()` is the model in use for whatever else asks one. */
  readonly chat: ChatService = new ChatService(this);
  /** "Prepare the environment": a Python skill's packages checked and installed into its .venv. */
  readonly env: EnvService = new EnvService(this);
  private readonly workspace: WorkspaceStore;
  private skills = new Map<string, Entry>();
  /** Folders the native picker returned: a new skill may be made in one (the renderer cannot invent them). */
  private readonly picked = new Set<string>();
  private closed = false;
  /** Skills the user started on purpose: only these arm what runs by itself (an agent's schedules). */
  private readonly startedByUser = new Set<string>();
  /** The walk of the open folders under way, if any: the next one starts after it. */
  private scanning: Promise<unknown> = Promise.resolve();
  /** The walk that finishes an opening walk cut short (by its folder cap or its time); the first list waits for it. */
  private openingWalk: Promise<void> | undefined;
  /** Runtimes made elsewhere that must not outlive the workbench (a replay's fresh skill). */
  private readonly adopted = new Set<SkillRuntime>();

  constructor(private readonly opts: WorkbenchOptions) {
    // Owner-only, and rid of what writers killed mid-write left behind, before anything is written.
    this.stores = openHomeStores(opts.home, { secrets: opts.secrets, log: (line) => this.homeWarning(line) });
    pruneHomeHistory(opts.home);
    this.workspace = new WorkspaceStore(opts.home, opts.folders ?? [], { named: opts.namedFolders });
    // Every recording on disk before a window hears of anything (a skill being dropped included).
    this.events.barrier = syncBeforeTelling;
    this.stores.secrets.registerAll(this.redactor);
    const scrub = <T>(v: T): T => this.redactor.value(v);
    this.events.scrub = scrub;
    this.qa = new QaService(this);
    this.authoring = new AuthoringService(this);
    this.logFiles = new LogService(this);
    this.agents = new AgentService(this);
    // Answers are scrubbed at the door (door.ts), as they leave.
    // Opening holds the event loop for a short walk only; a folder too large for it (or a machine too busy) is
    // walked again beside the app, to the usual caps, and the first list waits for that walk.
    const opening = this.workspace.get().folders.map((f) => discoverSync(f, { maxFolders: opts.openingFolders ?? OPENING_FOLDERS, budgetMs: OPENING_BUDGET_MS }));
    this.apply(opening);
    if (opening.some((d) => d.capped)) this.openingWalk = this.rescan().then(() => undefined, () => undefined);
  }

  async hostInfo(): Promise<HostInfo> {
    return { kind: this.opts.kind, version: this.opts.version ?? '0.1.0', home: this.opts.home, canPickFolder: !!this.opts.pickFolder, cli: cliPrefix() };
  }

  async getWorkspace(): Promise<Workspace> {
    return this.workspace.get();
  }

  async addFolder(folder: string): Promise<Workspace> {
    const ws = this.workspace.addFolder(folder);
    const notes = await this.rescan();
    return notes.length ? { ...ws, notes } : ws;
  }

  async removeFolder(folder: string): Promise<Workspace> {
    const ws = this.workspace.removeFolder(folder);
    await this.rescan();
    return ws;
  }

  async pickFolder(): Promise<string | null> {
    if (!this.opts.pickFolder) throw new Error('There is no folder picker in the browser: type the folder\'s path instead.');
    const folder = await this.opts.pickFolder();
    if (folder) this.picked.add(folder);
    return folder;
  }

  /** True for a folder the user chose with the native picker during this run. */
  wasPicked(folder: string): boolean {
    return this.picked.has(folder);
  }

  async selectSkill(skillId: string | null): Promise<void> {
    this.workspace.select(skillId);
  }

  async listSkills(): Promise<SkillSummary[]> {
    // A list cut short by the opening walk's budget would leave skills out until something else walks again.
    await this.openingWalk;
    return this.summaries();
  }

  async agentConfig(skillId: string): Promise<AgentConfig> {
    return agentConfig(this.entry(skillId).ref, undefined, { home: this.opts.home });
  }

  async installIntoAgent(skillId: string, client: AgentClient): Promise<AgentInstall> {
    return installIntoAgent(await this.agentConfig(skillId), client, this.opts.home);
  }

  async readSkill(skillId: string): Promise<SkillInfo> {
    const e = this.entry(skillId);
    const learnt = e.runtime?.info();
    if (learnt) return learnt;
    if (this.workspace.runsOnOpen(e.ref.root)) return this.inspectSkill(skillId);
    const read = await this.runtime(skillId).describe();
    return { ...(read ?? unstartedInfo(e.ref)), notStarted: true };
  }

  async inspectSkill(skillId: string): Promise<SkillInfo> {
    const rt = this.runtime(skillId);
    this.startedByUser.add(skillId);
    return rt.info() ?? (await rt.start());
  }

  async setRunOnOpen(folder: string, on: boolean): Promise<Workspace> {
    return this.workspace.setRunOnOpen(folder, on);
  }

  async startSkill(skillId: string): Promise<void> {
    this.startedByUser.add(skillId);
    await this.runtime(skillId).start();
  }

  /** Whether the user started the skill (Start, inspect, or a folder they chose to run on open), not just a call. */
  userStarted(skillId: string): boolean {
    return this.startedByUser.has(skillId) || this.workspace.runsOnOpen(this.entry(skillId).ref.root);
  }

  async stopSkill(skillId: string): Promise<void> {
    await this.entry(skillId).runtime?.stop();
  }

  async restartSkill(skillId: string): Promise<void> {
    await this.runtime(skillId).restart();
  }

  async callTool(skillId: string, tool: string, args: unknown, opts: { timeoutMs?: number; callId?: string } = {}): Promise<CallRecord> {
    const { callId } = opts ?? {};
    if (callId !== undefined && (typeof callId !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(callId))) {
      throw new Error('A call id is 1 to 100 letters, digits, - and _ (a UUID will do).');
    }
    return this.runtime(skillId).callTool(tool, args, opts ?? {});
  }

  async cancelCall(callId: string): Promise<void> {
    for (const e of this.skills.values()) if (e.runtime?.cancel(callId)) return;
  }

  async revealCall(skillId: string, callId: string): Promise<CallRecord | null> {
    return this.entry(skillId).runtime?.heldCall(callId) ?? null;
  }

  async getCall(skillId: string, callId: string): Promise<CallRecord | null> {
    return this.runtime(skillId).callHistory().find(callId);
  }

  async getHistory(skillId: string): Promise<CallRecord[]> {
    return this.runtime(skillId).callHistory().list();
  }

  async getLogs(skillId: string) {
    return this.runtime(skillId).logs.entries();
  }

  async clearLogs(skillId: string): Promise<void> {
    this.runtime(skillId).logs.clear();
  }

  async getMessages(skillId: string) {
    // As the events carry them: a large body as a preview, read whole with readMessage.
    const messages = this.runtime(skillId).messages;
    return messages.previews(messages.entries());
  }

  async getTimeline(skillId: string): Promise<{ entries: TimelineEntry[]; ticks: TickState | null }> {
    const rt = this.runtime(skillId);
    return { entries: rt.timelineEntries(), ticks: rt.tickState() };
  }

  async setupStart(skillId: string) {
    return this.runtime(skillId).capability('setup').start();
  }

  async setupSubmit(skillId: string, stepId: string, values: Record<string, unknown>) {
    return this.runtime(skillId).capability('setup').submit(stepId, values);
  }

  async setupCancel(skillId: string): Promise<void> {
    await this.runtime(skillId).capability('setup').cancel();
  }

  async getSetupConfiguration(skillId: string): Promise<SetupConfiguration | null> {
    this.entry(skillId);
    return setupConfiguration(this.opts.home, skillId);
  }

  async sessionStart(skillId: string): Promise<string> {
    return this.runtime(skillId).sessionStart();
  }

  async sessionEnd(skillId: string): Promise<void> {
    await this.runtime(skillId).sessionEnd();
  }

  async transformMessage(skillId: string, hook: 'beforeMessage' | 'afterResponse', text: string): Promise<string | null> {
    return this.runtime(skillId).transform(hook, text);
  }

  async pauseTicks(skillId: string): Promise<void> {
    this.runtime(skillId).pauseTicks();
  }

  async resumeTicks(skillId: string): Promise<void> {
    this.runtime(skillId).resumeTicks();
  }

  async tickNow(skillId: string): Promise<void> {
    await this.runtime(skillId).tickNow();
  }

  async getData(skillId: string): Promise<SkillData> {
    return this.runtime(skillId).data();
  }

  async setState(skillId: string, state: Record<string, unknown>): Promise<void> {
    await this.runtime(skillId).replaceState(state);
  }

  async readDataFile(skillId: string, name: string): Promise<string> {
    return this.runtime(skillId).readDataFile(name);
  }

  async startRecording(skillId: string, name?: string): Promise<RecordingInfo> {
    return this.runtime(skillId).beginRecording(name);
  }

  async stopRecording(skillId: string): Promise<RecordingInfo | null> {
    return this.runtime(skillId).endRecording();
  }

  async annotate(skillId: string, text: string): Promise<void> {
    if (!text.trim()) throw new Error('Write something in the note first.');
    this.runtime(skillId).mark({ kind: 'note', label: text.trim() });
  }

  async listRecordings(): Promise<RecordingInfo[]> {
    return listRecordingFiles(this.opts.home, new Set(this.activeRecordings()));
  }

  activeRecordings(): string[] {
    return [...this.skills.values()].flatMap((e) => (e.runtime?.recording ? [e.runtime.recording.file] : []));
  }

  async getOptions(skillId: string): Promise<SkillOption[]> {
    // A skill without options says so as it stands; one with them is asked only while it runs.
    this.runtime(skillId).capability('options');
    return (await this.runningRuntime(skillId, 'its options')).capability('options').list();
  }

  async setOption(skillId: string, name: string, value: unknown): Promise<SkillOptionsChange> {
    return this.optionsChanged(await (await this.liveRuntime(skillId)).capability('options').set(name, value));
  }

  async resetOptions(skillId: string, name?: string): Promise<SkillOptionsChange> {
    return this.optionsChanged(await (await this.liveRuntime(skillId)).capability('options').reset(name));
  }

  async getSkillSettings(skillId: string): Promise<SkillSettings> {
    this.entry(skillId);
    return readSettings(skillFolder(this.opts.home, skillId));
  }

  async updateSkillSettings(skillId: string, raw: SkillSettingsUpdate): Promise<SkillSettings> {
    const e = this.entry(skillId);
    // Checked whole before anything is read, written or restarted: a malformed update changes nothing.
    const update = parseSettingsUpdate(raw);
    const before = readSettings(skillFolder(this.opts.home, skillId));
    const next = writeSettings(skillFolder(this.opts.home, skillId), skillId, update, this.stores.secrets);
    // Environment and arguments are read at each launch: they apply from the next (re)start, which the user picks.
    // A one-process-per-call skill has nothing to restart, but what it shows (an agent's secrets, set or not)
    // comes from its environment: it is inspected afresh.
    const oneShot = e.runtime?.info()?.capabilities.persistent === false;
    const envChanged = !!update.secretValues || JSON.stringify([before.env, before.secretEnv]) !== JSON.stringify([next.env, next.secretEnv]);
    if (keepsRuntime(before, next) && !(oneShot && envChanged)) {
      e.runtime?.hotReloadChanged(next.hotReload);
      return next;
    }
    // The runtime's environment and limits are fixed when it is made: make a new one.
    const wasRunning = e.runtime && e.runtime.status !== 'stopped' && e.runtime.status !== 'crashed';
    await this.dropRuntime(e);
    if (wasRunning) await this.runtime(skillId).start();
    return next;
  }

  /** Stops every skill and closes every file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.chat.close();
    await this.env.close();
    await Promise.all([...this.adopted, ...[...this.skills.values()].map((e) => e.runtime)].filter((rt) => rt !== undefined).map((rt) => rt.close()));
    await this.stores.flush();
  }

  adopt(rt: SkillRuntime): () => void {
    if (this.closed) throw new Error('The workbench is shutting down.');
    this.adopted.add(rt);
    return () => this.adopted.delete(rt);
  }

  // ---- for the services (SkillHost): not commands of the contract, so no bridge reaches them ----

  get home(): string {
    return this.opts.home;
  }

  skillRef(skillId: string): SkillRef {
    return this.entry(skillId).ref;
  }

  async liveRuntime(skillId: string): Promise<LiveRuntime> {
    const rt = this.runtime(skillId);
    await rt.ensureStarted();
    return rt;
  }

  idleRuntime(skillId: string): LiveRuntime {
    return this.runtime(skillId);
  }

  runningRuntime(skillId: string, what: string): Promise<LiveRuntime> {
    return runningOnly(this.runtime(skillId), what);
  }

  knownInfo(skillId: string): SkillInfo | null {
    return this.entry(skillId).runtime?.info() ?? null;
  }

  redact<T>(skillId: string, v: T): T {
    return this.runtime(skillId).redactor.value(v);
  }

  async refreshSkills(): Promise<void> {
    await this.rescan();
  }

  observeFiles(skillId: string): void {
    if (!this.closed) this.runtime(skillId).observeFiles();
  }

  async reloadSettled(skillId: string): Promise<void> {
    await this.entry(skillId).runtime?.reloadSettled();
  }

  // ---- internals ----

  /**
   * Walks the open folders again without holding up the app (a walk of /usr took seconds), one walk at a
   * time, each from the folders open when it starts, each to its caps (folders and time: whoever added `/`
   * has an answer within seconds). Resolves with what the walks said of their caps.
   */
  private rescan(): Promise<string[]> {
    const run = this.scanning.then(async () => {
      const found: Discovery[] = [];
      for (const folder of this.workspace.get().folders) found.push(await discoverAsync(folder, { budgetMs: WALK_BUDGET_MS, stopped: () => this.closed }));
      if (!this.closed) this.apply(found);
      return found.flatMap((d) => (d.capped ? [d.capped] : []));
    });
    this.scanning = run.catch(() => undefined);
    return run;
  }

  private apply(found: Discovery[]): void {
    const next = new Map<string, Entry>();
    for (const ref of found.flatMap((d) => d.skills)) {
      if (next.has(ref.id)) continue;
      next.set(ref.id, this.skills.get(ref.id) ?? { ref });
    }
    for (const [id, e] of this.skills) if (!next.has(id)) void e.runtime?.close();
    this.skills = next;
    this.emitSkills();
  }

  private entry(skillId: string): Entry {
    const e = this.skills.get(skillId);
    if (!e) throw new Error(`There is no skill "${skillId}" in the open folders. It may have been moved or removed.`);
    return e;
  }

  private runtime(skillId: string): LiveRuntime {
    // A request that raced the shutdown must not start a process nobody will stop.
    if (this.closed) throw new Error('The workbench is shutting down.');
    const e = this.entry(skillId);
    e.runtime ??= LiveRuntime.withSettings(e.ref, this.opts.home, {
      stores: this.stores,
      // What the skill's runtime learns (a setup answer, a collection's secret), the workbench's redactor learns too.
      redactor: new Redactor(this.redactor),
      emit: (event, payload) => {
        this.events.emit(event, payload);
        // An MCP server's new tool list: every sidebar counts its tools again.
        if (event === 'mcpListChanged' && (payload as { list?: string }).list === 'tools') this.emitSkills();
      },
      interop: this.interop,
      reloadDebounceMs: this.opts.reloadDebounceMs,
      sampler: e.ref.protocol === 'mcp' ? this.mcp.samplerFor(e.ref.id) : undefined,
      // An HTTP server that wants OAuth sends the user to sign in: the app's window shows the address.
      oauthUser: { open: this.opts.openExternal },
    });
    return e.runtime;
  }

  private async dropRuntime(e: Entry): Promise<void> {
    const rt = e.runtime;
    e.runtime = undefined;
    const observed = rt?.observed ?? false;
    await rt?.close();
    this.events.emit('status', { skillId: e.ref.id, status: 'stopped' });
    // The new runtime's folder is the same: whoever listened for its changes still does.
    if (observed) this.observeFiles(e.ref.id);
  }

  /** An option may show or hide tools: every window's sidebar counts them again. */
  private optionsChanged(change: SkillOptionsChange): SkillOptionsChange {
    this.emitSkills();
    return change;
  }

  private summaries(): SkillSummary[] {
    return [...this.skills.values()].map((e) => summaryOf(e.ref, e.runtime));
  }

  private emitSkills(): void {
    this.events.emit('skills', this.summaries());
  }

  /** A warning of the home's shared stores (a secret that cannot be read): into the log of each skill open now. */
  private homeWarning(line: string): void {
    let told = false;
    for (const e of this.skills.values()) {
      if (!e.runtime) continue;
      e.runtime.logs.append('system', line);
      told = true;
    }
    if (!told) console.warn(`skillbench: ${line}`);
  }
}
