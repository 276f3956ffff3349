/** What every CLI command that runs a skill does first: find it, and give it a runtime with no restarts. */
import type { Protocol } from '../contract';
import { defaultHome } from '../host/paths';
import { resolveSkill } from '../protocols/discover';
import { SkillRuntime, type RuntimeOptions } from '../runtime/skill-runtime';
import { UsageError } from './output';

const PROTOCOLS: Protocol[] = ['jsonrpc', 'skilldef', 'action', 'namel3ss'];

export function protocolOption(p: unknown): Protocol | undefined {
  if (p === undefined) return undefined;
  if (!PROTOCOLS.includes(p as Protocol)) throw new UsageError(`--protocol must be one of ${PROTOCOLS.join(', ')}`);
  return p as Protocol;
}

export function openSkill(
  target: string | undefined,
  values: { skill?: unknown; protocol?: unknown; debug?: unknown },
  opts: Partial<RuntimeOptions> = {},
): SkillRuntime {
  if (!target) throw new UsageError('name a skill: a skill folder, an agent folder, a namel3ss app, or a script');
  const ref = resolveSkill(target, { skill: values.skill as string | undefined, protocol: protocolOption(values.protocol) });
  // The skill's saved settings (environment, secret variables, limits) apply as in the app; the CLI's own
  // flags win. It runs a skill once: a crash is reported, not papered over by a restart.
  const env = { ...opts.env };
  if (values.debug || process.env.SKILL_DEBUG === '1') env.SKILL_DEBUG = '1';
  return SkillRuntime.withSettings(ref, defaultHome(), { restart: { enabled: false }, ...opts, env });
}
