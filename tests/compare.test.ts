import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../src-main/contract';
import { compareOutcome, parsePath } from '../src-main/qa/compare';

const ok = (data: unknown): CallOutcome => ({ ok: true, data, durationMs: 1 });
const json = fc.jsonValue();

/** Sets the value at a path (segments) of a JSON value, creating objects on the way. */
function setAt(root: unknown, segs: string[], value: unknown): unknown {
  if (!segs.length) return value;
  const [head, ...rest] = segs;
  const base = root && typeof root === 'object' && !Array.isArray(root) ? (root as Record<string, unknown>) : {};
  return { ...base, [head]: setAt(base[head], rest, value) };
}

const key = fc.stringMatching(/^[a-z]{1,6}$/);

describe('compareOutcome (properties)', () => {
  it('identical outcomes always match', () => {
    fc.assert(
      fc.property(json, fc.boolean(), (data, good) => {
        const o: CallOutcome = good ? ok(data) : { ok: false, durationMs: 3, error: { code: 'TOOL', message: 'no' }, text: JSON.stringify(data) };
        const copy = JSON.parse(JSON.stringify(o)) as CallOutcome;
        copy.durationMs = 999; // durations never count
        expect(compareOutcome(o, copy)).toEqual({ match: true, differences: [] });
      }),
    );
  });

  it('ignoring a path makes any change there match, in every spelling of the path', () => {
    fc.assert(
      fc.property(json, fc.array(key, { minLength: 1, maxLength: 4 }), json, json, fc.constantFrom('data.', '$.data.', ''), (base, segs, a, b, prefix) => {
        const recorded = ok(setAt(base, segs, a));
        const replayed = ok(setAt(base, segs, b));
        const r = compareOutcome(recorded, replayed, { ignore: [prefix + segs.join('.')] });
        expect(r.differences).toEqual([]);
        expect(r.match).toBe(true);
      }),
    );
  });

  it('a change outside the ignored path is still reported', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        fc.pre(a !== b);
        const r = compareOutcome(ok({ keep: a, skip: 1 }), ok({ keep: b, skip: 2 }), { ignore: ['skip'] });
        expect(r.match).toBe(false);
        expect(r.differences.map((d) => d.path)).toEqual(['data.keep']);
      }),
    );
  });

  it('numeric tolerance: a difference up to the allowance matches, beyond it does not', () => {
    const num = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(num, num, (a, b) => {
        fc.pre(a !== b);
        const d = Math.abs(a - b);
        fc.pre(d * 0.999 < d); // not in the subnormal range, where 0.999 d rounds back to d
        // Exactly at the boundary matches (at most, not less than); any less does not.
        expect(compareOutcome(ok({ n: a }), ok({ n: b }), { numeric: { abs: d } }).match).toBe(true);
        expect(compareOutcome(ok({ n: a }), ok({ n: b }), { numeric: { abs: d * 0.999 } }).match).toBe(false);
        // Relative: a fraction of the larger number; (d / m) * m may round one ulp either way, hence the margin.
        const rel = d / Math.max(Math.abs(a), Math.abs(b));
        expect(compareOutcome(ok([a]), ok([b]), { numeric: { rel: rel * (1 + 1e-12) } }).match).toBe(true);
        expect(compareOutcome(ok([a]), ok([b]), { numeric: { rel: rel * 0.999 } }).match).toBe(false);
      }),
    );
  });
});

describe('compareOutcome (cases)', () => {
  it('compares ok first, then the error code, then the result', () => {
    const failed: CallOutcome = { ok: false, durationMs: 1, error: { code: 'TIMEOUT', message: 'too slow' } };
    expect(compareOutcome(ok(1), failed).differences).toEqual([
      { path: 'ok', recorded: true, replayed: false, why: 'the call succeeded when recorded but failed on replay: too slow' },
    ]);
    const crashed: CallOutcome = { ok: false, durationMs: 1, error: { code: 'CRASHED', message: 'exited' } };
    expect(compareOutcome(failed, crashed).differences[0]).toMatchObject({ path: 'error.code', recorded: 'TIMEOUT', replayed: 'CRASHED' });
  });

  it('compares JSON text parsed, so spacing and key order do not count', () => {
    const a: CallOutcome = { ok: true, text: '{"a": 1, "b": [1, 2]}', durationMs: 1 };
    const b: CallOutcome = { ok: true, text: '{"b":[1,2],"a":1}', durationMs: 1 };
    expect(compareOutcome(a, b).match).toBe(true);
    const c: CallOutcome = { ok: true, text: '{"b":[1,3],"a":1}', durationMs: 1 };
    expect(compareOutcome(a, c).differences).toEqual([{ path: 'text.b.1', recorded: 2, replayed: 3, why: 'it differs' }]);
  });

  it('says what is missing, new, or of another type', () => {
    const r = compareOutcome(ok({ a: 1, list: [1, 2], t: 1 }), ok({ b: 2, list: [1], t: '1' }));
    expect(r.differences).toEqual([
      { path: 'data.a', recorded: 1, replayed: undefined, why: 'it is missing on replay' },
      { path: 'data.list.1', recorded: 2, replayed: undefined, why: 'the item is missing on replay' },
      { path: 'data.t', recorded: 1, replayed: '1', why: 'it was a number and is now a string' },
      { path: 'data.b', recorded: undefined, replayed: 2, why: 'it is new on replay' },
    ]);
  });

  it('a pattern replaces equality for the result, but ok still counts', () => {
    const rec: CallOutcome = { ok: true, text: 'Generated at 10:00', durationMs: 1 };
    const rep: CallOutcome = { ok: true, text: 'Generated at 11:42', durationMs: 1 };
    expect(compareOutcome(rec, rep).match).toBe(false);
    expect(compareOutcome(rec, rep, { pattern: '^Generated at \\d\\d:\\d\\d$' }).match).toBe(true);
    expect(compareOutcome(rec, { ...rep, text: 'nope' }, { pattern: '^Generated' }).differences[0].why).toMatch(/does not match the pattern/);
    expect(compareOutcome(rec, { ok: false, durationMs: 1, error: { code: 'TOOL', message: 'x' } }, { pattern: '.*' }).match).toBe(false);
  });

  it('ignore paths accept $., brackets and *', () => {
    expect(parsePath('$.data.items[0].id')).toEqual(['data', 'items', '0', 'id']);
    const r = compareOutcome(ok({ items: [{ id: 1, v: 1 }, { id: 2, v: 1 }] }), ok({ items: [{ id: 7, v: 1 }, { id: 8, v: 1 }] }), { ignore: ['items.*.id'] });
    expect(r.match).toBe(true);
  });
});
