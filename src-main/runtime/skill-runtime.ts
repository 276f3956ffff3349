/**
 * One skill's whole life, as the workbench or the CLI runs it: its adapter, and everything around it that
 * outlives a process (the log, the message history, the timeline, the recording, the redactor and the
 * status it reports), told to whoever it is given to tell (`emit`). This is the CLI's
 * runtime, which runs a skill once; the workbench's (live-runtime.ts) also drives ticks, reloads on edits,
 * keeps its session and its call history.
 *
 * It is built from what it is given: the home's stores (`HomeStores`) come from its owner.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_HISTORY, type CallOutcome, type CallRecord, type McpEraMode, type EventName, type RecordingInfo, type SkillData, type SkillInfo, type SkillRef, type SkillStatus, type SkillSummary, type TimelineEntry, type WorkbenchEvents } from '../contract';
import { SkillError } from '../common/errors';
import { callSummary } from '../common/call-outcome';
import { LogSink } from '../engine/log-sink';
import { MessageLog } from '../engine/message-log';
import { Redactor } from '../engine/redactor';
import type { RestartPolicy } from '../engine/supervisor';
import type { AdapterContext, CallOptions, Confinement, HostServices, McpOAuthContext, Sampler, SkillAdapter, SkillInterop } from '../protocols/adapter';
import { errorOutcome } from '../protocols/outcome';
import { protocolModule } from '../protocols/registry';
import { skillFolder } from '../host/workbench-home';
import { CallJson } from './call-json';
import { DiskTrouble, listOf, problemWords, type SkillFile } from './disk-trouble';
import { holdHistory, pruneHomeHistory } from './history-retention';
import type { SecretStore } from '../host/secret-store';
import type { Recorder } from './recorder';
import type { RecordBody } from './recording-format';
import { infoOf, newRecordingFile } from './recordings';
import { RecordingSlot } from './recording-slot';
import { readSettings, settingsEnv } from './skill-settings';
import { dataOf, readDataFile, replaceState, vaultOf } from './skill-data';
import { openHomeStores, skillStores, type HomeStores, type SkillStores } from './stores';
import { withConfinement } from './confinement';
import { syncedThisTurn } from './sync-barrier';
import { Timeline, type Mark } from './timeline';

/** How a runtime tells its owner what happens (the workbench's event hub). */
export type Emit = <K extends EventName>(event: K, payload: WorkbenchEvents[K]) => void;

export interface RuntimeOptions {
  home: string;
  /** The home's shared stores, opened by the runtime's owner; a runtime given none opens its own when it needs them (the CLI's). */
  stores?: HomeStores;
  restart?: Partial<RestartPolicy>;
  timeoutMs?: number;
  maxLineBytes?: number;
  /** Extra environment (the skill's configured env, its stored secrets). */
  env?: Record<string, string>;
  /** Reads the skill's environment and extra arguments afresh at each launch (its settings, its secrets), over `env`. */
  processSettings?: (secrets: SecretStore) => { env: Record<string, string>; args: string[]; hostParity?: boolean; confine?: Confinement; hostProfile?: string };
  /** Behave as the real host does (the CLI's --host-parity), over the skill's own setting. */
  hostParity?: boolean;
  /** Run confined (the CLI's --confine), over the skill's own setting. */
  confine?: Confinement;
  /** MCP servers: connect as this host profile (the CLI's --as), over the skill's own setting. */
  hostProfile?: string;
  host?: HostServices;
  /** The other skills its owner has open, for a SkillDefinition skill's `skills/*` calls (the workbench's). */
  interop?: SkillInterop;
  redactor?: Redactor;
  /** Where it tells what happens (the workbench's hub); nowhere when absent. */
  emit?: Emit;
  /** Quiet time that ends a burst of saves before a hot reload (ms; live runtimes). */
  reloadDebounceMs?: number;
  /**
   * False where the skill has no folder of its own to watch (an MCP server named by a command or an address on the
   * command line, whose folder is only where the command ran): no hot reload, whatever its settings say.
   */
  hotReload?: boolean;
  /** MCP servers: whose roots they get. 'user' (the default): what the user set in the app; 'agent': only what an agent gives. */
  mcpRoots?: 'user' | 'agent';
  /** MCP servers: the protocol era to use, over the server's saved setting (the CLI's `--era`). */
  mcpEra?: McpEraMode;
  /** MCP servers: who answers their sampling requests without asking the user (a model). */
  sampler?: Sampler;
  /** MCP servers over HTTP: someone can be sent to a browser to sign in (the app), and how the address opens. */
  oauthUser?: McpOAuthContext['interactive'];
}

