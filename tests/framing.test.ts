import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyOversize } from '../src-main/engine/oversize';
import { Writable } from 'node:stream';
import { LineReader, LineWriter } from '../src-main/engine/framing';

/** Feeds `bytes` to a LineReader cut at the given points and returns what came out. */
/** Pushes `bytes` into `r` cut at the given points (taken modulo the length), then ends it. */
function feed(r: LineReader, bytes: Buffer, cuts: number[]): void {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let at = 0;
  for (const p of points) {
    r.push(bytes.subarray(at, p));
    at = p;
  }
  r.push(bytes.subarray(at));
  r.end();
}

function readAll(bytes: Buffer, cuts: number[], max = 1 << 20) {
  const lines: string[] = [];
  const overflows: number[] = [];
  feed(new LineReader({ maxLineBytes: max, onLine: (l) => lines.push(l), onOverflow: (n) => overflows.push(n) }), bytes, cuts);
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

  it('hands over the first and last bytes of a dropped line, however it was cut', () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 3000 }), fc.array(fc.nat(), { maxLength: 10 }), (size, cuts) => {
        const line = Array.from({ length: size }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
        const bytes = Buffer.from(`${line}\nafter\n`);
        const seen: [string, string][] = [];
        feed(new LineReader({ maxLineBytes: 100, onLine: () => undefined, onOverflow: (_n, head, tail) => seen.push([head, tail]) }), bytes, cuts);
        expect(seen).toEqual([[line.slice(0, 256), line.slice(-256)]]);
      }),
    );
  });

  it('tells an over-limit line by its top-level keys only', () => {
    expect(classifyOversize('{"jsonrpc":"2.0","id":7,"result":{"content":"xx', 'xx"}}')).toEqual({ id: 7, kind: 'response' });
    expect(classifyOversize('{"jsonrpc":"2.0","result":{"content":"xx', 'xx","meta":{"id":3}},"id":"a-1"}')).toEqual({ id: 'a-1', kind: 'response' });
    expect(classifyOversize('{"jsonrpc":"2.0","result":{"meta":{"id":3},"content":"xx', 'xxx"}}')).toEqual({ kind: 'response' });
    // A request's method too, so its refusal can name it.
    expect(classifyOversize('{"jsonrpc":"2.0","id":1,"params":{"x":"yy', 'yy"},"method":"state/set"}')).toEqual({ id: 1, kind: 'request', method: 'state/set' });
    expect(classifyOversize('{"jsonrpc":"2.0","id":2,"method":"data/write","params":{"x":"yy', 'yy"}}')).toEqual({ id: 2, kind: 'request', method: 'data/write' });
    expect(classifyOversize('{"jsonrpc":"2.0","id":3,"method":"bad\\x","params":{"x":"yy', 'yy"}}')).toEqual({ id: 3, kind: 'request' });
    expect(classifyOversize('{"jsonrpc":"2.0","params":{"x":"yy', 'yy"}}')).toEqual({ kind: 'unknown' });
  });

  it('never splits a multi-byte character, even cut inside it', () => {
    const text = 'é世界😀\n';
    const bytes = Buffer.from(text);
    for (let i = 0; i <= bytes.length; i++) expect(readAll(bytes, [i]).lines).toEqual(['é世界😀']);
  });

  it('writes lines in order and holds them back while the stream is full (backpressure)', async () => {
    const got: string[] = [];
    let most = 0;
    const slow = new Writable({
      highWaterMark: 64,
      write(chunk: Buffer, _enc, cb) {
        got.push(String(chunk));
        setTimeout(cb, 1);
      },
    });
    const w = new LineWriter(slow);
    const line = (i: number) => `{"n":${i},"pad":"${'x'.repeat(20)}"}`;
    const writes: (Promise<void> | undefined)[] = [];
    for (let i = 0; i < 200; i++) {
      writes.push(w.write(line(i)));
      most = Math.max(most, slow.writableLength);
      if (i % 10 === 9) await writes[i];
    }
    await Promise.all(writes.filter((p) => p !== undefined));
    await new Promise((r) => slow.end(r));
    expect(got.join('')).toBe(Array.from({ length: 200 }, (_, i) => line(i) + '\n').join(''));
    // Never more than the stream's mark plus one line was handed over while it had not drained.
    expect(most).toBeLessThanOrEqual(64 + line(199).length + 1);
  });
});
