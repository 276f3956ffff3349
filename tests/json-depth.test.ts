/** The bounded walk every path over skill data shares (src-main/engine/json-depth.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundDepth, depthOf, MAX_DEPTH, parseBounded, stringifyBounded } from '../src-main/common/json-depth';

const nest = (n: number, inner: unknown = 'x'): unknown => {
  let v = inner;
  for (let i = 0; i < n; i++) v = [v];
  return v;
};

describe('the depth bound', () => {
  it('measures any depth without recursion', () => {
    expect(depthOf('x')).toBe(1);
    expect(depthOf([])).toBe(1);
    expect(depthOf({ a: [[]] })).toBe(3);
    expect(depthOf(nest(200_000))).toBe(200_000);
    expect(depthOf(nest(200_000), 10)).toBe(11);
  });

  it('leaves a value within bounds as it is, not copied', () => {
    const v = { a: nest(MAX_DEPTH - 1) };
    const b = boundDepth(v);
    expect(b.value).toBe(v);
    expect(b.replaced).toBe(0);
  });

  it('replaces what lies below the bound with a marker naming the whole depth', () => {
    const b = boundDepth({ keep: 1, deep: nest(5000) });
    expect(b.depth).toBe(5001);
    expect(b.replaced).toBe(1);
    expect(depthOf(b.value)).toBe(MAX_DEPTH);
    expect(JSON.stringify(b.value)).toContain('"[too deep: 5001 levels]"');
    expect((b.value as { keep: number }).keep).toBe(1);
  });

  it('keeps "__proto__" a key, never a prototype', () => {
    const parsed = parseBounded(`{"__proto__":{"polluted":1},"d":${'['.repeat(600)}${']'.repeat(600)}}`);
    const v = parsed.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'd']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('writes any value as JSON, and bounded values round-trip', () => {
    // JSON.stringify threw a RangeError at this depth before Node 26 (and does in Electron 45's Node 22).
    expect(stringifyBounded(nest(10_000))).toContain('[too deep: 10000 levels]');
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(boundDepth(v).value).toBe(v);
        expect(stringifyBounded(v)).toBe(JSON.stringify(v));
      }),
    );
  });
});
