/**
 * One skill as the workbench (or the CLI) runs it: its adapter plus everything around it that outlives
 * a process: the log, the message history, the timeline, the redactor, and the status it reports.
 */
import path from 'node:path';
import type { CallOutcome, CrashInfo, CrashReport, Entity, RecordingInfo, SkillData, SkillInfo, SkillRef, SkillStatus, SkillSummary, TimelineEntry } from '../contract';
import { SkillError } from '../engine/errors';
import { FileSink } from '../engine/file-sink';
import { stringifyBounded } from '../engine/json-depth';
import { LogSink } from '../engine/log-sink';
import { MessageLog } from '../engine/message-log';
import { Redactor } from '../engine/redactor';
import { Ring } from '../engine/ring';
import type { RestartPolicy } from '../engine/supervisor';
import type { AdapterContext, CallOptions, HostServices, SkillAdapter, SkillVault } from '../protocols/adapter';
import { errorOutcome } from '../protocols/outcome';
import { protocolModule } from '../protocols/registry';
import { skillFolder } from '../host/workbench-home';
import { Recorder } from './recorder';
import type { RecordBody } from './recording-format';
import { redactSecretRefs } from '../host/state-store';
import { homeStores, skillStores, type SkillStores } from './stores';
import { holdHistory, pruneHomeHistory } from './history-retention';
import { infoOf, newRecordingFile } from './recordings';
import { setupMarker } from './setup-marker';
import { readSettings, settingsEnv } from './skill-settings';
import { TickScheduler } from './tick-scheduler';

export interface RuntimeOptions {
  home: string;
  restart?: Partial<RestartPolicy>;
  timeoutMs?: number;
  maxLineBytes?: number;
  /** Extra environment (the skill's configured env, its stored secrets). */
  env?: Record<string, string>;
  /** Reads the skill's environment and extra arguments afresh at each launch (its settings), over `env`. */
  processSettings?: () => { env: Record<string, string>; args: string[] };
  host?: HostServices;
  redactor?: Redactor;
}

type Listener<T> = (value: T) => void;

const TIMELINE_RING = 2000;

export class SkillRuntime {
  readonly logs: LogSink;
  readonly messages: MessageLog;
  readonly redactor: Redactor;
  readonly adapter: SkillAdapter;
  /** State, data and secrets, for the protocols that have them (SkillDefinition skills). */
  readonly stores: SkillStores | null = null;
  private readonly timeline = new Ring<TimelineEntry>(TIMELINE_RING);
  private readonly timelineFile: FileSink;
  private readonly releaseHistory: () => void;
  private timelineSeq = 0;
  private _status: SkillStatus = 'stopped';
  private _detail?: string;
  private readonly statusListeners = new Set<Listener<{ status: SkillStatus; detail?: string }>>();
  private readonly timelineListeners = new Set<Listener<TimelineEntry>>();
  private recorder: Recorder | null = null;
  private crashReport: CrashReport | undefined;
  /** Closed for good: nothing starts again (a collection run or a replay holding it may still ask). */
  private closed = false;
  /** Told when a recording stops on its own (its file could not be written). */
  onRecordingFailed: ((r: Recorder) => void) | null = null;

  constructor(
    readonly ref: SkillRef,
    readonly opts: RuntimeOptions,
  ) {
    const dir = skillFolder(opts.home, ref.id);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    this.redactor = opts.redactor ?? new Redactor();
    const logFile = path.join(dir, 'logs', `${stamp}.log`);
    const messageFile = path.join(dir, 'messages', `${stamp}.jsonl`);
    // This session's files are held before the old sessions are pruned, so they never count as old.
    this.releaseHistory = holdHistory([logFile, messageFile]);
    this.logs = new LogSink({ file: logFile, redactor: this.redactor });
    this.messages = new MessageLog({ file: messageFile, redactor: this.redactor });
    pruneHomeHistory(opts.home, (line) => this.logs.append('system', line));
    this.timelineFile = new FileSink(path.join(dir, 'timeline.jsonl'));
    let host = opts.host;
    let vault: SkillVault | undefined;
    if (ref.protocol === 'skilldef') {
      const log = (line: string) => this.logs.append('system', line);
      const stores = skillStores(opts.home, ref.id, this.redactor, { log, mark: (e) => this.mark(e) });
      this.stores = stores;
      host ??= stores.host;
      const marker = setupMarker(dir);
      vault = {
        dataDir: stores.data.dir,
        remember: (key, secret) => stores.secrets.set(ref.id, key, secret),
        rescrub: async () => {
          await stores.state.rescrub();
          await stores.data.rescrub();
        },
        setupComplete: () => marker.done(),
        markSetupComplete: (answers) => marker.mark(answers),
      };
    }
    const live = opts.processSettings;
    const ctx: AdapterContext = {
      logs: this.logs,
      messages: this.messages,
      redactor: this.redactor,
      home: opts.home,
      // Getters: adapters read these when they launch, so saved settings apply from the next (re)start.
      get env() {
        return { ...(live?.().env ?? {}), ...(opts.env ?? {}) };
      },
      get args() {
        return live?.().args ?? [];
      },
      timeoutMs: opts.timeoutMs,
      maxLineBytes: opts.maxLineBytes,
      restart: opts.restart,
      host,
      vault,
      onStatus: (status, detail) => this.setStatus(status, detail),
      onTimeline: (e) => this.mark(e),
    };
    this.adapter = protocolModule(ref.protocol).create(ref, ctx);
  }

