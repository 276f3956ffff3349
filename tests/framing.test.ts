import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineReader } from '../src-main/engine/framing';

/** Feeds `bytes` to a LineReader cut at the given points and returns what came out. */
function readAll(bytes: Buffer, cuts: number[], max = 1 << 20) {
  const lines: string[] = [];
  const overflows: number[] = [];
  const r = new LineReader({ maxLineBytes: max, onLine: (l) => lines.push(l), onOverflow: (n) => overflows.push(n) });
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let at = 0;
  for (const p of points) {
    r.push(bytes.subarray(at, p));
    at = p;
  }
  r.push(bytes.subarray(at));
  r.end();
  return { lines, overflows };
}

const lineText = fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, ''));

describe('LineReader', () => {
  it('gives back every non-empty line whatever the chunking, UTF-8 included', () => {
    fc.assert(
      fc.property(fc.array(lineText, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 20 }), fc.boolean(), (lines, cuts, crlf) => {
        const text = lines.map((l) => l + (crlf ? '\r\n' : '\n')).join('');
        const { lines: got } = readAll(Buffer.from(text, 'utf8'), cuts);
        expect(got).toEqual(lines.filter((l) => l.length > 0));
      }),
    );
  });

  it('flushes a last line that has no newline when the stream ends', () => {
    expect(readAll(Buffer.from('a\nb'), [1]).lines).toEqual(['a', 'b']);
  });

  it('drops a line over the limit, reports its size, and reads on after it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 11, max: 200 }), fc.array(fc.nat(), { maxLength: 10 }), (big, cuts) => {
        const text = `ok\n${'x'.repeat(big)}\nafter\n`;
        const { lines, overflows } = readAll(Buffer.from(text), cuts, 10);
        expect(lines).toEqual(['ok', 'after']);
        expect(overflows).toEqual([big]);
      }),
    );
  });

  it('never splits a multi-byte character, even cut inside it', () => {
    const text = 'é世界😀\n';
    const bytes = Buffer.from(text);
    for (let i = 0; i <= bytes.length; i++) expect(readAll(bytes, [i]).lines).toEqual(['é世界😀']);
  });
});