type StatusListener = (value: { status: SkillStatus; detail?: string }) => void;

export class SkillRuntime {
  readonly logs: LogSink;
  readonly messages: MessageLog;
  readonly redactor: Redactor;
  readonly adapter: SkillAdapter;
  /** State, data and secrets, for the protocols that serve a skill's reverse calls. */
  readonly stores: SkillStores | null = null;
  private readonly timeline: Timeline;
  private readonly adapterCtx: AdapterContext;
  private readonly slot: RecordingSlot;
  private readonly releaseHistory: () => void;
  /** Tells the user when the disk refuses this skill's files, and when it takes them again. */
  protected readonly disk: DiskTrouble;
  protected readonly emit: Emit;
  private _status: SkillStatus = 'stopped';
  private _detail?: string;
  private readonly statusListeners = new Set<StatusListener>();
  private readonly calls = new Map<string, AbortController>();
  private shared: HomeStores | null;
  private readonly ownsStores: boolean;
  /** Closed for good: nothing starts again (a collection run or a replay holding it may still ask). */
  protected closed = false;

  constructor(
    readonly ref: SkillRef,
    readonly opts: RuntimeOptions,
  ) {
    const dir = skillFolder(opts.home, ref.id);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    this.redactor = opts.redactor ?? new Redactor();
    this.shared = opts.stores ?? null;
    this.ownsStores = !opts.stores;
    this.emit = opts.emit ?? (() => undefined);
    const logFile = path.join(dir, 'logs', `${stamp}.log`);
    const messageFile = path.join(dir, 'messages', `${stamp}.jsonl`);
    // This session's files are held before the old sessions are pruned, so they never count as old.
    this.releaseHistory = holdHistory([logFile, messageFile]);
    this.disk = new DiskTrouble(ref, { log: (line) => this.logs.append('system', line), emit: (news) => this.emit('diskTrouble', news) });
    // The log file stays within the skill's history limit even while this session runs (pruning spares it).
    const maxFileBytes = (readSettings(dir).history ?? DEFAULT_HISTORY).maxMb * 1024 * 1024;
    this.logs = new LogSink({ file: logFile, redactor: this.redactor, disk: this.disk.hooks('log'), maxFileBytes });
    this.messages = new MessageLog({ file: messageFile, redactor: this.redactor, disk: this.disk.hooks('message history') });
    pruneHomeHistory(opts.home, (line) => this.logs.append('system', line));
    this.slot = new RecordingSlot(ref, this.messages, this.redactor, {
      changed: (info) => this.emit('recording', info),
      failed: (message, err) => {
        this.logs.append('system', message);
        this.mark({ kind: 'note', label: message, outcome: 'error' });
        this.disk.refused('recording', err, false);
      },
    });
    this.timeline = new Timeline(path.join(dir, 'timeline.jsonl'), this.redactor, (body) => this.slot.append(body), this.disk.hooks('timeline'));
    this.timeline.onEntry((entry) => this.emit('timeline', { skillId: ref.id, entry }));
    if (opts.emit) {
      this.logs.subscribe((entries) => this.emit('logs', { skillId: ref.id, entries }));
      // Large bodies go to windows as previews; the whole is read on demand (readMessage).
      this.messages.subscribe((entries) => this.emit('messages', { skillId: ref.id, entries: this.messages.previews(entries) }));
    }
    const module = protocolModule(ref.protocol);
    let host = opts.host;
    if (module.hostServices) {
      const log = (line: string) => this.logs.append('system', line);
      this.stores = skillStores(this.homeStores, ref.id, this.redactor, {
        log,
        mark: (e) => this.mark(e),
        interop: opts.interop,
        entitySchema: () => this.adapter.lifecycleRequests?.entitySchema() ?? null,
      });
      host ??= this.stores.host;
    }
    const settings = opts.processSettings && (() => opts.processSettings!(this.homeStores.secrets));
    const secrets = () => this.homeStores.secrets;
    const ctx: AdapterContext = {
      logs: this.logs,
      messages: this.messages,
      redactor: this.redactor,
      home: opts.home,
      // Getters: adapters read these when they launch, so saved settings apply from the next (re)start.
      get env() {
        return { ...(settings?.().env ?? {}), ...(opts.env ?? {}) };
      },
      get args() {
        return settings?.().args ?? [];
      },
      get hostParity() {
        return opts.hostParity ?? settings?.().hostParity === true;
      },
      get confine() {
        return opts.confine ?? settings?.().confine;
      },
      get hostProfile() {
        return opts.hostProfile ?? settings?.().hostProfile;
      },
      timeoutMs: opts.timeoutMs,
      maxLineBytes: opts.maxLineBytes,
      restart: opts.restart,
      mcpRoots: opts.mcpRoots,
      mcpEra: opts.mcpEra,
      get oauth() {
        return { secrets: secrets(), interactive: opts.oauthUser };
      },
      host,
      vault: this.stores ? vaultOf(this.stores, dir, ref.id) : undefined,
      onStatus: (status, detail) => this.setStatus(status, detail),
      onTimeline: (e) => this.mark(e),
      // Only where someone listens: an MCP server's requests to the user are declined where nobody can answer.
      onMcp: opts.emit ? (event, payload) => this.emit(event, payload as WorkbenchEvents[typeof event]) : undefined,
      sampler: opts.sampler,
    };
    this.adapterCtx = ctx;
    this.adapter = module.create(ref, ctx);
  }

