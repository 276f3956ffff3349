/**
 * A chat turn through a real SkillDefinition skill (tests/fixtures/skilldef/full, a Python process): the
 * message through its beforeMessage ("!x" → "X"), the model's tool call run through the workbench (in the skill's
 * History and Messages like a hand-made call, its secret scrubbed before the model sees it), the answer through
 * its afterResponse ("secret" → "[hidden]"). And the `skillbench chat` command, once as a real process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { openChatModel } from '../src-main/agent/chat-model';
import { skillChatTarget, workspaceChatTarget, type ChatTarget } from '../src-main/agent/chat-target';
import { runChatTurn } from '../src-main/agent/chat-turn';
import { ALLOW_TOOLS } from '../src-main/agent/tool-approval';
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { cli, cliProcess } from './cli-run';
import { FIXTURES } from './helpers';
import { modelServer } from './model-server';

const FULL = path.join(FIXTURES, 'skilldef', 'full');

describe('a chat turn through a SkillDefinition skill', () => {
  it('beforeMessage, the tool call in History and Messages, afterResponse; a workspace names the tools <id>__<tool>', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir('chat-home-'), kind: 'browser', folders: [FULL], namedFolders: true }));
    const rt = await wb.liveRuntime('full');
    // A secret the skill knows: echoed by its tool, it must not reach the model's server.
    rt.redactor.add('hunter2-secret-value');
    server.reply({ toolCalls: [{ name: 'echo', arguments: { text: 'pw hunter2-secret-value' } }] }, { text: 'The secret is safe.' });
    const model = openChatModel({ provider: 'openai', model: 'm', baseUrl: server.openaiBaseUrl }, { env: {} });
    const result = await runChatTurn({ approval: ALLOW_TOOLS, target: skillChatTarget(rt), model, message: '!hello' });

    expect(result).toMatchObject({ ok: true, message: '!hello', modelMessage: 'HELLO', modelAnswer: 'The secret is safe.', answer: 'The [hidden] is safe.' });
    const [first, second] = server.chats();
    expect(first.body.messages.at(-1)).toEqual({ role: 'user', content: 'HELLO' });
    expect(first.body.tools.map((t: { function: { name: string } }) => t.function.name)).toContain('echo');
    // The model's own arguments hold it (it said it); the skill's answer, scrubbed, does not.
    expect(second.body.messages.find((m: { role: string }) => m.role === 'tool').content).toBe('pw ••••');
    const [call] = result.toolCalls;
    expect(call).toMatchObject({ tool: 'echo', ok: true, skillId: 'full', callId: expect.any(String) });
    // The call is the workbench's: in History under its id, its messages in Messages, scrubbed where stored.
    const history = await wb.getHistory('full');
    expect(history.find((r) => r.callId === call.callId)).toMatchObject({ tool: 'echo', status: 'done' });
    const messages = await wb.getMessages('full');
    expect(messages.some((m) => JSON.stringify(m).includes('tools/call') || JSON.stringify(m).includes('"echo"'))).toBe(true);
    expect(JSON.stringify(history)).not.toContain('hunter2-secret-value');

    // The same skill in a workspace chat, beside another target: tools namespaced, hooks applied in turn.
    const other: ChatTarget = {
      name: 'other',
      tools: () => Promise.resolve([{ name: 'ping', inputSchema: { type: 'object' } }]),
      callTool: () => Promise.resolve({ ok: true, result: 'pong' }),
      afterResponse: (t) => Promise.resolve(`${t} (checked)`),
    };
    const ws = workspaceChatTarget([
      { id: 'full', target: skillChatTarget(rt) },
      { id: 'other', target: other },
    ]);
    server.reply({ toolCalls: [{ name: 'full__echo', arguments: { text: 'a' } }, { name: 'other__ping', arguments: {} }] }, { text: 'a secret pong' });
    const turn = await runChatTurn({ approval: ALLOW_TOOLS, target: ws, model, message: 'both' });
    expect(turn).toMatchObject({ ok: true, answer: 'a [hidden] pong (checked)' });
    expect(turn.toolCalls.map((c) => [c.tool, c.ok, c.result])).toEqual([
      ['full__echo', true, 'a'],
      ['other__ping', true, 'pong'],
    ]);
    const wsTools = server.chats()[2].body.tools.map((t: { function: { name: string } }) => t.function.name);
    expect(wsTools).toEqual(expect.arrayContaining(['full__echo', 'full__boom', 'other__ping']));

    // Stop while a tool runs: the skill's call is cancelled, and the turn ends as stopped.
    server.reply({ toolCalls: [{ name: 'sleep', arguments: { seconds: 20 } }] }, { text: 'never asked' });
    const ac = new AbortController();
    const stopped = await runChatTurn({ approval: ALLOW_TOOLS, target: skillChatTarget(rt), model, message: 'wait', signal: ac.signal, onEvent: (e) => e.type === 'tool-call-start' && setTimeout(() => ac.abort(), 300) });
    expect(stopped).toMatchObject({ ok: false, failure: 'stopped' });
    expect(stopped.toolCalls).toEqual([expect.objectContaining({ tool: 'sleep', ok: false })]);
    expect((await wb.getHistory('full')).find((r) => r.callId === stopped.toolCalls[0].callId)?.outcome?.error?.code).toBe('CANCELLED');
    expect(server.pending()).toBe(1); // the model was not asked again
  });

  it('a beforeMessage that fails ends the turn before the model is asked', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    const r = await cli(['chat', FULL, 'fail', '--model', 'm', '--base-url', server.openaiBaseUrl, '--json']);
    expect(r.code).toBe(1);
    const body = JSON.parse(r.stdout);
    expect(body).toMatchObject({ ok: false, failure: 'hook', message: 'fail', toolCalls: [] });
    expect(body.error).toMatch(/beforeMessage failed: .*before_message failed on purpose/);
    expect(server.chats()).toHaveLength(0);
  });
});

describe('skillbench chat', () => {
  it('--json prints the turn (a real process)', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ toolCalls: [{ name: 'echo', arguments: { text: 'from the model' } }] }, { text: 'It echoed a secret.' });
    const r = await cliProcess(['chat', FULL, '!hi', '--model', 'scripted-small', '--provider', 'anthropic', '--base-url', server.anthropicBaseUrl, '--api-key-env', 'MY_MODEL_KEY', '--json'], {
      env: { MY_MODEL_KEY: 'sk-ant-test' },
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body).toMatchObject({
      ok: true,
      message: '!hi',
      modelMessage: 'HI',
      toolCalls: [{ tool: 'echo', arguments: { text: 'from the model' }, ok: true, result: 'from the model' }],
      modelAnswer: 'It echoed a secret.',
      answer: 'It echoed a [hidden].',
      usage: { inputTokens: 22, outputTokens: 14, totalTokens: 36 },
      durationMs: expect.any(Number),
    });
    expect(server.chats()[0].headers['x-api-key']).toBe('sk-ant-test');
  });

  it('plain output shows the steps; bad flags are usage errors', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ toolCalls: [{ name: 'echo', arguments: {} }] }, { text: 'Done.' });
    const r = await cli(['chat', FULL, 'hello', '--model', 'm', '--base-url', server.openaiBaseUrl]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Done.\n');
    expect(r.stderr).toMatch(/> hello\n {2}✗ echo \{\} → The arguments do not fit the tool's schema: text: .*\n {2}\(2 steps, 22 tokens in, 14 out, /);
    expect((await cli(['chat', FULL, 'hello'])).stderr).toMatch(/chat needs --model/);
    expect((await cli(['chat', FULL, 'hello', '--model', 'm', '--provider', 'gemini'])).stderr).toMatch(/--provider must be one of openai, anthropic/);
    expect((await cli(['chat', FULL, 'hello', '--model', 'm', '--max-steps', '0'])).stderr).toMatch(/--max-steps takes a whole number/);
  });

  it('with no key for the provider\'s own address, says so before the skill starts or anything is sent', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    for (const [provider, variable] of [['openai', 'OPENAI_API_KEY'], ['anthropic', 'ANTHROPIC_API_KEY']]) {
      const r = await cli(['chat', FULL, 'hello', '--model', 'm', '--provider', provider], { home, env: { OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`chat has no key for ${provider === 'openai' ? 'OpenAI' : 'Anthropic'}'s API: set ${variable}, give --api-key-env VAR`);
    }
    // Nothing ran: the skill has no log of a start.
    expect(fs.existsSync(path.join(home, 'skills'))).toBe(false);
  });
});
