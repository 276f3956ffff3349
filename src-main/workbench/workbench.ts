/**
 * The workbench service: the core of WorkbenchApi (with its QA and authoring services, see api.ts) that both hosts (Electron IPC and the
 * browser-mode WebSocket bridge) expose. It owns the workspace, one SkillRuntime per skill (created on
 * first use), call bookkeeping and history, and pushes events through its EventHub.
 */
import { randomUUID } from 'node:crypto';
import type { CallRecord, CoreApi, HostInfo, RecordingInfo, SetupConfiguration, SkillData, SkillInfo, SkillRef, SkillSettings, SkillSettingsUpdate } from '../contract';
import type { SkillSummary, TickState, Workspace } from '../contract';
import { QaService } from './qa-service';
import { AuthoringService } from './authoring-service';
import { LogService } from './log-service';
import { AgentService } from './agent-service';
import { skillFolder } from '../host/workbench-home';
import { prepareHome } from '../host/home-folder';
import type { SkillAdapter } from '../protocols/adapter';
import { discover } from '../protocols/discover';
import { EventHub } from './events';
import { CallHistory } from '../runtime/history';
import { SkillRuntime, summaryOf, ticksOf } from '../runtime/skill-runtime';
import type { TickScheduler } from '../runtime/tick-scheduler';
import { WorkspaceStore } from './workspace';
import { infoOf, listRecordingFiles } from '../runtime/recordings';
import { Recorder } from '../runtime/recorder';
import { flushHomeStores, homeStores } from '../runtime/stores';
import { pruneHomeHistory } from '../runtime/history-retention';
import { keepsRuntime, readSettings, writeSettings } from '../runtime/skill-settings';
import { reloaderFor, type SkillReloader } from '../runtime/skill-reloader';
import { setupConfiguration } from '../runtime/setup-marker';

export interface WorkbenchOptions {
  home: string;
  kind: HostInfo['kind'];
  version?: string;
  /** Folders to open when the workspace is new (or, with `replaceFolders`, instead of the remembered ones). */
  folders?: string[];
  replaceFolders?: boolean;
  pickFolder?: () => Promise<string | null>;
  /** Quiet time that ends a burst of saves before a hot reload (ms). */
  reloadDebounceMs?: number;
}

/** Per-skill state the workbench keeps beside the runtime. */
interface Entry {
  ref: SkillRef;
  runtime?: SkillRuntime;
  history?: CallHistory;
  ticks?: TickScheduler;
  session?: string;
  /** Watches the skill's folder while it is meant to run (hot reload). */
  reloader?: SkillReloader;
}

export class Workbench implements CoreApi {
  readonly events = new EventHub();
  readonly qa = new QaService(this);
  readonly authoring = new AuthoringService(this);
  readonly logFiles = new LogService(this);
  readonly agents = new AgentService(this);
  private readonly workspace: WorkspaceStore;
  private skills = new Map<string, Entry>();
  private readonly calls = new Map<string, AbortController>();
  /** Folders the native picker returned: a new skill may be made in one (the renderer cannot invent them). */
  private readonly picked = new Set<string>();
  private closed = false;
  /** Runtimes made elsewhere that must not outlive the workbench (a replay's fresh skill). */
  private readonly adopted = new Set<SkillRuntime>();

  constructor(private readonly opts: WorkbenchOptions) {
    // Owner-only, and rid of what writers killed mid-write left behind, before anything is written.
    prepareHome(opts.home);
    pruneHomeHistory(opts.home);
    this.workspace = new WorkspaceStore(opts.home, opts.folders ?? [], { replace: opts.replaceFolders });
    // Every recording on disk before a window hears of anything (a skill being dropped included).
    this.events.barrier = Recorder.syncAll;
    this.rescan();
  }

  async hostInfo(): Promise<HostInfo> {
    return { kind: this.opts.kind, version: this.opts.version ?? '0.1.0', home: this.opts.home, canPickFolder: !!this.opts.pickFolder };
  }

  async getWorkspace(): Promise<Workspace> {
    return this.workspace.get();
  }

