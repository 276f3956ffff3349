/**
 * A skill's text made safe for the log terminal. A skill controls every byte it prints: cursor moves and erases
 * (`ESC[2A ESC[0J`, `ESC[2J`), a carriage return, or a long line that wraps to column 0 could overwrite or fake
 * the workbench's own stream tags ("sys│"). So only SGR colours and OSC 8 links pass (links open only after a
 * confirmation, see LogTerminal); every other control is dropped; and lines are wrapped here, at the terminal's
 * width, so every row starts with a tag the workbench drew.
 */
/* eslint-disable no-control-regex -- matching control characters is the point of this module */
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|\x1b[ -/]*[0-~]?|\x9b[0-?]*[ -/]*[@-~]|\x9d[^\x07\x9c]*(?:\x07|\x9c)?|[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
const SGR = /^\x1b\[[0-9;:]*m$/;
const OSC8 = /^\x1b\]8;[^;\x07\x1b]*;(?:https?:\/\/[^\x07\x1b]*)?(?:\x07|\x1b\\)$/;

/** Keeps text, tabs, newlines, SGR colours and OSC 8 links to http(s) addresses; drops every other control. */
export function sanitizeTerminalText(text: string): string {
  return text.replace(ESCAPES, (m) => (SGR.test(m) || OSC8.test(m) ? m : ''));
}

/** Columns a code point takes in the terminal: 0 for combining marks and joiners, 2 for wide East Asian and emoji. */
function columns(cp: number): number {
  if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f)) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

const TOKEN = /\x1b\[[0-9;:]*m|\x1b\]8;[^\x07\x1b]*(?:\x07|\x1b\\)|[\s\S]/gu;

/**
 * Splits one line (already sanitised, no newline) into rows of at most `width` columns, each to be drawn after a
 * gutter of `offset` columns. Escape sequences take no room; a tab becomes the spaces to its tab stop (the
 * terminal would otherwise move further than counted); the colours in force at a break are given again at the
 * start of the next row, since the gutter drawn before it resets them.
 */
export function wrapColumns(line: string, width: number, offset = 0): string[] {
  const rows: string[] = [];
  let row = '';
  let used = 0;
  let colours = '';
  for (const m of line.matchAll(TOKEN)) {
    const t = m[0];
    if (t.startsWith('\x1b[')) {
      colours = t === '\x1b[m' || t === '\x1b[0m' ? '' : colours + t;
      row += t;
      continue;
    }
    if (t.startsWith('\x1b]')) {
      row += t;
      continue;
    }
    const text = t === '\t' ? ' '.repeat(Math.max(1, 8 - ((offset + used) % 8))) : t;
    const w = t === '\t' ? text.length : columns(t.codePointAt(0)!);
    if (used + w > width && used > 0) {
      rows.push(row);
      row = colours;
      used = 0;
    }
    row += t === '\t' ? ' '.repeat(Math.min(w, width - used)) : text;
    used += t === '\t' ? Math.min(w, width - used) : w;
  }
  rows.push(row);
  return rows;
}
