/**
 * MCP sampling answered by a model: a real MCP server asks (`server-everything`'s trigger tool, and a small SDK
 * server of ours in tests/fixtures/mcp-sampling that sends images, an earlier answer, stop sequences, hints and a
 * request with tools) and the scripted model server (model-server.ts) answers over HTTP. The command line with and
 * without the model flags, and the app's "always" and "ask" (a draft sent as it is, edited, or declined).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { McpContentBlock } from '../src-main/contract';
import { samplingCall, stopReasonOf } from '../src-main/agent/mcp-sampling';
import { saveModelSettings } from '../src-main/agent/model-settings';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { FIXTURES, waitFor } from './helpers';
import { collect, EVERYTHING, mcpBench, mcpFolder } from './mcp-helpers';
import { modelServer } from './model-server';

const SAMPLER = path.join(FIXTURES, 'mcp-sampling', 'server.mjs');
const samplerCommand = `${process.execPath} ${SAMPLER}`;
const everythingCommand = `${process.execPath} ${EVERYTHING} stdio`;

describe('skillbench call: sampling answered by the model the flags name', () => {
  it("answers server-everything's sampling request with the model; the tool's result holds the model's text", async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ text: 'Hello from the model', usage: { input: 20, output: 4 } });
    const r = await cli(['call', '--command', everythingCommand, 'trigger-sampling-request', '--args', '{"prompt":"Say hello","maxTokens":30}', '--model', 'small-model', '--base-url', server.openaiBaseUrl, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { ok: boolean; result: string };
    expect(out.ok).toBe(true);
    expect(out.result).toContain('Hello from the model');
    expect(out.result).toMatch(/"model": "small-model"/);
    expect(out.result).toMatch(/"stopReason": "endTurn"/);
    // What the model was sent: the request's system prompt, its message, its limits.
    const [sent] = server.chats();
    expect(sent.body).toMatchObject({ model: 'small-model', max_tokens: 30, temperature: 0.7 });
    expect(sent.body.messages).toEqual([
      { role: 'system', content: 'You are a helpful test server.' },
      { role: 'user', content: 'Resource trigger-sampling-request context: Say hello' },
    ]);
  });

  it('maps images, an earlier answer and stop sequences (Anthropic Messages); refuses sampling with tools', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ text: 'Blue' });
    const flags = ['--model', 'anthropic-test', '--provider', 'anthropic', '--base-url', server.anthropicBaseUrl, '--api-key-env', 'TEST_MODEL_KEY'];
    const r = await cli(['call', '--command', samplerCommand, 'ask', '--args', '{"question":"And the sky?"}', ...flags], { env: { TEST_MODEL_KEY: 'sk-test-sampling-key' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('The model (anthropic-test, endTurn) said: Blue');
    const [sent] = server.chats();
    expect(sent.format).toBe('anthropic');
    expect(sent.headers['x-api-key']).toBe('sk-test-sampling-key');
    expect(sent.body).toMatchObject({ model: 'anthropic-test', max_tokens: 42, temperature: 0.2, stop_sequences: ['END'] });
    expect(JSON.stringify(sent.body.system)).toContain('You answer in one word.');
    const [user, assistant, last] = sent.body.messages;
    expect(user.role).toBe('user');
    expect(user.content).toEqual([
      expect.objectContaining({ type: 'text', text: 'What colour is this?' }),
      expect.objectContaining({ type: 'image', source: expect.objectContaining({ type: 'base64', media_type: 'image/png' }) }),
    ]);
    expect(assistant).toMatchObject({ role: 'assistant', content: [expect.objectContaining({ type: 'text', text: 'Red.' })] });
    expect(last).toMatchObject({ role: 'user', content: [expect.objectContaining({ text: 'And the sky?' })] });

    // Sampling with tools is not offered: the server is told so, and the model is never asked.
    const tools = await cli(['call', '--command', samplerCommand, 'ask_with_tools', '--args', '{"question":"weather?"}', ...flags], { env: { TEST_MODEL_KEY: 'k' } });
    expect(tools.code).toBe(1);
    expect(tools.stderr).toMatch(/does not take tools in sampling requests \(it does not declare sampling\.tools\)/);
    expect(server.chats()).toHaveLength(1);
  });

  it('without model flags, sampling is not declared, and a tool that needs it fails saying why', async () => {
    const caps = await cli(['call', '--command', samplerCommand, 'client_capabilities']);
    expect(caps.code, caps.stderr).toBe(0);
    expect(JSON.parse(caps.stdout)).not.toHaveProperty('sampling');
    expect(JSON.parse(caps.stdout)).toHaveProperty('elicitation');

    // A server that asks anyway is told the method is not there; the command says what to do.
    const asked = await cli(['call', '--command', samplerCommand, 'ask', '--args', '{"question":"?"}']);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toMatch(/Method not found/);
    expect(asked.stderr).toMatch(/Without --model, skillbench call does not offer the server sampling.*give --model NAME/);
    // server-everything lists its sampling tool only to a client that offers sampling.
    const missing = await cli(['call', '--command', everythingCommand, 'trigger-sampling-request', '--args', '{"prompt":"hi"}']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/not found/);
    expect(missing.stderr).toMatch(/give --model NAME/);
    // Model flags for a skill that never samples: said, and the call goes on.
    const lone = await cli(['call', path.join(FIXTURES, 'action', 'lone'), 'ping', '--model', 'm', '--base-url', 'http://127.0.0.1:9']);
    expect(lone.code).toBe(0);
    expect(lone.stderr).toContain("--model answers an MCP server's sampling requests; lone_tool is not an MCP server, so the model is not asked.");
    // Model flags without --model are a usage error, as for chat.
    expect((await cli(['call', '--command', samplerCommand, 'client_capabilities', '--base-url', 'http://127.0.0.1:9'])).stderr).toMatch(/--base-url needs --model/);
  });

  it('says which content no model is asked with, and maps the reasons to stop', () => {
    const ask = (content: unknown) => () => samplingCall({ messages: [{ role: 'user', content: content as McpContentBlock }], maxTokens: 10 });
    expect(ask({ type: 'resource_link', uri: 'file:///x', name: 'x' })).toThrow('Message 1 of the sampling request holds "resource_link" content: a model is asked with text, images and audio only.');
    expect(() => samplingCall({ messages: [], maxTokens: 10 })).toThrow('The sampling request has no messages.');
    expect(() => samplingCall({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 0 })).toThrow(/maxTokens must be a positive whole number/);
    expect(stopReasonOf('stop', 'stop_sequence')).toBe('stopSequence');
    expect(stopReasonOf('stop', 'end_turn')).toBe('endTurn');
    expect(stopReasonOf('length', 'max_tokens')).toBe('maxTokens');
    expect(stopReasonOf('content-filter', 'refusal')).toBe('refusal');
  });
});

describe('the app: sampling answered by its model', () => {
  it('"always": the model answers at once, logged and on the timeline; with no model configured the user is asked instead', async ({ cleanup }) => {
    const model = cleanup.add(await modelServer());
    const dir = mcpFolder(cleanup, { sampler: { command: process.execPath, args: [SAMPLER] } });
    const { wb, id } = mcpBench(cleanup, dir, 'sampler');
    const asked = collect(wb, 'mcpRequest');
    expect(await wb.mcp.mcpSamplingSetup(id)).toEqual({ skillId: id, mode: 'ask', model: null });
    await wb.mcp.mcpSetSamplingMode(id, 'always');

    // No model yet: "always" cannot hold, and the user is asked.
    const waiting = wb.callTool(id, 'ask', { question: 'Anyone?' });
    const req = await waitFor(() => asked.find((r) => r.kind === 'sampling'), 20_000, 'the sampling request');
    await expect(wb.mcp.mcpSamplingDraft(req.requestId)).rejects.toThrow(/No model is configured/);
    await wb.mcp.mcpAnswerSampling(req.requestId, { action: 'decline', reason: 'not now' });
    expect((await waiting).outcome!.text).toMatch(/declined the sampling request: not now/);
    expect((await wb.getLogs(id)).map((l) => l.text).join('\n')).toMatch(/"always answer with the model" is on, but no model is configured/);

    await saveModelSettings(wb.home, { profiles: [{ id: 'local', provider: 'openai', model: 'local-model', baseUrl: model.openaiBaseUrl }] });
    expect(await wb.mcp.mcpSamplingSetup(id)).toEqual({ skillId: id, mode: 'always', model: 'local-model' });
    model.reply({ text: 'Green', usage: { input: 30, output: 1 } });
    const answered = await wb.callTool(id, 'ask', { question: 'And grass?' });
    expect(answered.outcome!.text).toBe('The model (local-model, endTurn) said: Green');
    expect(asked.filter((r) => r.kind === 'sampling')).toHaveLength(1);
    expect(model.chats()[0].body.messages.at(-1)).toEqual({ role: 'user', content: 'And grass?' });
    // Shown in Messages (the server's request and the answer) and on the timeline.
    const messages = await wb.getMessages(id);
    expect(messages.some((m) => m.method === 'sampling/createMessage' && m.direction === 'in')).toBe(true);
    const { entries } = await wb.getTimeline(id);
    expect(entries.find((e) => e.label === 'Sampling answered by local-model')).toMatchObject({ outcome: 'ok', data: { usage: { inputTokens: 30, outputTokens: 1 } } });

    // A model that fails: the server is told why, and so is the timeline.
    model.reply({ status: 401, error: 'bad key' });
    const failed = await wb.callTool(id, 'ask', { question: 'Again?' });
    expect(failed.outcome!.text).toMatch(/The model could not answer: .*(key|401)/i);
    expect((await wb.getTimeline(id)).entries.at(-1)).toMatchObject({ label: 'Sampling: the model did not answer', outcome: 'error' });
  });

  it('"ask": the model drafts, and the user sends the draft as it is, edits it, or declines', async ({ cleanup }) => {
    const model = cleanup.add(await modelServer());
    const dir = mcpFolder(cleanup, { sampler: { command: process.execPath, args: [SAMPLER] } });
    const { wb, id } = mcpBench(cleanup, dir, 'sampler');
    await saveModelSettings(wb.home, { profiles: [{ id: 'local', provider: 'openai', model: 'local-model', baseUrl: model.openaiBaseUrl }] });
    const asked = collect(wb, 'mcpRequest');
    const next = async (question: string) => {
      const call = wb.callTool(id, 'ask', { question });
      const req = await waitFor(() => asked.find((r) => r.kind === 'sampling' && JSON.stringify(r.request).includes(question)), 20_000, 'the sampling request');
      return { call, req };
    };

    // Approve: the draft is sent as the model wrote it (its name and reason to stop with it).
    model.reply({ text: 'Blue', usage: { input: 12, output: 1 } });
    const first = await next('And the sky?');
    const draft = await wb.mcp.mcpSamplingDraft(first.req.requestId);
    expect(draft).toMatchObject({ answer: { action: 'answer', content: { type: 'text', text: 'Blue' }, model: 'local-model', stopReason: 'endTurn' }, usage: { inputTokens: 12, outputTokens: 1 } });
    // Drafting sent nothing: the request still waits.
    expect((await wb.mcp.mcpPending(id)).map((p) => p.requestId)).toEqual([first.req.requestId]);
    await wb.mcp.mcpAnswerSampling(first.req.requestId, draft.answer);
    expect((await first.call).outcome!.text).toBe('The model (local-model, endTurn) said: Blue');

    // Edit: the user's words go, under the name the user leaves.
    model.reply({ text: 'Grey' });
    const second = await next('And the sea?');
    const d2 = await wb.mcp.mcpSamplingDraft(second.req.requestId);
    await wb.mcp.mcpAnswerSampling(second.req.requestId, { ...d2.answer, content: { type: 'text', text: 'Deep blue' }, stopReason: undefined });
    expect((await second.call).outcome!.text).toBe('The model (local-model, endTurn) said: Deep blue');

    // Refuse: the server hears the user declined.
    const third = await next('And the night?');
    await wb.mcp.mcpAnswerSampling(third.req.requestId, { action: 'decline' });
    expect((await third.call).outcome!.text).toMatch(/Sampling failed: .*declined the sampling request/);
    expect(model.chats()).toHaveLength(2);
    expect(fs.existsSync(path.join(wb.home, 'models.json'))).toBe(true);
  });
});