  async addFolder(folder: string): Promise<Workspace> {
    const ws = this.workspace.addFolder(folder);
    this.rescan();
    return ws;
  }

  async removeFolder(folder: string): Promise<Workspace> {
    const ws = this.workspace.removeFolder(folder);
    this.rescan();
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
    return [...this.skills.values()].map((e) => this.summary(e));
  }

  async inspectSkill(skillId: string): Promise<SkillInfo> {
    const rt = this.runtime(skillId);
    return rt.info() ?? (await this.startRuntime(skillId));
  }

  async startSkill(skillId: string): Promise<void> {
    await this.startRuntime(skillId);
  }

  async stopSkill(skillId: string): Promise<void> {
    const e = this.entry(skillId);
    // Stopped on purpose: edits no longer start it.
    e.reloader?.stop();
    await this.stopProcess(e);
  }

  async restartSkill(skillId: string): Promise<void> {
    await this.stopProcess(this.entry(skillId));
    await this.startRuntime(skillId);
  }

  async callTool(skillId: string, tool: string, args: unknown, opts: { timeoutMs?: number } = {}): Promise<CallRecord> {
    const rt = this.runtime(skillId);
    const record: CallRecord = { callId: randomUUID(), skillId, tool, args: rt.redactor.value(args), startedAt: Date.now(), status: 'running' };
    const ac = new AbortController();
    this.calls.set(record.callId, ac);
    try {
      rt.record({ type: 'call-start', callId: record.callId, tool, args: record.args });
      this.events.emit('call', record);
      const outcome = await rt.call(tool, args, { timeoutMs: opts.timeoutMs, signal: ac.signal });
      const done: CallRecord = { ...record, status: 'done', outcome: rt.redactor.value(outcome) };
      this.history(skillId).add(done);
      // The call record goes to disk in the same write as its protocol messages, before either is shown.
      rt.record({ type: 'call', callId: record.callId, tool, args: record.args, outcome: done.outcome! });
      rt.messages.flush();
      this.events.emit('call', done);
      // Whoever called hears of the answer once it is recorded (one write for every call answered this turn).
      await rt.recording?.flushed();
      return done;
    } finally {
      this.calls.delete(record.callId);
    }
  }

  async cancelCall(callId: string): Promise<void> {
    this.calls.get(callId)?.abort();
  }

  async getHistory(skillId: string): Promise<CallRecord[]> {
    return this.history(skillId).list();
  }

  async getLogs(skillId: string) {
    return this.runtime(skillId).logs.entries();
  }

  async clearLogs(skillId: string): Promise<void> {
    this.runtime(skillId).logs.clear();
  }

  async getMessages(skillId: string) {
    return this.runtime(skillId).messages.entries();
  }

  async getTimeline(skillId: string): Promise<{ entries: import('../contract').TimelineEntry[]; ticks: TickState | null }> {
    const e = this.entry(skillId);
    return { entries: this.runtime(skillId).timelineEntries(), ticks: e.ticks?.state() ?? null };
  }

  async setupStart(skillId: string) {
    return this.capability(skillId, 'setup').start();
  }

  async setupSubmit(skillId: string, stepId: string, values: Record<string, unknown>) {
    return this.capability(skillId, 'setup').submit(stepId, values);
  }

  async setupCancel(skillId: string): Promise<void> {
    await this.capability(skillId, 'setup').cancel();
  }

  async getSetupConfiguration(skillId: string): Promise<SetupConfiguration | null> {
    this.entry(skillId);
    return setupConfiguration(this.opts.home, skillId);
  }

  async sessionStart(skillId: string): Promise<string> {
    const e = this.entry(skillId);
    await this.ensureStarted(skillId);
    const sessions = this.capability(skillId, 'sessions');
    if (e.session) await this.sessionEnd(skillId);
    const id = randomUUID();
    await sessions.start(id);
    e.session = id;
    this.runtime(skillId).mark({ kind: 'session-start', label: `Session ${id.slice(0, 8)} started`, data: { sessionId: id } });
    return id;
  }

