/**
 * A check's path, written as the result shows the field (`cost_usd`) or from the call's outcome
 * (`data.cost_usd`): where it resolves, the one ambiguity and its rule, and what a path that finds
 * nothing says (the value where it stopped, the nearest path that exists).
 */
import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../src-main/contract';
import { evaluateAssertion } from '../src-main/qa/assertions';
import { distance, nearestPath, pathsOf, preview, resolvePath } from '../src-main/qa/result-paths';

const GAS: CallOutcome = { ok: true, text: '{"gas_limit": 150000, "cost_eth": 0.0045, "cost_usd": 13.5}', data: { gas_limit: 150000, cost_eth: 0.0045, cost_usd: 13.5 }, durationMs: 1 };

describe('check paths', () => {
  it('a field as the result shows it and the full form from the outcome are the same field', () => {
    expect(resolvePath(GAS, 'cost_usd')).toMatchObject({ value: 13.5, found: true, at: 'data.cost_usd' });
    expect(resolvePath(GAS, 'data.cost_usd')).toMatchObject({ value: 13.5, found: true, at: 'data.cost_usd' });
    expect(resolvePath(GAS, '$.cost_usd')).toMatchObject({ value: 13.5, at: 'data.cost_usd' });
    expect(evaluateAssertion({ path: 'cost_usd', equals: 13.5 }, GAS)).toMatchObject({ pass: true, at: 'data.cost_usd', message: 'cost_usd equals 13.5.' });
    const list: CallOutcome = { ok: true, data: { items: [{ id: 'a' }, { id: 'b' }] }, durationMs: 1 };
    expect(resolvePath(list, 'items[1].id')).toMatchObject({ value: 'b', at: 'data.items.1.id' });
    expect(resolvePath(list, 'items.2.id').found).toBe(false);
  });

  it('a field named like the outcome’s own: the outcome’s comes first, data.<name> reaches the result’s', () => {
    const o: CallOutcome = { ok: true, text: 'Hello', data: { text: 'from data', ok: 'fine', data: { n: 1 } }, durationMs: 1 };
    expect(resolvePath(o, 'text')).toMatchObject({ value: 'Hello', at: 'text' });
    expect(resolvePath(o, 'data.text')).toMatchObject({ value: 'from data', at: 'data.text' });
    expect(resolvePath(o, 'ok').value).toBe(true);
    // Where the outcome has nothing at the path, the result's field is found.
    expect(resolvePath(o, 'data.n')).toMatchObject({ value: 1, at: 'data.data.n' });
    const noText: CallOutcome = { ok: true, data: { text: 'only in data' }, durationMs: 1 };
    expect(resolvePath(noText, 'text')).toMatchObject({ value: 'only in data', at: 'data.text' });
  });

  it('a result given only as JSON text is looked into, by its field or through text.', () => {
    const o: CallOutcome = { ok: true, text: '{"rows": [{"name": "Ada"}]}', durationMs: 1 };
    expect(resolvePath(o, 'rows.0.name')).toMatchObject({ value: 'Ada', at: 'text.rows.0.name' });
    expect(resolvePath(o, 'text.rows.0.name')).toMatchObject({ value: 'Ada', at: 'text.rows.0.name' });
    expect(resolvePath(o, 'text')).toMatchObject({ value: o.text, at: 'text' });
    expect(resolvePath({ ok: true, text: 'plain words', durationMs: 1 }, 'text.0').found).toBe(false);
  });

  it('the nearest existing path: by edit distance, in the form the check wrote, none when nothing is near', () => {
    expect(nearestPath(GAS, 'cost_usdd')).toBe('cost_usd');
    expect(nearestPath(GAS, 'data.cost_uds')).toBe('data.cost_usd');
    expect(nearestPath(GAS, 'gaslimit')).toBe('gas_limit');
    expect(nearestPath(GAS, 'temperature')).toBeNull();
    expect(distance('kitten', 'sitting')).toBe(3);
    expect(distance('abc', 'xyz', 2)).toBe(2);
    expect(pathsOf(GAS)).toEqual(expect.arrayContaining(['ok', 'text', 'data', 'data.cost_usd', 'cost_usd', 'gas_limit']));
    // A huge result lists a bounded number of paths.
    const big: CallOutcome = { ok: true, data: Object.fromEntries(Array.from({ length: 20000 }, (_, i) => [`k${i}`, i])), durationMs: 1 };
    expect(pathsOf(big).length).toBeLessThanOrEqual(10000);
  });

  it('a path that finds nothing says where it stopped, shows what is there (cut short) and the nearest path', () => {
    const typo = evaluateAssertion({ path: 'cost_usdd', equals: 13.5 }, GAS);
    expect(typo.pass).toBe(false);
    expect(typo.suggestion).toBe('cost_usd');
    expect(typo.message).toBe('cost_usdd should equal 13.5, but there is nothing at cost_usdd (did you mean cost_usd?); the result is {"gas_limit":150000,"cost_eth":0.0045,"cost_usd":13.5}.');
    const deep: CallOutcome = { ok: true, data: { items: [{ id: 1, name: 'x' }] }, durationMs: 1 };
    expect(evaluateAssertion({ path: 'data.items.0.nme' }, deep).message).toBe(
      'data.items.0.nme should exist, but there is nothing at data.items.0.nme (did you mean data.items.0.name?); data.items.0 is {"id":1,"name":"x"}.',
    );
    expect(evaluateAssertion({ path: 'nowhere', contains: 'a' }, deep).message).toBe('nowhere should contain "a", but there is nothing at nowhere; the result is {"items":[{"id":1,"name":"x"}]}.');
    const failed: CallOutcome = { ok: false, error: { code: 'TOOL', message: 'no such symbol' }, durationMs: 1 };
    expect(evaluateAssertion({ path: 'price', matches: '\\d' }, failed).message).toBe('price should match /\\d/, but there is nothing at price; the call failed (TOOL: no such symbol).');
    const long: CallOutcome = { ok: true, data: { rows: Array.from({ length: 300 }, (_, i) => ({ i })), note: 'x'.repeat(500), n: 1 }, durationMs: 1 };
    const cut = evaluateAssertion({ path: 'row', equals: 1 }, long);
    expect(cut.message).toContain('(did you mean rows?)');
    expect(cut.message).toContain('the result is {"rows":[…300 items],"note":"xxxx');
    expect(cut.message.length).toBeLessThan(400);
  });

  it('a preview is whole when it fits, else one level with counts, cut at a field', () => {
    expect(preview({ a: 1 })).toBe('{"a":1}');
    expect(preview({ a: { b: 'x'.repeat(300) }, c: [1, 2] })).toBe('{"a":{…1 field},"c":[…2 items]}');
    const wide = preview(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`field_${i}`, i])), 80);
    expect(wide.length).toBeLessThanOrEqual(80);
    expect(wide).toMatch(/^\{"field_0":0,.*,…\d+ more\}$/);
    expect(preview('y'.repeat(300), 20)).toBe(`"${'y'.repeat(18)}…`);
  });
});

