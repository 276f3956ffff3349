/**
 * The recording file: JSON Lines, append-only, one record per line. The first line is the header; a
 * `tolerance` record appended later overrides how one call is compared on replay (the file is never
 * rewritten). Secrets are redacted before a record is written. Readers must skip unknown record types
 * and a torn last line (the app may have died mid-write).
 */
export type { RecordBody, RecordEntry, RecordingHeader, RecordLine, Tolerance } from '../contract';

export const RECORDING_VERSION = 1;
