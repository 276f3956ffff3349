/**
 * Writes one recording: a JSON Lines file, append-only. Records are buffered and written together, with one
 * synchronous write: at the end of the turn in which someone waits for them (`flushed`: a call's answer),
 * when the UI is about to be told anything (`sync`, the event hub's barrier), or else after a short while.
 * Every record is on disk before the UI shows it or a caller hears of it, and a busy session costs one write
 * per batch of records rather than one per record (a call's start waits for its end, or for a window).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SkillRef } from '../contract';
import { stringifyBounded } from '../common/json-depth';
import { appendWhole, trimTornLine } from '../engine/file-sink';
import type { Redactor } from '../engine/redactor';
import { folderHash } from './folder-hash';
import { RECORDING_VERSION, type RecordBody, type RecordingHeader } from './recording-format';

export interface RecorderOptions {
  name?: string;
  host?: string;
  redactor?: Redactor;
  /** Told when a write fails and the recording stops (writes happen later than appends, so nobody else would hear). */
  onFailure?: (err: Error) => void;
}

/** How long records nobody waits for may stay in memory before they are written. */
const LAZY_MS = 20;

/** Every recording open in this process: the event hub's barrier syncs them all, and so does the exit. */
const openRecorders = new Set<Recorder>();
let exitHook = false;

export class Recorder {
  private fd: number | null;
  private buffer = '';
  private seq: number;
  readonly startedAt: number;
  private closed = false;
  /** The write of records nobody waits for yet, and the one at the end of a turn in which someone does. */
  private lazy: NodeJS.Timeout | null = null;
  private due: NodeJS.Immediate | null = null;
  /** One promise for all who wait for the buffered records to reach the disk (`flushed`), and its resolve. */
  private onDisk: Promise<void> | null = null;
  private reachedDisk: (() => void) | null = null;
  /** Why the recording stopped on its own (the disk refused a write), if it did. */
  failure: Error | null = null;

  private constructor(
    readonly file: string,
    readonly header: RecordingHeader,
    lastSeq: number,
    private readonly redactor?: Redactor,
    private readonly onFailure?: (err: Error) => void,
  ) {
    this.fd = fs.openSync(file, 'a', 0o600);
    this.seq = lastSeq;
    this.startedAt = header.startedAt;
    openRecorders.add(this);
    if (!exitHook) {
      exitHook = true;
      // An exit (a fatal error included) must not take this turn's records with it.
      process.once('exit', () => Recorder.syncAll());
    }
  }

  /** Puts every open recording's records on disk (including one whose skill is being dropped right now). */
  static syncAll(): void {
    for (const r of openRecorders) r.sync();
  }

  /** Opens `file` for appending, writing a header first when the file is new or empty. */
  static open(file: string, ref: SkillRef & { version?: string }, opts: RecorderOptions = {}): Recorder {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const existing = readHeaderAndLastSeq(file);
    if (existing) return new Recorder(file, existing.header, existing.lastSeq, opts.redactor, opts.onFailure);
    const header: RecordingHeader = {
      type: 'header',
      version: RECORDING_VERSION,
      name: opts.name ?? path.basename(file, path.extname(file)),
      startedAt: Date.now(),
      skill: { id: ref.id, name: ref.name, protocol: ref.protocol, version: ref.version, dir: ref.dir, entry: ref.entry },
      folderHash: folderHash(ref.dir),
      host: opts.host ?? 'skillbench',
    };
    const r = new Recorder(file, header, 0, opts.redactor, opts.onFailure);
    try {
      // Written at once, and a failure thrown to whoever asked: a recording that cannot start says so (and
      // leaves no file: a header the disk took half of would make it unreadable).
      appendWhole(r.fd!, Buffer.from(JSON.stringify(header) + '\n'));
    } catch (err) {
      openRecorders.delete(r);
      fs.closeSync(r.fd!);
      fs.rmSync(file, { force: true });
      throw new Error(`Could not write the recording ${file}: ${(err as Error).message}`, { cause: err });
    }
    return r;
  }

  /** Records in the file, the ones an earlier session appended included (the header is not one). */
  get records(): number {
    return this.seq;
  }

  get active(): boolean {
    return !this.closed;
  }

