/**
 * The recording file: JSON Lines, append-only, one record per line. The first line is the header; a
 * `tolerance` record appended later overrides how one call is compared on replay (the file is never
 * rewritten). Secrets are redacted before a record is written. Readers must skip unknown record types
 * and a torn last line (the app may have died mid-write).
 *
 * A `call` record may leave out its `args`: they are those of the `call-start` with the same `callId`
 * (written so since issue 16; older recordings repeat them, and read the same).
 */
export type { RecordBody, RecordEntry, RecordingHeader, RecordLine, Tolerance } from '../contract';

export const RECORDING_VERSION = 1;
