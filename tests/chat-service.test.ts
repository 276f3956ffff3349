/**
 * The app's models and chat, through the workbench's door as a window sends them (arguments checked, answers
 * scrubbed), in front of a real Workbench, a real SkillDefinition skill (tests/fixtures/skilldef/full, a Python
 * process) and the scripted model server over HTTP.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { ChatEvent, ChatTurnResult, WorkbenchApi } from '../src-main/contract';
import { modelsFile } from '../src-main/agent/model-settings';
import { workbenchApi } from '../src-main/workbench/api';
import { namespaces } from '../src-main/workbench/chat-service';
import { Workbench } from '../src-main/workbench/workbench';
import { it, type Cleanup } from './cleanup-fixture';
import { FIXTURES } from './helpers';
import { modelServer, type ModelServer } from './model-server';
import { scaled } from './machine-factor';

const FULL = path.join(FIXTURES, 'skilldef', 'full');
const KEY = 'sk-test-0123456789abcdef';

async function bench(cleanup: Cleanup): Promise<{ wb: Workbench; api: WorkbenchApi; server: ModelServer; events: Map<string, ChatEvent[]> }> {
  const server = cleanup.add(await modelServer());
  const wb = cleanup.add(new Workbench({ home: cleanup.tempDir('chat-svc-'), kind: 'browser', folders: [FULL], namedFolders: true }));
  const events = new Map<string, ChatEvent[]>();
  wb.events.on('chat', ({ chatId, event }) => events.set(chatId, [...(events.get(chatId) ?? []), event]));
  return { wb, api: workbenchApi(wb), server, events };
}

describe('model settings in the app', () => {
  it('profiles, the one in use, a key kept in the store and never sent back, the provider\'s model list', async ({ cleanup }) => {
    const { wb, api, server } = await bench(cleanup);
    expect(await api.getModelSettings()).toEqual({ profiles: [] });
    expect(wb.chat.activeChatModel()).toBeUndefined();

    let s = await api.saveModelProfile({ id: 'local', label: ' Scripted ', provider: 'openai', model: 'scripted-small', baseUrl: `${server.openaiBaseUrl}/` });
    expect(s).toMatchObject({ inUse: 'local', active: 'local', profiles: [{ id: 'local', label: 'Scripted', baseUrl: server.openaiBaseUrl, keySaved: false }] });
    s = await api.saveModelKey('local', ` ${KEY} `);
    expect(s.profiles[0]).toMatchObject({ keySaved: true, keySource: "the key kept in the workbench's store" });
    // Neither the answer nor the settings file holds the key; the provider is sent it.
    expect(JSON.stringify(s)).not.toContain(KEY);
    expect(fs.readFileSync(modelsFile(wb.home), 'utf8')).not.toContain(KEY);
    expect(await api.listProviderModels({ provider: 'openai', model: '', baseUrl: server.openaiBaseUrl })).toEqual({ models: ['scripted-large', 'scripted-small'] });
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    // A key typed and not saved yet is the one used for the list.
    await api.listProviderModels({ provider: 'anthropic', model: 'x', baseUrl: server.anthropicBaseUrl }, 'sk-ant-typed');
    expect(server.requests.at(-1)?.headers['x-api-key']).toBe('sk-ant-typed');
    expect(wb.chat.activeChatModel()?.config).toEqual({ provider: 'openai', model: 'scripted-small', baseUrl: server.openaiBaseUrl });

    // A second profile does not take over; choosing it does. Removing the one in use passes it on.
    s = await api.saveModelProfile({ id: 'env', provider: 'anthropic', model: 'claude-x', apiKeyEnv: 'NOT_SET_HERE_123', maxSteps: 3, price: { inputPerMTok: 3, outputPerMTok: 15 } });
    expect(s.inUse).toBe('local');
    expect(s.profiles[1].keySource).toMatch(/NOT_SET_HERE_123, which is not set/);
    s = await api.setActiveModel('env');
    expect(s.inUse).toBe('env');
    expect(() => wb.chat.activeChatModel()).toThrow(/NOT_SET_HERE_123/);
    s = await api.deleteModelProfile('env');
    expect(s.inUse).toBe('local');

    // Remove key; removing the last profile of an endpoint removes its key too.
    s = await api.deleteModelKey('local');
    expect(s.profiles[0].keySaved).toBe(false);
    await api.saveModelKey('local', KEY);
    s = await api.deleteModelProfile('local');
    expect(s).toEqual({ profiles: [] });
    await api.saveModelProfile({ id: 'again', provider: 'openai', model: 'm', baseUrl: server.openaiBaseUrl });
    expect((await api.getModelSettings()).profiles[0].keySaved).toBe(false);

    // Bad input: a sentence, and nothing saved.
    await expect(api.saveModelProfile({ id: 'bad', provider: 'openai', model: 'm', baseUrl: 'ftp://x' })).rejects.toThrow(/must start with http:\/\/ or https:\/\//);
    await expect(api.saveModelProfile({ id: 'bad', provider: 'openai', model: '  ' })).rejects.toThrow(/Name the model/);
    await expect(api.saveModelProfile({ id: 'bad', provider: 'openai', model: 'm', apiKeyEnv: 'not a name' })).rejects.toThrow(/is not a variable name/);
    await expect(api.saveModelProfile({ id: 'bad', provider: 'gemini' as never, model: 'm' })).rejects.toThrow(/saveModelProfile: params.profile.provider/);
    await expect(api.saveModelKey('again', '')).rejects.toThrow(/Paste the key first/);
    const gone = await modelServer();
    await gone.close();
    await expect(api.listProviderModels({ provider: 'openai', model: '', baseUrl: gone.openaiBaseUrl })).rejects.toThrow(/could not be reached|not reach|refused/i);
    await expect(api.setActiveModel('nope')).rejects.toThrow(/no model "nope"/);
    expect((await api.getModelSettings()).profiles.map((p) => p.id)).toEqual(['again']);
  });
});

describe('chat in the app', () => {
  it('names a workspace chat\'s skills by their own ids, as the real host does, each once', () => {
    expect([...namespaces(['examples/price-alerts', 'more/price-alerts', 'project#github', 'a/b c_d']).values()]).toEqual(['price-alerts', 'price-alerts-2', 'github', 'b-c-d']);
  });

  it('a turn through a skill\'s hooks and tools on its live runtime, told as events; the workspace names tools <id>__<tool>; Stop', async ({ cleanup }) => {
    const { api, server, events } = await bench(cleanup);
    const request = { chatId: 'turn-1', target: { skillId: 'full' }, message: '!hello' };
    await expect(api.chatSend(request)).rejects.toThrow(/No model is set up yet/);
    await api.saveModelProfile({ id: 'm', provider: 'openai', model: 'scripted-small', baseUrl: server.openaiBaseUrl, price: { inputPerMTok: 1000, outputPerMTok: 2000 } });

    server.reply({ toolCalls: [{ name: 'echo', arguments: { text: 'a secret' } }], usage: { input: 10, output: 5 } }, { text: 'It said a secret.', usage: { input: 20, output: 5 } });
    const r = await api.chatSend(request);
    expect(r).toMatchObject({ ok: true, modelMessage: 'HELLO', modelAnswer: 'It said a secret.', answer: 'It said a [hidden].', steps: 2 });
    expect(r.usage).toEqual({ inputTokens: 30, outputTokens: 10, totalTokens: 40, costUsd: 0.05 });
    const [call] = r.toolCalls;
    expect(call).toMatchObject({ tool: 'echo', ok: true, skillId: 'full', result: 'a secret' });
    // The call is the live runtime's: in History (what the app shows) under the id its events named.
    expect((await api.getHistory('full')).find((h) => h.callId === call.callId)).toMatchObject({ tool: 'echo', status: 'done' });
    // And on its Timeline, as the model's.
    expect((await api.getTimeline('full')).entries.find((e) => e.kind === 'call')).toMatchObject({ label: 'echo, asked by the model', outcome: 'ok', data: { callId: call.callId, chatId: 'turn-1' } });
    const told = events.get('turn-1')!;
    expect(told.map((e) => e.type)).toEqual(expect.arrayContaining(['turn-start', 'hook', 'step-start', 'tool-call-start', 'tool-call-end', 'step-end', 'text-delta', 'done']));
    expect(told.find((e) => e.type === 'tool-call-start')).toMatchObject({ tool: 'echo', callId: call.callId });
    expect(told.filter((e) => e.type === 'hook').map((e) => e.type === 'hook' && [e.hook, e.output])).toEqual([['beforeMessage', 'HELLO'], ['afterResponse', 'It said a [hidden].']]);
    expect(told.at(-1)).toMatchObject({ type: 'done', result: { ok: true } });

    // The conversation so far goes with the next turn; a workspace chat names the tools <id>__<tool>.
    server.reply({ text: 'Again.' });
    await api.chatSend({ chatId: 'turn-2', target: { skills: ['full', 'full'] }, message: 'more', history: [{ role: 'user', text: 'HELLO' }, { role: 'assistant', text: 'It said a secret.' }], maxSteps: 2 });
    const asked = server.chats().at(-1)!.body;
    expect(asked.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(asked.tools.map((t: { function: { name: string } }) => t.function.name)).toContain('full__echo');
    await expect(api.chatSend({ chatId: 'turn-3', target: { skillId: 'gone' }, message: 'x' })).rejects.toThrow(/no skill "gone"/);

    // Stop while the model thinks: the turn ends as stopped, and says so.
    server.reply({ text: 'too late', delayMs: 10_000 });
    const asks = server.chats().length;
    const stopped: Promise<ChatTurnResult> = api.chatSend({ chatId: 'turn-4', target: { skillId: 'full' }, message: 'wait' });
    await expect.poll(() => server.chats().length, { timeout: scaled(5000) }).toBe(asks + 1);
    await api.chatStop('turn-4');
    expect(await stopped).toMatchObject({ ok: false, failure: 'stopped', error: 'Stopped by the user.' });
  });
});
