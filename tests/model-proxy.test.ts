/**
 * The model proxy a host run talks to (hosts/model-proxy.ts), over real HTTP as a host speaks to it: the run's
 * token or nothing, no web page, its own answer with no model, the user's model with the real key added and the
 * profile's model named, every exchange on tape, and a run answered again from its tape with the model gone.
 */
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { modelServer } from './model-server';
import { SCRIPTED_TEXT } from '../src-main/hosts/scripted-answer';
import { startModelProxy, type ModelProxy } from '../src-main/hosts/model-proxy';

/** A request as Claude Code sends it: `?beta=true`, its headers, a `system` role message after the user's. */
function ask(proxy: ModelProxy, opts: { stream?: boolean; token?: string; headers?: Record<string, string>; path?: string } = {}) {
  return fetch(`${proxy.url}${opts.path ?? '/v1/messages?beta=true'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': opts.token ?? proxy.token, 'anthropic-version': '2023-06-01', 'anthropic-beta': 'claude-code-20250219', ...opts.headers },
    body: JSON.stringify({
      model: 'claude-opus-5-5',
      stream: opts.stream ?? true,
      max_tokens: 1000,
      system: [{ type: 'text', text: 'You are a Claude agent.' }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Summarise report.pdf' }] },
        { role: 'system', content: [{ type: 'text', text: 'The following skills are available for use with the Skill tool:\n\n- pdf: Read PDFs.' }] },
      ],
    }),
  });
}

describe('the model proxy', () => {
  it("refuses a request without the run's token, and any from a web page", async ({ cleanup }) => {
    const proxy = cleanup.add(await startModelProxy({ kind: 'scripted' }));
    const wrong = await ask(proxy, { token: 'sk-ant-real-key' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.message).toContain("did not carry this run's token");
    const none = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: '{}' });
    expect(none.status).toBe(401);
    const page = await ask(proxy, { headers: { origin: 'http://evil.example' } });
    expect(page.status).toBe(403);
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(proxy.records()).toEqual([]);
  });

  it('answers the host itself without a model: a text calling no tool, streamed or whole, on tape', async ({ cleanup }) => {
    const proxy = cleanup.add(await startModelProxy({ kind: 'scripted' }));
    const streamed = await ask(proxy);
    expect(streamed.headers.get('content-type')).toBe('text/event-stream');
    const sse = await streamed.text();
    expect(sse).toContain('event: message_start');
    expect(sse).toContain(JSON.stringify(SCRIPTED_TEXT));
    expect(sse).toContain('"stop_reason":"end_turn"');
    const whole = await (await ask(proxy, { stream: false })).json();
    expect(whole).toMatchObject({ type: 'message', role: 'assistant', model: 'claude-opus-5-5', content: [{ type: 'text', text: SCRIPTED_TEXT }], stop_reason: 'end_turn' });
    const counted = await (await ask(proxy, { path: '/v1/messages/count_tokens?beta=true', stream: false })).json();
    expect(counted.input_tokens).toBeGreaterThan(10);
    expect(proxy.requests()).toHaveLength(2);
    expect((proxy.requests()[0] as { messages: { role: string }[] }).messages.map((m) => m.role)).toEqual(['user', 'system']);
    expect(proxy.records().map((r) => `${r.type} ${r.exchange}`)).toEqual(['model-request 1', 'model-response 1', 'model-request 2', 'model-response 2', 'model-request 3', 'model-response 3']);
  });

  it("forwards to the user's model with the real key and the profile's model; the host never sees the key", async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ toolCalls: [{ name: 'Skill', arguments: { skill: 'pdf' } }] });
    const proxy = cleanup.add(await startModelProxy({ kind: 'model', config: { provider: 'anthropic', model: 'scripted-large', baseUrl: server.anthropicBaseUrl }, apiKey: 'sk-ant-real-key' }));
    const res = await ask(proxy);
    expect(res.status).toBe(200);
    const sse = await res.text();
    expect(sse).toContain('"name":"Skill"');
    const [sent] = server.chats();
    expect(sent.path).toBe('/v1/messages');
    expect(sent.query).toBe('?beta=true');
    expect(sent.headers['x-api-key']).toBe('sk-ant-real-key');
    expect(sent.headers['anthropic-beta']).toBe('claude-code-20250219');
    expect(sent.body.model).toBe('scripted-large');
    expect(sent.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'system']);
    const taped = JSON.stringify(proxy.records());
    expect(taped).not.toContain('sk-ant-real-key');
    expect(taped).not.toContain(proxy.token);
    expect(proxy.records()[1]).toMatchObject({ type: 'model-response', status: 200, body: sse });
    // A host that names no API version gets the one Anthropic documents, not an empty header.
    server.reply({ text: 'ok' });
    await (await ask(proxy, { headers: { 'anthropic-version': '' } })).text();
    expect(server.chats()[1].headers['anthropic-version']).toBe('2023-06-01');
  });

  it('answers a run again from its tape with the model gone, and says when the tape runs out', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ toolCalls: [{ name: 'Skill', arguments: { skill: 'pdf' } }] }, { text: 'Done.' });
    const live = cleanup.add(await startModelProxy({ kind: 'model', config: { provider: 'anthropic', model: 'm', baseUrl: server.anthropicBaseUrl } }));
    const first = [await (await ask(live)).text(), await (await ask(live)).text()];
    await server.close();
    const offline = cleanup.add(await startModelProxy({ kind: 'cassette', records: live.records() }));
    expect([await (await ask(offline)).text(), await (await ask(offline)).text()]).toEqual(first);
    const third = await ask(offline);
    expect(third.status).toBe(500);
    expect((await third.json()).error.message).toContain('The recording has no answer for request 3');
  });
});
