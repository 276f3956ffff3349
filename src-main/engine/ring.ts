/** A fixed-capacity ring buffer: the newest `capacity` items, oldest first, in O(1) per push. */
export class Ring<T> {
  private items: (T | undefined)[];
  private head = 0;
  private count = 0;
  /** How many items were pushed out since the last clear. */
  dropped = 0;

  constructor(readonly capacity: number) {
    if (!(capacity > 0)) throw new Error('Ring capacity must be positive');
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(item: T): void {
    const at = (this.head + this.count) % this.capacity;
    this.items[at] = item;
    if (this.count < this.capacity) this.count++;
    else {
      this.head = (this.head + 1) % this.capacity;
      this.dropped++;
    }
  }

  toArray(): T[] {
    const out = new Array<T>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.items[(this.head + i) % this.capacity] as T;
    return out;
  }

  /** The newest item matching `pred`, searching backwards. */
  findLast(pred: (item: T) => boolean): T | undefined {
    for (let i = this.count - 1; i >= 0; i--) {
      const item = this.items[(this.head + i) % this.capacity] as T;
      if (pred(item)) return item;
    }
    return undefined;
  }

  clear(): void {
    this.items = new Array<T | undefined>(this.capacity);
    this.head = 0;
    this.count = 0;
    this.dropped = 0;
  }
}
