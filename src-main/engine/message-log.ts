/**
 * Every protocol message of one skill, in both directions: the newest in a ring, all of them in a JSON Lines
 * file. Requests are paired with their responses (by direction and id) and the pair's duration is kept.
 * One-shot protocols record each call as an `exchange` (what went to stdin, what came back).
 */
import type { MessageEntry } from '../contract';
import { FileSink, type DiskHooks } from './file-sink';
import { stringifyBounded } from '../common/json-depth';
import type { RpcId, RpcTrace } from '../common/jsonrpc';
import type { Redactor } from './redactor';
import { Ring } from './ring';
import { previewValue } from '../common/value-preview';

function kib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export const DEFAULT_MESSAGE_RING = 2000;
/** A message whose body is larger than this (as JSON) goes to a window as a preview (`previews`). */
export const MESSAGE_PREVIEW_BYTES = 4096;
const BATCH_MS = 16;

export type MessageListener = (entries: MessageEntry[]) => void;

export class MessageLog {
  private readonly ring: Ring<MessageEntry>;
  private readonly file: FileSink | null;
  private seq = 0;
  /** Requests waiting for their response, by id: ours (sent out) and the skill's (came in). */
  private readonly openOut = new Map<RpcId, MessageEntry>();
  private readonly openIn = new Map<RpcId, MessageEntry>();
  private batch: MessageEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<MessageListener>();
  /** The size of each large entry's JSON, known as it was written (so a preview costs no second serialisation). */
  private readonly sizes = new WeakMap<MessageEntry, number>();
  /** Sees every entry as it is recorded, synchronously, with its JSON text (recordings). */
  tap: ((entry: MessageEntry, json: string) => void) | null = null;

  constructor(opts: { file?: string; capacity?: number; redactor?: Redactor; disk?: DiskHooks } = {}) {
    this.ring = new Ring(opts.capacity ?? DEFAULT_MESSAGE_RING);
    this.file = opts.file ? new FileSink(opts.file, opts.disk) : null;
    this.redactor = opts.redactor;
  }

  private readonly redactor?: Redactor;

  get filePath(): string | undefined {
    return this.file?.file;
  }

  /** Records a JSON-RPC message as traced by a JsonRpcPeer. */
  trace(t: RpcTrace): MessageEntry {
    const time = Date.now();
    let body = t.body;
    let line = t.line;
    if (this.redactor?.active) {
      // From the scrubbed value, not the line: a secret may be spelled in the line in ways text matching
      // misses (`\u0026` for `&`), and scrubbing a number in place would leave the line invalid JSON.
      body = this.redactor.value(body);
      line = stringifyBounded(body) ?? 'null';
    }
    const entry: MessageEntry = { seq: ++this.seq, time, direction: t.direction, kind: t.kind, body };
    if (t.method !== undefined) entry.method = t.method;
    if (t.id !== undefined) entry.id = t.id;
    if (t.note) entry.note = t.note;
    if (t.headers) entry.headers = t.headers;
    if (t.kind === 'request' && t.id != null) (t.direction === 'out' ? this.openOut : this.openIn).set(t.id, entry);
    else if (t.kind === 'response' && t.id != null) {
      const open = t.direction === 'in' ? this.openOut : this.openIn;
      const req = open.get(t.id);
      if (req) {
        open.delete(t.id);
        req.pairSeq = entry.seq;
        entry.pairSeq = req.seq;
        entry.durationMs = time - req.time;
        req.durationMs = entry.durationMs;
        entry.method ??= req.method;
      }
    }
    this.ring.push(entry);
    if (line.length > MESSAGE_PREVIEW_BYTES) this.sizes.set(entry, line.length);
    // The entry's JSON is made only for a recording, around the line rather than serialising the body again.
    if (this.tap) this.tap(entry, entryJson(entry, line));
    this.file?.write(`{"seq":${entry.seq},"time":${time},"direction":"${t.direction}","kind":"${t.kind}",${entry.headers ? `"headers":${JSON.stringify(entry.headers)},` : ''}"message":${line}}\n`);
    this.tell(entry);
    return entry;
  }

  /** Records one whole exchange of a one-shot protocol (request and response together). */
  exchange(method: string, request: unknown, response: unknown, durationMs: number, note?: string): MessageEntry {
    const time = Date.now();
    let body: unknown = { request, response };
    if (this.redactor?.active) body = this.redactor.value(body);
    const entry: MessageEntry = { seq: ++this.seq, time, direction: 'out', kind: 'exchange', method, body, durationMs };
    if (note) entry.note = note;
    const json = stringifyBounded(entry);
    this.ring.push(entry);
    if (json.length > MESSAGE_PREVIEW_BYTES) this.sizes.set(entry, json.length);
    if (this.tap) this.tap(entry, json);
    this.file?.write(json + '\n');
    this.tell(entry);
    return entry;
  }

  /** True while the history file is behind; the reader of a skill's output waits for `onceDrained`. */
  get behind(): boolean {
    return this.file?.behind ?? false;
  }

  onceDrained(fn: () => void): void {
    if (this.file) this.file.onceDrained(fn);
    else fn();
  }

  /** Forgets open requests (the process they were sent to is gone). */
  resetPairs(): void {
    this.openOut.clear();
    this.openIn.clear();
  }

  entries(): MessageEntry[] {
    return this.ring.toArray();
  }

  /** The newest entry of this seq still held in memory, whole. */
  entry(seq: number): MessageEntry | null {
    const all = this.ring.toArray();
    for (let i = all.length - 1; i >= 0; i--) if (all[i].seq === seq) return all[i];
    return null;
  }

  /**
   * Entries as a window is sent them: a large body as a preview, with its size (`elidedBytes`) and a note; the
   * window reads the whole with `readMessage` when the user opens it. Small entries are passed as they are.
   */
  previews(entries: MessageEntry[]): MessageEntry[] {
    return entries.map((e) => {
      const bytes = this.sizes.get(e);
      if (bytes === undefined) return e;
      const note = `A preview: the whole message is ${kib(bytes)}, read when it is opened.`;
      return { ...e, body: previewValue(e.body, MESSAGE_PREVIEW_BYTES), elidedBytes: bytes, note: e.note ? `${e.note}. ${note}` : note };
    });
  }

  subscribe(fn: MessageListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.batch.length === 0) return;
    const b = this.batch;
    this.batch = [];
    for (const fn of this.listeners) fn(b);
  }

  async close(): Promise<void> {
    this.flush();
    await this.file?.close();
  }

  /** Batches the entry for the listeners, if any. */
  private tell(entry: MessageEntry): void {
    if (this.listeners.size === 0) return;
    this.batch.push(entry);
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), BATCH_MS);
      this.timer.unref?.();
    }
  }
}

/**
 * The JSON of an entry as it stands now, built around the message's own line rather than serialising its
 * body again (a recording takes every message: this is most of what recording costs a call).
 */
function entryJson(e: MessageEntry, line: string): string {
  let head = `{"seq":${e.seq},"time":${e.time},"direction":"${e.direction}","kind":"${e.kind}"`;
  if (e.method !== undefined) head += `,"method":${JSON.stringify(e.method)}`;
  if (e.id !== undefined) head += `,"id":${JSON.stringify(e.id)}`;
  if (e.note !== undefined) head += `,"note":${JSON.stringify(e.note)}`;
  if (e.headers !== undefined) head += `,"headers":${JSON.stringify(e.headers)}`;
  if (e.pairSeq !== undefined) head += `,"pairSeq":${e.pairSeq},"durationMs":${e.durationMs}`;
  return `${head},"body":${line}}`;
}
