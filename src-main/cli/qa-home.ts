/**
 * The home a QA run keeps its state in. A sharded run, or any run on a CI machine (`CI` set, as GitHub
 * Actions, GitLab and most others set it), gets a home of its own so that shards running side by side never
 * share skill state, logs or locks:
 *
 * - SKILLBENCH_HOME set: that home, and for a shard its own folder below it (`shards/<i>-of-<n>`);
 * - otherwise a fresh temporary home, removed when the command ends.
 *
 * Secrets a collection needs still come from SKILLBENCH_SECRET_<NAME> (collection-runner.ts), which is
 * what a CI machine has instead of a secret store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Shard } from '../qa/shard';
import { homeOf, type CommandContext } from './context';

export function onCi(env: NodeJS.ProcessEnv): boolean {
  const v = env.CI?.trim().toLowerCase();
  return !!v && v !== '0' && v !== 'false';
}

export function qaHome(ctx: CommandContext, shard?: Shard): string {
  if (!shard && !onCi(ctx.env)) return homeOf(ctx);
  const own = shard ? `${shard.index}-of-${shard.total}` : '';
  if (ctx.env.SKILLBENCH_HOME) return shard ? path.join(homeOf(ctx), 'shards', own) : homeOf(ctx);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), shard ? `skillbench-shard-${own}-` : 'skillbench-ci-'));
  ctx.atEnd(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
