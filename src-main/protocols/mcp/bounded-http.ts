/**
 * What an MCP server over HTTP answers, with a ceiling, before the SDK's transport reads it: a JSON answer is read
 * up to the same ceiling as a stdio line (`maxLineBytes`) and one longer fails its request in words; an event
 * stream fails once one event grows past it (the SDK's parser would keep adding to it); any other body (an error
 * page, whose text the SDK puts in its error) is cut at 64 KiB.
 */
import type { FetchLike } from '@modelcontextprotocol/client';
import { bufferedResponse, cutResponse, KIB, sizeWords } from '../../engine/bounded-body';
import { DEFAULT_MAX_LINE_BYTES } from '../../engine/framing';

const OTHER_BODY_MAX = 64 * KIB;

export class MessageTooLarge extends Error {
  constructor(url: string, max: number, what: string) {
    super(`The MCP server at ${url} sent ${what} longer than ${sizeWords(max)}: the workbench stopped reading it (the same ceiling as a line over stdio).`);
    this.name = 'MessageTooLarge';
  }
}

/** A stream of server-sent events that errors once an event (the bytes since the last blank line) passes `max`. */
function boundedEvents(body: ReadableStream<Uint8Array>, max: number, url: string): ReadableStream<Uint8Array> {
  let size = 0;
  let atLineStart = true;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        for (let i = 0; i < chunk.length; i++) {
          const b = chunk[i];
          if (b === 0x0a) {
            if (atLineStart) size = 0; // a blank line ends the event
            atLineStart = true;
          } else if (b !== 0x0d) {
            atLineStart = false;
            if (++size > max) return controller.error(new MessageTooLarge(url, max, 'an event'));
          }
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

export function boundedHttp(next: FetchLike, max = DEFAULT_MAX_LINE_BYTES): FetchLike {
  return async (input, init) => {
    const res = await next(input, init);
    if (!res.body) return res;
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    const url = new URL(String(input)).href;
    if (res.ok && type.includes('text/event-stream')) {
      return new Response(boundedEvents(res.body, max, url), { status: res.status, statusText: res.statusText, headers: res.headers });
    }
    if (res.ok && type.includes('json')) {
      const buffered = await bufferedResponse(res, max);
      if (!buffered) throw new MessageTooLarge(url, max, 'an answer');
      return buffered;
    }
    return cutResponse(res, OTHER_BODY_MAX);
  };
}
