/**
 * Writes one recording: a JSON Lines file, append-only. Records are buffered and written with a
 * synchronous write whenever the UI is about to be told anything (`sync`), so every record is on disk
 * before the UI shows it, at the cost of one write per batch rather than one per record.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SkillRef } from '../contract';
import type { Redactor } from '../engine/redactor';
import { folderHash } from './folder-hash';
import { RECORDING_VERSION, type RecordBody, type RecordEntry, type RecordingHeader } from './recording-format';

export class Recorder {
  private fd: number | null;
  private buffer = '';
  private seq: number;
  readonly startedAt: number;
  private count = 0;
  private closed = false;

  private constructor(
    readonly file: string,
    readonly header: RecordingHeader,
    lastSeq: number,
    private readonly redactor?: Redactor,
  ) {
    this.fd = fs.openSync(file, 'a', 0o600);
    this.seq = lastSeq;
    this.startedAt = header.startedAt;
  }

  /** Opens `file` for appending, writing a header first when the file is new or empty. */
  static open(file: string, ref: SkillRef & { version?: string }, opts: { name?: string; host?: string; redactor?: Redactor } = {}): Recorder {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const existing = readHeaderAndLastSeq(file);
    if (existing) return new Recorder(file, existing.header, existing.lastSeq, opts.redactor);
    const header: RecordingHeader = {
      type: 'header',
      version: RECORDING_VERSION,
      name: opts.name ?? path.basename(file, path.extname(file)),
      startedAt: Date.now(),
      skill: { id: ref.id, name: ref.name, protocol: ref.protocol, version: ref.version, dir: ref.dir, entry: ref.entry },
      folderHash: folderHash(ref.dir),
      host: opts.host ?? 'skillbench',
    };
    const r = new Recorder(file, header, 0, opts.redactor);
    r.buffer = JSON.stringify(header) + '\n';
    r.sync();
    return r;
  }

  get records(): number {
    return this.count;
  }

  get active(): boolean {
    return !this.closed;
  }

  append(body: RecordBody, time = Date.now()): RecordEntry {
    const entry = { seq: ++this.seq, time, ...body } as RecordEntry;
    if (this.closed) return entry;
    const safe = this.redactor?.active ? this.redactor.value(entry) : entry;
    this.buffer += JSON.stringify(safe) + '\n';
    this.count++;
    // Nobody may ask for a sync for a while (no UI attached): never hold more than this in memory.
    if (this.buffer.length > 256 * 1024) this.sync();
    return entry;
  }

  /** Puts everything appended so far on disk. Called before the UI hears of it. */
  sync(): void {
    if (!this.buffer || this.fd === null) return;
    const data = this.buffer;
    this.buffer = '';
    fs.writeSync(this.fd, data);
  }

  close(): void {
    if (this.closed) return;
    this.append({ type: 'end', endedAt: Date.now() });
    this.sync();
    this.closed = true;
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
