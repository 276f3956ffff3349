/**
 * An append-only file that never blocks the event loop and never grows memory without bound:
 * `write` reports false when the OS has not caught up, so the producer can pause (see LogSink).
 */
import fs from 'node:fs';
import path from 'node:path';

export class FileSink {
  private stream: fs.WriteStream | null = null;
  private failed = false;

  constructor(readonly file: string) {}

  write(text: string): boolean {
    if (this.failed) return true;
    if (!this.stream) {
      try {
        fs.mkdirSync(path.dirname(this.file), { recursive: true });
      } catch {
        this.failed = true;
        return true;
      }
      this.stream = fs.createWriteStream(this.file, { flags: 'a', highWaterMark: 256 * 1024 });
      // A full disk must not take the skill down with it: stop writing, keep the in-memory ring.
      this.stream.on('error', () => {
        this.failed = true;
      });
    }
    return this.stream.write(text);
  }

  onceDrained(fn: () => void): void {
    if (!this.stream || this.failed) fn();
    else this.stream.once('drain', fn);
  }

  close(): Promise<void> {
    const s = this.stream;
    this.stream = null;
    if (!s) return Promise.resolve();
    return new Promise((resolve) => s.end(resolve));
  }
}
