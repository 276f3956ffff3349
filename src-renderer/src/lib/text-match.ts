/**
 * Where a search matches in a line, for highlighting: the same rules as the workbench's search of the complete
 * log file (plain text or a regular expression, case-insensitive unless asked).
 */
export interface TextQuery {
  text: string;
  regex: boolean;
  caseSensitive: boolean;
}

/** The pieces of `line` in order, each marked as matching or not; the whole line unmarked when nothing matches. */
export function splitMatches(line: string, q: TextQuery): { text: string; match: boolean }[] {
  if (!q.text) return [{ text: line, match: false }];
  let re: RegExp;
  try {
    const source = q.regex ? q.text : q.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    re = new RegExp(source, q.caseSensitive ? 'g' : 'gi');
  } catch {
    return [{ text: line, match: false }];
  }
  const out: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const m of line.matchAll(re)) {
    if (m[0] === '') continue;
    if (m.index > at) out.push({ text: line.slice(at, m.index), match: false });
    out.push({ text: m[0], match: true });
    at = m.index + m[0].length;
    if (out.length > 200) break;
  }
  if (at < line.length) out.push({ text: line.slice(at), match: false });
  return out;
}