  /** A runtime as the workbench makes one: the skill's settings (environment, limits) and its known secrets redacted. */
  static withSettings(ref: SkillRef, home: string, over: Partial<RuntimeOptions> = {}): SkillRuntime {
    const dir = skillFolder(home, ref.id);
    const settings = readSettings(dir);
    const secrets = homeStores(home).secrets;
    const rt = new SkillRuntime(ref, {
      ...over,
      home,
      timeoutMs: over.timeoutMs ?? settings.timeoutMs,
      maxLineBytes: over.maxLineBytes ?? settings.maxLineBytes,
      processSettings: () => {
        const now = readSettings(dir);
        return { env: settingsEnv(now, ref.id, secrets), args: now.args };
      },
    });
    secrets.registerWith(ref.id, rt.redactor);
    return rt;
  }

  /** State, data files and entities for the Data tab, secrets redacted. */
  async data(): Promise<SkillData> {
    const stores = this.stores;
    if (!stores) return { state: {}, files: [], entities: [], dataDir: skillFolder(this.opts.home, this.ref.id) };
    const state = this.redactor.value(redactSecretRefs(stores.state.getForDisplay()));
    const entities = stores.entities.list({ owner: this.ref.id }) as Entity[];
    return { state, files: await stores.data.list(), entities, dataDir: stores.data.dir };
  }

  async replaceState(state: Record<string, unknown>): Promise<void> {
    if (!this.stores) throw new Error(`${this.ref.name} keeps no state.`);
    if (!state || typeof state !== 'object' || Array.isArray(state)) throw new Error('State must be a JSON object, like {"key": "value"}.');
    await this.stores.state.replace(state);
  }

  async readDataFile(name: string): Promise<string> {
    if (!this.stores) throw new Error(`${this.ref.name} has no data files.`);
    return this.redactor.text(await this.stores.data.readForDisplay(name));
  }

  get recording(): Recorder | null {
    return this.recorder;
  }

  /** Starts recording into `file` (appending when it exists). One recording at a time per skill. */
  startRecording(file: string, name?: string): Recorder {
    if (this.recorder) throw new Error(`${this.ref.name} is already being recorded into ${this.recorder.file}. Stop that recording first.`);
    const r = Recorder.open(file, { ...this.ref, version: this.info()?.version }, { name, redactor: this.redactor, onFailure: (err) => this.recordingFailed(r, err) });
    this.use(r);
    return r;
  }

  /** The recorder that takes this skill's records; messages are turned into JSON only while there is one. */
  private use(r: Recorder | null): void {
    this.recorder = r;
    this.messages.tap = r ? (message, json) => r.appendMessage(json, message.time) : null;
  }

  private recordingFailed(r: Recorder, err: Error): void {
    if (this.recorder !== r) return;
    this.use(null);
    const message = `Recording stopped: ${r.file} could not be written (${err.message}). It keeps everything up to here.`;
    this.logs.append('system', message);
    this.mark({ kind: 'note', label: message, outcome: 'error' });
    this.onRecordingFailed?.(r);
  }

  /** Records into a new file under the home's recordings, marked on the timeline (the app's Record button). */
  beginRecording(name?: string): RecordingInfo {
    // Marked on the live timeline only: in the recording itself, notes are the user's.
    this.mark({ kind: 'note', label: `Recording started${name ? `: ${name}` : ''}` });
    const r = this.startRecording(newRecordingFile(this.opts.home, this.ref.name, name), name);
    return infoOf(r, true);
  }

  endRecording(): RecordingInfo | null {
    if (!this.recorder) return null;
    const info = infoOf(this.stopRecording()!, false);
    this.mark({ kind: 'note', label: 'Recording stopped' });
    return info;
  }

  /** Closes the recording; its last write failing is reported like any other (see `failure`). */
  stopRecording(): Recorder | null {
    const r = this.recorder;
    r?.close();
    this.use(null);
    return r;
  }

  /** Appends a record to the active recording; it is on disk before the UI hears of anything (the hub's barrier). */
  record(body: RecordBody): void {
    this.recorder?.append(body);
  }


  get status(): SkillStatus {
    return this._status;
  }

  get statusDetail(): string | undefined {
    return this._detail;
  }

  info(): SkillInfo | null {
    return this.adapter.info();
  }

  start(): Promise<SkillInfo> {
    if (this.closed) return Promise.reject(this.closedError());
    return this.adapter.start();
  }

  call(tool: string, args: unknown, opts?: CallOptions): Promise<CallOutcome> {
    if (this.closed) return Promise.resolve(errorOutcome(this.closedError(), performance.now()));
    return this.adapter.call(tool, args, opts);
  }

