/** Token counts in words, as every Agent Skill view writes them. */
const nf = new Intl.NumberFormat('en');

export function tokensText(n: number | null | undefined): string {
  if (n === null || n === undefined) return 'not counted';
  return `${nf.format(n)} token${n === 1 ? '' : 's'}`;
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${nf.format(n)} ${n === 1 ? word : many}`;
}

/** The tokenizer's name, the part before its explanation ("o200k_base (gpt-tokenizer 4)"). */
export function tokenizerName(tokenizer: string): string {
  return tokenizer.split(':')[0];
}
