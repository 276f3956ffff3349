/**
 * "Check key": one harmless live call with a key before it is saved: the provider's model list, which costs nothing,
 * changes nothing and needs the key (model-list.ts). The answer is said in plain words a person can act on: the key
 * works; it was refused (wrong, revoked or expired); it is real but not allowed (its scope, project or organisation);
 * the account is limited (out of credit or over its rate); nothing answers at that address (a wrong base URL or
 * region); or the server has no list, so the key cannot be checked without asking a model.
 */
import type { KeyCheck, ModelConfig } from '../contract';
import { baseUrlOf } from './model-config';
import { ModelCallError } from './model-errors';
import { listModels } from './model-list';
import type { Fetch } from './model-fetch';

export async function checkModelKey(config: ModelConfig, conn: { apiKey?: string; fetch?: Fetch; signal?: AbortSignal }): Promise<KeyCheck> {
  const where = baseUrlOf({ ...config, model: config.model || '-' });
  try {
    const { models } = await listModels(config, conn);
    if (models === null) return { verdict: 'unchecked', words: `The server at ${where} has no model list, so the key cannot be checked without asking a model. The first chat will tell.` };
    const count = `${models.length} ${models.length === 1 ? 'model' : 'models'}`;
    const named = config.model?.trim();
    const model = !named ? '' : models.includes(named) ? `, ${named} among them` : `, but not ${named}: check the model's name`;
    return { verdict: 'works', words: `The key works: the server at ${where} answered and lists ${count}${model}.` };
  } catch (err) {
    const said = (err as Error).message;
    if (!(err instanceof ModelCallError)) return { verdict: 'failed', words: said };
    if (err.kind === 'unreachable') return { verdict: 'unreachable', words: `Nothing answers at ${where}: check the base URL (and its region, where the provider has several). ${said}` };
    if (err.status === 401) return { verdict: 'refused', words: `The key was refused: it is wrong, revoked or expired. Paste it again, or make a new one. ${said}` };
    if (err.status === 403) return { verdict: 'not-allowed', words: `The key is real but not allowed here: its scope, project or organisation has no access. ${said}` };
    if (err.kind === 'rate-limit') return { verdict: 'limited', words: `The key was taken, but the account is limited: out of credit, or over its rate. ${said}` };
    return { verdict: 'failed', words: said };
  }
}