  /** A runtime as the workbench makes one: the skill's settings (environment, limits) and its known secrets redacted. */
  static withSettings<T extends SkillRuntime>(this: new (ref: SkillRef, opts: RuntimeOptions) => T, ref: SkillRef, home: string, over: Partial<RuntimeOptions> = {}): T {
    const dir = skillFolder(home, ref.id);
    const settings = readSettings(dir);
    const rt = new this(ref, {
      ...over,
      home,
      timeoutMs: over.timeoutMs ?? settings.timeoutMs,
      maxLineBytes: over.maxLineBytes ?? settings.maxLineBytes,
      processSettings: (secrets) => {
        const now = readSettings(dir);
        return { env: settingsEnv(now, ref.id, secrets), args: now.args, hostParity: now.hostParity === true, confine: now.confine ? { network: now.confineNetwork === true } : undefined, hostProfile: now.hostProfile };
      },
    });
    rt.homeStores.secrets.registerWith(ref.id, rt.redactor);
    return rt;
  }

  /** The home's shared stores (secrets, entities). */
  get homeStores(): HomeStores {
    this.shared ??= openHomeStores(this.opts.home, { log: (line) => this.logs.append('system', line) });
    return this.shared;
  }

  // ---- the process ----

  get status(): SkillStatus {
    return this._status;
  }

  get statusDetail(): string | undefined {
    return this._detail;
  }

  info(): SkillInfo | null {
    return withConfinement(this.adapter.info(), this.adapterCtx.confine);
  }

  /** What the skill's files say, nothing of them run; null where the protocol learns its tools only by running. */
  async describe(): Promise<SkillInfo | null> {
    return (await this.adapter.describe?.()) ?? null;
  }

  async start(): Promise<SkillInfo> {
    if (this.closed) throw this.closedError();
    return withConfinement(await this.adapter.start(), this.adapterCtx.confine)!;
  }

  /** Starts the skill unless it runs (or learnt its tools) already. */
  async ensureStarted(): Promise<void> {
    if (!this.info() || this._status === 'stopped' || this._status === 'crashed') await this.start();
  }

  /** Stops the process; the runtime stays (and a live one keeps reloading on edits). */
  async stopProcess(): Promise<void> {
    await this.adapter.stop();
    await this.stores?.state.flush();
  }

  /** Stopped on purpose (a live one: edits no longer start it). */
  async stop(): Promise<void> {
    await this.stopProcess();
  }

  async restart(): Promise<SkillInfo> {
    await this.stopProcess();
    return this.start();
  }

