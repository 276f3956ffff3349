/**
 * An agent's `schedule:` entries driven like ticks: each armed for its next cron time while the skill
 * runs, never overlapping itself (a run due while the last one is still going is skipped and counted on
 * the timeline), paused and resumed one by one, and "run now". Every run is a real call of the skill's
 * action, or a prompt's chat turn (recorded by whoever `run` belongs to), and a mark on the timeline with its
 * outcome and the next run. A prompt with no model to ask is passed over, said on the timeline: never a failure.
 */
import type { AgentSchedule, CallOutcome, ScheduleState, TimelineEntry } from '../contract';
import { firstLine } from '../common/first-line';
import { nextRun, parseCron, type Cron } from '../protocols/action';

export interface ScheduleTarget {
  /** Calls the skill's action with the entry's params, or runs its prompt as a chat turn; never throws for the tool's own failure. */
  run(entry: AgentSchedule): Promise<CallOutcome>;
  /** Whether a prompt can run now (a model is configured); none where absent. */
  hasModel?(): boolean;
  mark(e: Omit<TimelineEntry, 'seq' | 'time'> & { time?: number }): void;
  onChange?(states: ScheduleState[]): void;
}

export interface ScheduleClock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(t: unknown): void;
}

const realClock: ScheduleClock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimer: (t) => clearTimeout(t as NodeJS.Timeout),
};

/** A prompt's answer as its timeline mark keeps it (the whole answer is the turn's, in its calls and its outcome). */
const MAX_ANSWER = 4000;

/** setTimeout's longest delay; a later run is reached by re-arming. */
const MAX_DELAY_MS = 2 ** 31 - 1;

interface Slot {
  entry: AgentSchedule;
  cron: Cron | null;
  paused: boolean;
  running: boolean;
  count: number;
  skipped: number;
  lastRun?: number;
  lastOk?: boolean;
  next: number | null;
  timer?: unknown;
}

export class ScheduleRunner {
  private slots = new Map<string, Slot>();
  private armed = false;

  constructor(
    entries: AgentSchedule[],
    private readonly target: ScheduleTarget,
    private readonly clock: ScheduleClock = realClock,
  ) {
    this.update(entries);
  }

  get running(): boolean {
    return this.armed;
  }

  /** Takes a new list (agent.yaml changed), keeping pause, counts and last run of entries by id. */
  update(entries: AgentSchedule[]): void {
    const next = new Map<string, Slot>();
    for (const entry of entries) {
      const old = this.slots.get(entry.id);
      if (old?.timer !== undefined) this.clock.clearTimer(old.timer);
      const parsed = entry.problem ? null : parseCron(entry.cron);
      next.set(entry.id, {
        entry,
        cron: parsed && typeof parsed !== 'string' ? parsed : null,
        paused: old?.paused ?? false,
        running: old?.running ?? false,
        count: old?.count ?? 0,
        skipped: old?.skipped ?? 0,
        lastRun: old?.lastRun,
        lastOk: old?.lastOk,
        next: null,
      });
    }
    for (const [id, s] of this.slots) if (!next.has(id) && s.timer !== undefined) this.clock.clearTimer(s.timer);
    this.slots = next;
    if (this.armed) for (const s of this.slots.values()) this.arm(s);
    this.changed();
  }

  start(): void {
    if (this.armed) return;
    this.armed = true;
    for (const s of this.slots.values()) this.arm(s);
    this.changed();
  }

  stop(): void {
    if (!this.armed) return;
    this.armed = false;
    for (const s of this.slots.values()) this.disarm(s);
    this.changed();
  }

  pause(id: string): void {
    const s = this.slot(id);
    s.paused = true;
    this.disarm(s);
    this.target.mark({ kind: 'note', label: `Schedule "${id}" paused` });
    this.changed();
  }

  resume(id: string): void {
    const s = this.slot(id);
    s.paused = false;
    this.arm(s);
    this.target.mark({ kind: 'note', label: `Schedule "${id}" resumed${s.next ? `: next run ${new Date(s.next).toISOString()}` : ''}`, data: { schedule: id, nextRun: s.next } });
    this.changed();
  }

