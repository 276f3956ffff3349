/**
 * `skillbench mcp` as a proxy: an MCP server (the reference `server-everything`, the workbench's fifth
 * protocol) served again through the bridge, to the MCP SDK's Client. Every kind of content passes whole,
 * progress arrives, what the server asks of its user (elicitation, sampling, roots) is asked of the client
 * (sampling by the model `--model` names instead, where it is given),
 * and the rest of what it offers (resources, subscriptions, prompts, completion, its log level, its changed
 * lists, cancellation) is served again, through the workbench's own record of the server's traffic.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect } from 'vitest';
import {
  CallToolResultSchema, CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema, LoggingMessageNotificationSchema,
  ResourceListChangedNotificationSchema, ResourceUpdatedNotificationSchema, type CallToolResult, type LoggingMessageNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { it } from './cleanup-fixture';
import { allFiles, eventually, ROOT, waitFor } from './helpers';
import { overStdio } from './mcp-bridge-client';
import { FILESYSTEM } from './mcp-helpers';
import { modelServer } from './model-server';
import { scaled } from './machine-factor';

/** What the bridge sent the upstream server (its own message trace in the home), as [method, params]. */
function sentUpstream(home: string): [string, Record<string, unknown>][] {
  return allFiles(home)
    .filter((f) => /[\\/]messages[\\/][^\\/]+\.jsonl$/.test(f))
    .flatMap((f) => fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { direction: string; message: { method?: string; params?: Record<string, unknown> } }))
    .filter((m) => m.direction === 'out' && m.message.method)
    .map((m) => [m.message.method!, m.message.params ?? {}]);
}

const EVERYTHING = `${path.join(ROOT, 'node_modules', '.bin', 'mcp-server-everything')} stdio`;

