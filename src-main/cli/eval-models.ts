/**
 * The models an eval runs on, from the command line's flags (`--model` more than once) or the suite's `models:`
 * list, each with its id in the matrix.
 */
import type { EvalModel, ModelConfig } from '../contract';
import { baseUrlOf } from '../agent/model-config';
import { modelConfigOf } from './model-options';
import { UsageError } from './output';

export interface NamedModel {
  config: ModelConfig;
  info: EvalModel;
}

/** The models: the flags' (--model more than once), else the suite's `models:` list. */
export function modelsOf(values: Record<string, unknown>, suite: { models: ModelConfig[] }): ModelConfig[] {
  const names = (values.model as string[] | undefined) ?? [];
  if (names.length) return names.map((model) => modelConfigOf({ ...values, model })!);
  modelConfigOf({ ...values, model: undefined }); // --provider without --model is a usage error
  if (suite.models.length) return suite.models;
  throw new UsageError('eval needs a model: --model NAME (more than once for several), or a models: list in the suite');
}

/** Each model's id in the matrix: `provider:model`, with its base URL where two would otherwise be the same. */
export function withIds(configs: ModelConfig[]): NamedModel[] {
  const base = (c: ModelConfig) => `${c.provider}:${c.model}`;
  const counts = new Map<string, number>();
  for (const c of configs) counts.set(base(c), (counts.get(base(c)) ?? 0) + 1);
  const seen = new Set<string>();
  const out: NamedModel[] = [];
  for (const c of configs) {
    const id = counts.get(base(c))! > 1 ? `${base(c)}@${baseUrlOf(c)}` : base(c);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ config: c, info: { id, label: counts.get(base(c))! > 1 ? `${c.model} (${baseUrlOf(c)})` : c.model, provider: c.provider, model: c.model, ...(c.baseUrl ? { baseUrl: c.baseUrl } : {}) } });
  }
  return out;
}
