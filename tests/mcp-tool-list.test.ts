/**
 * The server's tool list, as the server sent it: for each MCP server from npm installed here, what the MCP SDK's
 * own Client lists is, as canonical JSON, exactly what `skillbench inspect --json` shows and what the
 * `skillbench mcp` proxy lists to an agent's client declaring the same capabilities (`_meta`, `title`,
 * `annotations`, `execution`, icons, everything). A client that offers less is listed what the server lists for
 * such a client, and the proxy says what it left out in one log notice.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema, ToolListChangedNotificationSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { cli } from './cli-run';
import { overStdio } from './mcp-bridge-client';
import { EVERYTHING, FILESYSTEM } from './mcp-helpers';
import { allFiles, ROOT } from './helpers';
import { agentOffer, workbenchCapabilities } from '../src-main/protocols/mcp/client-offer';
import { httpStatusLine, stripPrefix } from '../src-main/protocols/mcp/results';
import { scaled } from './machine-factor';

/** Sorted keys at every depth: two objects with the same content are the same text. */
function canonical(v: unknown): string {
  const sort = (x: unknown): unknown =>
    Array.isArray(x) ? x.map(sort) : x && typeof x === 'object' ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, sort((x as Record<string, unknown>)[k])])) : x;
  return JSON.stringify(sort(v));
}

async function rawList(command: string[], capabilities: Record<string, unknown>, cleanup: Cleanup): Promise<Tool[]> {
  const client = new Client({ name: 'raw-sdk-client', version: '1.0.0' }, { capabilities });
  cleanup.add({ close: () => client.close() });
  await client.connect(new StdioClientTransport({ command: command[0], args: command.slice(1), stderr: 'ignore' }));
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined);
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

const quote = (s: string) => `'${s}'`;

describe("an MCP server's tool list, byte for byte", () => {
  const servers: [string, (cleanup: Cleanup) => string[]][] = [
    ['server-everything', () => [process.execPath, EVERYTHING, 'stdio']],
    ['server-filesystem', (cleanup) => [process.execPath, FILESYSTEM, fs.realpathSync(cleanup.tempDir('fs-root-'))]],
    // Ours: an MCP App's `_meta.ui`, and an `annotations.title` with no `title` (none is to be made up from it).
    ['counter-app', () => [process.execPath, path.join(ROOT, 'tests', 'fixtures', 'mcp-apps-server', 'server.mjs')]],
  ];
  for (const [name, commandOf] of servers) {
    it(`${name}: the SDK's list is inspect's and the proxy's`, async ({ cleanup }) => {
      const command = commandOf(cleanup);
      const line = command.map(quote).join(' ');
      // The workbench's own client declares this much; a raw client declaring the same is listed the same tools.
      const ours = workbenchCapabilities(false);
      const raw = await rawList(command, ours, cleanup);
      expect(raw.length).toBeGreaterThan(2);

      // `inspect` without a model declares no sampling (nobody would answer it): a raw client declaring the same.
      const rawAsCli = await rawList(command, workbenchCapabilities(false, false), cleanup);
      const inspected = await cli(['inspect', '--command', line, '--server', name, '--json']);
      expect(inspected.stderr).toBe('');
      expect(canonical(JSON.parse(inspected.stdout).tools)).toBe(canonical(rawAsCli));

      const proxy = cleanup.add(await overStdio(['--command', line, '--server', name], cleanup.tempDir('home-'), ours));
      // The app-only tool (its _meta.ui.visibility leaves out the model) is for an MCP Apps host alone: ours declares it.
      expect(canonical((await proxy.client.listTools()).tools)).toBe(canonical(raw));
    }, scaled(60_000));
  }

  it('a client that offers no sampling or elicitation is listed what the server lists for it, and told what was left out', async ({ cleanup }) => {
    const command = [process.execPath, EVERYTHING, 'stdio'];
    const bare = await rawList(command, {}, cleanup);
    const full = await rawList(command, workbenchCapabilities(false), cleanup);
    const conditional = full.map((t) => t.name).filter((n) => !bare.some((t) => t.name === n));
    expect(conditional).toEqual(expect.arrayContaining(['trigger-sampling-request', 'trigger-elicitation-request']));

    const notices: string[] = [];
    const proxy = cleanup.add(
      await overStdio(['--command', command.map(quote).join(' '), '--server', 'everything'], cleanup.tempDir('home-'), {}, (c) =>
        c.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void notices.push(String(n.params.data))),
      ),
    );
    expect(canonical((await proxy.client.listTools()).tools)).toBe(canonical(bare));
    await expect.poll(() => notices.filter((n) => n.startsWith('Not listed for this client:')), { timeout: scaled(5000) }).toHaveLength(1);
    const notice = notices.find((n) => n.startsWith('Not listed for this client:'))!;
    for (const tool of conditional) expect(notice).toContain(tool);
    expect(notice).toMatch(/only for clients that offer sampling and elicitation/);
  }, scaled(60_000));

  it('a tool whose call asked for sampling is not listed again for a client without it; an app-only tool only for an MCP Apps host', async ({ cleanup }) => {
    const home = cleanup.tempDir('home-');
    const conformance = path.join(ROOT, 'tests', 'fixtures', 'mcp-conformance-server', 'server.mjs');
    const notices: string[] = [];
    const changed: number[] = [];
    const proxy = cleanup.add(
      await overStdio(['--command', `${quote(process.execPath)} ${quote(conformance)}`, '--server', 'conformance'], home, {}, (c) => {
        c.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void notices.push(String(n.params.data)));
        c.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed.push(Date.now()));
      }),
    );
    expect((await proxy.client.listTools()).tools.map((t) => t.name)).toContain('test_sampling');
    // Nothing says beforehand that it samples: its call shows it (the client's refusal reaches the tool).
    await proxy.client.callTool({ name: 'test_sampling', arguments: { prompt: 'hi' } });
    await expect.poll(() => changed.length, { timeout: scaled(5000) }).toBeGreaterThan(0);
    expect((await proxy.client.listTools()).tools.map((t) => t.name)).not.toContain('test_sampling');
    expect(notices.find((n) => n.startsWith('Not listed for this client:'))).toMatch(/test_sampling \(it asks the client's model \(sampling\), which the client did not declare\)/);
    await expect(proxy.client.callTool({ name: 'test_sampling', arguments: { prompt: 'hi' } })).rejects.toThrow(/^MCP error -32602: test_sampling is not offered to this client/);
    // Kept for the next run, in the server's folder of the home.
    const kept = allFiles(home).find((f) => f.endsWith('mcp-tool-needs.json'));
    expect(JSON.parse(fs.readFileSync(kept!, 'utf8'))).toEqual({ test_sampling: ['sampling'] });

    const app = cleanup.add(await overStdio(['--command', `${quote(process.execPath)} ${quote(path.join(ROOT, 'tests', 'fixtures', 'mcp-apps-server', 'server.mjs'))}`], cleanup.tempDir('home-'), {}));
    expect((await app.client.listTools()).tools.map((t) => t.name)).toEqual(['show-counter', 'client-info']);
  }, scaled(60_000));

  it('inspect shows each tool as sent, in text too: its title, annotations and execution, none made up', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const shown = await cli(['inspect', '--command', `${quote(process.execPath)} ${quote(path.resolve(EVERYTHING))} stdio`, '--server', 'everything'], { home });
    expect(shown.code).toBe(0);
    const echo = shown.stdout.slice(shown.stdout.indexOf('  echo — '));
    expect(echo).toMatch(/^ {2}echo — Echoes back the input string\n {4}Title: Echo Tool\n {4}Annotations: \{"readOnlyHint":true,/);
    expect(echo).toContain('    Execution: {"taskSupport":"forbidden"}');
  }, scaled(60_000));
});

