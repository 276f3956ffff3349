/**
 * MCP Tasks and URL-mode elicitation against the real server-everything (stdio): a task tool called as a
 * task with its statuses live, an ambiguous research task that asks the user through `tasks/result`, a
 * cancel by `tasks/cancel`, the server's own requests asked as tasks of the workbench (elicitation and
 * sampling), `tasks/list`, and a URL elicitation answered without content.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { saveModelSettings } from '../src-main/agent/model-settings';
import { it } from './cleanup-fixture';
import { modelServer } from './model-server';
import { eventually, ROOT, waitFor } from './helpers';
import { collect, everythingStdio, mcpBench, mcpFolder } from './mcp-helpers';

describe('MCP Tasks and URL elicitation (server-everything over stdio)', () => {
  it('keeps execution, calls a task tool as a task with live statuses, and asks the user through tasks/result', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    await wb.startSkill(id);
    const server = await wb.mcp.mcpServerInfo(id);
    expect(server.capabilities.tasks).toMatchObject({ toolCall: true, list: true, cancel: true });
    const tools = await wb.mcp.mcpListTools(id);
    expect(tools.find((t) => t.name === 'simulate-research-query')!.execution).toEqual({ taskSupport: 'required' });
    // Offered only to a client that declares URL elicitation and task-augmented requests.
    for (const name of ['trigger-url-elicitation', 'trigger-elicitation-request-async', 'trigger-sampling-request-async']) expect(tools.map((t) => t.name)).toContain(name);

    const statuses = collect(wb, 'mcpTaskStatus');
    const plain = await wb.callTool(id, 'simulate-research-query', { topic: 'tides' }, { callId: 'research-1' });
    expect(plain.outcome).toMatchObject({ ok: true });
    expect(plain.outcome!.text).toContain('# Research Report: tides');
    const mine = statuses.filter((s) => s.callId === 'research-1');
    expect(mine[0].task.status).toBe('working');
    // Each poll (about every second, as long as a stage lasts) shows the stage of the moment: which ones a poll
    // lands on depends on the machine, but they come live, more than one of them, and in the server's order.
    const stages = ['Gathering sources...', 'Analyzing content...', 'Synthesizing findings...', 'Generating report...'];
    const seen = [...new Set(mine.filter((s) => s.task.status === 'working').map((s) => s.task.statusMessage!))];
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const order = seen.map((m) => stages.indexOf(m));
    expect(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1])), `stages seen: ${seen.join(', ')}`).toBe(true);
    expect(mine.at(-1)!.task.status).toBe('completed');
    const timeline = await wb.getTimeline(id);
    expect(timeline.entries.some((e) => e.label.startsWith('Task of simulate-research-query: completed'))).toBe(true);

    // Ambiguous: the task goes input_required and its elicitation reaches the user like any other.
    const asked = collect(wb, 'mcpRequest');
    const running = wb.callTool(id, 'simulate-research-query', { topic: 'python', ambiguous: true }, { callId: 'research-2' });
    const req = await waitFor(() => asked.find((r) => r.kind === 'elicitation'), 20_000, 'the clarification');
    expect(req.kind === 'elicitation' && req.message).toContain('multiple interpretations');
    // The task waits on the user meanwhile (tasks/get is polled about every second).
    await waitFor(() => statuses.find((s) => s.callId === 'research-2' && s.task.status === 'input_required'), 10_000, 'input_required');
    await wb.mcp.mcpAnswerElicitation(req.requestId, { action: 'accept', content: { interpretation: 'snake' } });
    const done = await running;
    expect(done.outcome!.ok).toBe(true);
    expect(done.outcome!.text).toContain('python (snake)');

    const listed = await wb.mcp.mcpListTasks(id);
    expect(listed.length).toBeGreaterThanOrEqual(1);
    expect(listed.every((t) => typeof t.taskId === 'string' && typeof t.status === 'string')).toBe(true);
  });

  it('cancels a task call with tasks/cancel', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    await wb.inspectSkill(id);
    const statuses = collect(wb, 'mcpTaskStatus');
    const running = wb.callTool(id, 'simulate-research-query', { topic: 'long' }, { callId: 'research-c' });
    await waitFor(() => statuses.find((s) => s.callId === 'research-c'), 20_000, 'the task');
    await wb.cancelCall('research-c');
    const done = await running;
    expect(done.outcome).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    await waitFor(() => statuses.find((s) => s.callId === 'research-c' && s.task.status === 'cancelled'), 10_000, 'the cancelled status');
    const messages = await wb.getMessages(id);
    expect(messages.some((m) => m.direction === 'out' && m.method === 'tasks/cancel')).toBe(true);
  });

  it('answers the server\'s elicitation and sampling asked as tasks of the workbench, through the same requests', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    await wb.inspectSkill(id);
    const asked = collect(wb, 'mcpRequest');

    const elicit = wb.callTool(id, 'trigger-elicitation-request-async', {});
    const e = await waitFor(() => asked.find((r) => r.kind === 'elicitation'), 20_000, 'the async elicitation');
    expect(e.taskId).toBeTruthy();
    await wb.mcp.mcpAnswerElicitation(e.requestId, { action: 'accept', content: { name: 'Ada', favoriteColor: 'Blue' } });
    const elicited = await elicit;
    expect(elicited.outcome!.text).toContain('[COMPLETED]');
    expect(elicited.outcome!.text).toContain('Name: Ada');

    const sample = wb.callTool(id, 'trigger-sampling-request-async', { prompt: 'Say hi' });
    const s = await waitFor(() => asked.find((r) => r.kind === 'sampling'), 20_000, 'the async sampling');
    expect(s.taskId).toBeTruthy();
    await wb.mcp.mcpAnswerSampling(s.requestId, { action: 'answer', content: { type: 'text', text: 'Hi from a person' } });
    const sampled = await sample;
    expect(sampled.outcome!.ok).toBe(true);
    expect(sampled.outcome!.text).toContain('Hi from a person');

    // With "always" and a model, the task is the model's: it works, then completes with the model's answer.
    const model = cleanup.add(await modelServer());
    model.reply({ text: 'Hi from the model' });
    await saveModelSettings(wb.home, { profiles: [{ id: 'm', provider: 'openai', model: 'task-model', baseUrl: model.openaiBaseUrl }] });
    await wb.mcp.mcpSetSamplingMode(id, 'always');
    const byModel = await wb.callTool(id, 'trigger-sampling-request-async', { prompt: 'Say hi again' });
    expect(byModel.outcome!.text).toContain('Hi from the model');
    expect(asked.filter((r) => r.kind === 'sampling')).toHaveLength(1);
  });

  it('shows a URL elicitation with its address and answers it without content', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    await wb.inspectSkill(id);
    const asked = collect(wb, 'mcpRequest');
    const call = wb.callTool(id, 'trigger-url-elicitation', { url: 'https://example.com/authorize', message: 'Sign in to continue.' });
    const req = await waitFor(() => asked.find((r) => r.kind === 'elicitation'), 20_000, 'the URL elicitation');
    expect(req).toMatchObject({ kind: 'elicitation', mode: 'url', url: 'https://example.com/authorize', message: 'Sign in to continue.' });
    await wb.mcp.mcpAnswerElicitation(req.requestId, { action: 'accept' });
    const done = await call;
    expect(done.outcome!.text).toContain('User completed the URL elicitation flow');
    expect(done.outcome!.text).toContain('"action": "accept"');
    expect(done.outcome!.text).not.toContain('"content"');

    const declined = wb.callTool(id, 'trigger-url-elicitation', { url: 'https://example.com/b' });
    const second = await waitFor(() => asked.find((r) => r.kind === 'elicitation' && r.requestId !== req.requestId), 20_000, 'the second');
    await wb.mcp.mcpAnswerElicitation(second.requestId, { action: 'decline' });
    expect((await declined).outcome!.text).toContain('declined');
  });

  it('counts the new tools in the skills event after a tools list_changed', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    const skills = collect(wb, 'skills');
    const changed = collect(wb, 'mcpListChanged');
    await wb.startSkill(id);
    // server-everything adds the tools that depend on the client's capabilities after initialisation.
    await waitFor(() => changed.find((c) => c.skillId === id && c.list === 'tools'), 20_000, 'tools/list_changed');
    const count = (await wb.inspectSkill(id)).tools.length;
    const told = await waitFor(() => skills.find((list) => list.find((s) => s.id === id)?.toolCount === count), 10_000, 'the new count');
    expect(told.find((s) => s.id === id)!.toolCount).toBeGreaterThan(0);
  });

  it('marks a URL elicitation done when the server says so (notifications/elicitation/complete)', async ({ cleanup }) => {
    const server = path.join(ROOT, 'tests', 'fixtures', 'mcp-url-complete', 'server.mjs');
    const dir = mcpFolder(cleanup, { signin: { command: process.execPath, args: [server] } });
    const { wb, id } = mcpBench(cleanup, dir, 'signin');
    const asked = collect(wb, 'mcpRequest');
    const completed = collect(wb, 'mcpElicitationComplete');
    const call = wb.callTool(id, 'sign-in', {});
    const req = await waitFor(() => asked.find((r) => r.kind === 'elicitation'), 20_000, 'the URL elicitation');
    expect(req).toMatchObject({ mode: 'url', url: 'https://example.com/sign-in', elicitationId: 'sign-in-1' });
    const done = await waitFor(() => completed[0], 10_000, 'the completion');
    expect(done).toEqual({ skillId: id, elicitationId: 'sign-in-1', requestId: req.requestId });
    const pending = await wb.mcp.mcpPending(id);
    expect(pending.find((p) => p.requestId === req.requestId)).toMatchObject({ completed: true });
    await wb.mcp.mcpAnswerElicitation(req.requestId, { action: 'accept' });
    expect((await call).outcome!.text).toBe('The user answered accept.');
  });

  it('cancels a resource read and a prompt get under way; the server hears of it', async ({ cleanup }) => {
    const server = path.join(ROOT, 'tests', 'fixtures', 'mcp-url-complete', 'server.mjs');
    const dir = mcpFolder(cleanup, { slow: { command: process.execPath, args: [server] } });
    const { wb, id } = mcpBench(cleanup, dir, 'slow');
    await wb.startSkill(id);
    const sent = async (method: string) => (await wb.getMessages(id)).some((m) => m.direction === 'out' && m.method === method);

    const read = wb.mcp.mcpReadResource(id, 'slow://resource');
    await eventually(() => sent('resources/read'), 10_000, 'the read sent');
    expect(await wb.mcp.mcpCancelRequests(id)).toEqual({ cancelled: 1 });
    const r = await read;
    expect(r.contents).toEqual([]);
    expect(r.error).toMatch(/cancelled/);

    const got = wb.mcp.mcpGetPrompt(id, 'slow-prompt', {});
    await eventually(() => sent('prompts/get'), 10_000, 'the get sent');
    expect(await wb.mcp.mcpCancelRequests(id)).toEqual({ cancelled: 1 });
    expect((await got).error).toMatch(/cancelled/);

    expect((await wb.getMessages(id)).filter((m) => m.direction === 'out' && m.method === 'notifications/cancelled')).toHaveLength(2);
    await eventually(async () => (await wb.getLogs(id)).filter((l) => l.text.includes('heard the cancel')).length === 2, 10_000, 'the server heard both');
  });
});
