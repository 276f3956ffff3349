/** The first line of a text that says something, cut to `max` characters: a long prompt as a list or a label shows it. */
export function firstLine(text: string, max = 60): string {
  const line = text.split('\n').find((l) => l.trim())?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
