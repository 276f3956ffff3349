/** Text whose `backticked` parts are code, as the engine writes keys, files and commands in its findings and reasons. */
export function InlineCode({ text }: { text: string }) {
  return <>{text.split(/(`[^`\n]+`)/).map((part, i) => (/^`[^`\n]+`$/.test(part) ? <code key={i}>{part.slice(1, -1)}</code> : part))}</>;
}
