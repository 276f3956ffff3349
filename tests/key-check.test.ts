/**
 * The key check (agent/key-check.ts) against a real HTTP server that refuses keys as the providers do, in both
 * providers' shapes, and through the window's command, where a typed key never comes back in the words.
 */
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { modelServer } from './model-server';
import { checkModelKey } from '../src-main/agent/key-check';
import { Workbench } from '../src-main/workbench/workbench';

describe('checking a model key before it is saved', () => {
  it('says in plain words whether the key works, in both providers’ shapes', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer({ keys: { 'sk-expired': 401, 'sk-narrow': 403, 'sk-broke': 429 } }));
    const openai = { provider: 'openai' as const, model: 'scripted-large', baseUrl: server.openaiBaseUrl };
    expect(await checkModelKey(openai, { apiKey: 'sk-good' })).toEqual({ verdict: 'works', words: `The key works: the server at ${server.openaiBaseUrl} answered and lists 2 models, scripted-large among them.` });
    expect((await checkModelKey({ ...openai, model: 'gpt-nine' }, { apiKey: 'sk-good' })).words).toContain("lists 2 models, but not gpt-nine: check the model's name.");
    const refused = await checkModelKey(openai, { apiKey: 'sk-expired' });
    expect(refused.verdict).toBe('refused');
    expect(refused.words).toMatch(/^The key was refused: it is wrong, revoked or expired\. Paste it again, or make a new one\. .*Incorrect API key provided/);
    expect((await checkModelKey(openai, { apiKey: 'sk-narrow' })).verdict).toBe('not-allowed');
    expect((await checkModelKey(openai, { apiKey: 'sk-broke' })).verdict).toBe('limited');
    // Anthropic's shape: x-api-key on /v1/models.
    const anthropic = { provider: 'anthropic' as const, model: 'scripted-small', baseUrl: server.anthropicBaseUrl };
    expect((await checkModelKey(anthropic, { apiKey: 'sk-good' })).verdict).toBe('works');
    expect((await checkModelKey(anthropic, { apiKey: 'sk-expired' })).verdict).toBe('refused');
    expect(server.requests.at(-1)!.headers['x-api-key']).toBe('sk-expired');
  });

  it('says when nothing answers at the address, and when the server has no list to check against', async ({ cleanup }) => {
    const server = await modelServer();
    const url = server.openaiBaseUrl;
    await server.close();
    const gone = await checkModelKey({ provider: 'openai', model: 'm', baseUrl: url }, { apiKey: 'k' });
    expect(gone.verdict).toBe('unreachable');
    expect(gone.words).toContain(`Nothing answers at ${url}: check the base URL (and its region, where the provider has several).`);
    const other = cleanup.add(await modelServer({ noList: true }));
    // A server with no model list (404): the key cannot be checked without asking a model.
    const none = await checkModelKey({ provider: 'openai', model: 'm', baseUrl: other.openaiBaseUrl }, { apiKey: 'k' });
    expect(none.verdict).toBe('unchecked');
  });

  it('is one command of the window’s table, and a typed key never comes back in its words', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer({ keys: { 'sk-typed-secret': 401 } }));
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [] }));
    const check = await wb.chat.checkModelKey({ provider: 'openai', model: 'x', baseUrl: server.openaiBaseUrl }, 'sk-typed-secret');
    expect(check.verdict).toBe('refused');
    expect(check.words).not.toContain('sk-typed-secret');
  });
});
