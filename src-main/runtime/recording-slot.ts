/**
 * The one recording a skill may have at a time: it opens and closes the recorder, feeds it the protocol
 * messages (turned into JSON only while there is one), and tells whoever listens how many records it
 * holds, from the recorder's own count, a few times a second at most.
 */
import type { RecordingInfo, SkillRef } from '../contract';
import type { MessageLog } from '../engine/message-log';
import type { Redactor } from '../engine/redactor';
import { Recorder } from './recorder';
import type { RecordBody } from './recording-format';
import { infoOf } from './recordings';

const COUNT_EVERY_MS = 250;

export interface SlotHooks {
  /** The recording started, stopped, failed or grew. */
  changed(info: RecordingInfo): void;
  /** A recording stopped on its own (`err`: the write the disk refused): said in the skill's log and on its timeline. */
  failed(message: string, err: Error): void;
}

export class RecordingSlot {
  private recorder: Recorder | null = null;
  private timer: NodeJS.Timeout | null = null;
  private told = -1;

  constructor(
    private readonly ref: SkillRef,
    private readonly messages: MessageLog,
    private readonly redactor: Redactor,
    private readonly hooks: SlotHooks,
  ) {}

  get current(): Recorder | null {
    return this.recorder;
  }

  /** Starts recording into `file` (appending when it exists). */
  start(file: string, opts: { name?: string; version?: string } = {}): Recorder {
    if (this.recorder) throw new Error(`${this.ref.name} is already being recorded into ${this.recorder.file}. Stop that recording first.`);
    const r = Recorder.open(file, { ...this.ref, version: opts.version }, { name: opts.name, redactor: this.redactor, onFailure: (err) => this.failed(r, err) });
    this.use(r);
    this.told = r.records;
    return r;
  }

  /** Closes the recording; its last write failing is reported like any other (see `failure`). */
  stop(): Recorder | null {
    const r = this.recorder;
    r?.close();
    this.use(null);
    return r;
  }

  append(body: RecordBody): void {
    const r = this.recorder;
    if (!r) return;
    r.append(body);
    this.countSoon();
  }

  /** Appends a record made by its owner, secrets scrubbed (see Recorder.appendFields). */
  appendFields(fields: string): void {
    const r = this.recorder;
    if (!r) return;
    r.appendFields(fields);
    this.countSoon();
  }

  private use(r: Recorder | null): void {
    this.recorder = r;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.messages.tap = r
      ? (message, json) => {
          r.appendMessage(json, message.time);
          this.countSoon();
        }
      : null;
  }

  private failed(r: Recorder, err: Error): void {
    if (this.recorder !== r) return;
    this.use(null);
    this.hooks.failed(`Recording stopped: ${r.file} could not be written (${err.message}). It keeps everything up to here.`, err);
    this.hooks.changed(infoOf(r, false));
  }

  private countSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const r = this.recorder;
      if (!r || r.records === this.told) return;
      this.told = r.records;
      this.hooks.changed(infoOf(r, true));
    }, COUNT_EVERY_MS);
    this.timer.unref?.();
  }
}
