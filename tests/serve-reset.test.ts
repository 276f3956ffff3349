/**
 * The end-to-end suite's reset hook in browser mode: with `resetTo` the server swaps its workbench for a new one
 * (the old one closed first, its windows cut off); without it the route does not exist. Either way the gate
 * stands before it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import WebSocket from 'ws';
import { RESET_ROUTE } from '../src-main/server/reset-route';
import { startServer } from '../src-main/server/serve';
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { FIXTURES } from './helpers';

function renderer(dir: string): string {
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>wb</title>');
  return dir;
}

function reset(port: number, token: string | null, body: unknown, headers: Record<string, string> = {}) {
  const query = token === null ? '' : `?token=${token}`;
  return fetch(`http://127.0.0.1:${port}${RESET_ROUTE}${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('the reset hook', () => {
  it('swaps the workbench for one over the new home and folders, closing the old one and its windows', async ({ cleanup }) => {
    const first = new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [path.join(FIXTURES, 'hostile')], namedFolders: true });
    const made: Workbench[] = [];
    const server = cleanup.add(
      await startServer({
        workbench: first,
        rendererDir: renderer(cleanup.tempDir()),
        resetTo: (req) => {
          const wb = new Workbench({ home: req.home, kind: 'browser', folders: req.folders, namedFolders: true });
          made.push(wb);
          return cleanup.add(wb);
        },
      }),
    );
    cleanup.add(first);
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`);
    await new Promise((r) => ws.once('open', r));
    const cutOff = new Promise((r) => ws.once('close', r));

    const home = cleanup.tempDir();
    const folder = cleanup.tempDir();
    const res = await reset(server.port, server.token, { home, folders: [folder] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ closedSockets: 1 });
    await cutOff;
    expect(made).toHaveLength(1);
    expect(server.workbench).toBe(made[0]);
    expect((await server.workbench.hostInfo()).home).toBe(home);
    expect((await server.workbench.getWorkspace()).folders).toEqual([folder]);
    // The old one is closed: it adopts nothing more.
    expect(() => first.adopt({} as never)).toThrow(/shutting down/);
  });

  it('refuses what is not an absolute, existing folder, and anything but a JSON POST', async ({ cleanup }) => {
    const first = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [], namedFolders: true }));
    const server = cleanup.add(await startServer({ workbench: first, rendererDir: renderer(cleanup.tempDir()), resetTo: () => first }));
    expect((await reset(server.port, server.token, { home: 'relative', folders: [] })).status).toBe(400);
    expect((await reset(server.port, server.token, { home: cleanup.tempDir(), folders: ['/no/such/folder'] })).status).toBe(400);
    expect((await reset(server.port, server.token, { home: cleanup.tempDir(), folders: [] }, { 'Content-Type': 'text/plain' })).status).toBe(405);
    expect(server.workbench).toBe(first);
  });

  it('is behind the gate: no token, a wrong one or a foreign Origin is refused before it', async ({ cleanup }) => {
    const first = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [], namedFolders: true }));
    let resets = 0;
    const server = cleanup.add(await startServer({ workbench: first, rendererDir: renderer(cleanup.tempDir()), resetTo: () => (resets++, first) }));
    const to = { home: cleanup.tempDir(), folders: [] };
    expect((await reset(server.port, null, to)).status).toBe(401);
    expect((await reset(server.port, 'not-the-token', to)).status).toBe(401);
    expect((await reset(server.port, server.token, to, { Origin: 'http://evil.example' })).status).toBe(403);
    expect(resets).toBe(0);
  });

  it('does not exist on a server started without it', async ({ cleanup }) => {
    const first = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [], namedFolders: true }));
    const server = cleanup.add(await startServer({ workbench: first, rendererDir: renderer(cleanup.tempDir()) }));
    expect((await reset(server.port, server.token, { home: cleanup.tempDir(), folders: [] })).status).toBe(405);
    expect(server.workbench).toBe(first);
  });
});
