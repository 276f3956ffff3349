/**
 * The CI recipe as written: `skillbench ci init` writes the workflow into a copy of a repository (the gas
 * estimator example with recordings and collections), and its `run:` lines are run here as a runner would
 * run them, once per matrix value, with `npx skillbench` resolving to this build through the repository's
 * node_modules/.bin, in the environment GitHub gives a job (CI=true, no SKILLBENCH_HOME). Then the merge
 * job's lines. The artifact upload and download are what moves the blobs between machines on GitHub; on one
 * machine the shards write into the same folder, which is what `merge-multiple: true` gives the merge job.
 * `act` (which runs workflows locally in containers) cannot be installed here (no network, no Docker), so
 * the steps are run as shell lines, not through a runner.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import YAML from 'yaml';
import { it } from '../cleanup-fixture';
import { cli } from '../cli-run';
import { FIXTURES, ROOT } from '../helpers';
import { copyRecordings, gasCollections, qaRepo, SECRET_ENV } from '../qa-repo';

type Step = { run?: string; uses?: string };
type Workflow = { jobs: { shard: { strategy: { matrix: { shard: number[] } }; steps: Step[] }; merge: { steps: Step[] } } };

const skillbenchLines = (steps: Step[]) => steps.map((s) => s.run ?? '').filter((r) => /\bskillbench\b/.test(r));

describe('the CI recipe', () => {
  it('ci init --shards 3: every shard line, then the merge line, run as written against the example', async ({ cleanup }) => {
    const repo = await qaRepo(cleanup.tempDir(), cleanup.tempDir());
    copyRecordings(repo, 7, (k) => k === 2);
    gasCollections(repo);
    fs.mkdirSync(path.join(repo.root, 'node_modules', '.bin'), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'bin', 'skillbench.cjs'), path.join(repo.root, 'node_modules', '.bin', 'skillbench'));
    // What `npm ci` makes of a devDependency on the workbench's folder, made by hand (the test installs nothing).
    fs.writeFileSync(path.join(repo.root, 'package.json'), `${JSON.stringify({ name: 'gas-qa', private: true, devDependencies: { 'skill-workbench': `file:${ROOT}` } })}\n`);

    const init = await cli(['ci', 'init', '--shards', '3', '--recordings', 'recordings', '--collections', 'collections'], { cwd: repo.root });
    expect(init.code, init.stderr).toBe(0);
    expect(init.stderr).toBe('');
    const wf = YAML.parse(fs.readFileSync(path.join(repo.root, '.github/workflows/skillbench.yml'), 'utf8')) as Workflow;
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', ...SECRET_ENV };
    delete env.SKILLBENCH_HOME;
    const sh = (line: string) => spawnSync('sh', ['-c', line], { cwd: repo.root, env, encoding: 'utf8' });

    const shardLines = skillbenchLines(wf.jobs.shard.steps);
    expect(shardLines).toHaveLength(2);
    for (const shard of wf.jobs.shard.strategy.matrix.shard) {
      for (const line of shardLines) {
        const r = sh(line.replaceAll('${{ matrix.shard }}', String(shard)));
        // A failure found is exit 1 (the next step still runs: `if: !cancelled()`); 2 would be a broken run.
        expect(r.status, `${line}\n${r.stderr}`).toBeLessThanOrEqual(1);
        expect(r.stdout).toContain(`Shard ${shard}/3`);
      }
    }
    const mergeLines = skillbenchLines(wf.jobs.merge.steps);
    expect(mergeLines).toEqual(['npx skillbench merge-reports skillbench-blobs --junit skillbench.xml --html skillbench.html']);
    const merged = sh(mergeLines[0]);
    expect(merged.status, merged.stderr).toBe(1); // the changed recording and the wrong assertion
    expect(merged.stdout).toContain('Merged 6 blobs: 12 units, 10 passed, 2 failed');
    execFileSync('xmllint', ['--noout', '--schema', path.join(FIXTURES, 'junit', 'junit.xsd'), path.join(repo.root, 'skillbench.xml')], { stdio: 'pipe' });
    expect(fs.readFileSync(path.join(repo.root, 'skillbench.html'), 'utf8')).toContain('<th>Shard</th>');
    // Each shard had a home of its own, removed after: none was made in the repository.
    expect(fs.readdirSync(repo.root).sort()).toEqual(['.github', 'collections', 'gas', 'node_modules', 'package.json', 'recordings', 'skillbench-blobs', 'skillbench.html', 'skillbench.xml']);
  });
});