  /** Stops the skill and closes its files, for good. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const ac of this.calls.values()) ac.abort();
    await this.adapter.stop().catch(() => undefined);
    // State is written behind: the last sets reach the file before the runtime is let go.
    await this.stores?.state.flush().catch((err: Error) => this.logs.append('system', `State could not be saved: ${err.message}`));
    this.messages.flush();
    // Closing ends the recording: the app is told, or it keeps showing REC.
    const recording = this.stopRecording();
    if (recording) this.emit('recording', infoOf(recording, false));
    if (this.ownsStores) await this.shared?.flush();
    this.disk.close();
    await Promise.all([this.logs.close(), this.messages.close(), this.timeline.close()]);
    this.releaseHistory();
  }

  protected closedError(): SkillError {
    return new SkillError('CANCELLED', `${this.ref.name} was closed (the workbench is shutting down or let it go): it does not start again.`);
  }

  onStatus(fn: StatusListener): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  setStatus(status: SkillStatus, detail?: string): void {
    if (status === this._status && detail === this._detail) return;
    const was = this._status;
    this._status = status;
    this._detail = detail;
    if (status === 'restarting') {
      this.timeline.noteRestart();
      this.mark({ kind: 'restart', label: detail ?? 'Restarting' });
    }
    this.statusChanged(status, was);
    for (const fn of this.statusListeners) fn({ status, detail });
    const crashes = this.crashes;
    this.emit('status', crashes ? { skillId: this.ref.id, status, detail, crashes } : { skillId: this.ref.id, status, detail });
  }

  /** What a live runtime does as the status moves (ticks, hot reload). */
  protected statusChanged(_status: SkillStatus, _was: SkillStatus): void {}

  // ---- calls ----

  /** A call without bookkeeping (replay, collection runs, live checks compare or assert on the outcome themselves). */
  call(tool: string, args: unknown, opts?: CallOptions): Promise<CallOutcome> {
    if (this.closed) return Promise.resolve(errorOutcome(this.closedError(), performance.now()));
    return this.adapter.call(tool, args, opts);
  }

  /**
   * The recorded call, the one path for the app and the CLI: its start and its record go to the recording
   * (in the same write as its protocol messages), it is told of (and a live runtime keeps it in its
   * history), and whoever called hears of the answer once it is on disk.
   */
  async callTool(tool: string, args: unknown, opts: { callId?: string; timeoutMs?: number } = {}): Promise<CallRecord> {
    return (await this.recordedCall(tool, args, opts)).record;
  }

  /** The recorded call, and its outcome. */
  async recordedCall(tool: string, args: unknown, opts: { callId?: string; timeoutMs?: number } = {}): Promise<{ record: CallRecord; outcome: CallOutcome }> {
    const callId = opts.callId ?? randomUUID();
    if (this.calls.has(callId)) throw new Error(`A call named ${callId} is already running: give each call its own id.`);
    // Secrets are scrubbed where the record leaves: the recording, the history file, events and answers.
    const record: CallRecord = { callId, skillId: this.ref.id, tool, args, startedAt: Date.now(), status: 'running' };
    // Scrubbed and turned into JSON once, for the recording and the history alike.
    const json = new CallJson(record, this.redactor);
    const ac = new AbortController();
    this.calls.set(callId, ac);
    try {
      const recorder = this.slot.current;
      if (recorder) this.slot.appendFields(json.startFields());
      // Windows are told what the call is, not its arguments (the caller has them) nor, below, its result.
      this.emit('call', callSummary(record, json.argsSize()));
      const ran = await this.call(tool, args, { timeoutMs: opts.timeoutMs, signal: ac.signal, callId });
      json.finish(ran);
      const inHistory = this.keep(json);
      // Its arguments are in its call-start already: left out of this record, read back from there.
      if (this.slot.current) this.slot.appendFields(json.callFields());
      this.messages.flush();
      // Nothing is answered ok that is not on disk: the records of the calls that finish this turn are written
      // together first, and a call whose records the disk refused says so in its answer (NOT_KEPT).
      if (recorder || inHistory) await syncedThisTurn();
      const lost: SkillFile[] = [];
      if (inHistory && inHistory() !== true) lost.push('call history');
      if (recorder?.failure) lost.push('recording');
      const outcome = lost.length ? this.notKept(tool, ran, lost, recorder?.failure ?? null) : ran;
      const done: CallRecord = { ...record, status: 'done', outcome };
      this.answered(done, json, !lost.length);
      this.emit('call', callSummary(done, json.argsSize(), json.outcomeSize()));
      return { record: done, outcome };
    } finally {
      this.calls.delete(callId);
    }
  }

  /** Cancels a call of this runtime; false when it has none of that id (it finished, or it is another's). */
  cancel(callId: string): boolean {
    const ac = this.calls.get(callId);
    ac?.abort();
    return !!ac;
  }

  /**
   * A finished call's JSON (made once), written where this runtime keeps calls (a live runtime's history); returns
   * how to ask, once it is written, whether the disk took it, or null where calls are not kept.
   */
  protected keep(_json: CallJson): (() => boolean | null) | null {
    return null;
  }

  /** A call as it was answered (a live runtime lists it, and holds it for Reveal). */
  protected answered(_record: CallRecord, _json: CallJson, _kept: boolean): void {}

