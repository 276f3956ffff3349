import { openHomeStores } from '../src-main/runtime/stores';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { runCollection } from '../src-main/qa/collection-runner';
import {
  collectionsDir,
  listCollections,
  loadCollection,
  saveCollection,
  saveRequest,
  secretStatus,
  secretValues,
  setSecretVariable,
} from '../src-main/qa/collections';
import { cli } from './cli-run';
import { allFiles, EXAMPLES } from './helpers';

const SECRET = 'tok3nvalue9876';

/** A copy of the greeter app with a "smoke" collection in its own folder: two requests, one using a secret. */
function greeterWithCollection(cleanup: Cleanup): { skill: string; dir: string; home: string } {
  const skill = path.join(cleanup.tempDir(), 'greeter-app');
  fs.cpSync(path.join(EXAMPLES, 'greeter-app'), skill, { recursive: true });
  const dir = path.join(collectionsDir(skill), 'smoke');
  const home = cleanup.tempDir();
  saveRequest(dir, {
    name: 'greet',
    tool: 'greet someone',
    args: { name: '{{who}}', age: '{{age}}' },
    assertions: [{ is_error: false }, { equals: 'Hello {{who}}, 36 years young!', path: 'data.message' }],
  });
  saveRequest(dir, {
    name: 'hello secret',
    tool: 'greet someone',
    args: { name: '{{apiKey}}' },
    assertions: [{ path: 'data.message', equals: 'Hello {{apiKey}}!' }],
  });
  saveRequest(dir, {
    name: 'stats',
    tool: 'word stats',
    args: { text: 'token {{who}} here' },
    assertions: [{ path: 'data.words.0', equals: 'token' }, { contains: 'here' }, { path: 'data.counts.here' }, { path: 'data.nope', exists: false }],
  });
  const c = loadCollection(dir);
  saveCollection(dir, { ...c, environments: { staging: { who: 'Bob', age: 36 }, dev: { who: 'Ada', age: 36 } } });
  setSecretVariable(openHomeStores(home).secrets, dir, 'dev', 'apiKey', SECRET);
  return { skill, dir, home };
}