  async sessionEnd(skillId: string): Promise<void> {
    const e = this.entry(skillId);
    if (!e.session) throw new Error('No session is open: start one first.');
    const id = e.session;
    e.session = undefined;
    await this.capability(skillId, 'sessions').end(id);
    this.runtime(skillId).mark({ kind: 'session-end', label: `Session ${id.slice(0, 8)} ended`, data: { sessionId: id } });
  }

  async transformMessage(skillId: string, hook: 'beforeMessage' | 'afterResponse', text: string): Promise<string | null> {
    await this.ensureStarted(skillId);
    const adapter = this.runtime(skillId).adapter;
    if (!adapter.transform) throw new Error(`${this.entry(skillId).ref.name} has no message hooks.`);
    const output = await adapter.transform(hook, text);
    this.runtime(skillId).record({ type: 'message-hook', hook, input: text, output });
    return output;
  }

  async pauseTicks(skillId: string): Promise<void> {
    this.scheduler(skillId).pause();
    this.emitTicks(skillId);
  }

  async resumeTicks(skillId: string): Promise<void> {
    this.scheduler(skillId).resume();
    this.emitTicks(skillId);
  }

  async tickNow(skillId: string): Promise<void> {
    await this.ensureStarted(skillId);
    await this.scheduler(skillId).now();
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
    const info = this.runtime(skillId).beginRecording(name);
    this.events.emit('recording', info);
    return info;
  }

  async stopRecording(skillId: string): Promise<RecordingInfo | null> {
    const info = this.runtime(skillId).endRecording();
    if (info) this.events.emit('recording', info);
    return info;
  }

  async annotate(skillId: string, text: string): Promise<void> {
    if (!text.trim()) throw new Error('Write something in the note first.');
    this.runtime(skillId).mark({ kind: 'note', label: text.trim() });
  }

  async listRecordings(): Promise<RecordingInfo[]> {
    const active = new Set<string>();
    for (const e of this.skills.values()) if (e.runtime?.recording) active.add(e.runtime.recording.file);
    return listRecordingFiles(this.opts.home, active);
  }

  async getSkillSettings(skillId: string): Promise<SkillSettings> {
    this.entry(skillId);
    return readSettings(skillFolder(this.opts.home, skillId));
  }

  async updateSkillSettings(skillId: string, update: SkillSettingsUpdate): Promise<SkillSettings> {
    const e = this.entry(skillId);
    const before = readSettings(skillFolder(this.opts.home, skillId));
    const next = writeSettings(skillFolder(this.opts.home, skillId), skillId, update, homeStores(this.opts.home).secrets);
    // Environment and arguments are read at each launch: they apply from the next (re)start, which the user picks.
    // A one-process-per-call skill has nothing to restart, but what it shows (an agent's secrets, set or not)
    // comes from its environment: it is inspected afresh.
    const oneShot = e.runtime?.info()?.capabilities.persistent === false;
    const envChanged = !!update.secretValues || JSON.stringify([before.env, before.secretEnv]) !== JSON.stringify([next.env, next.secretEnv]);
    if (keepsRuntime(before, next) && !(oneShot && envChanged)) {
      if (!next.hotReload) e.reloader?.stop();
      else if (e.runtime && e.runtime.status !== 'stopped') this.watch(e, e.runtime);
      return next;
    }
    // The runtime's environment and limits are fixed when it is made: make a new one.
    const wasRunning = e.runtime && e.runtime.status !== 'stopped' && e.runtime.status !== 'crashed';
    await this.dropRuntime(e);
    if (wasRunning) await this.startRuntime(skillId);
    return next;
  }

  /** Stops every skill and closes every file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const ac of this.calls.values()) ac.abort();
    await Promise.all([
      ...[...this.adopted].map((rt) => rt.close()),
      ...[...this.skills.values()].map(async (e) => {
        e.reloader?.close();
        e.ticks?.stop();
        await e.runtime?.close();
        await e.history?.close();
      }),
    ]);
    await flushHomeStores(this.opts.home);
  }

  /** Closes `rt` with the workbench if it is still open then; returns the release, for when its owner closes it. */
  adopt(rt: SkillRuntime): () => void {
    if (this.closed) throw new Error('The workbench is shutting down.');
    this.adopted.add(rt);
    return () => this.adopted.delete(rt);
  }

