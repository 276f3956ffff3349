/**
 * The workbench's runtime: a skill's runtime that also lives with the user. It drives the skill's ticks
 * while it runs, reloads it on edits (as its settings allow), keeps its session and its call history, and
 * tells the workbench's hub of each. The CLI's runtime (skill-runtime.ts) runs a skill once and does none of this.
 */
import { randomUUID } from 'node:crypto';
import type { CallRecord, SkillInfo, SkillStatus, TickState } from '../contract';
import { isServing } from '../common/skill-status';
import { skillFolder } from '../host/workbench-home';
import type { CallJson } from './call-json';
import { CallHistory } from './history';
import { readSettings } from './skill-settings';
import { reloaderFor, type SkillReloader } from './skill-reloader';
import { SkillRuntime } from './skill-runtime';
import { ticksOf, type TickScheduler } from './tick-scheduler';

/** How many finished calls of each skill are held as answered, secrets in the clear, for Reveal (memory only). */
const HELD_CALLS = 50;

export class LiveRuntime extends SkillRuntime {
  private history: CallHistory | null = null;
  private readonly held = new Map<string, CallRecord>();
  private ticks: TickScheduler | null = null;
  private reloader: SkillReloader | null = null;
  private session: string | null = null;

  /** Starts the skill, watched first: a skill whose start fails is fixed by editing it, and the fix reloads it. */
  override async start(): Promise<SkillInfo> {
    if (this.closed) throw this.closedError();
    this.watch();
    const info = await super.start();
    this.armTicks();
    if (isServing(this.status)) this.ticks?.start();
    this.emitTicks();
    return info;
  }

  /**
   * The tick scheduler, made once the skill has said how often it ticks. Not only in start(): the setup wizard, an
   * option or a call may be what started it, and its first ticks are due as soon as it serves.
   */
  private armTicks(): void {
    if (this.ticks || !this.adapter.tick) return;
    const info = this.info();
    if (info?.capabilities.ticks && info.tickIntervalMs) this.ticks = ticksOf(this, info.tickIntervalMs, () => this.emitTicks());
  }

  override async stopProcess(): Promise<void> {
    this.ticks?.stop();
    await super.stopProcess();
  }

  /** Stopped on purpose: edits no longer start it. */
  override async stop(): Promise<void> {
    this.reloader?.stop();
    await this.stopProcess();
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.reloader?.close();
    this.ticks?.stop();
    await super.close();
    await this.history?.close();
  }

  protected override statusChanged(status: SkillStatus, was: SkillStatus): void {
    if (status === 'stopped' || status === 'crashed') this.ticks?.stop();
    if (isServing(status) && !this.ticks) {
      this.armTicks();
      this.emitTicks();
    }
    if (isServing(status)) this.ticks?.start();
    // However it was started (a call starts a skill too), a skill that comes up is watched.
    if (status === 'ready' && was !== 'busy' && !this.reloader?.watching) this.watch();
  }

  protected override keep(json: CallJson): () => boolean | null {
    return this.callHistory().write(json.history().line);
  }

  protected override answered(record: CallRecord, json: CallJson, kept: boolean): void {
    // Listed as answered: a call the disk refused shows NOT_KEPT in the window's list too.
    this.callHistory().remember(kept ? json.history().record : this.redactor.value(record));
    this.held.set(record.callId, record);
    if (this.held.size > HELD_CALLS) this.held.delete(this.held.keys().next().value!);
  }

  /** A finished call of this session as the skill answered it (see WorkbenchApi.revealCall). */
  heldCall(callId: string): CallRecord | null {
    return this.held.get(callId) ?? null;
  }

  callHistory(): CallHistory {
    this.history ??= new CallHistory(skillFolder(this.opts.home, this.ref.id), this.redactor, this.disk.hooks('call history'));
    return this.history;
  }

  // ---- sessions ----

  async sessionStart(): Promise<string> {
    await this.ensureStarted();
    const sessions = this.capability('sessions');
    if (this.session) await this.sessionEnd();
    const id = randomUUID();
    await sessions.start(id);
    this.session = id;
    this.mark({ kind: 'session-start', label: `Session ${id.slice(0, 8)} started`, data: { sessionId: id } });
    return id;
  }

  async sessionEnd(): Promise<void> {
    if (!this.session) throw new Error('No session is open: start one first.');
    const id = this.session;
    this.session = null;
    await this.capability('sessions').end(id);
    this.mark({ kind: 'session-end', label: `Session ${id.slice(0, 8)} ended`, data: { sessionId: id } });
  }

  // ---- ticks ----

  tickState(): TickState | null {
    return this.ticks?.state() ?? null;
  }

  pauseTicks(): void {
    this.scheduler().pause();
    this.emitTicks();
  }

  resumeTicks(): void {
    this.scheduler().resume();
    this.emitTicks();
  }

  async tickNow(): Promise<void> {
    await this.ensureStarted();
    await this.scheduler().now();
  }

  private scheduler(): TickScheduler {
    if (!this.ticks) throw new Error(`${this.ref.name} has no ticks (no tick_interval), or it has not been started yet.`);
    return this.ticks;
  }

  private emitTicks(): void {
    if (this.ticks) this.emit('ticks', { skillId: this.ref.id, ticks: this.ticks.state() });
  }

  // ---- hot reload ----

  /** Hot reload for a skill meant to run, where its settings allow it. */
  private watch(): void {
    if (this.closed || this.opts.hotReload === false) return;
    if (!readSettings(skillFolder(this.opts.home, this.ref.id)).hotReload) return;
    this.reloaderOf().start();
  }

  /** The hot-reload switch changed: reloads stop, or start again for a skill that runs. */
  hotReloadChanged(on: boolean): void {
    if (!on) this.reloader?.stop();
    else if (this.status !== 'stopped') this.watch();
  }

  /** From now on the hub hears (`filesChanged`) when the skill's files change, whether or not it runs. */
  observeFiles(): void {
    if (!this.closed) this.reloaderOf().observe();
  }

  get observed(): boolean {
    return this.reloader?.observed ?? false;
  }

  /** Waits for any hot reload under way to finish (tests, and the services before they answer). */
  async reloadSettled(): Promise<void> {
    await this.reloader?.settled();
  }

  private reloaderOf(): SkillReloader {
    this.reloader ??= reloaderFor(
      this,
      this.opts.reloadDebounceMs,
      async () => void (await this.restart()),
      (files) => this.emit('filesChanged', { skillId: this.ref.id, files }),
    );
    return this.reloader;
  }
}
