/**
 * A smoke test against a real model, where one is at hand: SKILLBENCH_LIVE_MODEL_URL is its base URL (say
 * http://localhost:11434/v1 for Ollama), SKILLBENCH_LIVE_MODEL its model (default llama3.2),
 * SKILLBENCH_LIVE_MODEL_PROVIDER `openai` (default) or `anthropic`, its key in SKILLBENCH_LIVE_MODEL_KEY where it
 * needs one. Elsewhere it is skipped, and its name says why.
 */
import { describe, expect, it } from 'vitest';
import type { ModelConfig, ModelProvider } from '../src-main/contract';
import { openChatModel } from '../src-main/agent/chat-model';
import { runChatTurn } from '../src-main/agent/chat-turn';
import { ALLOW_TOOLS } from '../src-main/agent/tool-approval';
import { listModels } from '../src-main/agent/model-list';
import { scaled } from './machine-factor';

const url = process.env.SKILLBENCH_LIVE_MODEL_URL;
const config: ModelConfig = {
  provider: (process.env.SKILLBENCH_LIVE_MODEL_PROVIDER ?? 'openai') as ModelProvider,
  model: process.env.SKILLBENCH_LIVE_MODEL ?? 'llama3.2',
  baseUrl: url,
  apiKeyEnv: process.env.SKILLBENCH_LIVE_MODEL_KEY ? 'SKILLBENCH_LIVE_MODEL_KEY' : undefined,
};

describe.skipIf(!url)(`a live model (${url ? `${config.provider} ${config.model} at ${url}` : 'skipped: SKILLBENCH_LIVE_MODEL_URL is not set, and tests have no network'})`, () => {
  it('lists its models and answers a turn that offers it a tool', { timeout: scaled(120_000) }, async () => {
    const key = process.env.SKILLBENCH_LIVE_MODEL_KEY;
    const list = await listModels(config, { apiKey: key });
    if (list.models) expect(list.models.length).toBeGreaterThan(0);
    const calls: unknown[] = [];
    const result = await runChatTurn({
      approval: ALLOW_TOOLS,
      target: {
        name: 'live smoke',
        tools: () => Promise.resolve([{ name: 'add', description: 'Adds two numbers', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } }]),
        callTool: (_name, args) => {
          calls.push(args);
          const { a, b } = args as { a: number; b: number };
          return Promise.resolve({ ok: true, result: a + b });
        },
      },
      model: openChatModel(config, { env: process.env }),
      message: 'What is 17 plus 25? Use the add tool, then answer with the number.',
    });
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(result.answer.length).toBeGreaterThan(0);
    expect(result.durationMs).toBeGreaterThan(0);
  });
});
