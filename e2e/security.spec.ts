import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, startServe, stopServe, test } from './fixtures';

/** The end-to-end suite's reset hook (src-main/server/reset-route.ts). */
const RESET_ROUTE = '/__e2e/reset';

function resetRequest(origin: string, query: string, to: { home: string; folders: string[] }, headers: Record<string, string> = {}) {
  return fetch(`${origin}${RESET_ROUTE}${query}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(to) });
}

test.describe('browser mode gate', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook wants from this pattern, and this one wants none
  test.beforeEach(({}, testInfo) => {
    testInfo.skip(testInfo.project.name === 'electron', 'The token and Origin gate belong to browser mode; Electron has no server.');
  });

  test('refuses a request without the token, and serves the app with it', async ({ wb }) => {
    const u = new URL(wb.url!);
    const bare = await fetch(`${u.origin}/`);
    expect(bare.status).toBe(401);
    const wrong = await fetch(`${u.origin}/?token=not-the-token`);
    expect(wrong.status).toBe(401);
    const ok = await fetch(wb.url!);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  test('refuses a WebSocket from a foreign Origin, even with the token', async ({ wb }) => {
    // A page on another origin (another port here) that knows the token tries to drive the workbench.
    const evil = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    const port = (evil.address() as AddressInfo).port;
    try {
      await wb.page.goto(`http://127.0.0.1:${port}/`);
      const u = new URL(wb.url!);
      const outcome = await wb.page.evaluate(
        ({ host, token }) =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(`ws://${host}/api?token=${token}`);
            ws.onopen = () => resolve('opened');
            ws.onerror = () => resolve('refused');
            setTimeout(() => resolve('timeout'), 5000);
          }),
        { host: u.host, token: u.searchParams.get('token')! },
      );
      expect(outcome).toBe('refused');
      const res = await fetch(wb.url!, { headers: { Origin: `http://127.0.0.1:${port}` } });
      expect(res.status).toBe(403);
    } finally {
      evil.close();
    }
  });

  test('the token cookie reaches no other server on 127.0.0.1 (cookies ignore ports)', async ({ wb }) => {
    // Another local server the user's browser visits (a dev server, or one a skill started) records what it is sent.
    const seen: string[] = [];
    const other = http.createServer((req, res) => {
      seen.push(`${req.url} cookie=${req.headers.cookie ?? ''}`);
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>elsewhere</title>');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const port = (other.address() as AddressInfo).port;
    try {
      // The app is open and connected, so its cookie is set.
      await expect(wb.page.getByTestId('skill-item').first()).toBeVisible();
      const cookies = await wb.page.context().cookies();
      const ours = cookies.find((c) => c.name === `skillbench_token_${new URL(wb.url!).port}`);
      expect(ours).toBeDefined();
      const paths = ['/', '/api', '/log-file', '/assets/x.js'];
      for (const where of paths) await wb.page.goto(`http://127.0.0.1:${port}${where}`);
      expect(seen.map((line) => line.split(' ')[0])).toEqual(expect.arrayContaining(paths));
      for (const line of seen) expect(line).not.toContain('skillbench_token');
      // It is sent only under the page's own path, which is made from the token.
      expect(ours!.path).toMatch(/^\/w\/[\w-]{22}\/$/);
      // A new tab (no token in its address or storage) at the page's own address is let in by the cookie.
      const tab = await wb.page.context().newPage();
      await tab.goto(`${new URL(wb.url!).origin}${ours!.path}`);
      await expect(tab.getByTestId('skill-item').first()).toBeVisible();
    } finally {
      other.close();
    }
  });

  test('a server started as users start it has no reset hook, even with the token', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-home-'));
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-home-'));
    const empty = path.join(home, 'skills');
    fs.mkdirSync(empty);
    // The opt-in is in this runner's environment too: a serve started without asking for it must not inherit it.
    process.env.SKILLBENCH_E2E_RESET = '1';
    const { url, proc } = await startServe(empty, home).finally(() => delete process.env.SKILLBENCH_E2E_RESET);
    try {
      const u = new URL(url);
      const res = await resetRequest(u.origin, `?token=${u.searchParams.get('token')}`, { home: other, folders: [] });
      expect(res.status).toBe(405);
      // Nothing was opened over the other home.
      expect(fs.readdirSync(other)).toEqual([]);
    } finally {
      await stopServe(proc);
      fs.rmSync(home, { recursive: true, force: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  test('the reset hook of a test server is behind the same gate: no token, a wrong Host or a foreign Origin is refused', async ({ wb }) => {
    const u = new URL(wb.url!);
    const token = `?token=${u.searchParams.get('token')}`;
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-home-'));
    try {
      const to = { home: other, folders: [] };
      expect((await resetRequest(u.origin, '', to)).status).toBe(401);
      expect((await resetRequest(u.origin, '?token=not-the-token', to)).status).toBe(401);
      expect((await resetRequest(u.origin, token, to, { Origin: 'http://127.0.0.1:1' })).status).toBe(403);
      const rebound = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${u.origin}${RESET_ROUTE}${token}`, { method: 'POST', headers: { Host: 'evil.example:80', 'Content-Type': 'application/json' } }, (res) => resolve(res.statusCode!));
        req.on('error', reject);
        req.end(JSON.stringify(to));
      });
      expect(rebound).toBe(403);
      expect(fs.readdirSync(other)).toEqual([]);
      // The workbench the test opened is still the one served.
      await expect(wb.page.getByTestId('skill-item').first()).toBeVisible();
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
