/**
 * The contract's commands over a skill's complete log file (part of the one contract: contract.ts re-exports
 * everything here). The Logs tab holds only the newest lines; every line is in a file on disk, and these read
 * it: how many lines come before what the tab holds, and a search over all of them. Types only, plus the
 * method-name map; nothing may import Node or Electron.
 *
 * Line numbers count the lines the skill (and the workbench) logged, 1 for the first, as the Logs tab and the
 * browser-mode view of the file (LOG_FILE_ROUTE) number them. The file on disk also holds a header line
 * (`--- <time> <stream>`) wherever the stream or the time changes; those are not counted.
 */
import type { LogStream, MessageEntry } from './contract-types';

export interface LogFileInfo {
  /** The complete log file of this run of the workbench; null where the log is kept in memory only. */
  path: string | null;
  bytes: number;
  /** How many lines of the log come before the line whose seq was given (0 when none was). */
  linesBefore: number;
}

export interface LogSearchQuery {
  /** Plain text, or a regular expression (JavaScript syntax) when `regex` is set. */
  text: string;
  regex?: boolean;
  caseSensitive?: boolean;
  /** Only lines of these streams (all when absent). */
  streams?: LogStream[];
  /** At most this many matches (default 500, at most 5000). */
  limit?: number;
}

export interface LogSearchMatch {
  /** 1-based, counting every logged line (see above). */
  line: number;
  time: number;
  stream: LogStream;
  /** The line with secrets redacted, cut around the match when it is very long. */
  text: string;
}

export interface LogSearchResult {
  path: string | null;
  matches: LogSearchMatch[];
  /** More lines match than `limit`: the search stopped there. */
  truncated: boolean;
  /** How many lines were read (all of them unless the search stopped early). */
  linesSearched: number;
}

export interface LogsApi {
  /** Where the skill's complete log is, and how many of its lines come before `beforeSeq` (a LogEntry's seq). */
  logFileInfo(skillId: string, beforeSeq?: number): Promise<LogFileInfo>;
  /** Searches every line of the skill's complete log file, oldest first, reading it a piece at a time. */
  searchLogFile(skillId: string, query: LogSearchQuery): Promise<LogSearchResult>;
  /**
   * One message of the skill's history, whole (a `messages` event carries a large one as a preview): from the
   * newest kept in memory, else read from this run's message file. Null when neither has it.
   */
  readMessage(skillId: string, seq: number): Promise<MessageEntry | null>;
}


/**
 * Browser mode only: `GET <route>?skill=<id>` serves the skill's complete log as numbered plain text (secrets
 * redacted), behind the same token as the app. The desktop app shows the file's path instead.
 */
export const LOG_FILE_ROUTE = '/log-file';