  append(body: RecordBody, time = Date.now()): void {
    if (this.closed) return;
    const safe = this.redactor?.active ? this.redactor.value(body) : body;
    // `{"seq":…,"time":…,` + the body's own fields: the record without copying the body into a new object.
    this.write(`{"seq":${++this.seq},"time":${time},${stringifyBounded(safe).slice(1)}\n`);
  }

  /** Appends a record whose fields (`"type":…,…`, without braces) its owner has already made, secrets scrubbed. */
  appendFields(fields: string, time = Date.now()): void {
    if (this.closed) return;
    this.write(`{"seq":${++this.seq},"time":${time},${fields}}\n`);
  }

  /** Appends a protocol message whose JSON the message log has already made (and redacted). */
  appendMessage(messageJson: string, time: number): void {
    if (this.closed) return;
    this.write(`{"seq":${++this.seq},"time":${time},"type":"message","message":${messageJson}}\n`);
  }

  /** Buffers one record, its line ending included. */
  private write(line: string): void {
    this.buffer += line;
    // A burst within one turn is bounded too: never hold more than this in memory.
    if (this.buffer.length > 256 * 1024) this.sync();
    else if (!this.lazy && !this.due) {
      this.lazy = setTimeout(this.syncSoon, LAZY_MS);
      this.lazy.unref();
    }
  }

  private readonly syncSoon = (): void => this.sync();

  /** Puts everything appended so far on disk. Called before the UI hears of it. */
  sync(): void {
    if (this.lazy) clearTimeout(this.lazy);
    if (this.due) clearImmediate(this.due);
    this.lazy = null;
    this.due = null;
    if (this.buffer && this.fd !== null) {
      const data = this.buffer;
      this.buffer = '';
      try {
        // A full disk can take part of a write and refuse the rest: all of this turn's records are in, or none.
        appendWhole(this.fd, Buffer.from(data));
      } catch (err) {
        this.fail(err as Error);
      }
    }
    const reached = this.reachedDisk;
    this.onDisk = null;
    this.reachedDisk = null;
    reached?.();
  }

  /** Resolves once every record appended so far is on disk (at the latest after this turn's write). */
  flushed(): Promise<void> {
    if (!this.buffer) return Promise.resolve();
    // The calls of one turn wait on the same write: one promise for all of them.
    this.onDisk ??= new Promise((resolve) => (this.reachedDisk = resolve));
    this.due ??= setImmediate(this.syncSoon);
    return this.onDisk;
  }

  /** A full disk or a vanished folder ends the recording, never the app: what was written stays readable. */
  private fail(err: Error): void {
    this.failure = err;
    this.closed = true;
    openRecorders.delete(this);
    try {
      if (this.fd !== null) fs.closeSync(this.fd);
    } catch {
      // already gone with the disk
    }
    this.fd = null;
    // What was written stays readable: a record the disk took only half of is cut off.
    try {
      trimTornLine(this.file);
    } catch {
      // the folder went with the disk
    }
    this.onFailure?.(err);
  }

  close(): void {
    if (this.closed) return;
    this.append({ type: 'end', endedAt: Date.now() });
    this.sync();
    this.closed = true;
    openRecorders.delete(this);
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }
}

/** The header and last seq of an existing recording, or null when the file is missing or empty. */
function readHeaderAndLastSeq(file: string): { header: RecordingHeader; lastSeq: number } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n').filter((l) => l.trim());
  if (!lines.length) return null;
  let header: RecordingHeader;
  try {
    header = JSON.parse(lines[0]) as RecordingHeader;
  } catch {
    throw new Error(`${file} is not a recording (its first line is not JSON).`);
  }
  if (header.type !== 'header') throw new Error(`${file} is not a recording (it has no header line).`);
  let lastSeq = 0;
  for (let i = lines.length - 1; i > 0; i--) {
    try {
      lastSeq = (JSON.parse(lines[i]) as { seq?: number }).seq ?? 0;
      break;
    } catch {
      // a torn last line from a crash: look at the one before
    }
  }
  // A torn last line would glue itself to our next record: end it.
  if (!text.endsWith('\n')) fs.appendFileSync(file, '\n');
  return { header, lastSeq };
}
