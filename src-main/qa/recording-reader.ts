/**
 * Reading a recording back (the format is in recording-format.ts). Forgiving where the format says a
 * reader must be: unknown record types and lines torn by a crash are skipped and reported in `warnings`,
 * never thrown. Only a file that is not a recording at all (no header) is an error.
 */
import fs from 'node:fs';
import type { CallOutcome, Tolerance } from '../contract';
import { parseBounded, tooDeepNote, WALK_DEPTH } from '../common/json-depth';
import { asText } from '../common/values';
import { RECORDING_VERSION, type RecordEntry, type RecordingHeader } from '../runtime/recording-format';

export type CallEntry = Extract<RecordEntry, { type: 'call' }>;

export interface Recording {
  file: string;
  header: RecordingHeader;
  /** Every known record in file order; `call` records carry their effective tolerance (see below). */
  records: RecordEntry[];
  /** Skipped lines and other things a reader should know, in plain words. */
  warnings: string[];
}

const KNOWN = new Set<string>([
  'call-start', 'call', 'tolerance', 'message', 'setup', 'session-start', 'session-end',
  'message-hook', 'tick', 'event', 'trigger', 'lifecycle', 'note', 'end',
  'chat-turn', 'chat-event', 'model-request', 'model-response',
]);

/** Thrown when a file is not a recording at all; the CLI maps it to exit 2. */
export class RecordingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordingError';
  }
}

export function readRecording(file: string): Recording {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new RecordingError(code === 'ENOENT' ? `There is no recording at ${file}.` : `Cannot read the recording ${file} (${code ?? (err as Error).message}).`);
  }
  return parseRecording(text, file);
}

export function parseRecording(text: string, file = '(recording)'): Recording {
  const lines = text.split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first === -1) throw new RecordingError(`${file} is empty: it is not a recording.`);
  let header: RecordingHeader;
  try {
    header = JSON.parse(lines[first]) as RecordingHeader;
  } catch {
    throw new RecordingError(`${file} is not a recording (its first line is not JSON).`);
  }
  if (header?.type !== 'header' || !header.skill) throw new RecordingError(`${file} is not a recording (it has no header line).`);

  const warnings: string[] = [];
  if (header.version > RECORDING_VERSION) {
    warnings.push(`The recording was written in format ${header.version}, newer than this workbench reads (${RECORDING_VERSION}); some records may be missed.`);
  }
  const records: RecordEntry[] = [];
  const unknown = new Map<string, number>();
  const lastLine = lines.length - 1 - [...lines].reverse().findIndex((l) => l.trim() !== '');
  for (let i = first + 1; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim()) continue;
    let rec: RecordEntry;
    try {
      // Records wrap what came from the skill (already bounded): they get the walks' headroom.
      const parsed = parseBounded(line, WALK_DEPTH);
      rec = parsed.value as RecordEntry;
      if (parsed.replaced) warnings.push(tooDeepNote(`Line ${i + 1}`, parsed.depth, WALK_DEPTH));
    } catch {
      // A torn write: the last line after a crash, or one a later session appended after.
      warnings.push(
        i === lastLine
          ? `The last line (${i + 1}) is incomplete, probably cut off when the app stopped; it was skipped.`
          : `Line ${i + 1} is incomplete (cut off by an earlier crash); it was skipped.`,
      );
      continue;
    }
    if (!rec || typeof rec !== 'object' || !KNOWN.has(rec.type)) {
      const t = asText((rec as { type?: unknown })?.type ?? 'none');
      unknown.set(t, (unknown.get(t) ?? 0) + 1);
      continue;
    }
    records.push(rec);
  }
  restoreCallArgs(records);
  for (const [t, n] of unknown) warnings.push(`Skipped ${n} record${n === 1 ? '' : 's'} of an unknown type ("${t}").`);
  applyTolerances(records);
  return { file, header, records, warnings };
}

/** A `call` record written without its arguments (they are in its `call-start`) gets them back from there. */
function restoreCallArgs(records: RecordEntry[]): void {
  const started = new Map<string, unknown>();
  for (const r of records) {
    if (r.type === 'call-start') started.set(r.callId, r.args);
    else if (r.type === 'call' && r.args === undefined && started.has(r.callId)) r.args = started.get(r.callId);
  }
}

/** A later `tolerance` record overrides the call's own; the latest wins and null clears it. */
function applyTolerances(records: RecordEntry[]): void {
  const latest = new Map<number, Tolerance | null>();
  for (const r of records) if (r.type === 'tolerance') latest.set(r.callSeq, r.tolerance ?? null);
  if (!latest.size) return;
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (r.type !== 'call' || !latest.has(r.seq)) continue;
    const t = latest.get(r.seq);
    const copy: CallEntry = { ...r };
    if (t) copy.tolerance = t;
    else delete copy.tolerance;
    records[i] = copy;
  }
}

export function callsOf(rec: Recording): CallEntry[] {
  return rec.records.filter((r): r is CallEntry => r.type === 'call');
}

/** The highest seq in the file (records of unknown types included), for appending after it. */
export function lastSeq(file: string): number {
  let max = 0;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const seq = (JSON.parse(line) as { seq?: unknown }).seq;
      if (typeof seq === 'number' && seq > max) max = seq;
    } catch {
      // torn line: no seq to learn from
    }
  }
  return max;
}

/** True when an outcome is a crash of the skill rather than an answer from it. */
export function isCrash(outcome: CallOutcome): boolean {
  return !outcome.ok && outcome.error?.code === 'CRASHED';
}
