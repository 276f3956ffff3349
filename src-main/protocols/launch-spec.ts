/**
 * How any skill process is launched, for every protocol: confined by the operating system where "Confine this
 * skill" (`--confine`) is on (host/confine.ts; its data folder the one place it may write), and otherwise through
 * the reaping launcher (host/reap.ts). Either way, on Linux, a daemon it leaves behind is taken by its Stop.
 */
import fs from 'node:fs';
import type { SpawnSpec } from '../engine/child';
import { confinedSpec } from '../host/confine';
import { reapedSpec } from '../host/reap';
import { skillPaths } from '../host/workbench-home';
import type { SkillRef } from '../contract';
import type { AdapterContext } from './adapter';

export function launchSpec(spec: SpawnSpec, ctx: AdapterContext, ref: SkillRef): SpawnSpec {
  const c = ctx.confine;
  if (!c) return reapedSpec(spec);
  const dataDir = skillPaths(ctx.home, ref.id).dataDir;
  fs.mkdirSync(dataDir, { recursive: true });
  const out = confinedSpec(spec, { skillDir: ref.dir, dataDir, network: c.network });
  ctx.logs.append('system', `Confinement: ${out.note}`);
  return out.spec;
}