describe('skillbench mcp --command: an MCP server proxied', () => {
  it('lists its tools and passes images, structured content and progress through', async ({ cleanup }) => {
    const mcp = cleanup.add(await overStdio(['--command', EVERYTHING, '--server', 'everything'], cleanup.tempDir()));
    const names = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-tiny-image', 'get-structured-content', 'trigger-long-running-operation']));

    const echo = (await mcp.client.callTool({ name: 'echo', arguments: { message: 'through the bridge' } })) as CallToolResult;
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: through the bridge' }]);
    const image = (await mcp.client.callTool({ name: 'get-tiny-image', arguments: {} })) as CallToolResult;
    expect(image.content.some((c) => c.type === 'image' && c.mimeType === 'image/png' && c.data.length > 0)).toBe(true);
    const structured = (await mcp.client.callTool({ name: 'get-structured-content', arguments: { location: 'Chicago' } })) as CallToolResult;
    expect(structured.structuredContent).toMatchObject({ temperature: expect.any(Number) });

    const progress: number[] = [];
    await mcp.client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 3 } }, CallToolResultSchema, { onprogress: (p) => progress.push(p.progress) });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  }, scaled(60_000));

  it("asks the client what the server asks its user: a form, and a model's answer", async ({ cleanup }) => {
    const forms: string[] = [];
    const prompts: unknown[] = [];
    const mcp = cleanup.add(
      await overStdio(['--command', EVERYTHING, '--server', 'everything'], cleanup.tempDir(), { elicitation: { form: {} }, sampling: {} }, (c) => {
        c.setRequestHandler(ElicitRequestSchema, (req) => {
          forms.push(req.params.message);
          const props = Object.keys((req.params as { requestedSchema: { properties: Record<string, unknown> } }).requestedSchema.properties);
          return { action: 'accept', content: Object.fromEntries(props.filter((p) => p === 'name').map((p) => [p, 'Ada'])) };
        });
        c.setRequestHandler(CreateMessageRequestSchema, (req) => {
          prompts.push(req.params.messages);
          return { role: 'assistant', content: { type: 'text', text: 'the answer by hand' }, model: 'test-model' };
        });
      }),
    );
    const names = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['trigger-elicitation-request', 'trigger-sampling-request']));
    const elicited = (await mcp.client.callTool({ name: 'trigger-elicitation-request', arguments: {} })) as CallToolResult;
    expect(forms.length).toBe(1);
    expect(JSON.stringify(elicited.content)).toMatch(/accept/);
    const sampled = (await mcp.client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'Say hi' } })) as CallToolResult;
    expect(JSON.stringify(prompts)).toContain('Say hi');
    expect(JSON.stringify(sampled.content)).toContain('the answer by hand');
  }, scaled(60_000));

  it("with --model, that model answers the server's sampling: the agent's client is not asked", async ({ cleanup }) => {
    const model = cleanup.add(await modelServer());
    model.reply({ text: 'answered by the bridge model' });
    const asked: unknown[] = [];
    const flags = ['--model', 'bridge-model', '--base-url', model.openaiBaseUrl];
    const mcp = cleanup.add(
      await overStdio(['--command', EVERYTHING, '--server', 'everything', ...flags], cleanup.tempDir(), { sampling: {} }, (c) => {
        c.setRequestHandler(CreateMessageRequestSchema, (req) => {
          asked.push(req.params);
          return { role: 'assistant', content: { type: 'text', text: 'the client answered' }, model: 'client-model' };
        });
      }),
    );
    const sampled = (await mcp.client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'Say hi' } })) as CallToolResult;
    expect(JSON.stringify(sampled.content)).toContain('answered by the bridge model');
    expect(JSON.stringify(sampled.content)).toContain('bridge-model');
    expect(asked).toEqual([]);
    expect(model.chats()[0].body.messages.at(-1).content).toContain('Say hi');
  }, scaled(60_000));

  it('runs a task tool upstream as a task and answers it as a plain call; passes a URL elicitation on as one', async ({ cleanup }) => {
    const urls: string[] = [];
    const home = cleanup.tempDir();
    const mcp = cleanup.add(
      await overStdio(['--command', EVERYTHING, '--server', 'everything'], home, { elicitation: { form: {}, url: {} } }, (c) => {
        c.setRequestHandler(ElicitRequestSchema, (req) => {
          if (req.params.mode === 'url') urls.push(req.params.url);
          return { action: 'accept' };
        });
      }),
    );
    const tools = (await mcp.client.listTools()).tools;
    // The tool is listed as the server sent it; the bridge offers no tasks of its own (no `tasks` capability), so to its
    // client it is a plain tool whatever its `execution` says (2025-11-25: no task augmentation without that capability).
    expect(tools.find((t) => t.name === 'simulate-research-query')?.execution?.taskSupport).toBe('required');
    expect(mcp.client.getServerCapabilities()?.tasks).toBeUndefined();
    // A plain tools/call, as the spec has a client make it of a server without tasks (the SDK's Client.callTool refuses
    // a tool listed as required-task whatever the server's capabilities, so the request is sent as it is).
    const report = await mcp.client.request({ method: 'tools/call', params: { name: 'simulate-research-query', arguments: { topic: 'tides' } } }, CallToolResultSchema, { timeout: 30_000 });
    // The message is the whole answer: an error here names its cause.
    expect(JSON.stringify(report.content), JSON.stringify(report.content)).toContain('Research Report: tides');
    expect(sentUpstream(home).some(([m]) => m === 'tasks/get')).toBe(true);

    const url = (await mcp.client.callTool({ name: 'trigger-url-elicitation', arguments: { url: 'https://example.com/sign-in' } })) as CallToolResult;
    expect(urls).toEqual(['https://example.com/sign-in']);
    expect(JSON.stringify(url.content)).toContain('User completed the URL elicitation flow');
  }, scaled(60_000));

  it("a folder's .mcp.json server, named as the app's config snippet names it", async ({ cleanup }) => {
    const project = cleanup.tempDir();
    const [command, ...args] = EVERYTHING.split(' ');
    fs.writeFileSync(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { everything: { command, args } } }));
    const mcp = cleanup.add(await overStdio([project, '--skill', 'everything'], cleanup.tempDir()));
    const echo = (await mcp.client.callTool({ name: 'echo', arguments: { message: 'from the folder' } })) as CallToolResult;
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: from the folder' }]);
  }, scaled(60_000));

  it('a server named by --command runs on when files change in the folder it was started in; a folder’s own server reloads', async ({ cleanup }) => {
    const project = cleanup.tempDir();
    const [command, ...args] = EVERYTHING.split(' ');
    fs.writeFileSync(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { everything: { command, args } } }));
    const starts = (home: string) => sentUpstream(home).filter(([m]) => m === 'initialize').length;
    // The folder's own server: a change there is a hot reload, a new start of the server.
    const ownHome = cleanup.tempDir();
    const own = cleanup.add(await overStdio([project, '--skill', 'everything'], ownHome, {}, undefined, project));
    await own.client.listTools();
    // (The bridge connects again once it knows what its client offers: counted from here.)
    const ownStarts = starts(ownHome);
    const changed = Date.now();
    fs.writeFileSync(path.join(project, 'server.js'), '// changed\n');
    await waitFor(() => starts(ownHome) === ownStarts + 1, 20_000, 'the folder’s server started again after the change');
    const reloadTook = Date.now() - changed;
    // Named by its command, the server has no folder: a change where it was started is none of its business.
    const namedHome = cleanup.tempDir();
    const named = cleanup.add(await overStdio(['--command', EVERYTHING], namedHome, {}, undefined, project));
    await named.client.listTools();
    const namedStarts = starts(namedHome);
    fs.writeFileSync(path.join(project, 'server.js'), '// changed again\n');
    await new Promise((r) => setTimeout(r, 2 * reloadTook + 500));
    expect(starts(namedHome)).toBe(namedStarts);
    const echo = (await named.client.callTool({ name: 'echo', arguments: { message: 'still here' } })) as CallToolResult;
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: still here' }]);
  }, scaled(60_000));

  it('a client that cannot answer forms is not offered the tool that asks for one, and the server’s question is refused, not left to hang', async ({ cleanup }) => {
    // server-everything lists its form tool only for clients that take forms: the bridge tells it what its client takes.
    const mcp = cleanup.add(await overStdio(['--command', EVERYTHING, '--server', 'everything'], cleanup.tempDir()));
    expect((await mcp.client.listTools()).tools.map((t) => t.name)).not.toContain('trigger-elicitation-request');
    // A server that asks all the same is answered as a client without forms answers.
    const conformance = path.join(ROOT, 'tests', 'fixtures', 'mcp-conformance-server', 'server.mjs');
    const asks = cleanup.add(await overStdio(['--command', `'${process.execPath}' '${conformance}'`, '--server', 'conformance'], cleanup.tempDir()));
    const r = (await asks.client.callTool({ name: 'test_elicitation', arguments: { message: 'Your name?' } })) as CallToolResult;
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.content)).toMatch(/Method not found/);
  }, scaled(60_000));

  it('serves its resources and templates, reads, subscriptions with their updates, and a new resource announced', async ({ cleanup }) => {
    const updated: string[] = [];
    let listChanged = 0;
    const home = cleanup.tempDir();
    const mcp = cleanup.add(
      await overStdio(['--command', EVERYTHING, '--server', 'everything'], home, {}, (c) => {
        c.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
        c.setNotificationHandler(ResourceListChangedNotificationSchema, () => void listChanged++);
      }),
    );
    // The capabilities advertised are the server's.
    expect(mcp.client.getServerCapabilities()).toMatchObject({ resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true }, completions: {}, logging: {}, tools: {} });
    expect((await mcp.client.listResources()).resources.length).toBeGreaterThan(0);
    const template = (await mcp.client.listResourceTemplates()).resourceTemplates.find((t) => t.uriTemplate.includes('dynamic/text'))!;
    const uri = template.uriTemplate.replace(/\{[^}]+\}/, '1');
    const read = await mcp.client.readResource({ uri });
    expect(read.contents[0]).toMatchObject({ uri, text: expect.any(String) });
    await expect(mcp.client.readResource({ uri: 'demo://nothing/here' })).rejects.toThrow();

    await mcp.client.subscribeResource({ uri });
    await mcp.client.callTool({ name: 'toggle-subscriber-updates', arguments: {} });
    await waitFor(() => updated.includes(uri), 20_000, 'notifications/resources/updated through the bridge');
    await mcp.client.unsubscribeResource({ uri });

    // A tool that makes a resource: the server's list_changed reaches the client, and the new resource reads.
    const made = (await mcp.client.callTool({ name: 'gzip-file-as-resource', arguments: { name: 'hello.gz', data: 'data:text/plain;base64,aGVsbG8=', outputType: 'resourceLink' } })) as CallToolResult;
    const link = made.content.find((c) => c.type === 'resource_link') as { uri: string } | undefined;
    expect(link).toBeTruthy();
    await waitFor(() => listChanged > 0, 10_000, 'notifications/resources/list_changed through the bridge');
    expect((await mcp.client.readResource({ uri: link!.uri })).contents[0]).toMatchObject({ uri: link!.uri, blob: expect.any(String) });

    const carried = ['resources/list', 'resources/templates/list', 'resources/read', 'resources/subscribe', 'resources/unsubscribe'];
    await waitFor(() => carried.every((m) => sentUpstream(home).some(([x]) => x === m)), 10_000, `${carried.join(', ')} in the trace`);
  }, scaled(60_000));

  it('serves its prompts, completes their arguments, and sets its log level', async ({ cleanup }) => {
    const logs: LoggingMessageNotification['params'][] = [];
    const home = cleanup.tempDir();
    const mcp = cleanup.add(
      await overStdio(['--command', EVERYTHING, '--server', 'everything'], home, {}, (c) => {
        c.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
      }),
    );
    const prompts = (await mcp.client.listPrompts()).prompts;
    expect(prompts.find((p) => p.name === 'args-prompt')?.arguments?.map((a) => a.name)).toEqual(['city', 'state']);
    const got = await mcp.client.getPrompt({ name: 'args-prompt', arguments: { city: 'Lisbon' } });
    expect(got.messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } });
    expect(JSON.stringify(got.messages)).toContain('Lisbon');
    await expect(mcp.client.getPrompt({ name: 'args-prompt', arguments: {} })).rejects.toThrow();

    const dept = await mcp.client.complete({ ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'S' } });
    expect(dept.completion.values).toEqual(['Sales', 'Support']);
    const names = await mcp.client.complete({ ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'name', value: '' }, context: { arguments: { department: 'Engineering' } } });
    expect(names.completion.values).toEqual(['Alice', 'Bob', 'Charlie']);

    // The level is asked of the server too; its info message on a subscription comes only at "info" and below.
    await mcp.client.setLoggingLevel('error');
    await mcp.client.subscribeResource({ uri: 'demo://resource/static/document/architecture.md' });
    await mcp.client.setLoggingLevel('info');
    await mcp.client.subscribeResource({ uri: 'demo://resource/static/document/features.md' });
    await waitFor(() => logs.some((l) => String(l.data).includes('features.md')), 10_000, 'the server\'s log message through the bridge');
    expect(logs.some((l) => String(l.data).includes('architecture.md'))).toBe(false);
    // The trace is written a moment after the messages pass.
    const levels = await waitFor(() => {
      const l = sentUpstream(home).filter(([m]) => m === 'logging/setLevel').map(([, p]) => p.level);
      return l.length >= 2 && l;
    }, 10_000, 'logging/setLevel in the trace');
    expect(levels).toEqual(['error', 'info']);
    expect(sentUpstream(home).map(([m]) => m)).toEqual(expect.arrayContaining(['prompts/list', 'prompts/get', 'completion/complete']));
  }, scaled(60_000));

  it("gives the server the agent's roots, and cancels a call upstream when the client cancels it", async ({ cleanup }) => {
    const agentRoot = cleanup.tempDir();
    const home = cleanup.tempDir();
    const mcp = cleanup.add(
      await overStdio(['--command', EVERYTHING, '--server', 'everything'], home, { roots: { listChanged: true } }, (c) => {
        c.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: pathToFileURL(agentRoot).href, name: 'agent-root' }] }));
      }),
    );
    // The server started with no roots declared; the agent's first roots restart it with them, and its roots tool comes back.
    await eventually(async () => {
      const r = (await mcp.client.callTool({ name: 'get-roots-list', arguments: {} }).catch(() => null)) as CallToolResult | null;
      return !!r && JSON.stringify(r.content).includes(pathToFileURL(agentRoot).href);
    }, 20_000, "the agent's roots at the server");

    const abort = new AbortController();
    const progress: number[] = [];
    const call = mcp.client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 20, steps: 20 } }, CallToolResultSchema, {
      signal: abort.signal,
      onprogress: (p) => {
        progress.push(p.progress);
        abort.abort('enough');
      },
    });
    await expect(call).rejects.toThrow();
    expect(progress.length).toBeGreaterThan(0);
    await waitFor(() => sentUpstream(home).some(([m]) => m === 'notifications/cancelled'), 10_000, 'notifications/cancelled sent to the server');
  }, scaled(60_000));

  it('passes on only the agent\'s roots: an agent with none leaves a filesystem server on the folders it was started with', async ({ cleanup }) => {
    const allowed = cleanup.tempDir();
    const mcp = cleanup.add(await overStdio(['--command', `${process.execPath} ${FILESYSTEM} ${allowed}`], cleanup.tempDir()));
    const r = (await mcp.client.callTool({ name: 'list_allowed_directories', arguments: {} })) as CallToolResult;
    expect(JSON.stringify(r.content)).toContain(fs.realpathSync(allowed));
    // What the bridge was started in (this repository) is not made a root of the server's.
    expect(JSON.stringify(r.content)).not.toContain(JSON.stringify(ROOT).slice(1, -1));
    const beside = (await mcp.client.callTool({ name: 'read_text_file', arguments: { path: path.join(ROOT, 'package.json') } })) as CallToolResult;
    expect(beside.isError).toBe(true);
  }, scaled(60_000));
});
