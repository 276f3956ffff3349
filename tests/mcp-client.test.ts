/**
 * MCP servers as skills, through the workbench and its MCP service, against the real reference server
 * (`@modelcontextprotocol/server-everything`, stdio) run by our own process layer: tools with
 * structuredContent and every kind of content, resources, templates, subscriptions, prompts, completion,
 * logging, progress, cancel, list_changed, ping, and the server's requests to the user.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { eventually, waitFor } from './helpers';
import { collect, everythingStdio, mcpBench, mcpFolder } from './mcp-helpers';
import { Workbench } from '../src-main/workbench/workbench';

describe('an MCP server in the workbench (server-everything over stdio)', () => {
  it('connects through our process layer, lists its tools whole, and calls them with structuredContent and every kind of content', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    const listed = (await wb.listSkills()).find((s) => s.id === id);
    expect(listed).toMatchObject({ protocol: 'mcp', name: 'everything', status: 'stopped' });

    const info = await wb.inspectSkill(id);
    expect(info.capabilities.persistent).toBe(true);
    expect(info.tools.map((t) => t.name)).toContain('echo');
    const server = await wb.mcp.mcpServerInfo(id);
    expect(server).toMatchObject({ skillId: id, transport: 'stdio', capabilities: { tools: true, resources: true, prompts: true, logging: true, completions: true, resourceSubscribe: true } });
    expect(server.name).toMatch(/everything/i);
    expect(server.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(server.instructions?.length).toBeGreaterThan(10);

    // The whole tool: annotations, title, outputSchema.
    const tools = await wb.mcp.mcpListTools(id);
    const structured = tools.find((t) => t.name === 'get-structured-content')!;
    expect(structured.outputSchema).toMatchObject({ type: 'object' });
    expect(tools.find((t) => t.name === 'trigger-long-running-operation')!.annotations).toMatchObject({ readOnlyHint: true });

    const echo = await wb.callTool(id, 'echo', { message: 'hello' });
    expect(echo.outcome).toMatchObject({ ok: true, text: 'Echo: hello', mcp: { isError: false, content: [{ type: 'text', text: 'Echo: hello' }] } });

    const weather = await wb.callTool(id, 'get-structured-content', { location: 'New York' });
    expect(weather.outcome!.ok).toBe(true);
    expect(weather.outcome!.mcp!.structuredContent).toMatchObject({ temperature: expect.any(Number), conditions: expect.any(String) });
    expect(weather.outcome!.data).toEqual(weather.outcome!.mcp!.structuredContent);

    const image = await wb.callTool(id, 'get-tiny-image', {});
    expect(image.outcome!.mcp!.content.map((c) => c.type)).toContain('image');
    const img = image.outcome!.mcp!.content.find((c) => c.type === 'image') as { data: string; mimeType: string };
    expect(img.mimeType).toBe('image/png');
    expect(Buffer.from(img.data, 'base64').subarray(1, 4).toString()).toBe('PNG');

    const links = await wb.callTool(id, 'get-resource-links', { count: 2 });
    expect(links.outcome!.mcp!.content.filter((c) => c.type === 'resource_link')).toHaveLength(2);
    const embedded = await wb.callTool(id, 'get-resource-reference', { resourceType: 'Text', resourceId: 3 });
    const block = embedded.outcome!.mcp!.content.find((c) => c.type === 'resource') as { resource: { uri: string; text?: string } };
    expect(block.resource.uri).toContain('3');
    expect(block.resource.text).toBeTruthy();

    // A wrong argument is the server's error, in the outcome, not a thrown exception.
    const bad = await wb.callTool(id, 'get-sum', { a: 'x' });
    expect(bad.outcome!.ok).toBe(false);

    // Every message in and out is in the skill's message history, from our own process layer.
    const messages = await wb.getMessages(id);
    const methods = messages.map((m) => `${m.direction} ${m.method ?? ''}`);
    expect(methods).toContain('out initialize');
    expect(methods).toContain('out tools/call');
    expect(messages.find((m) => m.direction === 'in' && m.kind === 'response' && m.method === 'tools/call')).toBeTruthy();
  });

  it('reads resources and templates, subscribes to changes, and marks reads on the timeline', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    await wb.startSkill(id);
    const resources = await wb.mcp.mcpListResources(id);
    expect(resources.length).toBeGreaterThan(0);
    const templates = await wb.mcp.mcpListResourceTemplates(id);
    const textTemplate = templates.find((t) => t.uriTemplate.includes('dynamic/text'))!;
    expect(textTemplate.uriTemplate).toContain('{');

    const uri = textTemplate.uriTemplate.replace(/\{[^}]+\}/, '1');
    const read = await wb.mcp.mcpReadResource(id, uri);
    expect(read.error).toBeUndefined();
    expect(read.contents[0]).toMatchObject({ uri, text: expect.any(String) });
    const missing = await wb.mcp.mcpReadResource(id, 'demo://nothing/here');
    expect(missing.error).toBeTruthy();
    const { entries } = await wb.getTimeline(id);
    expect(entries.map((e) => e.label)).toEqual(expect.arrayContaining([`Read ${uri}`, 'Read demo://nothing/here: it failed']));

    // Subscribed: the server's updates arrive as events; unsubscribed: they stop being asked for.
    const updates = collect(wb, 'mcpResourceUpdated');
    expect(await wb.mcp.mcpSubscribe(id, uri)).toEqual([uri]);
    await wb.callTool(id, 'toggle-subscriber-updates', {});
    await waitFor(() => updates.find((u) => u.uri === uri && u.skillId === id), 20_000, 'a resource update');
    expect((await wb.mcp.mcpSession(id)).subscriptions).toEqual([uri]);
    expect(await wb.mcp.mcpUnsubscribe(id, uri)).toEqual([]);
  });

  it('fills in prompts with their arguments and completes arguments and template variables', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    await wb.startSkill(id);
    const prompts = await wb.mcp.mcpListPrompts(id);
    const args = prompts.find((p) => p.name === 'args-prompt')!;
    expect(args.arguments.map((a) => [a.name, !!a.required])).toEqual([['city', true], ['state', false]]);
    expect(prompts.find((p) => p.name === 'simple-prompt')!.arguments).toEqual([]);

    const got = await wb.mcp.mcpGetPrompt(id, 'args-prompt', { city: 'Lisbon' });
    expect(got.error).toBeUndefined();
    expect(got.messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } });
    expect(JSON.stringify(got.messages)).toContain('Lisbon');
    const refused = await wb.mcp.mcpGetPrompt(id, 'args-prompt', {});
    expect(refused.error).toBeTruthy();
    expect((await wb.getTimeline(id)).entries.map((e) => e.label)).toEqual(expect.arrayContaining(['Got the prompt args-prompt', 'Got the prompt args-prompt: it failed']));

    const dept = await wb.mcp.mcpComplete(id, { type: 'ref/prompt', name: 'completable-prompt' }, { name: 'department', value: 'S' });
    expect(dept.values).toEqual(['Sales', 'Support']);
    // The other values given are the context: names of the chosen department.
    const names = await wb.mcp.mcpComplete(id, { type: 'ref/prompt', name: 'completable-prompt' }, { name: 'name', value: '' }, { department: 'Engineering' });
    expect(names.values).toEqual(['Alice', 'Bob', 'Charlie']);
    const templates = await wb.mcp.mcpListResourceTemplates(id);
    const t = templates.find((x) => x.uriTemplate.includes('dynamic/text'))!;
    const variable = t.uriTemplate.match(/\{([^}]+)\}/)![1];
    const ids = await wb.mcp.mcpComplete(id, { type: 'ref/resource', uri: t.uriTemplate }, { name: variable, value: '1' });
    expect(ids.values.length).toBeGreaterThan(0);
    expect(ids.values.every((v) => v.startsWith('1'))).toBe(true);
  });

  it('sets the log level; log messages come as events and into the skill Logs; ping answers', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    const logs = collect(wb, 'mcpLog');
    await wb.mcp.mcpSetLogLevel(id, 'warning');
    expect((await wb.mcp.mcpSession(id)).logLevel).toBe('warning');
    // The server logs one message at once, then one every 5 s, each at a random level of eight: at "warning"
    // five of the eight pass, so one comes within 25 s but for a chance of (3/8)^6, under 0.3%.
    await wb.callTool(id, 'toggle-simulated-logging', {});
    await waitFor(() => logs.length >= 1, 25_000, 'a log message');
    const severe = ['warning', 'error', 'critical', 'alert', 'emergency'];
    expect(logs.every((l) => severe.includes(l.level))).toBe(true);
    const lines = (await wb.getLogs(id)).map((l) => l.text).join('\n');
    expect(lines).toContain(`[${logs[0].level}]`);
    expect((await wb.mcp.mcpLogMessages(id)).length).toBeGreaterThanOrEqual(1);
    await expect(wb.mcp.mcpSetLogLevel(id, 'loud' as never)).rejects.toThrow(/one of debug/);

    const { ms } = await wb.mcp.mcpPing(id);
    expect(ms).toBeGreaterThanOrEqual(0);
    expect((await wb.getMessages(id)).some((m) => m.method === 'ping' && m.direction === 'out')).toBe(true);
  });

  it("tells a call's progress under its id, and cancels it through the workbench's cancel", async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    await wb.startSkill(id);
    const progress = collect(wb, 'mcpProgress');
    const done = await wb.callTool(id, 'trigger-long-running-operation', { duration: 1, steps: 3 }, { callId: 'long-1' });
    expect(done.outcome!.ok).toBe(true);
    // Events reach listeners through the hub, which may deliver the last one just after the answer.
    const steps = () => progress.filter((p) => p.callId === 'long-1').map((p) => [p.progress, p.total]);
    await waitFor(() => steps().length >= 3, 5000, 'the third progress step');
    expect(steps()).toEqual([[1, 3], [2, 3], [3, 3]]);

    const running = wb.callTool(id, 'trigger-long-running-operation', { duration: 30, steps: 30 }, { callId: 'long-2' });
    await waitFor(() => progress.find((p) => p.callId === 'long-2'), 10_000, 'the first progress');
    await wb.cancelCall('long-2');
    const cancelled = await running;
    expect(cancelled.outcome).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    expect((await wb.getMessages(id)).some((m) => m.method === 'notifications/cancelled' && m.direction === 'out')).toBe(true);
    // The server is still there for the next call.
    expect((await wb.callTool(id, 'echo', { message: 'after' })).outcome!.ok).toBe(true);
  });

  it('answers elicitation and sampling from the user through the service; pending requests are listable and time out cleanly', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    await wb.startSkill(id);
    const asked = collect(wb, 'mcpRequest');
    const ended = collect(wb, 'mcpRequestDone');

    // Elicitation: the request in full, waiting; a window opened later lists it; the answer reaches the tool.
    const elicit = wb.callTool(id, 'trigger-elicitation-request', {});
    const req = await waitFor(() => asked.find((r) => r.kind === 'elicitation'), 20_000, 'the elicitation');
    expect(req).toMatchObject({ skillId: id, kind: 'elicitation', message: expect.any(String), requestedSchema: { type: 'object', properties: expect.objectContaining({ name: expect.any(Object) }) } });
    expect((await wb.mcp.mcpPending()).map((p) => p.requestId)).toEqual([req.requestId]);
    expect((await wb.mcp.mcpSession(id)).pending).toHaveLength(1);
    await wb.mcp.mcpAnswerElicitation(req.requestId, { action: 'accept', content: { name: 'Ada Lovelace', check: true, email: 'ada@example.com' } });
    const answered = await elicit;
    expect(answered.outcome!.text).toContain('Ada Lovelace');
    expect(ended.find((e) => e.requestId === req.requestId)?.outcome).toBe('answered');
    expect(await wb.mcp.mcpPending(id)).toEqual([]);
    await expect(wb.mcp.mcpAnswerElicitation(req.requestId, { action: 'decline' })).rejects.toThrow(/no waiting request/);

    // Sampling: the full request shown, answered by hand.
    const sample = wb.callTool(id, 'trigger-sampling-request', { prompt: 'Name a colour', maxTokens: 20 });
    const sreq = await waitFor(() => asked.find((r) => r.kind === 'sampling'), 20_000, 'the sampling request');
    if (sreq.kind !== 'sampling') throw new Error('not sampling');
    expect(sreq.request).toMatchObject({ maxTokens: 20, systemPrompt: expect.any(String), messages: [{ role: 'user', content: { type: 'text' } }] });
    await wb.mcp.mcpAnswerSampling(sreq.requestId, { action: 'answer', content: { type: 'text', text: 'Ultramarine' } });
    const sampled = await sample;
    expect(sampled.outcome!.text).toContain('Ultramarine');
    expect(sampled.outcome!.text).toContain('human');
  });

  it('tells the server clearly when nobody answers in time', async ({ cleanup }) => {
    process.env.SKILLBENCH_MCP_ASK_TIMEOUT_MS = '1500';
    cleanup.add({ stop: () => delete process.env.SKILLBENCH_MCP_ASK_TIMEOUT_MS });
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    await wb.startSkill(id);
    const ended = collect(wb, 'mcpRequestDone');
    const r = await wb.callTool(id, 'trigger-sampling-request', { prompt: 'anyone?' });
    expect(r.outcome!.ok).toBe(false);
    expect(JSON.stringify(r.outcome)).toMatch(/Nobody answered the sampling request/);
    expect(ended.map((e) => e.outcome)).toEqual(['timed-out']);
    expect(await wb.mcp.mcpPending(id)).toEqual([]);
    expect((await wb.getLogs(id)).map((l) => l.text).join('\n')).toMatch(/Nobody answered the server's sampling request/);
  });

  it('declares no roots until the user sets some, then gives them and tells the server when they change', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    const rootsEvents = collect(wb, 'mcpRoots');
    await wb.startSkill(id);
    expect(await wb.mcp.mcpGetRoots(id)).toEqual([]);
    expect((await wb.inspectSkill(id)).tools.map((t) => t.name)).not.toContain('get-roots-list');

    // The first roots: the server restarts to learn the workbench has some, and gets them.
    const other = cleanup.tempDir('mcp-root-');
    await wb.mcp.mcpSetRoots(id, [{ uri: pathToFileURL(other).href, name: 'other' }]);
    await eventually(async () => (await wb.callTool(id, 'get-roots-list', {})).outcome!.text?.includes(pathToFileURL(other).href), 20_000, 'the new roots');
    expect(rootsEvents.length).toBeGreaterThanOrEqual(1);
    // A change while it has roots is told, not restarted for.
    const third = cleanup.tempDir('mcp-root-');
    await wb.mcp.mcpSetRoots(id, [{ uri: pathToFileURL(third).href, name: 'third' }]);
    await eventually(async () => (await wb.callTool(id, 'get-roots-list', {})).outcome!.text?.includes(pathToFileURL(third).href), 20_000, 'the changed roots');
    expect((await wb.getMessages(id)).some((m) => m.method === 'notifications/roots/list_changed')).toBe(true);
    await wb.mcp.mcpSetRoots(id, [{ uri: pathToFileURL(other).href, name: 'other' }]);
    await expect(wb.mcp.mcpSetRoots(id, [{ uri: 'https://example.com' }])).rejects.toThrow(/file:\/\//);

    // The roots the user chose are kept for the next time the workbench opens the server.
    await wb.close();
    const again = cleanup.add(new Workbench({ home: wb.home, kind: 'browser', folders: [dir], namedFolders: true }));
    expect(await again.mcp.mcpGetRoots(id)).toEqual([{ uri: pathToFileURL(other).href, name: 'other' }]);
  });

  it('refreshes the tool list when the server says it changed', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    const changed = collect(wb, 'mcpListChanged');
    await wb.startSkill(id);
    // server-everything adds the tools that depend on the client's capabilities after initialisation.
    await waitFor(() => changed.find((c) => c.skillId === id && c.list === 'tools'), 20_000, 'tools/list_changed');
    await eventually(async () => (await wb.inspectSkill(id)).tools.some((t) => t.name === 'trigger-elicitation-request'), 10_000, 'the refreshed tools');
    expect((await wb.getTimeline(id)).entries.map((e) => e.label)).toContain("The server's tools changed");
  });

  it('restarts a server that crashed, as the supervisor does for every long-running skill', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    await wb.startSkill(id);
    const rt = await wb.liveRuntime(id);
    const pid = (rt.adapter as unknown as { supervisor: { current: { transport: { pid: number } } } }).supervisor.current.transport.pid;
    process.kill(pid, 'SIGKILL');
    await eventually(async () => (await wb.listSkills()).find((s) => s.id === id)?.crashes?.count === 1, 10_000, 'the crash report');
    await eventually(async () => (await wb.listSkills()).find((s) => s.id === id)?.status === 'ready', 20_000, 'the restart');
    expect((await wb.callTool(id, 'echo', { message: 'back' })).outcome!.text).toBe('Echo: back');
  });

  it('says once why a mistyped npx server did not start, the cause first, and does not restart it', async ({ cleanup }) => {
    // npm itself, offline so the test needs no registry: it fails the way a typo does, in several lines.
    const dir = mcpFolder(cleanup, { typo: { command: 'npx', args: ['--offline', '-y', '@modelcontextprotocol/server-everythin'] } });
    const { wb, id } = mcpBench(cleanup, dir, 'typo');
    const statuses = collect(wb, 'status');
    await expect(wb.startSkill(id)).rejects.toThrow(/^typo did not start: npm error request to https:\/\/registry\.npmjs\.org\/.*server-everythin failed/);
    await new Promise((r) => setTimeout(r, 800));
    expect(statuses.map((s) => s.status)).not.toContain('restarting');
    const summary = (await wb.listSkills()).find((s) => s.id === id)!;
    expect(summary.status).toBe('crashed');
    // The whole output is kept for "Details", npm's pointer to its log included.
    expect(summary.crashes).toMatchObject({ count: 1, restarts: 0, last: { duringStart: true } });
    expect(summary.crashes!.last.stderrTail.join('\n')).toMatch(/ENOTCACHED[\s\S]*complete log of this run/);
  });

  it('fails only the call whose answer was over the line limit, at once and in words', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    await wb.updateSkillSettings(id, { maxLineBytes: 64 * 1024 });
    await wb.startSkill(id);
    const big = await wb.callTool(id, 'echo', { message: 'x'.repeat(70_000) });
    expect(big.outcome).toMatchObject({ ok: false, error: { message: expect.stringMatching(/over the 64 KiB limit: it was dropped/) } });
    const small = await wb.callTool(id, 'echo', { message: 'small' });
    expect(small.outcome!.text, JSON.stringify(small.outcome)).toBe('Echo: small');
  });

  it('a broken .mcp.json shows no skills and a missing command is a launch error in plain words', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { gone: { command: 'no-such-mcp-server-here', args: [] } });
    const { wb, id } = mcpBench(cleanup, dir, 'gone');
    await expect(wb.startSkill(id)).rejects.toThrow(/command was not found/);
    fs.writeFileSync(path.join(dir, '.mcp.json'), '{ not json');
    await wb.addFolder(dir);
    expect((await wb.listSkills()).filter((s) => s.protocol === 'mcp')).toEqual([]);
  });
});