  // ---- internals ----

  private rescan(): void {
    const next = new Map<string, Entry>();
    for (const folder of this.workspace.get().folders) {
      for (const ref of discover(folder)) {
        if (next.has(ref.id)) continue;
        next.set(ref.id, this.skills.get(ref.id) ?? { ref });
      }
    }
    for (const [id, e] of this.skills) {
      if (!next.has(id)) {
        e.reloader?.close();
        e.ticks?.stop();
        void e.runtime?.close();
        void e.history?.close();
      }
    }
    this.skills = next;
    this.events.emit('skills', [...next.values()].map((e) => this.summary(e)));
  }

  /** The workbench's home folder (logs, state, recordings, secrets). For the QA and authoring services. */
  get home(): string {
    return this.opts.home;
  }

  /** Where a skill of the open folders lives and how it runs; throws a plain-words error for an unknown id. */
  skillRef(skillId: string): SkillRef {
    return this.entry(skillId).ref;
  }

  // For the authoring service (these are not commands of the contract, so no bridge reaches them).

  /** The skill's runtime, started if it is not running. */
  async liveRuntime(skillId: string): Promise<SkillRuntime> {
    await this.ensureStarted(skillId);
    return this.runtime(skillId);
  }

  /** The skill's runtime as it is (its log, its redactor), without starting it. */
  idleRuntime(skillId: string): SkillRuntime {
    return this.runtime(skillId);
  }

  /** What the skill said about itself when it last started, without starting it. */
  knownInfo(skillId: string): SkillInfo | null {
    return this.entry(skillId).runtime?.info() ?? null;
  }

  /** `v` with every value this workbench knows as one of the skill's secrets replaced. */
  redact<T>(skillId: string, v: T): T {
    return this.runtime(skillId).redactor.value(v);
  }

  /** Looks through the open folders again (a skill was written into one). */
  refreshSkills(): void {
    this.rescan();
  }

  private entry(skillId: string): Entry {
    const e = this.skills.get(skillId);
    if (!e) throw new Error(`There is no skill "${skillId}" in the open folders. It may have been moved or removed.`);
    return e;
  }

  private runtime(skillId: string): SkillRuntime {
    // A request that raced the shutdown must not start a process nobody will stop.
    if (this.closed) throw new Error('The workbench is shutting down.');
    const e = this.entry(skillId);
    if (!e.runtime) {
      const rt = SkillRuntime.withSettings(e.ref, this.opts.home);
      let was = rt.status;
      rt.onStatus(({ status, detail }) => {
        if (status === 'stopped' || status === 'crashed') e.ticks?.stop();
        if ((status === 'ready' || status === 'busy') && e.ticks) e.ticks.start();
        // However it was started (a call starts a skill too), a skill that comes up is watched.
        if (status === 'ready' && was !== 'busy' && !e.reloader?.watching) this.watch(e, rt);
        was = status;
        const crashes = rt.crashes;
        this.events.emit('status', crashes ? { skillId, status, detail, crashes } : { skillId, status, detail });
      });
      rt.onTimeline((entry) => this.events.emit('timeline', { skillId, entry, ticks: e.ticks?.state() ?? null }));
      rt.onRecordingFailed = (r) => this.events.emit('recording', infoOf(r, false));
      rt.logs.subscribe((entries) => this.events.emit('logs', { skillId, entries }));
      rt.messages.subscribe((entries) => this.events.emit('messages', { skillId, entries }));
      e.runtime = rt;
    }
    return e.runtime;
  }

