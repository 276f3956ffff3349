/**
 * MCP's two eras, both ways, with servers built here on each SDK generation (tests/fixtures/mcp-eras: legacy.mjs on
 * the 1.x SDK, modern.mjs on the v2 one, which serves both eras):
 * - `skillbench inspect|call`, `--command` and `--url`, against each: the era found out (`server/discover`, then
 *   `initialize`) or chosen (`--era`);
 * - the app with a modern-era server: the era and why, a question inside a call's answer put in the same dialog,
 *   the model answering sampling the same way, resources kept live by `subscriptions/listen`, the `Mcp-Method`
 *   and `Mcp-Name` headers in Messages; the era chosen per server;
 * - `skillbench mcp` used at once by a v2 client in the modern era and a 1.x client in the legacy era, its setup asked
 *   of a modern client inside a call's answer.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { saveModelSettings } from '../src-main/agent/model-settings';
import { it } from './cleanup-fixture';
import type { Cleanup } from './cleanup-fixture';
import { cli } from './cli-run';
import { EXAMPLES, FIXTURES, waitFor } from './helpers';
import { BIN, overHttp, serveHttp } from './mcp-bridge-client';
import { collect, mcpBench, mcpFolder } from './mcp-helpers';
import { modelServer } from './model-server';
import { scaled } from './machine-factor';

const LEGACY = path.join(FIXTURES, 'mcp-eras', 'legacy.mjs');
const MODERN = path.join(FIXTURES, 'mcp-eras', 'modern.mjs');
const KEY = `pk_${'Q7'.repeat(12)}`;
const command = (file: string) => `'${process.execPath}' '${file}'`;
const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/** A fixture over Streamable HTTP on a free port; its address. */
async function overHttpFixture(cleanup: Cleanup, file: string): Promise<string> {
  const child = spawn(process.execPath, [file, '--http', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  cleanup.add({ stop: () => void child.kill() });
  let said = '';
  child.stderr.on('data', (d) => (said += d));
  return waitFor(() => /Serving at (\S+)/.exec(said)?.[1], 20_000, `${path.basename(file)} to listen`);
}

/** A v2 client that finds out the era (`server/discover` first), answering forms with `answer`. */
function v2Client(answer: (fields: string[]) => Record<string, unknown>): Client {
  const client = new Client({ name: 'v2-test', version: '2.4.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } });
  client.setRequestHandler('elicitation/create', (req) => {
    const fields = Object.keys((req.params as { requestedSchema?: { properties?: object } }).requestedSchema?.properties ?? {});
    return { action: 'accept', content: answer(fields) as Record<string, string> };
  });
  return client;
}

describe('MCP in both eras', () => {
  it('skillbench inspect and call, --command and --url, against a server on the v2 SDK and one on the 1.x SDK', async ({ cleanup }) => {
    const modern = await cli(['inspect', '--command', command(MODERN)]);
    expect(modern.stderr).toBe('');
    expect(modern.stdout).toContain('Note: Era: modern (the server answered server/discover with 2026-07-28).');
    const legacy = await cli(['inspect', '--command', command(LEGACY)]);
    expect(legacy.stdout).toContain('Note: Era: legacy (initialize answered 2025-11-25; the server did not take server/discover).');
    for (const file of [MODERN, LEGACY]) {
      const called = await cli(['call', '--command', command(file), 'add', '--args', '{"a":1,"b":2}']);
      expect(called.stdout.trim(), called.stderr).toBe('3');
    }

    const [modernUrl, legacyUrl] = await Promise.all([overHttpFixture(cleanup, MODERN), overHttpFixture(cleanup, LEGACY)]);
    const modernHttp = JSON.parse((await cli(['inspect', '--url', modernUrl, '--json'])).stdout) as { notes: string[] };
    expect(modernHttp.notes).toContain('Era: modern (the server answered server/discover with 2026-07-28).');
    const legacyHttp = JSON.parse((await cli(['inspect', '--url', legacyUrl, '--json'])).stdout) as { notes: string[] };
    expect(legacyHttp.notes.find((n) => n.startsWith('Era: '))).toMatch(/^Era: legacy \(initialize answered 2025-11-25/);
    for (const url of [modernUrl, legacyUrl]) expect((await cli(['call', '--url', url, 'add', '--args', '{"a":2,"b":3}'])).stdout.trim()).toBe('5');
    // Asked inside the call's answer (modern) or by the server's request (legacy): on the command line nobody answers.
    for (const url of [modernUrl, legacyUrl]) expect((await cli(['call', '--url', url, 'ask-name'])).stdout.trim()).toBe('The user answered decline.');

    // The era chosen: the v2 server serves the legacy era too; the 1.x one has no modern era to give.
    const asLegacy = await cli(['inspect', '--command', command(MODERN), '--era', 'legacy']);
    expect(asLegacy.stdout).toContain('Note: Era: legacy (initialize answered 2025-11-25; legacy chosen with --era).');
    const noModern = await cli(['call', '--url', legacyUrl, 'add', '--era', 'modern', '--args', '{"a":1,"b":1}']);
    expect(noModern.code).not.toBe(0);
    expect(noModern.stderr).toMatch(/2026-07-28/);
    expect((await cli(['inspect', '--command', command(MODERN), '--era', 'newest'])).stderr).toMatch(/--era takes auto, legacy or modern/);
  }, scaled(90_000));

  it('the app with a modern-era server: its era and why, the same dialog and model answer inside a call, resources kept live, the MCP headers in Messages', async ({ cleanup }) => {
    const url = await overHttpFixture(cleanup, MODERN);
    const dir = mcpFolder(cleanup, { modern: { type: 'http', url }, local: { command: process.execPath, args: [MODERN] } });
    const { wb, id } = mcpBench(cleanup, dir, 'modern');
    await wb.startSkill(id);
    const info = await wb.mcp.mcpServerInfo(id);
    expect(info).toMatchObject({ era: 'modern', eraMode: 'auto', protocolVersion: '2026-07-28', supportedVersions: ['2026-07-28'], name: 'modern-fixture' });
    expect(info.eraReason).toBe('the server answered server/discover with 2026-07-28');
    expect(info.instructions).toContain('modern era');

    // The server's question comes back in the call's answer; the user answers it in the same dialog, and the call goes again.
    const asked = collect(wb, 'mcpRequest');
    const call = wb.callTool(id, 'ask-name', {});
    const req = await waitFor(() => asked.find((r) => r.kind === 'elicitation'), 20_000, 'the question');
    expect(req).toMatchObject({ kind: 'elicitation', message: 'Your name?' });
    await wb.mcp.mcpAnswerElicitation(req.requestId, { action: 'accept', content: { name: 'Ada' } });
    expect((await call).outcome!.text).toBe('Hello Ada (round 2)');

    // Sampling inside a call's answer, answered by the app's model as a server's own request would be.
    const model = cleanup.add(await modelServer());
    model.reply({ text: 'tides come and go' });
    await saveModelSettings(wb.home, { profiles: [{ id: 'm', provider: 'openai', model: 'era-model', baseUrl: model.openaiBaseUrl }] });
    await wb.mcp.mcpSetSamplingMode(id, 'always');
    expect((await wb.callTool(id, 'summarize', { about: 'tides' })).outcome!.text).toBe('The model said: tides come and go');

    // A subscription is a listen stream in this era: the resource's change arrives on it.
    const updated = collect(wb, 'mcpResourceUpdated');
    expect(await wb.mcp.mcpSubscribe(id, 'counter://value')).toEqual(['counter://value']);
    await wb.callTool(id, 'bump', {});
    await waitFor(() => updated.find((u) => u.uri === 'counter://value'), 10_000, 'the resource update');

    const messages = await wb.getMessages(id);
    const sent = messages.find((m) => m.direction === 'out' && m.method === 'tools/call' && (m.body as { params?: { name?: string } }).params?.name === 'ask-name');
    expect(sent?.headers).toMatchObject({ 'Mcp-Method': 'tools/call', 'Mcp-Name': 'ask-name', 'Mcp-Protocol-Version': '2026-07-28' });
    expect(messages.some((m) => m.direction === 'out' && m.method === 'server/discover')).toBe(true);
    expect(messages.some((m) => m.method === 'subscriptions/listen')).toBe(true);

    // Chosen per server (this one over stdio): the legacy era, the server restarted in it, and the same question
    // asked by the server's own request.
    const local = `${path.basename(dir)}#local`;
    await wb.startSkill(local);
    expect((await wb.mcp.mcpServerInfo(local)).era).toBe('modern');
    await wb.mcp.mcpSetEraMode(local, 'legacy');
    expect(await wb.mcp.mcpEraMode(local)).toBe('legacy');
    expect(await wb.mcp.mcpEraMode(id)).toBe('auto');
    const again = await wb.mcp.mcpServerInfo(local);
    expect(again).toMatchObject({ era: 'legacy', eraMode: 'legacy', protocolVersion: '2025-11-25', eraReason: 'initialize answered 2025-11-25; legacy chosen in its settings' });
    const legacyCall = wb.callTool(local, 'ask-name', {});
    const legacyReq = await waitFor(() => asked.find((r) => r.kind === 'elicitation' && r.requestId !== req.requestId), 20_000, 'the question, by request');
    await wb.mcp.mcpAnswerElicitation(legacyReq.requestId, { action: 'accept', content: { name: 'Grace' } });
    expect((await legacyCall).outcome!.text).toMatch(/^Hello Grace/);
  }, scaled(90_000));

  it('skillbench mcp serves a v2 client in the modern era and a 1.x client in the legacy era at once; setup asked inside a call', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const srv = cleanup.add(await serveHttp([path.join(EXAMPLES, 'gas-estimator')], home));
    const modern = v2Client(() => ({}));
    await modern.connect(new StreamableHTTPClientTransport(new URL(srv.url), { requestInit: { headers: { Authorization: `Bearer ${srv.token}` } } }));
    cleanup.add({ stop: () => modern.close() });
    const legacy = cleanup.add(await overHttp(srv.url, srv.token));
    expect(modern.getProtocolEra()).toBe('modern');
    expect(legacy.client.getServerVersion()?.name).toBe('gas-estimator');
    const args = { operation: 'transfer', gas_price_gwei: 20 };
    const [a, b] = await Promise.all([modern.callTool({ name: 'estimate_gas_cost', arguments: args }), legacy.client.callTool({ name: 'estimate_gas_cost', arguments: args })]);
    expect(a.structuredContent).toMatchObject({ gas_limit: 21000 });
    expect((b as CallToolResult).structuredContent).toMatchObject({ gas_limit: 21000 });

    // Over stdio, a modern client: the setup's forms come in the call's answers, and the call goes on once answered.
    const fields: string[][] = [];
    const stdio = v2Client((f) => (fields.push(f), f.includes('api_key') ? { api_key: KEY, account_label: 'Test account' } : {}));
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', path.join(EXAMPLES, 'price-alerts')], env: { SKILLBENCH_HOME: cleanup.tempDir(), PATH: process.env.PATH ?? '' }, stderr: 'pipe' });
    await stdio.connect(transport);
    cleanup.add({ stop: () => stdio.close() });
    expect(stdio.getProtocolEra()).toBe('modern');
    const first = await stdio.callTool({ name: 'get_price', arguments: { symbol: 'BTC' } });
    expect(first.isError, text(first)).toBeFalsy();
    expect(fields).toEqual([
      ['api_key', 'account_label'],
      ['currency', 'symbols', 'threshold_pct', 'notify_on_drops'],
    ]);
    expect(JSON.stringify(first)).not.toContain(KEY);
  }, scaled(90_000));
});