describe('saved requests and collections', () => {
  it('writes plain, stable JSON a team can keep in git', ({ cleanup }) => {
    const { skill, dir } = greeterWithCollection(cleanup);
    expect(fs.readFileSync(path.join(dir, 'collection.json'), 'utf8')).toBe(
      [
        '{',
        '  "name": "smoke",',
        '  "environments": {',
        '    "dev": {',
        '      "age": 36,',
        '      "who": "Ada"',
        '    },',
        '    "staging": {',
        '      "age": 36,',
        '      "who": "Bob"',
        '    }',
        '  },',
        '  "secrets": [',
        '    "apiKey"',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
    const greet = fs.readFileSync(path.join(dir, 'greet.json'), 'utf8');
    expect(greet).toBe(
      '{\n  "name": "greet",\n  "tool": "greet someone",\n  "args": {\n    "age": "{{age}}",\n    "name": "{{who}}"\n  },\n' +
        '  "assertions": [\n    {\n      "is_error": false\n    },\n    {\n      "path": "data.message",\n      "equals": "Hello {{who}}, 36 years young!"\n    }\n  ]\n}\n',
    );
    // Saving the same request again changes nothing.
    saveRequest(dir, loadCollection(dir).requests.find((r) => r.name === 'greet')!);
    expect(fs.readFileSync(path.join(dir, 'greet.json'), 'utf8')).toBe(greet);
    expect(listCollections(skill)).toEqual([{ name: 'smoke', dir, requests: 3, environments: ['dev', 'staging'], secrets: ['apiKey'] }]);
  });

  it('runs with --env: variables keep their JSON type, the secret is filled in, every assertion passes', async ({ cleanup }) => {
    const { dir, home } = greeterWithCollection(cleanup);
    const junit = path.join(cleanup.tempDir(), 'junit.xml');
    const r = await cli(['run', dir, '--env', 'dev', '--junit', junit], { home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^✓ greet \(greet someone, \d+ ms\)$/m);
    expect(r.stdout).toMatch(/^✓ hello secret \(greet someone, \d+ ms\)$/m);
    expect(r.stdout).toMatch(/^✓ stats \(word stats, \d+ ms\)$/m);
    expect(r.stdout).toMatch(/smoke \(dev\) on greeter-app: all 3 requests passed/);
    const xml = fs.readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuite name="smoke \(dev\)" tests="3" failures="0"/);

    // A result that uses the secret as a key, too.
    saveRequest(dir, { name: 'secret as key', tool: 'word stats', args: { text: '{{apiKey}}' }, assertions: [{ path: 'data.longest', exists: true }] });
    const report = await runCollection(dir, { env: 'dev', home });
    expect(report.results.map((x) => [x.name, x.pass])).toEqual([['greet', true], ['hello secret', true], ['secret as key', true], ['stats', true]]);
    expect(report.results[0].outcome.data).toEqual({ message: 'Hello Ada, 36 years young!' });
    // The report never holds the secret: args as saved, the outcome and messages scrubbed.
    expect(JSON.stringify(report)).not.toContain(SECRET);
    expect(report.results[1].args).toEqual({ name: '{{apiKey}}' });
    expect(report.results[1].outcome.data).toEqual({ message: 'Hello ••••!' });
    expect(report.results[1].assertions[0].message).toBe('data.message equals "Hello ••••!".');
  });

  it('keeps the secret value out of the collection folder and every file but the encrypted store', async ({ cleanup }) => {
    const { skill, dir, home } = greeterWithCollection(cleanup);
    expect((await cli(['run', dir, '--env', 'dev'], { home })).code).toBe(0);
    const plain = (f: string) => fs.readFileSync(f).includes(SECRET);
    expect(allFiles(skill).filter(plain)).toEqual([]);
    expect(allFiles(home).filter(plain)).toEqual([]);
    // It is there, encrypted, and readable through the store only.
    const secrets = fs.readFileSync(path.join(home, 'secrets.json'), 'utf8');
    expect(secrets).toContain('dev:apiKey');
    expect(secretValues(openHomeStores(home).secrets, dir, 'dev', ['apiKey'])).toEqual({ apiKey: SECRET });
    expect(secretStatus(openHomeStores(home).secrets, dir)).toEqual({ dev: { apiKey: true }, staging: { apiKey: false } });
  });

  it('a failing assertion: exit 1, and what was expected and what came, in plain words', async ({ cleanup }) => {
    const { dir, home } = greeterWithCollection(cleanup);
    saveRequest(dir, { name: 'wrong', tool: 'greet someone', args: { name: '{{who}}' }, assertions: [{ path: 'data.message', equals: 'Hello Zed!' }, { is_error: true }] });
    const junit = path.join(cleanup.tempDir(), 'junit.xml');
    const r = await cli(['run', dir, '--env', 'dev', '--junit', junit], { home });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^✗ wrong \(greet someone, \d+ ms\)$/m);
    expect(r.stdout).toContain('    data.message should equal "Hello Zed!", but it is "Hello Ada!".');
    expect(r.stdout).toContain('    The call should have failed, but it succeeded.');
    expect(r.stdout).toMatch(/3 of 4 requests passed; 1 failed/);
    expect(fs.readFileSync(junit, 'utf8')).toMatch(/tests="4" failures="1"/);
  });

  it('runs a collection kept in any folder, in its "order", against the skill it names', async ({ cleanup }) => {
    const root = cleanup.tempDir();
    fs.cpSync(path.join(EXAMPLES, 'gas-estimator'), path.join(root, 'gas'), { recursive: true });
    const dir = path.join(root, 'qa', 'gas-smoke');
    saveCollection(dir, { name: 'gas smoke', skill: '../../gas', order: ['refused'], environments: { ci: { price: 30 } }, secrets: [] });
    saveRequest(dir, { name: 'swap', tool: 'estimate_gas_cost', args: { operation: 'swap', gas_price_gwei: '{{price}}' }, assertions: [{ path: 'data.gas_limit', equals: 150000 }, { path: '$.data.cost_usd', equals: 13.5 }] });
    saveRequest(dir, { name: 'refused', tool: 'estimate_gas_cost', args: { operation: 'swap' }, timeoutMs: 5000, assertions: [{ is_error: true }, { matches: 'gas_price_gwei is required' }] });
    const r = await cli(['run', path.join(dir, 'collection.json'), '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ env: 'ci', passed: 2, failed: 0, skill: { name: 'gas-estimator', protocol: 'jsonrpc' } });
    expect(report.results.map((x: { name: string }) => x.name)).toEqual(['refused', 'swap']);
  });

  it('runs a collection kept apart from any skill with the skill given (--skill), and says how when none is', async ({ cleanup }) => {
    const root = cleanup.tempDir();
    fs.cpSync(path.join(EXAMPLES, 'gas-estimator'), path.join(root, 'gas'), { recursive: true });
    const dir = path.join(root, 'qa', 'loose');
    saveCollection(dir, { name: 'loose', environments: {}, secrets: [] });
    saveRequest(dir, { name: 'swap', tool: 'estimate_gas_cost', args: { operation: 'swap', gas_price_gwei: 30 }, assertions: [{ path: 'gas_limit', equals: 150000 }] });
    const given = await cli(['run', dir, '--skill', path.join(root, 'gas')]);
    expect(given.code, given.stderr).toBe(0);
    expect(given.stdout).toContain('loose on gas-estimator: the request passed.');
    const none = await cli(['run', dir]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('say which skill it runs with "skill" in collection.json, or give one (--skill PATH)');
  });

  it('cannot run (exit 2) with an unknown variable, a secret with no value, or no environment chosen', async ({ cleanup }) => {
    const { dir, home } = greeterWithCollection(cleanup);
    const several = await cli(['run', dir], { home });
    expect(several.code).toBe(2);
    expect(several.stderr).toMatch(/has several environments \(dev, staging\): choose one \(--env NAME\)/);

    const noSecret = await cli(['run', dir, '--env', 'staging'], { home });
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toMatch(/The request "hello secret" uses \{\{apiKey\}\}, a secret with no value for environment "staging" here/);
    // CI machines without a store give it in the environment.
    const ci = await cli(['run', dir, '--env', 'staging'], { home, env: { SKILLBENCH_SECRET_APIKEY: 'from-ci-env' } });
    expect(ci.code).toBe(0);

    saveRequest(dir, { name: 'typo', tool: 'greet someone', args: { name: 'Hi {{whom}}' }, assertions: [] });
    const typo = await cli(['run', dir, '--env', 'dev'], { home });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('The request "typo" uses {{whom}}, but environment "dev" has no variable "whom" (its variables: age, who; secrets: apiKey).');
    expect(typo.stdout).toBe(''); // nothing ran

    const unknownEnv = await cli(['run', dir, '--env', 'prod'], { home });
    expect(unknownEnv.stderr).toMatch(/has no environment "prod" \(it has dev, staging\)/);
  });

  it('refuses malformed requests with the file and the reason', ({ cleanup }) => {
    const { dir } = greeterWithCollection(cleanup);
    expect(() => saveRequest(dir, { name: 'x', tool: 't', args: {}, assertions: [{ equals: 1, contains: 'a' }] })).toThrow(/assertion 1: an assertion checks one thing/);
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"name": "b", "tool": "t", "assertions": [{"equal": 1}]}');
    expect(() => loadCollection(dir)).toThrow(/broken\.json is not a usable request: assertion 1: an assertion has no "equal"/);
  });
});
