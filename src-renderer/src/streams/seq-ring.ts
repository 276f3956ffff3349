/**
 * A bounded, seq-ordered buffer of entries for one skill, kept outside React and the store
 * (high-frequency data). Components subscribe with `useRing`, which re-renders on a version number.
 */
export class SeqRing<T extends { seq: number }> {
  list: T[] = [];
  private bySeq = new Map<number, T>();
  private listeners = new Set<() => void>();
  version = 0;
  /** True once the backlog was fetched from the workbench. */
  loaded = false;
  loading: Promise<void> | null = null;
  /** How many old entries were dropped to stay under the cap. */
  dropped = 0;

  constructor(
    private readonly cap: number,
    private readonly onAdd?: (entry: T, ring: SeqRing<T>) => void,
  ) {}

  get(seq: number): T | undefined {
    return this.bySeq.get(seq);
  }

  /** Replaces an entry in place (same seq), keeping order. */
  replace(entry: T): void {
    if (!this.bySeq.has(entry.seq)) return;
    this.bySeq.set(entry.seq, entry);
    const i = this.indexOf(entry.seq);
    if (i >= 0) this.list[i] = entry;
  }

  add(entries: readonly T[]): void {
    if (!entries.length) return;
    let unordered = false;
    const last = this.list.length ? this.list[this.list.length - 1].seq : -Infinity;
    for (const e of entries) {
      if (this.bySeq.has(e.seq)) {
        this.replace(e);
      } else {
        if (e.seq < last) unordered = true;
        this.bySeq.set(e.seq, e);
        this.list.push(e);
      }
      this.onAdd?.(e, this);
    }
    if (unordered) this.list.sort((a, b) => a.seq - b.seq);
    if (this.list.length > this.cap) {
      const excess = this.list.length - this.cap;
      for (const e of this.list.splice(0, excess)) this.bySeq.delete(e.seq);
      this.dropped += excess;
    }
    this.bump();
  }

  clear(): void {
    this.list = [];
    this.bySeq.clear();
    this.dropped = 0;
    this.bump();
  }

  private scheduled = false;

  /** New version now; listeners hear about it at most once per frame, however many batches arrive. */
  bump(): void {
    this.version++;
    if (this.scheduled) return;
    this.scheduled = true;
    const notify = () => {
      this.scheduled = false;
      for (const l of [...this.listeners]) l();
    };
    if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && !document.hidden) {
      requestAnimationFrame(notify);
    } else {
      setTimeout(notify, 100);
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private indexOf(seq: number): number {
    let lo = 0;
    let hi = this.list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.list[mid].seq;
      if (s === seq) return mid;
      if (s < seq) lo = mid + 1;
      else hi = mid - 1;
    }
    return this.list.findIndex((e) => e.seq === seq);
  }
}

/** One ring per skill, created on demand. */
export class RingSet<T extends { seq: number }> {
  private rings = new Map<string, SeqRing<T>>();
  constructor(
    private readonly cap: number,
    private readonly onAdd?: (entry: T, ring: SeqRing<T>) => void,
  ) {}

  of(skillId: string): SeqRing<T> {
    let r = this.rings.get(skillId);
    if (!r) this.rings.set(skillId, (r = new SeqRing<T>(this.cap, this.onAdd)));
    return r;
  }

  loadedIds(): string[] {
    return [...this.rings.entries()].filter(([, r]) => r.loaded).map(([id]) => id);
  }
}
