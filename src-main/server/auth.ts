/**
 * Browser mode's gate: a random token on every request and on the socket (compared in constant time),
 * an Origin allow-list that fails closed, and a Host check against DNS rebinding.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Shorter tokens would be guessable; newToken() makes 32 characters. */
const MIN_GIVEN_TOKEN = 16;
/** What a token the user gives (SKILLBENCH_TOKEN, SKILLBENCH_MCP_TOKEN, --host-token) must be, in words. */
export const GIVEN_TOKEN_RULE = `at least ${MIN_GIVEN_TOKEN} letters, digits, "-" or "_"`;

export function usableGivenToken(token: string): boolean {
  return token.length >= MIN_GIVEN_TOKEN && /^[A-Za-z0-9_-]+$/.test(token);
}

/** Constant-time comparison; hashing first makes the lengths equal so length leaks nothing either. */
export function tokenMatches(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Where the page lives: `/w/<22 characters>/`, made from the token so that a fixed token keeps the address, and
 * no more guessable than it. The cookie is scoped to it, because cookies ignore ports: with `Path=/` every other
 * server on 127.0.0.1 would be sent the token by the browser.
 */
export function pagePrefix(token: string): string {
  return `/w/${createHash('sha256').update(`skillbench page:${token}`).digest('base64url').slice(0, 22)}/`;
}

export class Gate {
  readonly cookieName: string;
  readonly prefix: string;
  private readonly origins: Set<string>;
  private readonly hosts: Set<string>;

  constructor(
    readonly token: string,
    host: string,
    port: number,
  ) {
    this.cookieName = `skillbench_token_${port}`;
    this.prefix = pagePrefix(token);
    const names = new Set(['127.0.0.1', 'localhost', '[::1]', host.includes(':') && !host.startsWith('[') ? `[${host}]` : host]);
    this.hosts = new Set([...names].map((n) => `${n}:${port}`));
    this.origins = new Set([...names].map((n) => `http://${n}:${port}`));
  }

  /** Why a request is refused, or null when it may pass. */
  refuse(req: IncomingMessage): { status: number; reason: string } | null {
    const origin = req.headers.origin;
    // Browsers send Origin on cross-origin requests and on every WebSocket handshake: only our own page may talk to us.
    if (origin !== undefined && !this.origins.has(origin)) return { status: 403, reason: `Origin ${origin} is not allowed` };
    const host = req.headers.host;
    if (!host || !this.hosts.has(host)) return { status: 403, reason: `Host ${host ?? '(none)'} is not allowed` };
    if (!tokenMatches(this.tokenOf(req), this.token)) return { status: 401, reason: 'A valid token is required' };
    return null;
  }

  /** The token from the query string (?token=) or from the cookie the page's first load set (sent only under its prefix). */
  tokenOf(req: IncomingMessage): string | null {
    const url = new URL(req.url ?? '/', 'http://x');
    const q = url.searchParams.get('token');
    if (q) return q;
    const cookies = req.headers.cookie ?? '';
    for (const part of cookies.split(';')) {
      const [k, ...v] = part.trim().split('=');
      if (k !== this.cookieName) continue;
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return null; // a malformed escape is no token
      }
    }
    return null;
  }

  cookie(): string {
    return `${this.cookieName}=${encodeURIComponent(this.token)}; HttpOnly; SameSite=Strict; Path=${this.prefix}`;
  }
}
