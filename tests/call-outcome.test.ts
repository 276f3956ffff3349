/**
 * A call's result once on the wire (common/call-outcome.ts): each shape an outcome comes in is sent with one copy
 * of its result and made whole again as the window had it; an outcome stored before (no flag) reads as it is.
 */
import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../src-main/contract';
import { compactOutcome, expandOutcome } from '../src-main/common/call-outcome';
import { previewValue } from '../src-main/common/value-preview';
import { outcomeOf } from '../src-main/protocols/mcp/results';
import { textOutcome } from '../src-main/protocols/persistent';

const wire = (o: CallOutcome) => JSON.parse(JSON.stringify(compactOutcome(o))) as CallOutcome;

describe('an outcome on its way to a window', () => {
  it('a JSON text result goes as its data, and comes back with both', () => {
    const o = textOutcome('{"a": [1, 2], "b": "x"}', false, 5);
    const sent = wire(o);
    expect(sent.text).toBeUndefined();
    expect(sent.resultIn).toBe('data');
    const back = expandOutcome(sent);
    expect(back.data).toEqual({ a: [1, 2], b: 'x' });
    expect(JSON.parse(back.text!)).toEqual(back.data);
    expect(back.resultIn).toBeUndefined();
  });

  it('a plain text result, and an old outcome with no flag, are left as they are', () => {
    const plain = textOutcome('hello', false, 1);
    expect(wire(plain)).toEqual(plain);
    const old: CallOutcome = { ok: true, durationMs: 1, text: '[1]', data: [1] };
    expect(expandOutcome(old)).toBe(old);
  });

  it('a result cut for its depth keeps its text (the data lost levels)', () => {
    const deep = '['.repeat(300) + ']'.repeat(300);
    const o = textOutcome(deep, false, 1);
    const sent = wire(o);
    expect(sent.text).toBe(deep);
    expect(sent.data).toBeUndefined();
    expect(expandOutcome(sent).data).toEqual(o.data);
  });

  it("an MCP answer goes once, in its `mcp`, structured content or not", () => {
    const structured = outcomeOf({ content: [{ type: 'text', text: '{"n":1}' }], structuredContent: { n: 1 } }, 3);
    const sent = wire(structured);
    expect([sent.text, sent.data, sent.resultIn]).toEqual([undefined, undefined, 'mcp']);
    expect(expandOutcome(sent)).toEqual(JSON.parse(JSON.stringify(structured)));
    const text = outcomeOf({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: '[2]' }] }, 3);
    expect(expandOutcome(wire(text))).toEqual(JSON.parse(JSON.stringify(text)));
    const image = outcomeOf({ content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] }, 3);
    expect(wire(image).text).toBe('[image: image/png, 3 bytes]');
  });
});

describe('a preview of a large value', () => {
  it('keeps its shape (method, id, the start of long strings) within its budget', () => {
    const body = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { payload: 'x'.repeat(100_000), list: Array.from({ length: 1000 }, (_, i) => i) } } };
    const p = previewValue(body, 4096) as typeof body;
    expect(JSON.stringify(p).length).toBeLessThan(4096 + 512);
    expect([p.id, p.method, p.params.name]).toEqual([7, 'tools/call', 'echo']);
    expect(p.params.arguments.payload).toMatch(/^x{200}… \[100,000 characters\]$/);
    expect(p.params.arguments.list).toHaveLength(21);
  });
});
