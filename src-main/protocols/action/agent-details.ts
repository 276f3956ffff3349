/**
 * What the inspector shows of an agent beyond its skills: metadata, secrets (with whether each has a
 * value), the schedules that call this skill, and the fields the workbench only shows.
 */
import path from 'node:path';
import type { AgentDetails, SkillRef } from '../../contract';
import type { AgentConfig } from './agent-yaml';
import { hostEnv } from '../../host/host-env';

/** The agent as one of its skills sees it; `env` is the skill's own (its settings and stored secrets). */
export function agentDetails(config: AgentConfig, ref: SkillRef, env: Record<string, string>): AgentDetails {
  const first = config.skills[0]?.name;
  const details: AgentDetails = {
    file: path.relative(ref.dir, config.file).split(path.sep).join('/') || path.basename(config.file),
    secrets: config.secrets.map((s) => ({ ...s, set: env[s.name] !== undefined || !!hostEnv()[s.name] })),
    // A schedule that names no listed skill is shown with the first one, so its problem is seen.
    schedules: config.schedules.filter((s) => s.skill === ref.name || (ref.name === first && !config.skills.some((k) => k.name === s.skill))),
    readOnly: config.readOnly,
  };
  const m = config.metadata;
  if (m.id) details.id = m.id;
  if (m.name) details.name = m.name;
  if (m.description) details.description = m.description;
  if (m.model) details.model = m.model;
  return details;
}

/** True when agent.yaml says more than its skills: worth an "Agent" panel. */
export function hasAgentDetails(d: AgentDetails): boolean {
  return !!(d.id || d.name || d.description || d.model || d.secrets.length || d.schedules.length || d.readOnly.length);
}
