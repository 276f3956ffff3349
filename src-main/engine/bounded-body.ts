/**
 * An HTTP body read with a ceiling: never more than `max` bytes are kept, whatever the server sends or says it
 * sends. A `Content-Length` over the ceiling is refused before a byte is read; a body without one (chunked,
 * streamed) is read until it passes the ceiling, and the rest is cancelled, so the server's connection is closed
 * rather than drained. What was read is given back with `cut` set, for the caller to refuse or to show cut.
 */

export interface BoundedBody {
  bytes: Uint8Array;
  /** True where the body was longer than the ceiling: `bytes` holds its first `max` bytes at most. */
  cut: boolean;
}

export const KIB = 1024;
export const MIB = 1024 * KIB;

/** "1 MiB", "64 KiB": a ceiling in words. */
export function sizeWords(bytes: number): string {
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MiB`;
  if (bytes >= KIB && bytes % KIB === 0) return `${bytes / KIB} KiB`;
  return `${bytes} bytes`;
}

/** At most `max` bytes of `res`'s body; the rest is never read. */
export async function readBounded(res: Response, max: number): Promise<BoundedBody> {
  const body = res.body;
  if (!body) return { bytes: new Uint8Array(0), cut: false };
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    void body.cancel().catch(() => undefined);
    return { bytes: new Uint8Array(0), cut: true };
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (total + value.byteLength > max) {
        chunks.push(value.subarray(0, max - total));
        total = max;
        // Not awaited: a clone's cancel settles only once the original is cancelled too.
        void reader.cancel().catch(() => undefined);
        return { bytes: joined(chunks, total), cut: true };
      }
      chunks.push(value);
      total += value.byteLength;
    }
  } finally {
    reader.releaseLock();
  }
  return { bytes: joined(chunks, total), cut: false };
}

/** At most `max` bytes of the body as UTF-8 text (a character cut at the end shows as U+FFFD). */
export async function textBounded(res: Response, max: number): Promise<{ text: string; cut: boolean }> {
  const { bytes, cut } = await readBounded(res, max);
  return { text: new TextDecoder().decode(bytes), cut };
}

/** Statuses whose responses have no body (a Response built with one throws). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The same response with its body read into memory, or null where it was over `max` (the connection is then
 * closed). The copy can be read any number of ways by code that reads bodies whole (`json()`, `text()`).
 */
export async function bufferedResponse(res: Response, max: number): Promise<Response | null> {
  if (!res.body || NULL_BODY.has(res.status)) return res;
  const { bytes, cut } = await readBounded(res, max);
  if (cut) return null;
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** The same response with its body cut at `max` bytes (an error page, shown but not needed whole). */
export async function cutResponse(res: Response, max: number): Promise<Response> {
  if (!res.body || NULL_BODY.has(res.status)) return res;
  const { bytes } = await readBounded(res, max);
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers: res.headers });
}

function joined(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
