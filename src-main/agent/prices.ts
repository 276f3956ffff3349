/**
 * What a turn cost, where the price is known. Neither chat-completions servers nor the Messages API say a price
 * in their answers, so none is assumed here: a price comes from the user (or a table a later change ships), per
 * million tokens, and a turn without one has no cost rather than a guessed one.
 */
import type { ChatUsage } from '../contract';

/** US dollars per million tokens. */
export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
}

/** Prices by `<provider>:<model>`; empty on purpose (see above). */
export const KNOWN_PRICES: Readonly<Record<string, ModelPrice>> = {};

export function priceOf(provider: string, model: string, table: Readonly<Record<string, ModelPrice>> = KNOWN_PRICES): ModelPrice | undefined {
  return table[`${provider}:${model}`];
}

/** The cost of `usage` at `price`, where both are known. */
export function costOf(usage: ChatUsage, price?: ModelPrice): number | undefined {
  if (!price || usage.inputTokens === undefined || usage.outputTokens === undefined) return undefined;
  return (usage.inputTokens * price.inputPerMTok + usage.outputTokens * price.outputPerMTok) / 1_000_000;
}
