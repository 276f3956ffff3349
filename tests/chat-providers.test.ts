/**
 * A chat turn's providers over real HTTP: the workbench's provider code (the AI SDK's OpenAI-compatible and
 * Anthropic providers over the retrying fetch) talks to a scripted model server (model-server.ts) in both wire
 * formats, whole answers and streams. The target here is a small one in the test (its tools are plain
 * functions); the turn through a real skill is in chat-skill.test.ts.
 */
import net from 'node:net';
import { generateText, jsonSchema, tool } from 'ai';
import { describe, expect } from 'vitest';
import type { ModelConfig, ModelProvider, ToolInfo } from '../src-main/contract';
import type { ChatEvent } from '../src-main/agent/chat-events';
import { openChatModel } from '../src-main/agent/chat-model';
import type { ChatTarget } from '../src-main/agent/chat-target';
import { runChatTurn } from '../src-main/agent/chat-turn';
import { ALLOW_TOOLS } from '../src-main/agent/tool-approval';
import { listModels } from '../src-main/agent/model-list';
import { languageModelOf } from '../src-main/agent/providers';
import { MODEL_KEY_SCOPE, resolveModelKey, setModelKey } from '../src-main/agent/model-keys';
import { SecretStore } from '../src-main/host/secret-store';
import { it } from './cleanup-fixture';
import { modelServer, type ModelServer, type RecordedRequest } from './model-server';

const ECHO: ToolInfo = { name: 'echo', description: 'Says the text back', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } };

/** A target whose one tool, echo, answers its text (and fails on "fail"). */
function echoTarget(): ChatTarget & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    name: 'echo target',
    calls,
    tools: () => Promise.resolve([ECHO]),
    callTool: (_name, args) => {
      calls.push(args);
      const text = (args as { text: string }).text;
      return Promise.resolve(text === 'fail' ? { ok: false, result: 'echo refuses "fail"' } : { ok: true, result: text });
    },
  };
}

function configFor(server: ModelServer, provider: ModelProvider): ModelConfig {
  return { provider, model: 'scripted-small', baseUrl: provider === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl };
}

/** What the model was told of tool results on a request, in either format: [toolCallId-less text, isError]. */
function toolResultsSent(req: RecordedRequest): { text: string; error: boolean }[] {
  const msgs = req.body.messages as Record<string, unknown>[];
  if (req.format === 'openai') return msgs.filter((m) => m.role === 'tool').map((m) => ({ text: String(m.content), error: false }));
  return msgs
    .flatMap((m) => (Array.isArray(m.content) ? (m.content as Record<string, unknown>[]) : []))
    .filter((b) => b.type === 'tool_result')
    .map((b) => ({ text: typeof b.content === 'string' ? b.content : JSON.stringify(b.content), error: b.is_error === true }));
}

const toolNamesSent = (req: RecordedRequest) => (req.body.tools as { name?: string; function?: { name: string } }[]).map((t) => (req.format === 'openai' ? t.function!.name : t.name));

