import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

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
});
