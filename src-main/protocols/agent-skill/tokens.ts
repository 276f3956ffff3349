/**
 * Token counts of what an agent reads. The o200k_base encoding (GPT-4o's and later OpenAI models'), from
 * gpt-tokenizer, loaded on first use by importing that one encoding's module: the command line and the app
 * pay for its 2 MB rank table only when a count is asked for. Claude and other models tokenize differently,
 * so a count is a close measure of size, not any one model's bill; `TOKENIZER` says so wherever counts show.
 */

export const TOKENIZER = 'o200k_base (gpt-tokenizer 4): the encoding of GPT-4o and later OpenAI models; other models count somewhat differently';

type Count = (text: string) => number;

let loading: Promise<Count> | null = null;

/** The counter, loaded once. Text that spells a special token (`<|endoftext|>`) counts as the text it is. */
export function tokenCounter(): Promise<Count> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((m) => (text: string) => m.countTokens(text, { disallowedSpecial: new Set() }));
  return loading;
}

export async function countTokens(text: string): Promise<number> {
  return (await tokenCounter())(text);
}