describe.each(['openai', 'anthropic'] as const)('the %s wire format', (provider) => {
  it('a tool call, its result and the answer, streamed; the key goes in the provider\'s header', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }], text: 'Let me ask.', usage: { input: 10, output: 4 } }, { text: 'The echo said hi.', usage: { input: 20, output: 5 } });
    const target = echoTarget();
    const events: ChatEvent[] = [];
    const model = openChatModel({ ...configFor(server, provider), apiKeyEnv: 'SCRIPTED_KEY' }, { env: { SCRIPTED_KEY: 'sk-test-123' } });
    const result = await runChatTurn({ approval: ALLOW_TOOLS, target, model, message: 'say hi', onEvent: (e) => events.push(e) });
    expect(result).toMatchObject({ ok: true, message: 'say hi', modelMessage: 'say hi', modelAnswer: 'The echo said hi.', answer: 'The echo said hi.', steps: 2 });
    expect(result.toolCalls).toEqual([expect.objectContaining({ tool: 'echo', arguments: { text: 'hi' }, ok: true, result: 'hi' })]);
    expect(result.usage).toMatchObject({ inputTokens: 30, outputTokens: 9, totalTokens: 39 });
    expect(result.usage.costUsd).toBeUndefined();
    expect(target.calls).toEqual([{ text: 'hi' }]);
    // Streamed text arrives in pieces, and the events tell the whole flow in order.
    expect(events.filter((e) => e.type === 'text-delta').length).toBeGreaterThan(2);
    const kinds = events.map((e) => e.type).filter((t) => t !== 'text-delta');
    expect(kinds).toEqual(['turn-start', 'step-start', 'tool-call-start', 'tool-call-end', 'step-end', 'step-start', 'step-end', 'done']);
    // What the model was sent: the tools, then the tool's result on the second request.
    const [first, second] = server.chats();
    expect(first.body.stream).toBe(true);
    expect(toolNamesSent(first)).toEqual(['echo']);
    expect(toolResultsSent(second)).toEqual([{ text: expect.stringContaining('hi'), error: false }]);
    if (provider === 'openai') expect(first.headers.authorization).toBe('Bearer sk-test-123');
    else expect(first.headers['x-api-key']).toBe('sk-test-123');
  });

  it('a whole (not streamed) answer with a tool call, as a one-shot request asks for it', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ toolCalls: [{ name: 'echo', arguments: { text: 'x' }, id: 'call_9' }], text: 'Calling.' });
    const model = languageModelOf(configFor(server, provider), { apiKey: 'k' });
    const out = await generateText({ model, prompt: 'hi', tools: { echo: tool({ inputSchema: jsonSchema(ECHO.inputSchema) }) }, maxRetries: 0 });
    expect(server.chats()[0].body.stream).toBeFalsy();
    expect(out.text).toBe('Calling.');
    expect(out.toolCalls.map((c) => [c.toolCallId, c.toolName, c.input])).toEqual([['call_9', 'echo', { text: 'x' }]]);
    expect(out.usage.inputTokens).toBe(11);
  });

  it('a 401 is said plainly, naming where the key came from', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ status: 401, error: 'Invalid API key' });
    const model = openChatModel(configFor(server, provider), { env: { OPENAI_API_KEY: 'wrong', ANTHROPIC_API_KEY: 'wrong' } });
    const result = await runChatTurn({ approval: ALLOW_TOOLS, target: echoTarget(), model, message: 'hi' });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/refused the key \(401\): Invalid API key\. Check the key in (OPENAI|ANTHROPIC)_API_KEY/);
    expect(server.chats()).toHaveLength(1); // a 401 is not retried
  });

  it('the model list', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer({ models: ['b-model', 'a-model'] }));
    expect(await listModels(configFor(server, provider), { apiKey: 'k' })).toEqual({ models: ['a-model', 'b-model'] });
    expect(server.requests[0].path).toBe('/v1/models');
  });
});

