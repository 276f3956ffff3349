/**
 * Bodies read from servers the workbench does not control have a ceiling: every answer of an authorization server
 * (its metadata, the protected resource's metadata, a registration, the token endpoint), an MCP server's 401 page,
 * a model provider's error page and its model list. Each hostile server here is real and streams 64 MiB with no
 * Content-Length; the workbench stops reading early (the server sees its connection closed) and says why.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { retryingFetch } from '../src-main/agent/model-fetch';
import { listModels } from '../src-main/agent/model-list';
import { SecretStore } from '../src-main/host/secret-store';
import { McpOAuth } from '../src-main/protocols/mcp';
import { boundedHttp } from '../src-main/protocols/mcp/bounded-http';
import { it, type Cleanup } from './cleanup-fixture';
import { cli } from './cli-run';
import { ROOT, waitFor } from './helpers';
import { HUGE_BYTES, playBrowser, sendHuge, startRig, type RigOptions } from './oauth-rig';
import { scaled } from './machine-factor';

/** Read to the end, a 64 MiB answer is all sent; stopped at a ceiling, the socket's buffers hold a few MiB at most. */
const STOPPED_EARLY = HUGE_BYTES / 4;

/** A server whose every answer is `status` with a 64 MiB JSON body; `sent` is how much of the last one went out. */
async function hugeServer(cleanup: Cleanup, status: number, headers: Record<string, string> = {}, body: Record<string, unknown> = { error: 'hostile' }): Promise<{ url: string; sent: () => number }> {
  let sent = 0;
  const server = http.createServer((req, res) => {
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    void sendHuge(res, status, body).then((n) => (sent = n));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.add({ close: () => (server.closeAllConnections(), new Promise<void>((resolve) => server.close(() => resolve()))) });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent: () => sent };
}

describe('answers of an authorization server have a ceiling', () => {
  const where: [NonNullable<RigOptions['huge']>, string][] = [
    ['resource-metadata', 'resource-metadata'],
    ['auth-server-metadata', 'auth-server-metadata'],
    ['registration', 'registration'],
    ['token', 'token'],
  ];
  for (const [huge, kind] of where) {
    it(`refuses a ${huge} answer of 64 MiB, reading no more than its ceiling`, async ({ cleanup }) => {
      const rig = cleanup.add(await startRig({ huge }));
      const secrets = SecretStore.open(cleanup.tempDir('oauth-secrets-'));
      const oauth = cleanup.add(new McpOAuth({ serverUrl: rig.mcpUrl, secrets, interactive: { open: (url) => (void playBrowser(url), true) } }));
      const words = /answered more than 1 MiB: an authorization server's answer is a small JSON document, so the workbench stopped reading it and used nothing of it/;
      await expect(oauth.authorize()).rejects.toThrow(words);
      const state = oauth.state();
      expect(state.status).toBe('failed');
      expect(state.steps.find((s) => s.kind === kind && s.outcome === 'error')?.problem).toMatch(words);
      await waitFor(() => rig.hugeSent, 10_000, 'the server to stop writing');
      expect(rig.hugeSent).toBeLessThan(STOPPED_EARLY);
    });
  }

  it('skillbench auth says so and exits 1, kept nothing', async ({ cleanup }) => {
    const rig = cleanup.add(await startRig({ huge: 'token' }));
    const home = cleanup.tempDir('oauth-huge-');
    const out = await cli(['auth', rig.mcpUrl], { home, env: { BROWSER: path.join(ROOT, 'tests', 'fixtures', 'oauth-browser.mjs') } });
    expect(out.stderr).toMatch(/\/token answered more than 1 MiB/);
    expect(out.code).toBe(1);
    expect(out.stdout).not.toContain('Authorized');
    const kept = cleanup.add(new McpOAuth({ serverUrl: rig.mcpUrl, secrets: SecretStore.open(home) }));
    expect(kept.vault.tokens()).toBeUndefined();
  });

  it("reads no more than 64 KiB of an MCP server's 401 page to show it", async ({ cleanup }) => {
    const server = await hugeServer(cleanup, 401, { 'www-authenticate': 'Bearer realm="mcp"' });
    const secrets = SecretStore.open(cleanup.tempDir('oauth-secrets-'));
    const oauth = cleanup.add(new McpOAuth({ serverUrl: `${server.url}/mcp`, secrets }));
    expect(await oauth.probe()).toBe(true);
    expect(oauth.state().steps[0].response?.body).toMatch(/cut: read no further than 64 KiB/);
    await waitFor(() => server.sent(), 10_000, 'the server to stop writing');
    expect(server.sent()).toBeLessThan(STOPPED_EARLY);
  });
});

describe("an MCP server's answers over HTTP have a ceiling", () => {
  it('fails a JSON answer longer than a line may be over stdio (16 MiB), in words', { timeout: scaled(120_000) }, async ({ cleanup }) => {
    const server = await hugeServer(cleanup, 200, {}, { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'hostile', version: '1' } } });
    const out = await cli(['inspect', '--url', `${server.url}/mcp`, '--json'], { home: cleanup.tempDir() });
    expect(out.code).not.toBe(0);
    expect(out.stdout + out.stderr).toMatch(/sent an answer longer than 16 MiB: the workbench stopped reading it/);
    await waitFor(() => server.sent(), 10_000, 'the server to stop writing');
    expect(server.sent()).toBeLessThan(HUGE_BYTES / 2);
  });

  it('fails an event stream once one event passes the ceiling', async ({ cleanup }) => {
    let sent = 0;
    let closed = false;
    const server = http.createServer((req, res) => {
      res.on('close', () => (closed = true));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = 'x'.repeat(64 * 1024);
      const more = () => {
        while (!res.destroyed && sent < HUGE_BYTES) {
          sent += chunk.length;
          if (!res.write(sent === chunk.length ? `event: message\ndata: ${chunk}` : chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.add({ close: () => (server.closeAllConnections(), new Promise<void>((resolve) => server.close(() => resolve()))) });
    const res = await boundedHttp(globalThis.fetch, 1024 * 1024)(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, { method: 'POST' });
    await expect(res.text()).rejects.toThrow(/sent an event longer than 1 MiB/);
    await waitFor(() => closed, 10_000, 'the connection to close');
    expect(sent).toBeLessThan(HUGE_BYTES / 4);
  });
});

describe("a model provider's answers have a ceiling", () => {
  it('cuts an error page at 64 KiB', async ({ cleanup }) => {
    const server = await hugeServer(cleanup, 500);
    const res = await retryingFetch(globalThis.fetch, { maxRetries: 0 })(`${server.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(500);
    expect((await res.text()).length).toBe(64 * 1024);
    await waitFor(() => server.sent(), 10_000, 'the server to stop writing');
    expect(server.sent()).toBeLessThan(STOPPED_EARLY);
  });

  it('refuses a model list of 64 MiB, and reads an error page of one no further than its ceiling', async ({ cleanup }) => {
    const ok = await hugeServer(cleanup, 200);
    await expect(listModels({ provider: 'openai', baseUrl: `${ok.url}/v1`, model: '' })).rejects.toThrow(/The model list at .* is longer than 16 MiB/);
    await waitFor(() => ok.sent(), 10_000, 'the server to stop writing');
    expect(ok.sent()).toBeLessThan(HUGE_BYTES / 2);
    const refused = await hugeServer(cleanup, 401);
    await expect(listModels({ provider: 'openai', baseUrl: `${refused.url}/v1`, model: '' })).rejects.toThrow();
    await waitFor(() => refused.sent(), 10_000, 'the server to stop writing');
    expect(refused.sent()).toBeLessThan(STOPPED_EARLY);
  });
});
