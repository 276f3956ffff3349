/**
 * Sharding at scale: 400 recorded sessions (copies of one real recording made against the gas estimator,
 * eight of them with a recorded answer changed so they must differ) replayed by one `skillbench replay`
 * process, then by four shard processes side by side, each merged: the same verdicts and counts.
 *
 * Wall times are printed, not asserted (speed belongs in benchmarks). Memory:
 *
 * - What the process keeps is flat. The unsharded run goes through tests/fixtures/heap-probe, which reads
 *   the heap after a full GC every half second. A run keeps one small result per unit (an id, a status, its
 *   cases' names and times: a few KB) and writes the rest to its blob as each unit ends, so from the first
 *   sample to the last the heap may grow by at most 4 KiB a unit plus 4 MiB of slack for V8's own caches
 *   (measured: 19.7 MiB at first, 21.5 MiB after 400 units). Keeping each unit's replay report (the recorded
 *   and replayed answers, the differences) or a skill runtime per unit (a message ring, log buffers: several
 *   MiB each) would exceed it many times over.
 * - Peak RSS is bounded, whatever the number of units: every process, the 400-unit one included, stays under
 *   256 MiB, about twice what a replay process of a single recording takes (~95 MiB here). Peak RSS is the
 *   allocator's high-water mark (V8 reserves heap ahead and returns it late), so without the probe's frequent
 *   GCs it rises somewhat with a longer run even where the heap is flat (127 MiB for 100 units, 170 MiB for
 *   400, measured): it is bounded, not compared.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from '../cleanup-fixture';
import { spawn } from 'node:child_process';
import { cli, cliProcess, type CliResult } from '../cli-run';
import { FIXTURES } from '../helpers';
import { copyRecordings, qaRepo, type Merged } from '../qa-repo';

const UNITS = 400;
const SHARDS = 4;
const MiB = 2 ** 20;

interface Summary {
  units: number;
  passed: number;
  failed: number;
  errors: number;
  cases: number;
  exitCode: number;
  wallMs: number;
  maxRssBytes: number;
}


describe('replay at scale, sharded', () => {
  it(`${UNITS} recordings: ${SHARDS} shards in parallel processes give the verdicts of one run, in flat memory`, async ({ cleanup }) => {
    const repo = await qaRepo(cleanup.tempDir(), cleanup.tempDir());
    copyRecordings(repo, UNITS - 1, (k) => k % 50 === 7);
    const opts = { home: repo.home, cwd: repo.root };

    const t0 = Date.now();
    const whole = await probed(['replay', 'recordings', '--blob', 'blobs-1', '--json'], repo.root, repo.home);
    const wholeMs = Date.now() - t0;
    const heap = [...whole.stderr.matchAll(/^heap-after-gc (\d+)$/gm)].map((m) => Number(m[1]));
    expect(whole.stderr.replace(/^heap-after-gc \d+\n/gm, '')).toBe('');
    expect(whole.code).toBe(1);
    const one = JSON.parse(whole.stdout) as Summary;

    const t1 = Date.now();
    const shards = await Promise.all(Array.from({ length: SHARDS }, (_, i) => cliProcess(['replay', 'recordings', '--shard', `${i + 1}/${SHARDS}`, '--blob', 'blobs-4', '--json'], opts)));
    const shardedMs = Date.now() - t1;
    const parts = shards.map((s) => {
      expect(s.stderr).toBe('');
      return JSON.parse(s.stdout) as Summary;
    });

    const mergedOne = JSON.parse((await cli(['merge-reports', 'blobs-1', '--json'], opts)).stdout) as Merged;
    const mergedFour = JSON.parse((await cli(['merge-reports', 'blobs-4', '--json', '--html', 'report.html'], opts)).stdout) as Merged;
    const counts = (m: Merged) => ({ units: m.units, passed: m.passed, failed: m.failed, errors: m.errors, cases: m.cases, failedCases: m.failedCases, exitCode: m.exitCode });
    expect(counts(mergedOne)).toEqual({ units: UNITS, passed: UNITS - 8, failed: 8, errors: 0, cases: 2 * UNITS, failedCases: 8, exitCode: 1 });
    expect(counts(mergedFour)).toEqual(counts(mergedOne));
    const verdicts = (m: Merged) => Object.fromEntries(m.results.map((r) => [r.id, r.status]));
    expect(verdicts(mergedFour)).toEqual(verdicts(mergedOne));
    expect(parts.map((p) => p.units)).toEqual([100, 100, 100, 100]);
    expect(parts.reduce((a, p) => a + p.failed, 0)).toBe(one.failed);
    expect(fs.statSync(path.join(repo.root, 'report.html')).size).toBeGreaterThan(UNITS * 100);

    const rss = parts.map((p) => p.maxRssBytes);
    console.log(
      `replay of ${UNITS} recordings: one process ${(wholeMs / 1000).toFixed(1)} s (peak RSS ${(one.maxRssBytes / MiB).toFixed(0)} MiB); ` +
        `${SHARDS} shards in parallel ${(shardedMs / 1000).toFixed(1)} s (peak RSS ${rss.map((b) => (b / MiB).toFixed(0)).join(', ')} MiB)`,
    );
    console.log(`heap after GC over the unsharded run: ${(heap[0] / MiB).toFixed(1)} MiB at first, ${(heap.at(-1)! / MiB).toFixed(1)} MiB at the end (${heap.length} samples)`);
    expect(heap.length).toBeGreaterThan(10);
    expect(heap.at(-1)! - heap[0]).toBeLessThan(UNITS * 4096 + 4 * MiB);
    for (const b of [...rss, one.maxRssBytes]) expect(b).toBeLessThan(256 * MiB);
  });
});

/** The CLI bundle in a Node with --expose-gc, through the heap probe. */
function probed(args: string[], cwd: string, home: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', path.join(FIXTURES, 'heap-probe', 'run.cjs'), ...args], { cwd, env: { ...process.env, SKILLBENCH_HOME: home } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}
