/**
 * Two ends of a line transport in memory, for tests that need no process, socket or window: what one end sends,
 * the other receives on a later microtask (as a real transport delivers later, never within the send), in order.
 * Closing either end closes both.
 */
export interface MemoryEnd {
  send(line: string): void;
  /** Where received lines go (set once, before anything is sent). */
  onLine: (line: string) => void;
  onClose: () => void;
  close(): void;
  readonly closed: boolean;
  /** Lines sent from this end (for a test to look at). */
  readonly sent: number;
}

export function memoryPair(): [MemoryEnd, MemoryEnd] {
  let closed = false;
  const make = (): MemoryEnd & { peer?: MemoryEnd } => ({
    onLine: () => undefined,
    onClose: () => undefined,
    sent: 0,
    get closed() {
      return closed;
    },
    send(line: string) {
      if (closed) throw new Error('The link is closed.');
      (this as { sent: number }).sent++;
      const to = this.peer!;
      void Promise.resolve().then(() => {
        if (!closed) to.onLine(line);
      });
    },
    close() {
      if (closed) return;
      closed = true;
      void Promise.resolve().then(() => {
        a.onClose();
        b.onClose();
      });
    },
  });
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  return [a, b];
}