describe('path syntax', () => {
  it('dots, indexes and quoted keys (a quoted key keeps its dots)', async () => {
    const { parsePath } = await import('../src-main/qa/compare');
    expect(parsePath('$.data.items[0].id')).toEqual(['data', 'items', '0', 'id']);
    expect(parsePath('data["unit.price"].eur')).toEqual(['data', 'unit.price', 'eur']);
    expect(parsePath("data['it is'][2]")).toEqual(['data', 'it is', '2']);
    expect(parsePath('$')).toEqual([]);
    const o: CallOutcome = { ok: true, data: { 'unit.price': { eur: 3 } }, durationMs: 1 };
    expect(resolvePath(o, 'data["unit.price"].eur')).toMatchObject({ value: 3, segs: ['data', 'unit.price', 'eur'] });
    expect(evaluateAssertion({ path: 'data["unit.price"].eur', equals: 4 }, o).differences).toEqual([{ path: 'data.unit.price.eur', recorded: 4, replayed: 3, why: 'it differs' }]);
  });
});

describe('a path picked in a result', () => {
  it('is written from the outcome, odd keys quoted, and finds the value it was picked from', async () => {
    const { checkPathOf, draftOfPick, assertionOf } = await import('../src-renderer/src/components/authoring/assertion-drafts');
    const o: CallOutcome = { ok: true, data: { items: [{ 'unit price': 3, 'a.b': { 'say "hi"': 1 } }], text: 'x' }, durationMs: 1 };
    expect(checkPathOf('data', ['items', 0, 'unit price'])).toBe('data.items.0["unit price"]');
    expect(checkPathOf('data', ['items', 0, 'a.b', 'say "hi"'])).toBe(`data.items.0["a.b"]['say "hi"']`);
    expect(checkPathOf('data', ['text'])).toBe('data.text');
    for (const [segs, value] of [[['items', 0, 'unit price'], 3], [['items', 0, 'a.b', 'say "hi"'], 1], [['text'], 'x']] as const) {
      const made = assertionOf(draftOfPick(checkPathOf('data', [...segs]), value));
      expect('assertion' in made && evaluateAssertion(made.assertion, o).pass).toBe(true);
    }
    const fromText: CallOutcome = { ok: true, text: '{"rows": [{"n": "7"}]}', durationMs: 1 };
    const made = assertionOf(draftOfPick(checkPathOf('text', ['rows', 0, 'n']), '7'));
    expect(made).toEqual({ assertion: { path: 'text.rows.0.n', equals: '7' } });
    expect('assertion' in made && evaluateAssertion(made.assertion, fromText).pass).toBe(true);
  });
});
