/**
 * Replays and collections split over shards and merged back: the unit list, the partition (every unit on
 * exactly one shard, round-robin and by timing), the same verdicts sharded as not, a JUnit file a JUnit
 * schema accepts, the merged HTML report, the errors that name a missing or duplicated unit, a home per
 * shard, and the CI workflow `ci init` writes. Runs in process against the gas estimator example.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { qaHome } from '../src-main/cli/qa-home';
import type { CommandContext } from '../src-main/cli/context';
import { timingsOf } from '../src-main/qa/junit-timings';
import { parseShard, planShards } from '../src-main/qa/shard';
import { listUnits } from '../src-main/qa/units';
import { saveCollection, saveRequest } from '../src-main/qa/collections';
import { cli } from './cli-run';
import { FIXTURES, tempDir } from './helpers';
import { copyRecordings, gasCollections, qaRepo, SECRET_ENV, type Merged, type QaRepo } from './qa-repo';
import { scaled } from './machine-factor';

const XSD = path.join(FIXTURES, 'junit', 'junit.xsd');

let repo: QaRepo;
const made: string[] = [];
const dir = (name: string) => path.join(repo.root, name);

beforeAll(async () => {
  const root = tempDir('skillbench-shards-');
  const home = tempDir('skillbench-shards-home-');
  made.push(root, home);
  repo = await qaRepo(root, home);
  copyRecordings(repo, 5, (k) => k === 3);
  gasCollections(repo);
  // Only listed, never run: a placeholder nothing defines, so only an earlier request could set it.
  const chained = dir('listed-only/chained');
  saveCollection(chained, { name: 'chained', skill: '../../gas', environments: { ci: {} }, secrets: [] });
  saveRequest(chained, { name: 'a', tool: 'estimate_gas_cost', args: {}, assertions: [] });
  saveRequest(chained, { name: 'b', tool: 'estimate_gas_cost', args: { operation: '{{fromA}}' }, assertions: [] });
}, scaled(30_000));

afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

const run = (args: string[], env: Record<string, string> = {}) => cli(args, { home: repo.home, cwd: repo.root, env: { ...SECRET_ENV, ...env } });

async function json<T>(args: string[]): Promise<T> {
  const r = await run([...args, '--json']);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as T;
}

/** The XML schema check of a JUnit file, by xmllint (Debian's libxml2-utils). */
function schemaCheck(file: string): void {
  execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
}
const hasXmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

describe('the unit list', () => {
  it('a recording is a unit, a request is a unit, a sequential or chained collection is one unit; sorted, relative ids', () => {
    const recs = listUnits('replay', ['recordings'], repo.root);
    expect(recs.map((u) => u.id)).toEqual(['recordings/base.jsonl', ...[0, 1, 2, 3, 4].map((k) => `recordings/batch-0/session-000${k}.jsonl`)]);
    const cols = listUnits('run', ['collections', 'listed-only'], repo.root);
    expect(cols.map((u) => [u.id, u.kind])).toEqual([
      ['collections/split#secret op', 'request'],
      ['collections/split#swap', 'request'],
      ['collections/split#wrong', 'request'],
      ['collections/steps', 'collection'],
      ['listed-only/chained', 'collection'],
    ]);
    expect(cols.filter((u) => u.kind === 'collection').map((u) => (u.kind === 'collection' ? u.why : ''))).toEqual(['sequential', 'shared variables']);
    // The same list whatever the order the paths are given in, and a path given twice counts once.
    expect(listUnits('run', ['listed-only', 'collections', 'collections/split'], repo.root)).toEqual(cols);
  });

  it('shards partition it: their union is the whole, with no overlap, round-robin and by timing, the same plan every time', () => {
    for (const count of [0, 1, 2, 7, 50]) {
      const ids = Array.from({ length: count }, (_, k) => `u${String(k).padStart(3, '0')}`);
      // Timings for most units (not all: the rest count at the median), some tied.
      const timings = new Map(ids.filter((_, k) => k % 5 !== 4).map((id, k) => [id, 1 + ((k * 37) % 11)]));
      for (const total of [1, 2, 3, 4, 6]) {
        for (const t of [undefined, timings]) {
          const plan = planShards(ids, total, t);
          expect(planShards(ids, total, t)).toEqual(plan);
          const shards = Array.from({ length: total }, (_, s) => ids.filter((_, k) => plan[k] === s + 1));
          expect(shards.flat().sort()).toEqual(ids);
          expect(new Set(shards.flat()).size).toBe(ids.length);
          if (!t) expect(Math.max(...shards.map((s) => s.length)) - Math.min(...shards.map((s) => s.length))).toBeLessThanOrEqual(1);
          else if (count) {
            // Longest first onto the least loaded: no shard ends more than the heaviest unit above the mean.
            const w = (id: string) => t.get(id) ?? 6;
            const loads = shards.map((s) => s.reduce((a, id) => a + w(id), 0));
            expect(Math.max(...loads)).toBeLessThanOrEqual(loads.reduce((a, b) => a + b, 0) / total + Math.max(...ids.map(w)));
          }
        }
      }
    }
    expect(() => parseShard('0/3')).toThrow(/between 1 and 3/);
    expect(() => parseShard('2')).toThrow(/takes i\/n/);
  });

  it('--list prints each shard its units without running them; together they are the unsharded list', async () => {
    const whole = await json<{ units: { id: string }[]; of: number }>(['run', 'collections', 'listed-only', '--list']);
    const parts: string[] = [];
    for (const i of [1, 2, 3]) parts.push(...(await json<{ units: { id: string }[] }>(['run', 'collections', 'listed-only', '--list', '--shard', `${i}/3`])).units.map((u) => u.id));
    expect(parts.sort()).toEqual(whole.units.map((u) => u.id));
    const text = await run(['replay', 'recordings', '--list', '--shard', '2/4']);
    expect(text.stdout.trim().split('\n')).toEqual(['recordings/batch-0/session-0000.jsonl', 'recordings/batch-0/session-0004.jsonl']);
  });
});


