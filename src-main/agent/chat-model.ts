/**
 * A configured model made ready for chat turns: its config checked, its key found (model-keys.ts), its AI SDK
 * model built over the retrying fetch (providers.ts), and what a failure is to say about it. One `ChatModel` serves
 * many turns (a conversation), one at a time: each turn listens to its retries through `onRetry` while it runs
 * (two turns at once, say a workspace chat beside a scheduled prompt, each open their own).
 */
import type { LanguageModel } from 'ai';
import type { ModelConfig } from '../contract';
import type { SecretStore } from '../host/secret-store';
import { checkModelConfig } from './model-config';
import { describeModelError } from './model-errors';
import { tapeFetch, type TurnTape } from './cassette';
import type { Fetch, RetryNotice, RetryPolicy, RetryTally } from './model-fetch';
import { keySourceText, resolveModelKey, type ResolvedKey } from './model-keys';
import type { ModelPrice } from './prices';
import { languageModelOf } from './providers';

export interface ChatModel {
  readonly config: ModelConfig;
  readonly model: LanguageModel;
  readonly key: ResolvedKey;
  /** What a retrying request did, reset at each turn's start. */
  readonly tally: RetryTally;
  /** Told of each retry (the turn sets it while it runs). */
  onRetry?: (n: RetryNotice) => void;
  /** The turn on tape, while a recorded turn runs (cassette.ts): its requests and answers go into the recording. */
  tape?: TurnTape;
  /** The model's price, where the user gave one: the turn's cost is computed from it. */
  price?: ModelPrice;
  /** A failure of this model's requests, in one sentence. */
  describe(err: unknown): string;
}

export interface OpenModelOptions {
  /** The environment keys are read from (the CLI's context; the app's process). */
  env: NodeJS.ProcessEnv;
  /** The workbench's encrypted store, where saved keys are. */
  secrets?: SecretStore;
  fetch?: Fetch;
  retry?: Partial<RetryPolicy>;
  price?: ModelPrice;
}

export function openChatModel(config: ModelConfig, opts: OpenModelOptions): ChatModel {
  const c = checkModelConfig(config);
  const key = resolveModelKey(c, { env: opts.env, secrets: opts.secrets });
  const tally: RetryTally = { retries: 0 };
  const cm: ChatModel = {
    config: c,
    key,
    tally,
    price: opts.price,
    model: languageModelOf(c, { apiKey: key.key, fetch: tapeFetch(opts.fetch ?? ((i, init) => globalThis.fetch(i, init)), () => cm.tape), retry: opts.retry, tally, onRetry: (n) => cm.onRetry?.(n) }),
    describe: (err) => describeModelError(err, c, { tally, key: keySourceText(key) }),
  };
  return cm;
}