describe('plain call output and errors', () => {
  it('gives each image and resource link a line of its own', async () => {
    const everything = `${quote(process.execPath)} ${quote(EVERYTHING)} stdio`;
    const image = await cli(['call', '--command', everything, 'get-tiny-image']);
    expect(image.code).toBe(0);
    expect(image.stdout).toMatch(/^Here's the image you requested:\n\[image: image\/png, \d+ KB\]\nThe image above is the MCP logo\.\n$/);
    const links = await cli(['call', '--command', everything, 'get-resource-links', '--args', '{"count":2}']);
    expect(links.stdout.split('\n').filter((l) => l.startsWith('[resource_link: demo://resource/'))).toHaveLength(2);
  }, scaled(60_000));

  it("says an HTTP server's error page as its status and a line, not its HTML", async ({ cleanup }) => {
    const server = http.createServer((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<!DOCTYPE html><html lang="en"><head><title>Error</title></head><body><pre>Cannot POST /wrong</pre></body></html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cleanup.add({ close: () => new Promise<void>((r) => server.close(() => r())) });
    const r = await cli(['call', '--url', `http://127.0.0.1:${(server.address() as AddressInfo).port}/wrong`, 'echo']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('HTTP 404 Not Found: Cannot POST /wrong');
    expect(r.stderr).not.toContain('<');
  });

  it('reads one MCP error prefix, however many the server sent', () => {
    expect(stripPrefix('MCP error -32602: MCP error -32602: Tool x not found')).toBe('Tool x not found');
    expect(httpStatusLine(500, '{"error":{"message":"no database"}}')).toBe('HTTP 500 Internal Server Error: no database');
    expect(httpStatusLine(401, '')).toBe('HTTP 401 Unauthorized');
  });
});

describe('what the bridge declares for an agent', () => {
  it("keeps only what the agent's client can answer", () => {
    const ours = workbenchCapabilities(false);
    expect(agentOffer(ours, {})).toEqual({ tasks: { list: {}, cancel: {}, requests: {} } });
    // An empty elicitation object is a client of forms (the spec's compatibility rule); URL only when said.
    expect(agentOffer(ours, { elicitation: {} }).elicitation).toEqual({ form: { applyDefaults: true } });
    expect(agentOffer(ours, { elicitation: { url: {} } }).elicitation).toEqual({ url: {} });
    expect(agentOffer(ours, { sampling: {}, extensions: { 'io.modelcontextprotocol/ui': {} } })).toEqual({
      sampling: {},
      tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } },
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });
    expect(agentOffer(ours, ours)).toEqual(ours);
  });
});

