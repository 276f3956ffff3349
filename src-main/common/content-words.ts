/**
 * The content words of a skill's description, as collisions compare them (lower case, common words and the words
 * every skill description uses left out, words under three letters left out, plurals made singular), and the
 * same reading of a text word by word, so that a view can mark the words two descriptions share. Runtime-neutral:
 * the engine's collisions and the window's highlighting read words the same way.
 */

const STOP = new Set(
  `a an and are as at be by can do does for from has have how i if in into is it its of on or so such that the their them then there these this those to use used uses using via was what when where which while who will with you your
  skill skills user users claude agent agents any all also other etc e g eg like want wants need needs ask asks asked should would could may might must make makes help helps
  whenever trigger triggers including include includes about more most not no only one two new get set work working`.split(/\s+/),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}+#.-]*/gu;

/** A word as collisions count it, or null when it does not count (common, or under three letters). */
export function contentWord(raw: string): string | null {
  const w = raw.toLowerCase().replace(/[.-]+$/, '');
  if (w.length < 3 || STOP.has(w)) return null;
  return singular(w);
}

/** The content words of a description. */
export function contentWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const raw of text.match(WORD) ?? []) {
    const w = contentWord(raw);
    if (w) out.add(w);
  }
  return out;
}

/** A plural made singular, roughly (boxes → box, policies → policy, forms → form): enough to match a word to its plural. */
function singular(w: string): string {
  if (w.length <= 4) return w;
  if (/(x|ch|sh|ss|z)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  return w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/** The text in pieces, each marked when it is a word of `shared` (content words, as `contentWords` gives them). */
export function sharedWordSpans(text: string, shared: readonly string[]): { text: string; shared: boolean }[] {
  const want = new Set(shared);
  const out: { text: string; shared: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    // The word as counted, without the trailing dot or hyphen a sentence gives it.
    const word = m[0].replace(/[.-]+$/, '');
    const key = contentWord(word);
    if (!key || !want.has(key)) continue;
    if (m.index > at) out.push({ text: text.slice(at, m.index), shared: false });
    out.push({ text: word, shared: true });
    at = m.index + word.length;
  }
  if (at < text.length) out.push({ text: text.slice(at), shared: false });
  return out;
}
