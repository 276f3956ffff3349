/**
 * A repository as a team keeps one for QA in CI, made from the gas estimator example: the skill, recordings
 * (one real recording made against it, and copies of it) and collections. Shared by the sharding tests in
 * the gate and the soak lane.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { saveCollection, saveRequest } from '../src-main/qa/collections';
import type { Tally } from '../src-main/qa/unit-results';
import { cli } from './cli-run';
import { EXAMPLES } from './helpers';

export interface QaRepo {
  root: string;
  home: string;
  /** The real recording the others are copied from. */
  recording: string;
}

/** The skill and one real recording of two calls to it (recordings/base.jsonl). */
export async function qaRepo(root: string, home: string): Promise<QaRepo> {
  fs.cpSync(path.join(EXAMPLES, 'gas-estimator'), path.join(root, 'gas'), { recursive: true });
  const recording = path.join(root, 'recordings', 'base.jsonl');
  fs.mkdirSync(path.dirname(recording), { recursive: true });
  for (const args of ['{"operation":"swap","gas_price_gwei":30}', '{"operation":"transfer","gas_price_gwei":20}']) {
    const r = await cli(['call', 'gas', 'estimate_gas_cost', '--args', args, '--record', recording], { home, cwd: root });
    expect(r.code, r.stderr).toBe(0);
  }
  return { root, home, recording };
}

/**
 * Copies of the real recording under recordings/ (`copies` of them, in sub-folders of 100), the given ones
 * with a recorded answer changed so that their replay differs. Returns the copies' paths.
 */
export function copyRecordings(repo: QaRepo, copies: number, differing: (k: number) => boolean = () => false): string[] {
  const text = fs.readFileSync(repo.recording, 'utf8');
  const changed = text.replace(/"gas_limit":150000/g, '"gas_limit":150001');
  expect(changed).not.toBe(text);
  const out: string[] = [];
  for (let k = 0; k < copies; k++) {
    const file = path.join(repo.root, 'recordings', `batch-${Math.floor(k / 100)}`, `session-${String(k).padStart(4, '0')}.jsonl`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, differing(k) ? changed : text);
    out.push(file);
  }
  return out;
}

/**
 * collections/split: three independent requests (one failing its assertion; one taking its operation from a
 * secret, which CI gives as SKILLBENCH_SECRET_OP); collections/steps: marked sequential, two requests.
 */
export function gasCollections(repo: QaRepo): void {
  const split = path.join(repo.root, 'collections', 'split');
  saveCollection(split, { name: 'split', skill: '../../gas', environments: { ci: { price: 30 } }, secrets: ['op'] });
  saveRequest(split, { name: 'swap', tool: 'estimate_gas_cost', args: { operation: 'swap', gas_price_gwei: '{{price}}' }, assertions: [{ path: 'data.gas_limit', equals: 150000 }] });
  saveRequest(split, { name: 'secret op', tool: 'estimate_gas_cost', args: { operation: '{{op}}', gas_price_gwei: 20 }, assertions: [{ path: 'data.gas_limit', equals: 150000 }] });
  saveRequest(split, { name: 'wrong', tool: 'estimate_gas_cost', args: { operation: 'transfer', gas_price_gwei: 20 }, assertions: [{ path: 'data.gas_limit', equals: 1 }] });
  const steps = path.join(repo.root, 'collections', 'steps');
  saveCollection(steps, { name: 'steps', skill: '../../gas', sequential: true, environments: {}, secrets: [] });
  saveRequest(steps, { name: 'first', tool: 'estimate_gas_cost', args: { operation: 'transfer', gas_price_gwei: 20 }, assertions: [{ path: 'data.gas_limit', equals: 21000 }] });
  saveRequest(steps, { name: 'second', tool: 'estimate_gas_cost', args: { operation: 'swap' }, assertions: [{ is_error: true }] });
}

export const SECRET_ENV = { SKILLBENCH_SECRET_OP: 'swap' };

/** What `merge-reports --json` prints: the tally of every unit, the exit code, each unit's verdict and shard. */
export type Merged = Tally & { exitCode: number; results: { id: string; status: string; shard: string }[] };
