/**
 * The models a provider offers, for the Chat tab's model picker: `GET <base>/models` on an OpenAI-compatible
 * server (OpenAI, Ollama, LM Studio, vLLM and OpenRouter all have it), `GET /v1/models` on Anthropic (one page of
 * up to 1000). A server without a list answers 404: that is "no list", not an error.
 */
import type { ModelConfig } from '../contract';
import { MIB, sizeWords, textBounded } from '../engine/bounded-body';
import { describeModelError, ModelCallError, modelErrorKind } from './model-errors';
import { anthropicApiBase, baseUrlOf, checkModelConfig } from './model-config';
import { ERROR_BODY_MAX, type Fetch } from './model-fetch';
import { authHeaders } from './providers';

/** The longest model list read (OpenRouter's, the longest known, is a few MiB with its descriptions). */
const LIST_MAX = 16 * MIB;

export interface ModelList {
  /** Model ids, sorted; null where the server has no list (404). */
  models: string[] | null;
}

export async function listModels(config: ModelConfig, conn: { apiKey?: string; fetch?: Fetch; signal?: AbortSignal } = {}): Promise<ModelList> {
  const c = checkModelConfig({ ...config, model: config.model || '-' });
  const url = c.provider === 'anthropic' ? `${anthropicApiBase(c)}/models?limit=1000` : `${baseUrlOf(c)}/models`;
  let res: Response;
  try {
    res = await (conn.fetch ?? globalThis.fetch)(url, { headers: authHeaders(c, conn.apiKey), signal: conn.signal });
  } catch (err) {
    throw new ModelCallError(describeModelError(err, c), 'unreachable');
  }
  if (res.status === 404) return { models: null };
  const { text, cut } = await textBounded(res, res.ok ? LIST_MAX : ERROR_BODY_MAX);
  if (!res.ok) throw new ModelCallError(describeModelError({ statusCode: res.status, responseBody: text }, c), modelErrorKind({ statusCode: res.status }), res.status);
  if (cut) throw new ModelCallError(`The model list at ${url} is longer than ${sizeWords(LIST_MAX)}: the workbench stopped reading it.`, 'http');
  let body: { data?: { id?: unknown }[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new ModelCallError(`The model list at ${url} is not JSON.`, 'http');
  }
  const ids = (Array.isArray(body?.data) ? body.data : []).map((m) => m?.id).filter((id): id is string => typeof id === 'string');
  return { models: [...new Set(ids)].sort() };
}