  /** Runs one entry now, whatever its cron says (even paused or disabled); resolves when it is done. */
  runNow(id: string): Promise<void> {
    return this.fire(this.slot(id), 'now');
  }

  states(): ScheduleState[] {
    return [...this.slots.values()].map((s) => {
      const state: ScheduleState = { ...s.entry, nextRun: s.next, paused: s.paused, running: s.running, count: s.count };
      if (s.lastRun !== undefined) state.lastRun = s.lastRun;
      if (s.lastOk !== undefined) state.lastOk = s.lastOk;
      if (s.entry.prompt && !this.target.hasModel?.()) state.needsModel = true;
      return state;
    });
  }

  private slot(id: string): Slot {
    const s = this.slots.get(id);
    if (!s) throw new Error(`There is no schedule "${id}". Schedules: ${[...this.slots.keys()].join(', ') || 'none'}.`);
    return s;
  }

  private arm(s: Slot): void {
    this.disarm(s);
    if (!this.armed || s.paused || !s.entry.enabled || !s.cron) return;
    const at = nextRun(s.cron, new Date(this.clock.now()));
    s.next = at ? at.getTime() : null;
    if (s.next === null) return;
    const wait = Math.max(0, s.next - this.clock.now());
    s.timer = this.clock.setTimer(() => {
      s.timer = undefined;
      // A run further away than setTimeout reaches: wait again.
      if (s.next !== null && s.next - this.clock.now() > 1000) this.arm(s);
      else void this.fire(s, 'due');
    }, Math.min(wait, MAX_DELAY_MS));
  }

  private disarm(s: Slot): void {
    if (s.timer !== undefined) this.clock.clearTimer(s.timer);
    s.timer = undefined;
    s.next = null;
  }

  private async fire(s: Slot, why: 'due' | 'now'): Promise<void> {
    const id = s.entry.id;
    if (s.running) {
      s.skipped++;
      this.target.mark({ kind: 'tick', label: `Schedule "${id}" skipped: its last run is still going`, outcome: 'skipped', durationMs: 0, data: { schedule: id } });
      if (why === 'due') this.arm(s);
      this.changed();
      return;
    }
    if (s.entry.prompt && !this.target.hasModel?.()) {
      this.target.mark({ kind: 'tick', label: `Schedule "${id}" not run: it is a prompt for the agent, which needs a model`, outcome: 'skipped', durationMs: 0, data: { schedule: id, needsModel: true } });
      if (why === 'due') this.arm(s);
      this.changed();
      return;
    }
    s.running = true;
    if (why === 'due') s.next = null;
    this.changed();
    const startedAt = this.clock.now();
    const t0 = performance.now();
    let outcome: CallOutcome;
    try {
      outcome = await this.target.run(s.entry);
    } catch (err) {
      outcome = { ok: false, durationMs: Math.round(performance.now() - t0), error: { code: 'LAUNCH', message: (err as Error).message } };
    }
    s.running = false;
    s.count++;
    s.lastRun = startedAt;
    s.lastOk = outcome.ok;
    if (why === 'due' || s.timer === undefined) this.arm(s);
    const what = s.entry.prompt ? `the prompt "${firstLine(s.entry.prompt, 40)}"` : `${s.entry.skill} ${s.entry.action}`;
    const how = outcome.ok ? 'done' : `failed: ${outcome.error?.message ?? 'unknown error'}`;
    const label = `Schedule "${id}" (${why === 'now' ? 'run now' : s.entry.cron}): ${what} ${how}`;
    this.target.mark({
      kind: 'tick',
      time: startedAt,
      label,
      durationMs: Math.round(performance.now() - t0),
      outcome: outcome.ok ? 'ok' : 'error',
      data: {
        schedule: id,
        run: s.count,
        ...(s.entry.prompt ? { prompt: s.entry.prompt, ...(outcome.text ? { answer: outcome.text.slice(0, MAX_ANSWER) } : {}) } : { action: s.entry.action }),
        nextRun: s.next,
        ...(outcome.ok ? {} : { error: outcome.error?.message }),
      },
    });
    this.changed();
  }

  private changed(): void {
    this.target.onChange?.(this.states());
  }
}
