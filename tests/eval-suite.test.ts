/**
 * Eval suites as files (YAML and JSON, good and bad, each mistake said with its line) and the rules a run is
 * checked by: arguments partial or exact, in order or any order, forbidden tools, the answer's text or pattern.
 * In process and quick: no skill and no model here (eval-run.test.ts runs them).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRun, type RunTrace } from '../src-main/qa/eval-match';
import { parseEvalSuite, type EvalExpect } from '../src-main/qa/eval-suite';

const AT = path.join('/work', 'repo', 'qa', 'evals', 'prices.yaml');

const GOOD = `skill: ../../price-alerts          # relative to the suite file
skillName: Price alerts
cases:
  - name: looks up a price
    prompt: "what is BTC doing?"
    expect:
      tools: [{name: get_price, arguments: {symbol: BTC}}]
      forbid: [purge_notes]
      answer: {contains: "BTC"}
    runs: 3
    passRate: 0.66
  - name: two turns
    turns: ["remember BTC", "and now?"]
    expect:
      exact: true
      anyOrder: true
      tools: [{name: a}, {name: b, arguments: {}, exact: false}]
      answer: {matches: "^ok", ignoreCase: true}
`;

function bad(text: string, file = AT): string {
  try {
    parseEvalSuite(text, file);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the suite was accepted');
}

describe('an eval suite file', () => {
  it('reads the issue\'s format in YAML, defaults filled in, the skill relative to the suite', () => {
    const s = parseEvalSuite(GOOD, AT);
    expect(s).toMatchObject({ name: 'prices', skillPath: path.join('/work', 'repo', 'price-alerts'), skillName: 'Price alerts', models: [] });
    expect(s.cases[0]).toEqual({
      name: 'looks up a price',
      turns: ['what is BTC doing?'],
      expect: { tools: [{ name: 'get_price', arguments: { symbol: 'BTC' }, exact: false }], anyOrder: false, forbid: ['purge_notes'], answer: { contains: ['BTC'] } },
      runs: 3,
      passRate: 0.66,
    });
    expect(s.cases[1]).toMatchObject({ turns: ['remember BTC', 'and now?'], runs: 1, passRate: 1 });
    expect(s.cases[1].expect).toMatchObject({ anyOrder: true, tools: [{ name: 'a', exact: true }, { name: 'b', arguments: {}, exact: false }], answer: { matches: '^ok', ignoreCase: true } });
  });

  it('reads JSON, a models list, and finds the skill a suite in .skillbench/evals/ belongs to', () => {
    const file = path.join('/work', 'skill', '.skillbench', 'evals', 'smoke.json');
    const s = parseEvalSuite(JSON.stringify({ models: ['gpt-4o-mini', { model: 'claude', provider: 'anthropic' }], runs: 2, cases: [{ name: 'x', prompt: 'hi' }] }), file);
    expect(s).toMatchObject({ name: 'smoke', skillPath: path.join('/work', 'skill'), models: [{ provider: 'openai', model: 'gpt-4o-mini' }, { provider: 'anthropic', model: 'claude' }] });
    expect(s.cases[0]).toMatchObject({ runs: 2, passRate: 1, expect: { tools: [], forbid: [] } });
    expect(parseEvalSuite('cases: [{name: x, prompt: hi}]', AT).skillPath).toBeUndefined();
  });

  it('says what is wrong, where, in plain words', () => {
    expect(bad('cases:\n  - name: a\n    prompt: [1]\n')).toBe(`${AT}, line 3: case "a": prompt must be text (got a list)`);
    expect(bad('cases:\n  - name: a\n    prompt: hi\n    expected:\n      tools: []\n')).toBe(`${AT}, line 4: case "a" has a field this format does not know: "expected" (a typo?)`);
    expect(bad('cases:\n  - name: a\n    prompt: hi\n    turns: [hi]\n')).toBe(`${AT}, line 2: case "a" needs a prompt or turns (one of them)`);
    expect(bad('cases:\n  - name: a\n    prompt: hi\n    passRate: 1.5\n')).toBe(`${AT}, line 4: case "a": passRate must be at most 1`);
    expect(bad('cases:\n  - name: a\n    prompt: hi\n    expect:\n      answer: {matches: "("}\n')).toMatch(/line 5: case "a": expect\.answer\.matches must be a valid regular expression$/);
    expect(bad('cases:\n  - name: a\n    prompt: hi\n    expect:\n      tools:\n        - name: t\n          arguments: [1]\n')).toMatch(/line 7: case "a": expect\.tools\[0\]\.arguments must be an object of arguments$/);
    expect(bad('cases:\n  - {name: a, prompt: hi}\n  - {name: a, prompt: ho}\n')).toBe(`${AT}, line 3: two cases are named "a": give each its own name.`);
    expect(bad('cases: []\n')).toMatch(/line 1: cases must list at least 1$/);
    expect(bad('skill: x\n')).toBe(`${AT}, line 1: cases is missing: it must be a list`);
    expect(bad('cases:\n  - name: a\n   prompt: hi\n')).toBe(`${AT}, line 3: this is not valid YAML: Sequence item without - indicator.`);
    expect(bad('{"cases": [\n}', path.join('/x', 's.json'))).toMatch(/^\/x\/s\.json, line 2: this is not valid JSON/);
    expect(bad('models: [{name: m}]\ncases: [{name: a, prompt: hi}]\n')).toMatch(/line 1: models\[0\] must be a model's name, or a mapping with "model"/);
    expect(bad('- a\n- b\n')).toMatch(/an eval suite is a mapping with a "cases" list/);
  });
});

const expectOf = (e: Partial<EvalExpect>): EvalExpect => ({ tools: [], anyOrder: false, forbid: [], ...e });
const trace = (calls: [string, unknown][], answer = 'ok'): RunTrace => ({ toolCalls: calls.map(([tool, a]) => ({ tool, arguments: a, ok: true })), answer });
const passes = (e: Partial<EvalExpect>, t: RunTrace) => checkRun(expectOf(e), t).every((c) => c.pass);

describe('the checks of a run', () => {
  it('arguments match partially by default, exactly where the case says, nested objects included', () => {
    const t = trace([['get_price', { symbol: 'BTC', currency: 'USD', opts: { live: true, depth: 2 } }]]);
    expect(passes({ tools: [{ name: 'get_price', arguments: { symbol: 'BTC', opts: { live: true } }, exact: false }] }, t)).toBe(true);
    expect(passes({ tools: [{ name: 'get_price', exact: false }] }, t)).toBe(true);
    expect(passes({ tools: [{ name: 'get_price', arguments: { symbol: 'BTC' }, exact: true }] }, t)).toBe(false);
    const [miss] = checkRun(expectOf({ tools: [{ name: 'get_price', arguments: { symbol: 'ETH', opts: { depth: 3 } }, exact: false }] }), t);
    expect(miss).toMatchObject({ pass: false, expected: 'get_price {"symbol":"ETH","opts":{"depth":3}}', message: expect.stringMatching(/^it was called with \{"symbol":"BTC"/) });
    expect(miss.differences?.map((d) => [d.path, d.recorded, d.replayed])).toEqual([
      ['arguments.symbol', 'ETH', 'BTC'],
      ['arguments.opts.depth', 3, 2],
    ]);
    const [extra] = checkRun(expectOf({ tools: [{ name: 'get_price', arguments: { symbol: 'BTC' }, exact: true }] }), t);
    expect(extra.differences?.map((d) => d.path)).toEqual(['arguments.currency', 'arguments.opts']);
  });

  it('in order by default (other calls may come between), any order where the case says', () => {
    const t = trace([['a', {}], ['x', {}], ['b', { n: 1 }]]);
    const ab = [{ name: 'a', exact: false }, { name: 'b', exact: false }];
    const ba = [{ name: 'b', exact: false }, { name: 'a', exact: false }];
    expect(passes({ tools: ab }, t)).toBe(true);
    const checks = checkRun(expectOf({ tools: ba }), t);
    expect(checks.map((c) => c.pass)).toEqual([true, false]);
    expect(checks[1].message).toMatch(/^it was called, but before b \(any arguments\): the case expects this order/);
    expect(passes({ tools: ba, anyOrder: true }, t)).toBe(true);
    // A maximum matching: b{n:1} must go to the second expectation, not be taken by the looser first one.
    const loose = [{ name: 'b', exact: false }, { name: 'b', arguments: { n: 1 }, exact: false }];
    expect(passes({ tools: loose, anyOrder: true }, trace([['b', { n: 1 }], ['b', { n: 2 }]]))).toBe(true);
    expect(checkRun(expectOf({ tools: [{ name: 'c', exact: false }] }), t)[0].message).toBe('it was not called (the model called a, x, b)');
    expect(checkRun(expectOf({ tools: [{ name: 'c', exact: false }] }), trace([]))[0].message).toBe('the model called no tool');
  });

  it('forbidden tools, the answer (contains, matches, any case) and a turn without an answer', () => {
    const t = trace([['purge', { all: true }]], 'BTC is at 60k');
    expect(checkRun(expectOf({ forbid: ['purge', 'other'] }), t).map((c) => [c.pass, c.message])).toEqual([
      [false, 'it was called once, with {"all":true}'],
      [true, 'it was not called'],
    ]);
    expect(passes({ answer: { contains: ['BTC', '60k'] } }, t)).toBe(true);
    expect(passes({ answer: { contains: ['btc'] } }, t)).toBe(false);
    expect(passes({ answer: { contains: ['btc'], ignoreCase: true } }, t)).toBe(true);
    expect(passes({ answer: { matches: '^BTC is at \\d+k$' } }, t)).toBe(true);
    const [no] = checkRun(expectOf({ answer: { matches: 'ETH' } }), t);
    expect(no).toMatchObject({ pass: false, expected: 'the answer matches /ETH/', message: 'the answer was "BTC is at 60k"' });
    const capped = checkRun(expectOf({}), { ...t, error: 'The model was still calling tools after 8 steps' });
    expect(capped).toEqual([{ kind: 'turn', expected: 'every turn ends with an answer', pass: false, message: 'The model was still calling tools after 8 steps' }]);
  });
});