  /**
   * The answer of a call whose record the disk refused: not ok, whatever the skill answered, since nothing of it
   * will be found again; the skill's result stays in it (the call ran, and its effects are real).
   */
  private notKept(tool: string, ran: CallOutcome, files: SkillFile[], recordingError: Error | null): CallOutcome {
    const problem = this.disk.problem ?? (recordingError ? problemWords(recordingError) : 'Writing failed');
    // The window hears of the disk before this answer reaches it.
    this.disk.tellNow();
    const message = `${problem}: ${tool} ran, but its ${listOf(files)} could not be written, so this answer is not kept. ${ran.ok ? 'Its result is here' : `It failed too (${ran.error?.message ?? 'no message'})`}; free some space and calls are kept again.`;
    return { ...ran, ok: false, error: { code: 'NOT_KEPT', message, details: { notKept: files, ...(ran.error ? { skillError: ran.error } : {}) } } };
  }

  // ---- message hooks, capabilities ----

  async transform(hook: 'beforeMessage' | 'afterResponse', text: string): Promise<string | null> {
    await this.ensureStarted();
    if (!this.adapter.transform) throw new Error(`${this.ref.name} has no message hooks.`);
    const output = await this.adapter.transform(hook, text);
    this.record({ type: 'message-hook', hook, input: text, output });
    return output;
  }

  capability<K extends 'setup' | 'sessions' | 'options'>(cap: K): NonNullable<SkillAdapter[K]> {
    const c = this.adapter[cap];
    if (!c) throw new Error(`${this.ref.name} has no ${cap === 'setup' ? 'setup flow' : cap}.`);
    return c;
  }

  // ---- timeline, recording, data ----

  /** Adds a mark to the timeline (ticks, events, lifecycle, notes). */
  mark(e: Mark): TimelineEntry {
    return this.timeline.mark(e);
  }

  timelineEntries(): TimelineEntry[] {
    return this.timeline.entries();
  }

  /** How often the skill crashed (and was restarted on its own) since this runtime was made, with the last crash. */
  get crashes() {
    return this.timeline.crashes;
  }

  get recording(): Recorder | null {
    return this.slot.current;
  }

  /** Starts recording into `file` (appending when it exists). One recording at a time per skill. */
  startRecording(file: string, name?: string): Recorder {
    return this.slot.start(file, { name, version: this.info()?.version });
  }

  /** Closes the recording; its last write failing is reported like any other (see `failure`). */
  stopRecording(): Recorder | null {
    return this.slot.stop();
  }

  /** Records into a new file under the home's recordings, marked on the timeline (the app's Record button). */
  beginRecording(name?: string): RecordingInfo {
    // Marked on the live timeline only: in the recording itself, notes are the user's.
    this.mark({ kind: 'note', label: `Recording started${name ? `: ${name}` : ''}` });
    const info = infoOf(this.startRecording(newRecordingFile(this.opts.home, this.ref.name, name), name), true);
    this.emit('recording', info);
    return info;
  }

  endRecording(): RecordingInfo | null {
    if (!this.recording) return null;
    const info = infoOf(this.stopRecording()!, false);
    this.mark({ kind: 'note', label: 'Recording stopped' });
    this.emit('recording', info);
    return info;
  }

  /** Appends a record to the active recording; it is on disk before the UI hears of anything (the hub's barrier). */
  record(body: RecordBody): void {
    this.slot.append(body);
  }

  /** State, data files and entities for the Data tab, secrets redacted. */
  data(): Promise<SkillData> {
    return dataOf(this.ref, this.stores, this.opts.home);
  }

  replaceState(state: Record<string, unknown>): Promise<void> {
    return replaceState(this.ref, this.stores, state);
  }

  readDataFile(name: string): Promise<string> {
    return readDataFile(this.ref, this.stores, name);
  }
}

/** How the sidebar lists a skill: what its runtime knows, else what discovery found. */
export function summaryOf(ref: SkillRef, rt?: SkillRuntime): SkillSummary {
  const info = rt?.info();
  return {
    id: ref.id,
    name: info?.name ?? ref.name,
    protocol: ref.protocol,
    dir: ref.dir,
    root: ref.root,
    description: info?.description ?? ref.description,
    status: rt?.status ?? 'stopped',
    statusDetail: rt?.statusDetail,
    toolCount: info?.tools.length,
    ...(rt?.crashes ? { crashes: rt.crashes } : {}),
  };
}