describe('retries, refusals and limits', () => {
  it('a 429 is retried as long as Retry-After says; one that stays is reported with its retries', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ status: 429, headers: { 'retry-after': '0' } }, { text: 'after a wait' });
    const events: ChatEvent[] = [];
    const model = openChatModel(configFor(server, 'anthropic'), { env: {} });
    const ok = await runChatTurn({ approval: ALLOW_TOOLS, target: echoTarget(), model, message: 'hi', onEvent: (e) => events.push(e) });
    expect(ok).toMatchObject({ ok: true, answer: 'after a wait' });
    expect(events.filter((e) => e.type === 'retry')).toEqual([{ type: 'retry', status: 429, attempt: 1, delayMs: 0 }]);

    server.reply(...Array.from({ length: 4 }, () => ({ status: 429, error: 'Slow down', headers: { 'retry-after-ms': '5' } })));
    const failed = await runChatTurn({ approval: ALLOW_TOOLS, target: echoTarget(), model, message: 'hi' });
    expect(failed.ok).toBe(false);
    expect(failed.error).toMatch(/limiting requests \(429\) and still did after 3 retries: Slow down/);
    expect(server.pending()).toBe(0);
  });

  it('a wait longer than a minute is not waited: the error says so at once', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ status: 429, headers: { 'retry-after': '3600' } });
    const result = await runChatTurn({ approval: ALLOW_TOOLS, target: echoTarget(), model: openChatModel(configFor(server, 'openai'), { env: {} }), message: 'hi' });
    expect(result.error).toMatch(/asked to wait 3600 s/);
  });

  it('an unreachable server is said at once, without retries', async () => {
    const port = await closedPort();
    const model = openChatModel({ provider: 'openai', model: 'm', baseUrl: `http://127.0.0.1:${port}/v1` }, { env: {} });
    const result = await runChatTurn({ approval: ALLOW_TOOLS, target: echoTarget(), model, message: 'hi' });
    expect(result).toMatchObject({ ok: false, toolCalls: [] });
    expect(result.error).toBe(`Cannot reach the model's server at http://127.0.0.1:${port}/v1 (ECONNREFUSED). Is it running, and is the base URL right?`);
    await expect(listModels({ provider: 'anthropic', model: '', baseUrl: `http://127.0.0.1:${port}` })).rejects.toThrow(/Cannot reach/);
  });

  it('an unknown tool and arguments the schema refuses are told to the model, and the turn goes on', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ toolCalls: [{ name: 'purge_everything', arguments: {} }, { name: 'echo', arguments: { words: 3 } }, { name: 'echo', arguments: { text: 'fail' } }] }, { text: 'I could not.' });
    const target = echoTarget();
    const result = await runChatTurn({ approval: ALLOW_TOOLS, target, model: openChatModel(configFor(server, 'anthropic'), { env: {} }), message: 'go' });
    expect(result).toMatchObject({ ok: true, answer: 'I could not.' });
    expect(target.calls).toEqual([{ text: 'fail' }]); // only the call that fits ran
    const byTool = result.toolCalls.map((c) => [c.tool, c.ok, String(c.result)]);
    expect(byTool).toEqual(
      expect.arrayContaining([
        ['purge_everything', false, expect.stringMatching(/purge_everything/)],
        ['echo', false, expect.stringMatching(/do not fit the tool's schema: .*text/)],
        ['echo', false, 'echo refuses "fail"'],
      ]),
    );
    const told = toolResultsSent(server.chats()[1]);
    expect(told).toHaveLength(3);
    expect(told.every((t) => t.error)).toBe(true);
    expect(told.map((t) => t.text).join('\n')).toMatch(/purge_everything[\s\S]*do not fit[\s\S]*echo refuses/);
  });

  it('the step cap stops a runaway loop with a clear result', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply(...Array.from({ length: 3 }, () => ({ toolCalls: [{ name: 'echo', arguments: { text: 'again' } }] })));
    const result = await runChatTurn({ approval: ALLOW_TOOLS, target: echoTarget(), model: openChatModel(configFor(server, 'openai'), { env: {} }), message: 'loop', maxSteps: 2 });
    expect(result).toMatchObject({ ok: false, steps: 2, answer: '' });
    expect(result.toolCalls).toHaveLength(2);
    expect(result.error).toMatch(/still calling tools after 2 steps/);
    expect(server.chats()).toHaveLength(2);
  });

  it('Stop aborts the request under way', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ text: 'too late', delayMs: 5000 });
    const ac = new AbortController();
    const turn = runChatTurn({ approval: ALLOW_TOOLS, target: echoTarget(), model: openChatModel(configFor(server, 'openai'), { env: {} }), message: 'hi', signal: ac.signal });
    setTimeout(() => ac.abort(), 100);
    const result = await turn;
    expect(result).toMatchObject({ ok: false, failure: 'stopped', error: 'Stopped by the user.', answer: '' });
  });

  it('keys: the named variable, else the store (the workbench\'s scope), else the usual variable; a named empty one is an error', ({ cleanup }) => {
    const secrets = SecretStore.open(cleanup.tempDir());
    const config: ModelConfig = { provider: 'openai', model: 'm', baseUrl: 'http://localhost:11434/v1' };
    expect(resolveModelKey(config, { env: {}, secrets })).toEqual({ source: 'none' });
    expect(resolveModelKey(config, { env: { OPENAI_API_KEY: 'from-env' }, secrets })).toMatchObject({ key: 'from-env', source: 'default-env' });
    setModelKey(secrets, config, 'from-store');
    expect(secrets.skills()).toEqual([MODEL_KEY_SCOPE]);
    expect(resolveModelKey(config, { env: { OPENAI_API_KEY: 'from-env' }, secrets })).toMatchObject({ key: 'from-store', source: 'store' });
    expect(resolveModelKey({ ...config, baseUrl: 'https://api.openai.com/v1' }, { env: {}, secrets }).source).toBe('none'); // another endpoint
    expect(resolveModelKey({ ...config, apiKeyEnv: 'MINE' }, { env: { MINE: 'named' }, secrets })).toMatchObject({ key: 'named', source: 'env' });
    expect(() => resolveModelKey({ ...config, apiKeyEnv: 'MINE' }, { env: {}, secrets })).toThrow(/MINE, which is not set/);
  });
});

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}
