/**
 * The assertions a saved request can make (equals with fields left out and a numeric tolerance, contains,
 * a JSON path that equals or matches, is_error), what a failure says field by field, and that the app's
 * collection run and `skillbench run` judge a collection the same way, on a real skill.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import type { Assertion, CallOutcome, RequestResult } from '../src-main/contract';
import { checkAssertion, evaluateAssertion } from '../src-main/qa/assertions';
import { collectionsDir, loadCollection, saveRequest } from '../src-main/qa/collections';
import { Workbench } from '../src-main/workbench/workbench';
import { cli } from './cli-run';
import { EXAMPLES } from './helpers';

const GAS: CallOutcome = { ok: true, data: { gas_limit: 150000, cost_eth: 0.0045, cost_usd: 13.5, at: '2024-05-01T10:00:00Z' }, durationMs: 1 };
const check = (a: Assertion, o: CallOutcome = GAS) => evaluateAssertion(a, o);

describe('assertion kinds', () => {
  it('equals the whole result, with fields left out (dotted from the result or from the outcome)', () => {
    const want = { gas_limit: 150000, cost_eth: 0.0045, cost_usd: 13.5, at: 'yesterday' };
    const exact = check({ equals: want });
    expect(exact.pass).toBe(false);
    expect(exact.at).toBe('data');
    expect(exact.differences).toEqual([{ path: 'data.at', recorded: 'yesterday', replayed: '2024-05-01T10:00:00Z', why: 'it differs' }]);
    expect(exact.message).toBe('The result should equal {"gas_limit":150000,"cost_eth":0.0045,"cost_usd":13.5,"at":"yesterday"}, but data.at differs.');
    expect(check({ equals: want, ignore: ['at'] }).pass).toBe(true);
    expect(check({ equals: want, ignore: ['data.at'] })).toMatchObject({ pass: true, message: expect.stringContaining('(leaving out data.at)') });
  });

  it('equals with a numeric tolerance: absolute or relative, and by how much a number is off', () => {
    expect(check({ path: 'data.cost_usd', equals: 13.6, numeric: { abs: 0.2 } }).pass).toBe(true);
    expect(check({ path: 'data.cost_usd', equals: 14, numeric: { rel: 0.05 } }).pass).toBe(true);
    const off = check({ path: 'data.cost_usd', equals: 15, numeric: { abs: 0.5 } });
    expect(off.pass).toBe(false);
    expect(off.at).toBe('data.cost_usd');
    expect(off.differences).toEqual([{ path: 'data.cost_usd', recorded: 15, replayed: 13.5, why: 'it differs by 1.5, more than the allowed 0.5' }]);
    expect(off.message).toBe('data.cost_usd should equal 15 (numbers within 0.5), but data.cost_usd differs: it differs by 1.5, more than the allowed 0.5.');
    // Without a tolerance numbers are exact, and a plain failure keeps its short sentence.
    expect(check({ path: 'data.cost_usd', equals: 13.6 }).message).toBe('data.cost_usd should equal 13.6, but it is 13.5.');
  });

  it('a JSON path that equals or matches, contains, is_error; a failure names the field', () => {
    expect(check({ path: '$.data.gas_limit', equals: 150000 }).pass).toBe(true);
    expect(check({ path: 'data.at', matches: '^\\d{4}-\\d{2}-\\d{2}T' }).pass).toBe(true);
    const nomatch = check({ path: 'data.at', matches: '^yesterday$' });
    expect(nomatch).toMatchObject({ pass: false, at: 'data.at', differences: [{ path: 'data.at', recorded: '/^yesterday$/', replayed: '2024-05-01T10:00:00Z' }] });
    expect(check({ contains: 'cost_usd' }).pass).toBe(true);
    expect(check({ contains: 'nope' })).toMatchObject({ pass: false, at: 'data' });
    expect(check({ is_error: false }).pass).toBe(true);
    const failed: CallOutcome = { ok: false, error: { code: 'TOOL', message: 'Unknown operation: None' }, durationMs: 1 };
    expect(check({ is_error: true }, failed).pass).toBe(true);
    expect(check({ path: 'error.message', matches: 'Unknown operation' }, failed).pass).toBe(true);
    const missing = check({ path: 'data.nope', equals: 1 });
    expect(missing).toMatchObject({ pass: false, differences: [{ path: 'data.nope', recorded: 1, why: 'there is nothing there' }] });
  });

  it('refuses what cannot be checked, in plain words', () => {
    expect(checkAssertion({ contains: 'a', ignore: ['x'] })).toBe('"ignore" and "numeric" go with "equals"');
    expect(checkAssertion({ equals: 1, numeric: { abs: -1 } })).toBe('"numeric.abs" must be a number of at least 0');
    expect(checkAssertion({ equals: 1, ignore: 'x' })).toBe('"ignore" must be a list of paths such as "data.timestamp"');
    expect(checkAssertion({ equals: 1, ignore: ['data.at'], numeric: { rel: 0.1 } })).toBeNull();
  });
});

describe('a collection with every kind, run in the app and by skillbench run', () => {
  function gasCollection(cleanup: Cleanup): { root: string; skill: string; dir: string } {
    const root = cleanup.tempDir();
    const skill = path.join(root, 'gas-estimator');
    fs.cpSync(path.join(EXAMPLES, 'gas-estimator'), skill, { recursive: true });
    const dir = path.join(collectionsDir(skill), 'kinds');
    saveRequest(dir, {
      name: 'swap passes',
      tool: 'estimate_gas_cost',
      args: { operation: 'swap', gas_price_gwei: 30 },
      assertions: [
        { is_error: false },
        { equals: { gas_limit: 150000, cost_eth: 0.0045, cost_usd: 99 }, ignore: ['cost_usd'] },
        { path: 'data.cost_usd', equals: 13.4, numeric: { abs: 0.2 } },
        { path: 'data.gas_limit', equals: 150000 },
        { path: 'data.cost_eth', matches: '^0\\.004' },
        { contains: 'gas_limit' },
      ],
    });
    saveRequest(dir, {
      name: 'swap fails',
      tool: 'estimate_gas_cost',
      args: { operation: 'swap', gas_price_gwei: 30 },
      assertions: [
        { equals: { gas_limit: 160000, cost_eth: 0.0045, cost_usd: 14 }, numeric: { rel: 0.01 } },
        { path: 'data.gas_limit', matches: '^16' },
        { is_error: true },
      ],
    });
    saveRequest(dir, { name: 'refused', tool: 'estimate_gas_cost', args: { operation: 'swap' }, assertions: [{ is_error: true }, { path: 'error.message', contains: 'gas_price_gwei' }] });
    // The saved file keeps the new fields, in a stable order.
    const saved = JSON.parse(fs.readFileSync(path.join(dir, 'swap-passes.json'), 'utf8'));
    expect(saved.assertions[1]).toEqual({ equals: { cost_eth: 0.0045, cost_usd: 99, gas_limit: 150000 }, ignore: ['cost_usd'] });
    expect(loadCollection(dir).requests).toHaveLength(3);
    return { root, skill, dir };
  }

  const verdicts = (results: RequestResult[]) =>
    results.map((r) => ({ name: r.name, pass: r.pass, checks: r.assertions.map((a) => [a.pass, a.at ?? null, (a.differences ?? []).map((d) => d.path)]) }));

  it('the same verdicts, assertion by assertion, and the CLI lists each differing field', async ({ cleanup }) => {
    const { root, dir } = gasCollection(cleanup);
    const home = cleanup.tempDir();
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [root], namedFolders: true }));
    const id = (await wb.listSkills()).find((s) => s.name === 'gas-estimator')!.id;
    const inApp = await wb.authoring.runCollection(id, dir, null);
    expect(inApp).toMatchObject({ passed: 2, failed: 1 });
    const fails = inApp.results.find((r) => r.name === 'swap fails')!;
    // Saved files keep keys sorted, so the fields come in that order.
    expect(fails.assertions[0].differences?.map((d) => d.path)).toEqual(['data.cost_usd', 'data.gas_limit']);
    expect(fails.assertions[0].message).toBe(
      'The result should equal {"cost_eth":0.0045,"cost_usd":14,"gas_limit":160000} (numbers within 1%), but 2 fields differ: data.cost_usd, data.gas_limit.',
    );

    const json = await cli(['run', dir, '--json'], { home });
    expect(json.code).toBe(1);
    expect(verdicts(JSON.parse(json.stdout).results)).toEqual(verdicts(inApp.results));

    const text = await cli(['run', dir], { home });
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^✓ swap passes \(estimate_gas_cost, \d+ ms\)$/m);
    expect(text.stdout).toMatch(/^✗ swap fails/m);
    expect(text.stdout).toContain('      data.gas_limit: expected 160000, got 150000 (it differs by 10000, more than the allowed 1600)');
    expect(text.stdout).toContain('      data.cost_usd: expected 14, got 13.5 (it differs by 0.5, more than the allowed 0.14)');
    expect(text.stdout).toContain('    data.gas_limit should match /^16/, but it is 150000.');
    expect(text.stdout).toContain('2 of 3 requests passed; 1 failed');
  });
});
