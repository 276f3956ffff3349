/**
 * namel3ss's other tool kinds and its own error texts, run for real (fixtures/namel3ss-kinds): http tools
 * against a real local HTTP server (the request namel3ss makes, the result and trace it gives, its refusals),
 * node tools on the node runner (a tiny JS tool, a foreign js function its guard keeps off the network),
 * and the refusals namel3ss words its own way, with the workbench's plainer sentence as a hint under them.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import type { CallOutcome } from '../src-main/contract';
import { LogSink } from '../src-main/engine/log-sink';
import { MessageLog } from '../src-main/engine/message-log';
import { Redactor } from '../src-main/engine/redactor';
import { namel3ssProtocol, type Namel3ssSkill } from '../src-main/protocols/namel3ss';
import { toolWorkspace, workspacesFolder } from '../src-main/protocols/namel3ss/plan';
import { FIXTURES, tempDir } from './helpers';
import { scaled } from './machine-factor';

const T = { timeout: scaled(60_000) };
let root: string;

beforeAll(() => {
  root = path.join(tempDir('skillbench-n3kinds-'), 'kinds');
  fs.cpSync(path.join(FIXTURES, 'namel3ss-kinds'), root, { recursive: true });
});
afterAll(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

function open(cleanup: Cleanup, rel: string, env: Record<string, string> = {}): { skill: Namel3ssSkill; logs: LogSink; dir: string; workspace: (tool: string) => string } {
  const dir = path.join(root, rel);
  const [ref] = namel3ssProtocol.detect(dir, root);
  const logs = new LogSink();
  const home = cleanup.tempDir();
  const skill = namel3ssProtocol.create(ref, { logs, messages: new MessageLog(), redactor: new Redactor(), home, env }) as Namel3ssSkill;
  return { skill, logs, dir, workspace: (tool) => toolWorkspace(workspacesFolder(home, ref.id), tool) };
}

function events(out: CallOutcome): Record<string, unknown>[] {
  return (out.trace?.traces ?? []) as Record<string, unknown>[];
}

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe('implemented using http', () => {
  interface Seen {
    method?: string;
    url?: string;
    headers: http.IncomingHttpHeaders;
    body: string;
  }
  let server: http.Server;
  let base = '';
  const seen: Seen[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url?.startsWith('/page')) {
          res.setHeader('X-Zeta', 'last');
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end('héllo from the page');
        } else if (req.url === '/data') res.writeHead(200, { 'content-type': 'application/json' }).end('{"rates": [1, 2]}');
        else if (req.url === '/moved') res.writeHead(302, { location: '/data' }).end();
        else if (req.url === '/slow') setTimeout(() => res.end('late'), 2500);
        else res.writeHead(404, 'Not Found').end('nothing here');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('lists the http tools of a program, and the program among the folder\'s skills', async ({ cleanup }) => {
    const { skill } = open(cleanup, 'http-app');
    const info = await skill.start();
    expect(info.description).toBe('namel3ss app with 3 http tools');
    expect(info.tools.map((t) => t.name)).toEqual(['fetch page', 'fetch data', 'fetch odd']);
    expect(info.tools[0].description).toContain("a GET of its url input (namel3ss's built-in HTTP capability)");
    expect(info.tools[2].description).toContain('cannot run here: HTTP tool "fetch odd" has unsupported input fields.');
  });

  it('makes namel3ss\'s request (a GET of the url with the given headers, no body) and gives its result and trace', T, async ({ cleanup }) => {
    const { skill } = open(cleanup, 'http-app');
    const before = seen.length;
    const out = await skill.call('fetch page', { url: `${base}/page?q=1`, headers: { 'X-Token': ' abc ', Accept: 'text/plain' } });
    expect(out.error).toBeUndefined();
    const req = seen[before];
    expect(req).toMatchObject({ method: 'GET', url: '/page?q=1', body: '' });
    expect(req.headers).toMatchObject({ 'x-token': 'abc', accept: 'text/plain', 'accept-encoding': 'identity', connection: 'close' });
    expect(req.headers['content-length']).toBeUndefined();
    const headers = (out.data as { headers: { name: string; value: string }[] }).headers;
    expect(out.data).toMatchObject({ status: 200, body: 'héllo from the page' });
    // Sorted by name, case aside, as namel3ss sorts them.
    expect(headers.map((h) => h.name.toLowerCase())).toEqual([...headers.map((h) => h.name.toLowerCase())].sort());
    expect(headers).toContainEqual({ name: 'X-Zeta', value: 'last' });
    expect(events(out)).toEqual([
      {
        type: 'tool_call',
        tool: 'fetch page',
        tool_name: 'fetch page',
        kind: 'http',
        title: 'HTTP GET',
        input: { method: 'GET', url: `${base}/page?q=1`, headers: [{ name: 'Accept', value: 'text/plain' }, { name: 'X-Token', value: 'abc' }], body: { type: 'NoneType', value: null } },
        output: { status: 200, headers, body: { type: 'text', chars: 19, preview: 'héllo from the page' } },
        decision: 'allowed',
        capability: 'none',
        reason: 'policy_allowed',
        result: 'ok',
      },
    ]);
  });

  it('parses a JSON answer into json, follows redirects, and takes a status outside 200–299 as namel3ss does', T, async ({ cleanup }) => {
    const { skill } = open(cleanup, 'http-app');
    expect(await skill.call('fetch data', { url: `${base}/moved` })).toMatchObject({ ok: true, data: { status: 200, json: { rates: [1, 2] } } });
    const notJson = await skill.call('fetch data', { url: `${base}/page` });
    expect(notJson.error?.message).toMatch(/^What happened: HTTP tool "fetch data" expected JSON output\.\nWhy: The response body was not valid JSON\./);
    const missing = await skill.call('fetch page', { url: `${base}/gone` });
    expect(missing.error).toMatchObject({ code: 'TOOL', details: { status: 404 } });
    expect(missing.error?.message).toMatch(/^HTTP Error 404: Not Found\nHint: http:\/\/127\.0\.0\.1:\d+ answered 404 Not Found/);
    expect(events(missing)[0]).toMatchObject({ kind: 'http', error: 'HTTP Error 404: Not Found', decision: 'allowed', result: 'error' });
  });

  it('refuses what namel3ss refuses, before any request: another method, a body, bad headers, undeclared fields', T, async ({ cleanup }) => {
    const { skill } = open(cleanup, 'http-app');
    const before = seen.length;
    const post = await skill.call('fetch page', { url: `${base}/page`, method: 'post' });
    expect(post.error?.message).toMatch(/^What happened: HTTP method 'POST' is not supported yet\.\nWhy: Only GET requests are available in the built-in HTTP capability\./);
    expect((await skill.call('fetch page', { url: `${base}/page`, body: { a: 1 } })).error?.message).toMatch(/^What happened: HTTP body is not supported for GET requests\./);
    expect((await skill.call('fetch page', { url: `${base}/page`, headers: { n: 1 } })).error?.message).toBe('HTTP headers must be string keys and values');
    expect((await skill.call('fetch page', { url: `${base}/page`, timeout_seconds: 0 })).error?.message).toBe('timeout_seconds must be positive');
    expect((await skill.call('fetch odd', { url: `${base}/page`, colour: 'red' })).error?.message).toMatch(/^What happened: HTTP tool "fetch odd" has unsupported input fields\./);
    expect(seen.length).toBe(before);
    expect(events(post)).toEqual([{ type: 'tool_call', tool: 'fetch page', tool_name: 'fetch page', kind: 'http', status: 'error', decision: 'allowed', capability: 'none', reason: 'policy_allowed', result: 'error' }]);
  });

  it('says what Python says when nothing answers, and times out after timeout_seconds', T, async ({ cleanup }) => {
    const { skill } = open(cleanup, 'http-app');
    const port = await closedPort();
    const refused = await skill.call('fetch page', { url: `http://127.0.0.1:${port}/x` });
    expect(refused.error?.message).toBe(`<urlopen error [Errno ${os.constants.errno.ECONNREFUSED}] Connection refused>\nHint: Nothing answers at http://127.0.0.1:${port}: connection refused.`);
    const slow = await skill.call('fetch page', { url: `${base}/slow`, timeout_seconds: 1 });
    expect(slow.error).toMatchObject({ code: 'TIMEOUT', message: expect.stringMatching(/^<urlopen error timed out>\nHint: /) });
  });

  it('blocks the call where the program lacks the http capability, or the overrides deny the network', T, async ({ cleanup }) => {
    const before = seen.length;
    const nocap = await open(cleanup, 'http-nocap').skill.call('fetch page', { url: `${base}/page` });
    expect(nocap.error?.message).toMatch(/^What happened: Capability "http" is required for tool "fetch page"\.\nWhy: Built-in backend capabilities are deny-by-default\.\nFix: Add the capability to the app capabilities block\.\nExample: capabilities:\n {2}http\nHint: /);
    expect(events(nocap)).toEqual([{ type: 'tool_call', tool: 'fetch page', tool_name: 'fetch page', kind: 'http', status: 'blocked', decision: 'blocked', capability: 'http', reason: 'capability_missing', result: 'blocked' }]);
    const denied = await open(cleanup, 'http-denied').skill.call('fetch page', { url: `${base}/page` });
    expect(denied.error?.message).toBe('Policy denied "network" for tool "fetch page".');
    expect(events(denied)).toEqual([
      { type: 'capability_check', tool_name: 'fetch page', runner: 'policy', resolved_source: 'policy', capability: 'network', allowed: false, guarantee_source: 'policy', reason: 'policy_denied', protocol_version: 1 },
      { type: 'tool_call', tool: 'fetch page', tool_name: 'fetch page', kind: 'http', status: 'blocked', decision: 'blocked', capability: 'network', reason: 'policy_denied', result: 'blocked' },
    ]);
    expect(seen.length).toBe(before);
  });
});

describe('the node runner', () => {
  it('runs a node tool: its result, its prints in the log, and namel3ss\'s trace of the node runner', T, async ({ cleanup }) => {
    const { skill, logs } = open(cleanup, 'node-app');
    const info = await skill.start();
    expect(info.notes.join('\n')).toMatch(/Node: .*node/);
    expect(info.tools.find((t) => t.name === 'add vat')?.description).toBe('foreign function · tools.vat:add · node runner · guard: guarded, not isolated (no network: refused in JavaScript)');
    const out = await skill.call('shout', { text: 'hi' });
    expect(out).toMatchObject({ ok: true, data: { text: 'HI!' } });
    expect(out.trace).toMatchObject({ type: 'tool_call', kind: 'node', runner: 'node', entry: 'tools.shout:run', timeout_ms: 30_000, timeout_source: 'default', enforcement: 'guarded, not isolated', protocol_version: 1, status: 'ok', result: 'ok', output_summary: { type: 'object', keys: ['text'], count: 1 } });
    expect(path.basename(String(out.trace?.node_path))).toMatch(/^node(\.exe)?$/);
    expect(logs.entries().some((e) => e.text.includes('shouting hi'))).toBe(true);
  });

  it('reports a node tool\'s own error in namel3ss\'s words, and a python tool bound to the node runner', T, async ({ cleanup }) => {
    const { skill } = open(cleanup, 'node-app');
    const out = await skill.call('fail loudly', { text: 'boom' });
    expect(out.error?.message).toMatch(/^What happened: Node tool "fail loudly" failed with TypeError\.\nWhy: cannot shout that\nFix: Fix the tool implementation in tools\/ and try again\./);
    expect(out.trace).toMatchObject({ error_type: 'TypeError', error_message: 'cannot shout that', runner: 'node' });
    const py = await skill.call('python on node', { text: 'x' });
    expect(py.error?.message).toMatch(/^What happened: Tool "python on node" has unsupported runner "node"\.\nWhy: Python tools cannot run on the node runner\.\nFix: Set runner to "local", "service", or "container"\./);
  });

  it('runs a foreign js function in its workspace and keeps it off the network, as namel3ss\'s guard does', T, async ({ cleanup }) => {
    const { skill, workspace } = open(cleanup, 'node-app');
    expect(await skill.call('add vat', { amount: 100 })).toMatchObject({ ok: true, data: 120 });
    expect(fs.readFileSync(path.join(workspace('add vat'), 'last_amount.txt'), 'utf8')).toBe('100');
    const out = await skill.call('add vat', { amount: -1 });
    expect(out.error).toMatchObject({ code: 'CAPABILITY', details: { type: 'CapabilityViolation', reason_code: 'guarantee_blocked' } });
    expect(out.error?.message).toBe('What happened: Tool "add vat" cannot access the network.\nWhy: Effective guarantees forbid network access (GET http://127.0.0.1:9/rates).\nFix: Remove the restriction or choose a tool that does not need the capability.\nExample: [capability_overrides]\\n"add vat" = { no_network = true }');
    expect(events(out).map((e) => e.type)).toEqual(['boundary_start', 'capability_check', 'tool_call', 'boundary_end']);
    expect(events(out)[1]).toMatchObject({ capability: 'network', allowed: false, guarantee_source: 'engine', reason: 'guarantee_blocked', runner: 'node' });
  });

  it('says, in namel3ss\'s words, that node is missing where the PATH has none', T, async ({ cleanup }) => {
    const { skill } = open(cleanup, 'node-app', { PATH: cleanup.tempDir() });
    const out = await skill.call('shout', { text: 'hi' });
    expect(out.error?.message).toMatch(/^What happened: Node runtime was not found\.\nWhy: The node executable was not found on PATH\.\nFix: Install Node\.js or add it to PATH\.\nExample: node --version\nHint: /);
  });
});

describe("namel3ss's error texts, with the plainer sentence under them", () => {
  it('words an unknown runner, a missing service URL, a missing module and the guarantee list as namel3ss does', T, async ({ cleanup }) => {
    const { skill } = open(cleanup, 'errors-app', { N3_TOOL_SERVICE_URL: '' });
    const bogus = await skill.call('bogus runner', { x: 'a' });
    expect(bogus.error?.message).toBe(
      'What happened: Unknown tool runner \'bogus\'.\nWhy: Supported runners are local, service, container, and node.\nFix: Update the binding runner or remove the runner field.\nExample: runner: "local"\nHint: Tool "bogus runner" is bound to runner "bogus" in .namel3ss/tools.yaml; use local, service, container, node.',
    );
    expect(events(bogus)).toEqual([{ type: 'tool_call', tool: 'bogus runner', tool_name: 'bogus runner', kind: 'python', status: 'error', decision: 'error', capability: 'none', reason: 'unknown_runner', result: 'error' }]);
    const noUrl = await skill.call('service tool', { x: 'a' });
    expect(noUrl.error?.message).toMatch(/^What happened: Tool "service tool" requires a service URL\.\nWhy: The binding runner is set to service, but no URL is configured\.\nFix: Add url to the tool binding or set N3_TOOL_SERVICE_URL\.\nExample: tools:\n {2}"service tool":\n[\s\S]*\n {4}url: "http:\/\/127\.0\.0\.1:8787\/tools"\nHint: .*no service URL is configured/);
    const missing = await skill.call('missing module', { x: 'a' });
    const base = path.join(fs.realpathSync(root), 'errors-app', 'tools', 'nope');
    expect(missing.error?.message).toBe(
      `What happened: Tool "missing module" entry module was not found (missing_tool).\nWhy: Expected a module at ${base}.py or ${base}${path.sep}__init__.py.\nFix: Create the module file or update the binding entry.\nExample: tools:\n  "missing module":\n    kind: "python"\n    entry: "tools.nope:run"\nHint: Tool "missing module" entry module "tools.nope" was not found: expected tools/nope.py in the app. Create the file or fix the entry in .namel3ss/tools.yaml.`,
    );
    const locked = await skill.call('locked down', { x: 'a' });
    expect(locked.error?.message).toContain('Why: Sandbox is disabled but guarantees require: filesystem_read, filesystem_write, network.');
  });

  it('words an unreachable service as Python does', T, async ({ cleanup }) => {
    const port = await closedPort();
    const { skill } = open(cleanup, 'errors-app', { N3_TOOL_SERVICE_URL: `http://127.0.0.1:${port}/tools` });
    const out = await skill.call('service tool', { x: 'a' });
    expect(out.error?.message).toMatch(
      new RegExp(`^What happened: Tool service request failed\\.\\nWhy: <urlopen error \\[Errno ${os.constants.errno.ECONNREFUSED}\\] Connection refused>\\nFix: Check the service URL, availability, and timeout\\.\\nExample: N3_TOOL_SERVICE_URL=http://127\\.0\\.0\\.1:8787/tools\\nHint: Could not reach the tool service at http://127\\.0\\.0\\.1:${port}/tools: connection refused\\.`),
    );
    // namel3ss's trace keeps the error under its own: Python's URLError.
    expect(out.trace).toMatchObject({ error_type: 'URLError', error_message: `<urlopen error [Errno ${os.constants.errno.ECONNREFUSED}] Connection refused>`, runner: 'service', result: 'error' });
  });
});