describe('sharded and merged', () => {
  it('three shards give the verdicts and counts of one unsharded run; JUnit passes the schema; one HTML report with a shard column', async () => {
    const whole = dir('blobs-1');
    expect((await run(['replay', 'recordings', '--blob', whole])).code).toBe(1);
    expect((await run(['run', 'collections', '--blob', whole])).code).toBe(1);
    const one = await json<Merged>(['merge-reports', whole]);

    const sharded = dir('blobs-3');
    for (const i of [1, 2, 3]) {
      const junit = dir(`shard-${i}.xml`);
      const r = await run(['replay', 'recordings', '--shard', `${i}/3`, '--blob', sharded, '--junit', junit]);
      expect(r.stdout).toContain(`Shard ${i}/3: 2 units (of 6)`);
      expect(r.stdout).toContain(`Wrote the blob to ${path.join(sharded, `replay-shard-${i}-of-3.blob.jsonl`)}`);
      if (hasXmllint) schemaCheck(junit);
      await run(['run', 'collections', '--shard', `${i}/3`, '--blob', sharded]);
    }
    const junit = dir('all.xml');
    const html = dir('report.html');
    const three = await json<Merged>(['merge-reports', sharded, '--junit', junit, '--html', html]);

    const counts = (m: Merged) => ({ units: m.units, passed: m.passed, failed: m.failed, errors: m.errors, cases: m.cases, failedCases: m.failedCases, exitCode: m.exitCode });
    expect(counts(one)).toEqual({ units: 10, passed: 8, failed: 2, errors: 0, cases: 17, failedCases: 2, exitCode: 1 });
    expect(counts(three)).toEqual(counts(one));
    const verdicts = (m: Merged) => Object.fromEntries(m.results.map((r) => [r.id, r.status]));
    expect(verdicts(three)).toEqual(verdicts(one));
    expect(verdicts(one)).toMatchObject({ 'recordings/batch-0/session-0003.jsonl': 'fail', 'collections/split#wrong': 'fail', 'collections/split#secret op': 'pass', 'collections/steps': 'pass' });
    expect(new Set(three.results.map((r) => r.shard))).toEqual(new Set(['1/3', '2/3', '3/3']));

    const xml = fs.readFileSync(junit, 'utf8');
    if (hasXmllint) schemaCheck(junit);
    else console.warn('xmllint is not installed (apt-get install libxml2-utils): the JUnit schema check was not made');
    expect(xml).toMatch(/<testsuites tests="17" failures="2" errors="0"/);
    expect(xml).toContain('<property name="skillbench.shard" value="');
    // The merged file balances the next run: every unit has a time in it.
    expect([...timingsOf(xml).keys()].sort()).toEqual(three.results.map((r) => r.id).sort());
    const byTiming = await json<{ units: { id: string }[] }>(['replay', 'recordings', '--list', '--shard', '1/2', '--shard-by-timing', junit]);
    const other = await json<{ units: { id: string }[] }>(['replay', 'recordings', '--list', '--shard', '2/2', '--shard-by-timing', junit]);
    expect([...byTiming.units, ...other.units].map((u) => u.id).sort()).toEqual(listUnits('replay', ['recordings'], repo.root).map((u) => u.id));

    const page = fs.readFileSync(html, 'utf8');
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(page).not.toMatch(/<script|<link|src=|href=/i);
    expect(page).toContain('<th>Shard</th>');
    expect(page.match(/<td class="shard">\d\/3<\/td>/g)).toHaveLength(10 + 6); // a row per unit, and per shard blob
    expect(page).toMatch(/<tr class="failed"><td><code>collections\/split#wrong<\/code>/);
    expect(page).toContain('data.gas_limit: 150001 -&gt; 150000 (it differs)');

    // A blob missing, or one twice: errors that name the units, and nothing merged.
    const partial = dir('blobs-partial');
    fs.cpSync(sharded, partial, { recursive: true });
    fs.rmSync(path.join(partial, 'replay-shard-2-of-3.blob.jsonl'));
    const missing = await run(['merge-reports', partial, '--junit', dir('never.xml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('unit recordings/batch-0/session-0000.jsonl is missing (no blob has it; blobs of shards 1/3, 3/3 were found)');
    expect(fs.existsSync(dir('never.xml'))).toBe(false);
    const twice = await run(['merge-reports', sharded, path.join(partial, 'run-shard-1-of-3.blob.jsonl')]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/unit collections\/split#secret op is in two blobs \(shard 1\/3 and shard 1\/3\)/);
  });
});

describe('a home per shard', () => {
  const ctx = (env: NodeJS.ProcessEnv): CommandContext & { ends: (() => void)[] } => {
    const ends: (() => void)[] = [];
    return { env, cwd: os.tmpdir(), stdin: process.stdin, stderr: process.stderr, atEnd: (fn) => ends.push(fn), ends };
  };

  it('a shard or a CI run gets a fresh home (removed after), or its own folder of SKILLBENCH_HOME; others keep SKILLBENCH_HOME', () => {
    const c = ctx({ CI: 'true' });
    const ci = qaHome(c);
    expect(path.basename(ci)).toMatch(/^skillbench-ci-/);
    expect(fs.existsSync(ci)).toBe(true);
    const s = ctx({});
    const shard = qaHome(s, { index: 2, total: 4 });
    expect(path.basename(shard)).toMatch(/^skillbench-shard-2-of-4-/);
    for (const x of [c, s]) for (const fn of x.ends) fn();
    expect(fs.existsSync(ci) || fs.existsSync(shard)).toBe(false);
    expect(qaHome(ctx({ SKILLBENCH_HOME: '/tmp/h', CI: 'true' }))).toBe(path.resolve('/tmp/h'));
    expect(qaHome(ctx({ SKILLBENCH_HOME: '/tmp/h' }), { index: 2, total: 4 })).toBe(path.resolve('/tmp/h/shards/2-of-4'));
    expect(qaHome(ctx({ SKILLBENCH_HOME: '/tmp/h', CI: 'false' }))).toBe(path.resolve('/tmp/h'));
  });
});

describe('skillbench ci init', () => {
  it('writes a matrix workflow with a merge job (valid YAML), and will not overwrite it without --force', async () => {
    const file = path.join(repo.root, '.github', 'workflows', 'skillbench.yml');
    // The repository keeps them in recordings/ and collections/, not in the default qa/ folders: it must be told.
    const unnamed = await run(['ci', 'init', '--shards', '3']);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain('has neither qa/recordings nor qa/collections');
    const named = await run(['ci', 'init', '--shards', '3', '--recordings', 'recordings', '--collections', 'collections']);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain(`Wrote ${file}: 3 shards, replaying recordings, running collections, one merged report.`);
    // The repository does not list the workbench yet: the shards would stop at `npx skillbench`, and it says so.
    expect(named.stderr).toContain('does not list the skill-workbench package');
    type Workflow = { jobs: Record<string, { strategy?: { matrix: { shard: number[] } }; needs?: string; steps: { run?: string; uses?: string; with?: Record<string, unknown> }[] }> };
    const again = YAML.parse(fs.readFileSync(file, 'utf8'), { prettyErrors: true }) as Workflow;
    expect(again.jobs.shard.strategy!.matrix.shard).toEqual([1, 2, 3]);
    expect(again.jobs.shard.steps.map((s) => s.run).filter(Boolean)).toEqual([
      'npm ci',
      'npx skillbench replay recordings --shard ${{ matrix.shard }}/3 --blob skillbench-blobs',
      'npx skillbench run collections --shard ${{ matrix.shard }}/3 --blob skillbench-blobs',
    ]);
    expect(again.jobs.shard.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))?.with).toMatchObject({ name: 'skillbench-blob-${{ matrix.shard }}', path: 'skillbench-blobs/' });
    expect(again.jobs.merge.needs).toBe('shard');
    expect(again.jobs.merge.steps.find((s) => s.uses?.startsWith('actions/download-artifact'))?.with).toMatchObject({ pattern: 'skillbench-blob-*', 'merge-multiple': true });
    expect(again.jobs.merge.steps.map((s) => s.run).filter(Boolean)).toContain('npx skillbench merge-reports skillbench-blobs --junit skillbench.xml --html skillbench.html');

    const before = fs.readFileSync(file, 'utf8');
    const refused = await run(['ci', 'init', '--shards', '5', '--recordings', 'recordings']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('exists already; --force replaces it');
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect((await run(['ci', 'init', '--shards', '0'])).stderr).toMatch(/--shards takes a whole number/);
  });
});
