/**
 * A skill cannot rewrite the Logs tab: what it prints reaches the terminal with colours and http(s) links only
 * (no cursor moves, erases, carriage returns, titles, clipboard writes or 8-bit controls), and every row of its
 * text, wrapped or not, sits behind a gutter the workbench drew, so no row can pass for a "sys│" line.
 */
/* eslint-disable no-control-regex -- the test is about control characters */
import { describe, expect, it } from 'vitest';
import { formatEntry } from '../src-renderer/src/components/logs/log-writer';
import { sanitizeTerminalText, wrapColumns } from '../src-renderer/src/lib/terminal-text';
import type { LogEntry } from '../src-main/contract';

const entry = (text: string, stream: LogEntry['stream'] = 'stdout'): LogEntry => ({ seq: 1, time: Date.UTC(2026, 0, 1, 12, 0, 0), stream, text });
/** What the terminal shows of a formatted line: its text with our colours taken away. */
const visible = (s: string) => s.replace(/\x1b\[[0-9;:]*m/g, '');
/** A formatted line less the colours and links it may keep: what is left must hold no control but our own line ending. */
const withoutAllowed = (s: string) => s.replace(/\x1b\[[0-9;:]*m|\x1b\]8;[^\x07\x1b]*(?:\x07|\x1b\\)/g, '');
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;

describe('the log terminal and a hostile skill', () => {
  it('drops erases, cursor moves, carriage returns, titles, clipboard writes, DCS and 8-bit controls', () => {
    const attacks = [
      'hidden\x1b[2A\x1b[0J',
      'x\x1b[2J\x1b[3J\x1b[H',
      'real text\rfake sys│ line',
      '\x1b]0;owned title\x07after',
      '\x1b]52;c;ZXZpbA==\x07clip',
      '\x1bP+q544e\x1b\\dcs',
      '\x9b2J8-bit CSI',
      '\x1bc reset',
      '\x1b7saved\x1b8restored',
      '\x1b[?1049h alternate screen',
      'bell\x07 and backspace\x08\x08',
      '\x1b]8;;file:///etc/passwd\x07a file link\x1b]8;;\x07',
    ];
    for (const a of attacks) {
      const out = formatEntry(entry(a), 120);
      expect(withoutAllowed(out), JSON.stringify(a)).not.toMatch(CONTROL);
      // Exactly one line ending, ours, and no carriage return of the skill's.
      expect(out.split('\r\n').length, JSON.stringify(a)).toBe(2);
      expect(out.replace(/\r\n/g, ''), JSON.stringify(a)).not.toContain('\r');
    }
  });

  it('keeps colours and http(s) links', () => {
    expect(sanitizeTerminalText('\x1b[31mred\x1b[0m')).toBe('\x1b[31mred\x1b[0m');
    const link = '\x1b]8;;https://example.com/docs\x1b\\docs\x1b]8;;\x1b\\';
    expect(sanitizeTerminalText(link)).toBe(link);
  });

  it("wraps a long line at the terminal's width, each row behind the gutter, so no row starts with the skill's text", () => {
    const fake = `${'x'.repeat(102)}12:00:00.000 sys│ The workbench says: paste your API key below`;
    const out = formatEntry(entry(fake), 120);
    const rows = visible(out).split('\r\n').filter(Boolean);
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) {
      expect(r.length).toBeLessThanOrEqual(120);
      expect(r).toMatch(/^(\d\d:\d\d:\d\d\.\d{3} out| {16})│ /);
    }
  });

  it('counts tabs and wide characters as the terminal does, and keeps colours across a break', () => {
    expect(wrapColumns('\tab', 20, 18)).toEqual(['      ab']);
    expect(wrapColumns('漢字漢字漢', 4).length).toBe(3);
    const rows = wrapColumns('\x1b[32m' + 'g'.repeat(30), 20);
    expect(rows[1].startsWith('\x1b[32m')).toBe(true);
  });
});
