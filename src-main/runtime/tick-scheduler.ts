/**
 * Drives a skill's ticks from the host: never faster than once a second, never overlapping (a tick due
 * while the previous one runs is skipped and counted), each recorded on the timeline with its duration,
 * outcome and the events the skill emitted during it. Pause, resume and "tick now".
 */
import type { TickState, TimelineEntry } from '../contract';

import { MIN_TICK_MS } from '../protocols/adapter';

export { MIN_TICK_MS };

export interface TickTarget {
  tick(): Promise<void>;
  mark(e: Omit<TimelineEntry, 'seq' | 'time'> & { time?: number }): TimelineEntry;
  /** Events recorded since `seq` (for "events emitted during this tick"). */
  eventsSince(seq: number): TimelineEntry[];
  lastSeq(): number;
  onChange?(state: TickState, entry: TimelineEntry): void;
}

export class TickScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private paused = false;
  private count = 0;
  private skipped = 0;
  readonly intervalMs: number;

  constructor(
    intervalMs: number,
    private readonly target: TickTarget,
  ) {
    this.intervalMs = Math.max(MIN_TICK_MS, Math.round(intervalMs));
  }

  state(): TickState {
    return { intervalMs: this.intervalMs, paused: this.paused, running: this.running, count: this.count, skipped: this.skipped };
  }

  start(): void {
    if (this.timer || this.paused) return;
    this.timer = setInterval(() => this.due(), this.intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  pause(): void {
    this.paused = true;
    this.stop();
  }

  resume(): void {
    this.paused = false;
    this.start();
  }

  /** Runs one tick now (skipped, like any other, if one is running). Resolves when it is done. */
  now(): Promise<TimelineEntry> {
    return this.run();
  }

  private due(): void {
    void this.run();
  }

  private async run(): Promise<TimelineEntry> {
    if (this.running) {
      this.skipped++;
      const entry = this.target.mark({ kind: 'tick', label: 'Tick skipped: the previous one is still running', outcome: 'skipped', durationMs: 0 });
      this.target.onChange?.(this.state(), entry);
      return entry;
    }
    this.running = true;
    const startSeq = this.target.lastSeq();
    const startedAt = Date.now();
    const t0 = performance.now();
    let outcome: 'ok' | 'error' = 'ok';
    let error: string | undefined;
    try {
      await this.target.tick();
    } catch (err) {
      outcome = 'error';
      error = (err as Error).message;
    }
    this.running = false;
    this.count++;
    const events = this.target.eventsSince(startSeq).map((e) => ({ label: e.label, data: e.data }));
    const entry = this.target.mark({
      kind: 'tick',
      time: startedAt,
      label: error ? `Tick ${this.count} failed: ${error}` : `Tick ${this.count}`,
      durationMs: Math.round(performance.now() - t0),
      outcome,
      data: { tick: this.count, events, ...(error ? { error } : {}) },
    });
    this.target.onChange?.(this.state(), entry);
    return entry;
  }
}

/** The runtime's side of its ticks: marked on its timeline, with the events the skill emitted during each. */
interface Ticked {
  readonly adapter: { tick?(): Promise<void> };
  mark: TickTarget['mark'];
  timelineEntries(): TimelineEntry[];
}

/** Host-driven ticks for a skill that has them, marked on its timeline; `changed` after each. */
export function ticksOf(rt: Ticked, intervalMs: number, changed?: () => void): TickScheduler {
  return new TickScheduler(intervalMs, {
    tick: () => rt.adapter.tick!(),
    mark: (m) => rt.mark(m),
    lastSeq: () => rt.timelineEntries().at(-1)?.seq ?? 0,
    eventsSince: (seq) => rt.timelineEntries().filter((t) => t.seq > seq && t.kind === 'event'),
    onChange: changed ? () => changed() : undefined,
  });
}
