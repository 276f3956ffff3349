/**
 * `skillbench mcp`: each example skill of the four protocols served as an MCP server and used by the MCP
 * SDK's own Client, over stdio (the CLI spawned as an agent spawns it) and over HTTP (with and without the
 * token); setup asked by elicitation, or one clear error naming `skillbench setup`; secrets never in
 * what the client hears; ticks driven; progress and stderr as notifications; cancellation.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { CallToolResultSchema, ElicitRequestSchema, LoggingMessageNotificationSchema, ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { it } from './cleanup-fixture';
import { allFiles, EXAMPLES, FIXTURES, waitFor } from './helpers';
import { BIN, overHttp, overStdio, serveHttp } from './mcp-bridge-client';
import { scaled } from './machine-factor';

const PROBE = path.join(FIXTURES, 'mcp-bridge', 'probe');
const KEY = `pk_${'Q7'.repeat(12)}`;

const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

describe('skillbench mcp: the examples of the four protocols, by the MCP SDK client over stdio', () => {
  const cases: { name: string; args: string[]; tool: string; call: Record<string, unknown>; check: (r: CallToolResult) => void }[] = [
    {
      name: 'JSON-RPC (gas-estimator)',
      args: [path.join(EXAMPLES, 'gas-estimator')],
      tool: 'estimate_gas_cost',
      call: { operation: 'transfer', gas_price_gwei: 20 },
      check: (r) => {
        expect(r.isError).toBeFalsy();
        expect(r.structuredContent).toMatchObject({ gas_limit: 21000, cost_eth: 0.00042 });
      },
    },
    {
      name: 'namel3ss (greeter-app), a tool name with a space made safe, and its output schema',
      args: [path.join(EXAMPLES, 'greeter-app')],
      tool: 'greet_someone',
      call: { name: 'Ada', age: 36 },
      check: (r) => {
        expect(r.isError).toBeFalsy();
        expect(r.structuredContent).toEqual({ message: 'Hello Ada, 36 years young!' });
      },
    },
    {
      name: 'action (build-analysis, one of two skills of an agent folder)',
      args: [path.join(EXAMPLES, 'build-analysis'), '--skill', 'build_analysis'],
      tool: 'report',
      call: {},
      check: (r) => {
        expect(r.isError).toBeFalsy();
        expect(text(r)).toContain('Daily build report');
        expect(r.structuredContent).toMatchObject({ format: 'markdown' });
        // The data goes along as JSON text too, for clients that read only the content.
        expect(r.content).toHaveLength(2);
      },
    },
    {
      name: 'SkillDefinition (price-digest): the skill runs; the other skill it asks for is not here, said plainly',
      args: [path.join(EXAMPLES, 'price-digest')],
      tool: 'digest',
      call: {},
      check: (r) => {
        expect(r.isError).toBe(true);
        expect(text(r)).toMatch(/runs one skill at a time/);
      },
    },
  ];

  for (const c of cases) {
    it(`${c.name}: lists its tools and calls one`, async ({ cleanup }) => {
      const mcp = cleanup.add(await overStdio(c.args, cleanup.tempDir()));
      const { tools } = await mcp.client.listTools();
      const tool = tools.find((t) => t.name === c.tool);
      expect(tool, `tools: ${tools.map((t) => t.name).join(', ')}`).toBeDefined();
      expect(tool!.inputSchema.type).toBe('object');
      for (const t of tools) expect(t.name).toMatch(/^[A-Za-z0-9_.-]+$/);
      c.check((await mcp.client.callTool({ name: c.tool, arguments: c.call })) as CallToolResult);
    });
  }

  it('a tool error is isError with its words; an unknown tool is a protocol error naming the tools', async ({ cleanup }) => {
    const mcp = cleanup.add(await overStdio([PROBE], cleanup.tempDir()));
    const r = (await mcp.client.callTool({ name: 'fail', arguments: {} })) as CallToolResult;
    expect(r.isError).toBe(true);
    expect(text(r)).toBe('the probe failed on purpose');
    await expect(mcp.client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(/no tool "nope".*steps, wait, echo, fail/);
  });
});

describe('skillbench mcp: a call’s life', () => {
  it("progress lines on stderr become progress notifications, and stderr logging notifications", async ({ cleanup }) => {
    const logs: string[] = [];
    const mcp = cleanup.add(await overStdio([PROBE], cleanup.tempDir(), {}, (c) => c.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(String(n.params.data)))));
    const progress: number[] = [];
    const r = (await mcp.client.callTool({ name: 'steps', arguments: {} }, CallToolResultSchema, { onprogress: (p) => progress.push(p.progress) })) as CallToolResult;
    expect(r.structuredContent).toEqual({ steps: 4 });
    expect(logs).toEqual(expect.arrayContaining(['25% done', '50% done', '75% done', '100% done']));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((p) => [25, 50, 75, 100].includes(p))).toBe(true);
  });

  it('the client cancelling a call cancels it in the skill’s runtime (its history says so)', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const logs: string[] = [];
    const mcp = cleanup.add(await overStdio([PROBE], home, {}, (c) => c.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(String(n.params.data)))));
    const ac = new AbortController();
    const call = mcp.client.callTool({ name: 'wait', arguments: {} }, CallToolResultSchema, { signal: ac.signal });
    await waitFor(() => logs.includes('waiting'), 20_000, 'the call to start');
    ac.abort('changed my mind');
    await expect(call).rejects.toThrow();
    const history = await waitFor(
      () => allFiles(home).filter((f) => f.endsWith('history.jsonl')).map((f) => fs.readFileSync(f, 'utf8')).find((t) => t.includes('CANCELLED')),
      20_000,
      'the cancelled call in the history',
    );
    expect(history).toMatch(/"tool":"wait"/);
    // The server goes on answering.
    expect(((await mcp.client.callTool({ name: 'echo', arguments: { text: 'still here' } })) as CallToolResult).structuredContent).toEqual({ text: 'still here' });
  });
});

describe('skillbench mcp: a SkillDefinition skill that needs setup (price-alerts)', () => {
  it('without elicitation, any call answers one clear error naming skillbench setup', async ({ cleanup }) => {
    const mcp = cleanup.add(await overStdio([path.join(EXAMPLES, 'price-alerts')], cleanup.tempDir()));
    expect((await mcp.client.listTools()).tools.map((t) => t.name)).toContain('get_price');
    const r = (await mcp.client.callTool({ name: 'get_price', arguments: { symbol: 'BTC' } })) as CallToolResult;
    expect(r.isError).toBe(true);
    // The command it names runs as it is, pasted into a shell in another folder (with the answers a person would type).
    const command = /Run "([^"]+)" in a terminal/.exec(text(r))?.[1];
    expect(command).toBe(`node ${BIN} setup ${path.join(EXAMPLES, 'price-alerts')}`);
    const answers = path.join(cleanup.tempDir(), 'answers.json');
    fs.writeFileSync(answers, JSON.stringify({ credentials: { api_key: KEY } }));
    const setup = spawnSync('sh', ['-c', `${command} --answers ${answers}`], { cwd: path.dirname(answers), env: { ...process.env, SKILLBENCH_HOME: cleanup.tempDir() }, encoding: 'utf8' });
    expect(setup.status, setup.stderr).toBe(0);
    expect(setup.stderr).toContain('Watching BTC, ETH in USD');
  });

  it('asks for setup by elicitation; the key is kept encrypted and never heard again; ticks run', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const asked: { message: string; fields: string[] }[] = [];
    const mcp = cleanup.add(
      await overStdio([path.join(EXAMPLES, 'price-alerts')], home, { elicitation: { form: {} } }, (c) =>
        c.setRequestHandler(ElicitRequestSchema, (req) => {
          const params = req.params as { message: string; requestedSchema: { properties: Record<string, { default?: unknown }> } };
          const fields = Object.keys(params.requestedSchema.properties);
          asked.push({ message: params.message, fields });
          // The first step takes the key; the second is accepted with its defaults.
          return fields.includes('api_key') ? { action: 'accept', content: { api_key: KEY, account_label: 'Test account' } } : { action: 'accept', content: {} };
        }),
      ),
    );
    const first = (await mcp.client.callTool({ name: 'get_price', arguments: { symbol: 'BTC' } })) as CallToolResult;
    expect(first.isError, text(first)).toBeFalsy();
    expect(asked.map((a) => a.fields)).toEqual([
      ['api_key', 'account_label'],
      ['currency', 'symbols', 'threshold_pct', 'notify_on_drops'],
    ]);
    expect(asked[0].message).toMatch(/needs setting up/);
    const tick0 = (first.structuredContent as { tick: number }).tick;

    // A tool that repeats the key (a tag) answers it masked.
    const echoed = (await mcp.client.callTool({ name: 'add_alert', arguments: { symbol: 'BTC', condition: { direction: 'above', price: 1 }, channels: ['in_app'], tags: [KEY] } })) as CallToolResult;
    expect(echoed.isError, text(echoed)).toBeFalsy();
    expect(JSON.stringify(echoed)).toContain('••••');

    // Ticks are driven (every 3 s for this skill): the simulated tick moves on between calls.
    let tick = tick0;
    for (let i = 0; i < 20 && tick <= tick0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      tick = ((await mcp.client.callTool({ name: 'get_price', arguments: { symbol: 'ETH' } })) as CallToolResult).structuredContent!.tick as number;
    }
    expect(tick).toBeGreaterThan(tick0);

    // Nothing the client heard held the key; the encrypted store did not keep it in the clear.
    expect(JSON.stringify(mcp.heard)).not.toContain(KEY);
    const secrets = allFiles(home).filter((f) => f.endsWith('secrets.json'));
    expect(secrets.length).toBeGreaterThan(0);
    for (const f of allFiles(home)) expect(fs.readFileSync(f, 'utf8'), f).not.toContain(KEY);
    await mcp.close();

    // Set up once: a new bridge on the same home does not ask again.
    const again = cleanup.add(await overStdio([path.join(EXAMPLES, 'price-alerts')], home));
    const r = (await again.client.callTool({ name: 'get_price', arguments: { symbol: 'BTC' } })) as CallToolResult;
    expect(r.isError, text(r)).toBeFalsy();
  }, scaled(60_000));

  it('its options are two tools; an option that hides a tool tells the client to list them again', async ({ cleanup }) => {
    let changed = 0;
    const mcp = cleanup.add(await overStdio([path.join(EXAMPLES, 'price-alerts')], cleanup.tempDir(), {}, (c) => c.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++)));
    const names = async () => (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(await names()).toEqual(expect.arrayContaining(['portfolio_value', 'skill_options', 'set_skill_option']));
    const options = (await mcp.client.callTool({ name: 'skill_options', arguments: {} })) as CallToolResult;
    expect((options.structuredContent as { options: { name: string; value: unknown }[] }).options).toEqual([expect.objectContaining({ name: 'show_portfolio_tool', value: true })]);
    const set = (await mcp.client.callTool({ name: 'set_skill_option', arguments: { name: 'show_portfolio_tool', value: false } })) as CallToolResult;
    expect(set.isError, text(set)).toBeFalsy();
    await waitFor(() => changed > 0, 10_000, 'tools/list_changed');
    expect(await names()).not.toContain('portfolio_value');
  });

  it('a declined setup saves nothing and says how to set it up', async ({ cleanup }) => {
    const mcp = cleanup.add(
      await overStdio([path.join(EXAMPLES, 'price-alerts')], cleanup.tempDir(), { elicitation: { form: {} } }, (c) => c.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }))),
    );
    const r = (await mcp.client.callTool({ name: 'get_price', arguments: { symbol: 'BTC' } })) as CallToolResult;
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/declined: nothing was saved[\s\S]*skillbench(\.cjs)? setup/);
  });
});

describe('skillbench mcp --http: Streamable HTTP on 127.0.0.1 with a token', () => {
  it('serves a client that sends the token, refuses one that does not, and other hosts and origins', async ({ cleanup }) => {
    const srv = cleanup.add(await serveHttp([PROBE], cleanup.tempDir()));
    expect(srv.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const mcp = cleanup.add(await overHttp(srv.url, srv.token));
    expect((await mcp.client.listTools()).tools.map((t) => t.name)).toEqual(['steps', 'wait', 'echo', 'fail']);
    const r = (await mcp.client.callTool({ name: 'echo', arguments: { text: 'over http' } })) as CallToolResult;
    expect(r.structuredContent).toEqual({ text: 'over http' });

    await expect(overHttp(srv.url, null)).rejects.toThrow(/401|token/i);
    await expect(overHttp(srv.url, 'x'.repeat(32))).rejects.toThrow(/401|token/i);
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
    const post = (headers: Record<string, string>) =>
      fetch(srv.url, { method: 'POST', body: init, headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${srv.token}`, ...headers } });
    expect((await post({ Origin: 'http://evil.example' })).status).toBe(403);
    // fetch will not send another Host: a DNS-rebinding page's request is made by hand.
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = http.request(srv.url, { method: 'POST', headers: { Host: 'evil.example', 'Content-Type': 'application/json', Authorization: `Bearer ${srv.token}` } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end(init);
    });
    expect(rebound).toBe(403);
    expect((await post({})).status).toBe(200);
    // Nothing but the protocol, and our notes on stderr: no stdout at all.
    expect(srv.stderr()).toMatch(/Token: /);
  });
});
