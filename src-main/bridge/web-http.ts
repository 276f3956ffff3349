/**
 * Node's HTTP server in front of the SDK's web-standard handlers: a request as a `Request` (its body already read
 * and parsed by us, passed beside it), and a `Response` written back, streamed as it comes (an SSE stream stays
 * open until the handler ends it or the client goes). The request's signal aborts when the client goes away.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export function webRequest(req: IncomingMessage, res: ServerResponse, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, signal: gone.signal });
}

export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    // Several Set-Cookie headers would be one joined line otherwise (the others are single).
    if (name === 'set-cookie') headers[name] = response.headers.getSetCookie();
    else headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  // An SSE stream's headers go at once: the client waits for them before it reads events.
  res.flushHeaders();
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
      if (res.destroyed) break;
    }
  } catch {
    // The stream failed (or was cancelled as the client went): the answer ends here.
  } finally {
    res.off('close', stop);
    res.end();
  }
}
