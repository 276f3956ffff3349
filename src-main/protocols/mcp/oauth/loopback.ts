/**
 * The redirect of the browser round trip: a one-shot HTTP listener on 127.0.0.1 (RFC 8252 §7.3), started for one
 * authorization and closed after it. It takes one answer at `/callback` whose `state` is the one sent; any other
 * request (a stale tab, another page guessing the port) is turned away and the wait goes on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const CALLBACK_PATH = '/callback';

/** What the browser brought back: a code, or the authorization server's refusal. */
export type CallbackAnswer = { code: string } | { error: string; description?: string };

export class CallbackError extends Error {}

const page = (title: string, line: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;margin:3rem;max-width:36rem"><h1 style="font-size:1.3rem">${title}</h1><p>${line}</p></body></html>`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class LoopbackCallback {
  private settle: ((answer: CallbackAnswer) => void) | null = null;
  private expected: string | null = null;
  /** Turned-away requests, for the steps ("state did not match"). */
  onRefused?: (why: string) => void;

  private constructor(private readonly server: http.Server) {
    server.on('request', (req, res) => this.handle(req, res));
  }

  /** Listens on `port` where it is free (the one a client was registered with), else on any free port. */
  static async open(port = 0): Promise<LoopbackCallback> {
    const listen = (p: number) =>
      new Promise<http.Server>((resolve, reject) => {
        const server = http.createServer();
        server.once('error', reject);
        server.listen(p, '127.0.0.1', () => {
          server.off('error', reject);
          resolve(server);
        });
      });
    let server: http.Server;
    try {
      server = await listen(port);
    } catch (err) {
      if (port === 0) throw err;
      server = await listen(0);
    }
    server.unref();
    return new LoopbackCallback(server);
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get redirectUri(): string {
    return `http://127.0.0.1:${this.port}${CALLBACK_PATH}`;
  }

  /** Waits for the answer carrying `state`, at most `timeoutMs`, or until `signal` aborts. */
  wait(state: string, timeoutMs: number, signal?: AbortSignal): Promise<CallbackAnswer> {
    this.expected = state;
    return new Promise<CallbackAnswer>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        this.settle = null;
      };
      const timer = setTimeout(() => {
        done();
        reject(new CallbackError(`No answer came back from the browser within ${Math.round(timeoutMs / 1000)} s: the sign-in was not finished (or the page could not reach ${this.redirectUri}).`));
      }, timeoutMs);
      timer.unref?.();
      const aborted = () => {
        done();
        reject(new CallbackError('The authorization was cancelled before the browser came back.'));
      };
      if (signal?.aborted) return aborted();
      signal?.addEventListener('abort', aborted, { once: true });
      this.settle = (answer) => {
        done();
        resolve(answer);
      };
    });
  }

  close(): void {
    this.settle = null;
    this.server.close();
    this.server.closeAllConnections();
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const reply = (status: number, title: string, line: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
      res.end(page(title, line));
    };
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) return reply(404, 'Not here', 'This address only takes the answer of an authorization.');
    const settle = this.settle;
    const state = url.searchParams.get('state');
    if (!settle || state === null || state !== this.expected) {
      this.onRefused?.(settle ? `An answer came back to ${CALLBACK_PATH} whose state ${state === null ? 'was missing' : 'did not match the one sent'}: it was turned away (a stale tab, or a request not from this sign-in).` : 'An answer came back after the wait had ended: it was turned away.');
      return reply(400, 'This answer is not for this sign-in', 'Its state does not match the sign-in under way. Start the sign-in again from Skill Workbench.');
    }
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error) {
      const description = url.searchParams.get('error_description') ?? undefined;
      reply(200, 'Not authorized', `The authorization server answered ${escape(error)}${description ? `: ${escape(description)}` : ''}. You can close this tab.`);
      return settle({ error, ...(description ? { description } : {}) });
    }
    if (!code) return reply(400, 'No code', 'The answer carried neither a code nor an error.');
    reply(200, 'Authorized', 'Skill Workbench has what it needs. You can close this tab.');
    settle({ code });
  }
}

/** The port of a loopback redirect address, to listen on again (0 where there is none). */
export function portOf(uri: string | undefined): number {
  if (!uri) return 0;
  try {
    const u = new URL(uri);
    return u.hostname === '127.0.0.1' ? Number(u.port) || 0 : 0;
  } catch {
    return 0;
  }
}
