/**
 * "Confine this skill" (`--confine`) for every protocol: the spec of any skill process, wrapped so the
 * operating system confines it (host/confine.ts). Its data folder is the one place it may write.
 */
import fs from 'node:fs';
import type { SpawnSpec } from '../engine/child';
import { confinedSpec } from '../host/confine';
import { skillPaths } from '../host/workbench-home';
import type { SkillRef } from '../contract';
import type { AdapterContext } from './adapter';

export function confineSpec(spec: SpawnSpec, ctx: AdapterContext, ref: SkillRef): SpawnSpec {
  const c = ctx.confine;
  if (!c) return spec;
  const dataDir = skillPaths(ctx.home, ref.id).dataDir;
  fs.mkdirSync(dataDir, { recursive: true });
  const out = confinedSpec(spec, { skillDir: ref.dir, dataDir, network: c.network });
  ctx.logs.append('system', `Confinement: ${out.note}`);
  return out.spec;
}