  private closedError(): SkillError {
    return new SkillError('CANCELLED', `${this.ref.name} was closed (the workbench is shutting down or let it go): it does not start again.`);
  }

  async stop(): Promise<void> {
    await this.adapter.stop();
    await this.stores?.state.flush();
  }

  /** Stops the skill and closes its files, for good. */
  async close(): Promise<void> {
    this.closed = true;
    await this.adapter.stop().catch(() => undefined);
    // State is written behind: the last sets reach the file before the runtime is let go.
    await this.stores?.state.flush().catch((err: Error) => this.logs.append('system', `State could not be saved: ${err.message}`));
    this.messages.flush();
    this.stopRecording();
    await Promise.all([this.logs.close(), this.messages.close(), this.timelineFile.close()]);
    this.releaseHistory();
  }

  /** How often the skill crashed (and was restarted on its own) since this runtime was made, with the last crash. */
  get crashes(): CrashReport | undefined {
    return this.crashReport;
  }

  private noteCrash(e: TimelineEntry): void {
    const data = (e.data ?? {}) as { code?: number | null; signal?: string | null; stderrTail?: string[] };
    const last: CrashInfo = {
      time: e.time,
      code: typeof data.code === 'number' ? data.code : null,
      signal: typeof data.signal === 'string' ? data.signal : null,
      detail: e.label,
      stderrTail: Array.isArray(data.stderrTail) ? data.stderrTail : [],
    };
    this.crashReport = { count: (this.crashReport?.count ?? 0) + 1, restarts: this.crashReport?.restarts ?? 0, last };
  }

  timelineEntries(): TimelineEntry[] {
    return this.timeline.toArray();
  }

  /** Adds a mark to the timeline (ticks, events, lifecycle, notes). */
  mark(e: Omit<TimelineEntry, 'seq' | 'time'> & { time?: number }): TimelineEntry {
    const entry: TimelineEntry = { ...e, seq: ++this.timelineSeq, time: e.time ?? Date.now() };
    // A label can carry what a user typed (a note) or a skill said: a known secret never reaches the file or a window.
    entry.label = this.redactor.text(entry.label);
    if (entry.data !== undefined) entry.data = this.redactor.value(entry.data);
    this.timeline.push(entry);
    if (entry.kind === 'crash') this.noteCrash(entry);
    this.timelineFile.write(stringifyBounded(entry) + '\n');
    if (this.recorder) {
      const body = recordOf(entry);
      if (body) this.record(body);
    }
    for (const fn of this.timelineListeners) fn(entry);
    return entry;
  }

  onStatus(fn: Listener<{ status: SkillStatus; detail?: string }>): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  onTimeline(fn: Listener<TimelineEntry>): () => void {
    this.timelineListeners.add(fn);
    return () => this.timelineListeners.delete(fn);
  }

  setStatus(status: SkillStatus, detail?: string): void {
    if (status === this._status && detail === this._detail) return;
    this._status = status;
    this._detail = detail;
    if (status === 'restarting') {
      if (this.crashReport) this.crashReport = { ...this.crashReport, restarts: this.crashReport.restarts + 1 };
      this.mark({ kind: 'restart', label: detail ?? 'Restarting' });
    }
    for (const fn of this.statusListeners) fn({ status, detail });
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

/** Host-driven ticks for a skill that has them, marked on its timeline. */
export function ticksOf(rt: SkillRuntime, intervalMs: number): TickScheduler {
  return new TickScheduler(intervalMs, {
    tick: () => rt.adapter.tick!(),
    mark: (m) => rt.mark(m),
    lastSeq: () => rt.timelineEntries().at(-1)?.seq ?? 0,
    eventsSince: (seq) => rt.timelineEntries().filter((t) => t.seq > seq && t.kind === 'event'),
  });
}

/** The recording record for a timeline mark (session marks are recorded where their ids are known). */
function recordOf(e: TimelineEntry): RecordBody | null {
  const data = (e.data ?? {}) as Record<string, unknown>;
  switch (e.kind) {
    case 'tick':
      return { type: 'tick', label: e.label, durationMs: e.durationMs, outcome: e.outcome, events: (data.events as unknown[]) ?? [] };
    case 'event':
      return { type: 'event', eventType: e.label, data: e.data };
    case 'setup':
      return { type: 'setup', stepId: String(data.stepId ?? ''), status: String(data.status ?? e.label), errors: (data.errors as never) ?? null };
    case 'session-start':
    case 'session-end':
      return { type: e.kind, sessionId: String(data.sessionId ?? '') };
    case 'crash': {
      const stderrTail = data.stderrTail as string[] | undefined;
      return stderrTail?.length ? { type: 'lifecycle', kind: e.kind, detail: e.label, stderrTail } : { type: 'lifecycle', kind: e.kind, detail: e.label };
    }
    case 'load':
    case 'unload':
    case 'restart':
      return { type: 'lifecycle', kind: e.kind, detail: e.label };
    case 'note':
      return { type: 'note', text: e.label };
    default:
      return null;
  }
}
