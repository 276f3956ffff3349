/**
 * One line-framed message channel over a skill's process: what every stdio protocol stands on (our JSON-RPC
 * skills through RpcProcess, MCP servers through the MCP SDK's Transport). It owns:
 *  - the SkillChild (process group, escalating stop, launch errors in words, stderr into the skill's log);
 *  - framing: stdout cut into lines by a bounded, UTF-8 safe LineReader; stdin written by a LineWriter that waits
 *    for drain;
 *  - overflow: a line over the limit is dropped and reported, head and tail, to the protocol above;
 *  - backpressure: reading pauses while any reason holds it (the history file is behind, the peer has too
 *    much in flight), so memory stays flat however fast the skill writes;
 *  - the skill's own text on stdout, logged as its output after the chunk it came in.
 * The protocol above only reads lines and writes lines.
 */
import { SkillChild, type ExitInfo, type SpawnSpec } from './child';
import { DEFAULT_MAX_LINE_BYTES, LineReader, LineWriter } from './framing';
import type { LogSink } from './log-sink';
import type { MessageLog } from './message-log';

export interface StdioChannelOptions {
  spec: SpawnSpec;
  logs: LogSink;
  /** The message history: while its file is behind, reading waits. */
  messages?: MessageLog;
  maxLineBytes?: number;
  /** One whole line of stdout, without its newline. */
  onLine: (line: string) => void;
  /** A line over `maxLineBytes`, dropped: its length and its two ends, to tell what it was. */
  onOverflow: (bytes: number, head: string, tail: string, maxLineBytes: number) => void;
  /** Processes the skill started that outlived its stop (see SkillChild). */
  onSurvivors?: (message: string, pids: number[]) => void;
}

export class StdioChannel {
  readonly child: SkillChild;
  /** Resolves when the process has ended and every line it wrote has been read. */
  readonly exited: Promise<ExitInfo>;
  private readonly writer: LineWriter;
  private noise: string[] = [];
  private readonly holds = new Set<string>();

  constructor(private readonly opts: StdioChannelOptions) {
    const maxLineBytes = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    const reader = new LineReader({
      maxLineBytes,
      onLine: opts.onLine,
      onOverflow: (bytes, head, tail) => opts.onOverflow(bytes, head, tail, maxLineBytes),
    });
    const messages = opts.messages;
    this.child = new SkillChild(opts.spec, {
      logs: opts.logs,
      onSurvivors: opts.onSurvivors,
      onStdout: (chunk) => {
        reader.push(chunk);
        this.flushNoise();
        if (messages?.behind && !this.holds.has('history')) {
          this.hold('history', true);
          messages.onceDrained(() => this.hold('history', false));
        }
      },
    });
    this.writer = new LineWriter(this.child.proc.stdin!);
    this.exited = this.child.exited.then((info) => {
      reader.end();
      this.flushNoise();
      messages?.resetPairs();
      return info;
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Writes one line (a newline is added): undefined when the pipe took it at once, else a promise of that. */
  write(line: string): Promise<void> | undefined {
    return this.writer.write(line);
  }

  /** A stdout line that was not a protocol message: the skill's own output, logged as such. */
  noiseLine(line: string): void {
    this.noise.push(line);
  }

  /** Stops reading while any named reason holds, and reads again once none does. */
  hold(reason: string, on: boolean): void {
    if (on) this.holds.add(reason);
    else this.holds.delete(reason);
    const stdout = this.child.proc.stdout;
    if (!stdout) return;
    if (this.holds.size) stdout.pause();
    else stdout.resume();
  }

  private flushNoise(): void {
    if (!this.noise.length) return;
    this.opts.logs.append('stdout', this.noise);
    this.noise = [];
  }
}
