/**
 * Editing how a recorded call is compared on replay. The recording is append-only: a change is a new
 * `tolerance` record naming the call, and the reader lets the latest one win (null clears it).
 */
import fs from 'node:fs';
import type { Tolerance } from '../contract';
import { callsOf, lastSeq, readRecording, RecordingError } from './recording-reader';

/** Why a tolerance is unusable, in plain words, or null when it is fine. */
export function checkTolerance(t: unknown): string | null {
  if (t === null) return null;
  if (!t || typeof t !== 'object' || Array.isArray(t)) return 'a tolerance is an object with "ignore", "numeric" and/or "pattern"';
  const { ignore, numeric, pattern, ...rest } = t as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length) return `a tolerance has no "${extra[0]}" (it takes "ignore", "numeric" and "pattern")`;
  if (ignore !== undefined && (!Array.isArray(ignore) || ignore.some((p) => typeof p !== 'string' || !p.trim()))) {
    return '"ignore" must be a list of paths such as "data.timestamp"';
  }
  if (numeric !== undefined) {
    if (!numeric || typeof numeric !== 'object' || Array.isArray(numeric)) return '"numeric" must be {"abs": number} and/or {"rel": number}';
    for (const [k, v] of Object.entries(numeric)) {
      if (k !== 'abs' && k !== 'rel') return `"numeric" has no "${k}" (it takes "abs" and "rel")`;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return `"numeric.${k}" must be a number of at least 0`;
    }
  }
  if (pattern !== undefined) {
    if (typeof pattern !== 'string') return '"pattern" must be a regular expression, as text';
    try {
      new RegExp(pattern);
    } catch (err) {
      return `"pattern" is not a valid regular expression (${(err as Error).message})`;
    }
  }
  return null;
}

/**
 * Appends a `tolerance` record for the call with seq `callSeq` (null clears it). Never rewrites the file.
 * Not for a recording being written right now: append through its Recorder instead, so seqs stay unique.
 */
export function setTolerance(file: string, callSeq: number, tolerance: Tolerance | null): void {
  const problem = checkTolerance(tolerance);
  if (problem) throw new RecordingError(`That tolerance cannot be used: ${problem}.`);
  const rec = readRecording(file);
  if (!callsOf(rec).some((c) => c.seq === callSeq)) {
    throw new RecordingError(`The recording ${file} has no call with seq ${callSeq}.`);
  }
  const entry = { seq: lastSeq(file) + 1, time: Date.now(), type: 'tolerance', callSeq, tolerance };
  // A torn last line would swallow our record: end it first.
  const text = fs.readFileSync(file, 'utf8');
  fs.appendFileSync(file, (text.endsWith('\n') || text === '' ? '' : '\n') + JSON.stringify(entry) + '\n');
}