  private async dropRuntime(e: Entry): Promise<void> {
    const observed = e.reloader?.observed ?? false;
    e.reloader?.close();
    e.reloader = undefined;
    e.ticks?.stop();
    e.ticks = undefined;
    const rt = e.runtime;
    e.runtime = undefined;
    const recording = rt?.recording;
    await rt?.close();
    // Closing the runtime ends its recording: tell the app, or it keeps showing REC.
    if (recording) this.events.emit('recording', infoOf(recording, false));
    this.events.emit('status', { skillId: e.ref.id, status: 'stopped' });
    // The new runtime's folder is the same: whoever listened for its changes still does.
    if (observed) this.observeFiles(e.ref.id);
  }

  private history(skillId: string): CallHistory {
    const e = this.entry(skillId);
    e.history ??= new CallHistory(skillFolder(this.opts.home, skillId));
    return e.history;
  }

  private async startRuntime(skillId: string): Promise<SkillInfo> {
    const e = this.entry(skillId);
    const rt = this.runtime(skillId);
    // Watch before starting: a skill whose start fails is fixed by editing it, and the fix should reload it.
    this.watch(e, rt);
    const info = await rt.start();
    if (info.capabilities.ticks && info.tickIntervalMs && rt.adapter.tick && !e.ticks) e.ticks = ticksOf(rt, info.tickIntervalMs);
    if (rt.status === 'ready' || rt.status === 'busy') e.ticks?.start();
    this.emitTicks(skillId);
    return info;
  }

  private async stopProcess(e: Entry): Promise<void> {
    e.ticks?.stop();
    await e.runtime?.stop();
  }

  /** Hot reload for a skill meant to run, where its settings allow it. */
  private watch(e: Entry, rt: SkillRuntime): void {
    // A skill that came up while the workbench was closing: a watcher now would keep the process alive.
    if (this.closed) return;
    if (!readSettings(skillFolder(this.opts.home, e.ref.id)).hotReload) return;
    this.reloaderOf(e, rt).start();
  }

  /**
   * From now on the app hears (event `filesChanged`) when the skill's files change, whether or not it runs
   * or reloads: the Doctor re-checks on it. The hot-reload watcher does the watching; no process starts.
   */
  observeFiles(skillId: string): void {
    if (this.closed) return;
    const e = this.entry(skillId);
    this.reloaderOf(e, this.runtime(skillId)).observe();
  }

  /** The skill's one watcher of its folder (made on first use). */
  private reloaderOf(e: Entry, rt: SkillRuntime): SkillReloader {
    e.reloader ??= reloaderFor(
      rt,
      this.opts.reloadDebounceMs,
      async () => {
        await this.stopProcess(e);
        await this.startRuntime(e.ref.id);
      },
      (files) => this.events.emit('filesChanged', { skillId: e.ref.id, files }),
    );
    return e.reloader;
  }

  /** Waits for any hot reload under way to finish (tests, and the service before it answers). */
  async reloadSettled(skillId: string): Promise<void> {
    await this.entry(skillId).reloader?.settled();
  }

  private async ensureStarted(skillId: string): Promise<void> {
    const rt = this.runtime(skillId);
    if (!rt.info() || rt.status === 'stopped' || rt.status === 'crashed') await this.startRuntime(skillId);
  }

  private scheduler(skillId: string): TickScheduler {
    const t = this.entry(skillId).ticks;
    if (!t) throw new Error(`${this.entry(skillId).ref.name} has no ticks (no tick_interval), or it has not been started yet.`);
    return t;
  }

  private emitTicks(skillId: string): void {
    const ticks = this.entry(skillId).ticks;
    if (!ticks) return;
    const entries = this.runtime(skillId).timelineEntries();
    const last = entries.at(-1);
    if (last) this.events.emit('timeline', { skillId, entry: last, ticks: ticks.state() });
  }

  private capability<K extends 'setup' | 'sessions'>(skillId: string, cap: K): NonNullable<SkillAdapter[K]> {
    const adapter = this.runtime(skillId).adapter;
    const c = adapter[cap];
    if (!c) throw new Error(`${this.entry(skillId).ref.name} has no ${cap === 'setup' ? 'setup flow' : 'sessions'}.`);
    return c as NonNullable<SkillAdapter[K]>;
  }

  private summary(e: Entry): SkillSummary {
    return summaryOf(e.ref, e.runtime);
  }
}

