/**
 * The bridge's MCP sessions over HTTP are bounded: past the cap a new session ends the least recently used one,
 * and a session left idle ends; a client of an ended session is told to initialize again (404). Before, 2,000
 * `initialize` calls kept 2,000 SDK servers and transports (84 MB) for the life of the process.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { serveHttp } from '../src-main/bridge/http';
import { SkillBridge } from '../src-main/bridge/skill-server';
import { resolveSkill } from '../src-main/protocols/discover';
import { LiveRuntime } from '../src-main/runtime/live-runtime';
import { EXAMPLES, waitFor } from './helpers';
import { scaled } from './machine-factor';

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };

async function post(url: string, token: string, body: unknown, session?: string): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
  if (session) Object.assign(headers, { 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': '2025-06-18' });
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
}

async function open(url: string, token: string): Promise<string> {
  const res = await post(url, token, INIT);
  await res.text();
  expect(res.status).toBe(200);
  return res.headers.get('mcp-session-id')!;
}

const ping = (url: string, token: string, session: string) => post(url, token, { jsonrpc: '2.0', id: 2, method: 'ping' }, session).then(async (r) => (await r.text(), r.status));

async function bridgeServer(cleanup: Cleanup, sessions: { max: number; idleMs: number }) {
  const home = cleanup.tempDir();
  const ref = resolveSkill(path.join(EXAMPLES, 'gas-estimator'));
  const bridge = new SkillBridge((emit) => LiveRuntime.withSettings(ref, home, { emit }), { setupCommand: 'skillbench setup' });
  cleanup.add({ stop: () => bridge.close() });
  const http = await serveHttp(bridge, { sessions });
  cleanup.add({ stop: () => http.close() });
  return http;
}

describe('MCP sessions over HTTP', () => {
  it('keeps at most the cap, ending the least recently used', async ({ cleanup }) => {
    // Idle for longer than any test takes: only the cap ends a session here.
    const http = await bridgeServer(cleanup, { max: 3, idleMs: 10 * 60_000 });
    const first = await open(http.url, http.token);
    const second = await open(http.url, http.token);
    expect(await ping(http.url, http.token, first)).toBe(200);
    // Two more: the cap of 3 ends the least recently used, which is now `second`, not `first`.
    await open(http.url, http.token);
    const fourth = await open(http.url, http.token);
    expect(await ping(http.url, http.token, second)).toBe(404);
    expect(await ping(http.url, http.token, first)).toBe(200);
    expect(await ping(http.url, http.token, fourth)).toBe(200);
    expect(http.sessionCount()).toBe(3);

    // Many initializes keep no more than the cap.
    const many: string[] = [];
    for (let i = 0; i < 40; i++) many.push(await open(http.url, http.token));
    const alive = await Promise.all(many.map((s) => ping(http.url, http.token, s)));
    expect(alive.filter((s) => s === 200).length).toBe(3);
  }, scaled(60_000));

  it('ends a session left idle, and tells its client to initialize again', async ({ cleanup }) => {
    const http = await bridgeServer(cleanup, { max: 3, idleMs: 300 });
    const session = await open(http.url, http.token);
    // Asked nothing (a request would keep it), it ends by itself.
    await waitFor(() => http.sessionCount() === 0, 10_000, 'the idle session to end');
    const gone = await post(http.url, http.token, { jsonrpc: '2.0', id: 3, method: 'ping' }, session);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: { message: expect.stringMatching(/initialize again/) } });
  }, scaled(60_000));
});
