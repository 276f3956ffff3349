/**
 * The end-to-end suite's reset: `POST RESET_ROUTE {"home": "/abs", "folders": ["/abs", ...]}` swaps the served
 * workbench for a new one over that home and those folders, so one `skillbench serve` can give every test a fresh
 * start without a new process. It exists only when serve is started with RESET_ENV=1 (never set by users, never
 * in the help); otherwise the route is unknown like any other. It sits behind the same gate as every request.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

export const RESET_ROUTE = '/__e2e/reset';
/** The opt-in, read once by `skillbench serve` and taken out of the environment (skills must not see it). */
export const RESET_ENV = 'SKILLBENCH_E2E_RESET';

export interface ResetRequest {
  home: string;
  folders: string[];
}

/** Does the swap: closes the old workbench (every skill it started stops) before the new one opens. */
export type ResetHandler = (req: ResetRequest) => Promise<{ closedSockets: number }>;

const MAX_BODY = 64 * 1024;

export async function serveReset(req: IncomingMessage, res: ServerResponse, reset: ResetHandler): Promise<void> {
  const answer = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  // JSON only: a plain HTML form cannot send it, so no page can trigger a reset with a simple cross-site POST.
  if (req.method !== 'POST' || !/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
    answer(405, { error: 'POST application/json only' });
    return;
  }
  let parsed: ResetRequest;
  try {
    parsed = readRequest(await readBody(req));
  } catch (err) {
    answer(400, { error: (err as Error).message });
    return;
  }
  try {
    answer(200, await reset(parsed));
  } catch (err) {
    answer(500, { error: (err as Error).message });
  }
}

function readRequest(text: string): ResetRequest {
  const body = JSON.parse(text) as Partial<ResetRequest>;
  const isDir = (p: unknown): p is string => typeof p === 'string' && path.isAbsolute(p) && fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
  if (!isDir(body.home)) throw new Error('home must be an existing absolute folder');
  if (!Array.isArray(body.folders) || !body.folders.every(isDir)) throw new Error('folders must be existing absolute folders');
  return { home: body.home, folders: body.folders };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_BODY) req.destroy(new Error('body too large'));
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
