/**
 * Reading one message back from a skill's message history file (message-log.ts writes it), for a window that
 * was sent only a preview of it. The file is read a line at a time: a line is parsed only when it is the one.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import type { MessageEntry } from '../contract';
import { parseBounded, WALK_DEPTH } from '../common/json-depth';

/** The entry of this seq in the file, or null when it has none (or cannot be read). */
export async function readMessageFromFile(file: string, seq: number): Promise<MessageEntry | null> {
  const prefix = `{"seq":${seq},`;
  let stream: fs.ReadStream;
  try {
    stream = fs.createReadStream(file, { encoding: 'utf8' });
  } catch {
    return null;
  }
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  let found: MessageEntry | null = null;
  try {
    // A skill restarted within the run numbers its messages afresh: the newest of that seq is the one a window holds.
    for await (const line of lines) {
      if (!line.startsWith(prefix)) continue;
      try {
        found = entryOf(parseBounded(line, WALK_DEPTH).value as Record<string, unknown>) ?? found;
      } catch {
        // A torn line (a crash mid-write): not this message.
      }
    }
  } catch {
    return found;
  } finally {
    lines.close();
    stream.destroy();
  }
  return found;
}

/** A line as written: a traced message (`message` holds the body) or a whole entry (an exchange). */
function entryOf(o: Record<string, unknown>): MessageEntry | null {
  if (!o || typeof o !== 'object' || typeof o.seq !== 'number') return null;
  if ('message' in o && !('body' in o)) {
    const { message, ...rest } = o;
    const body = message as Record<string, unknown> | null;
    const entry = { ...rest, body } as unknown as MessageEntry;
    if (body && typeof body === 'object') {
      if (typeof body.method === 'string') entry.method ??= body.method;
      if ('id' in body) entry.id ??= body.id as MessageEntry['id'];
    }
    return entry;
  }
  return o as unknown as MessageEntry;
}
