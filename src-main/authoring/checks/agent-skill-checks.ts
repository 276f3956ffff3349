/**
 * The doctor's checks of an Agent Skill: the validation per the specification and per agent (every finding with
 * its fix, made by the protocol's own validator so that the doctor and the views never differ), why a folder
 * that looks like one is not, the names and descriptions it collides with in its project and in the user's own
 * skills folders, and its scripts as tools. Nothing is run.
 */
import path from 'node:path';
import type { AgentSkillValidation, SkillRef, ToolInfo } from '../../contract';
import { agentSkillTools, collisions, isSkillsRoot, notAgentSkill, projectPlaces, userPlaces, validateAgentSkill } from '../../protocols/agent-skill';
import { discover } from '../../protocols/discover';
import type { Findings } from './findings';

export async function checkAgentSkill(ref: SkillRef, f: Findings, opts: { home?: string } = {}): Promise<{ tools: ToolInfo[]; agentSkill: Omit<AgentSkillValidation, 'findings'> }> {
  const why = notAgentSkill(ref.dir);
  if (why) f.error('NOT_AGENT_SKILL', why.reason, why.fix, why.file ? { file: why.file } : {});
  const { findings, ...verdicts } = await validateAgentSkill(ref.dir);
  f.list.push(...findings);
  const parent = path.dirname(ref.dir);
  // The project the skill belongs to: the folder holding its skills folder (`<project>/.claude/skills/<name>`).
  const project = isSkillsRoot(parent) ? path.dirname(path.dirname(parent)) : parent;
  const mine = path.resolve(ref.dir);
  const places = [...projectPlaces(discover(project), project), ...(opts.home ? userPlaces(opts.home) : [])];
  for (const c of collisions(places)) {
    const others = c.skills.filter((s) => path.resolve(s.dir) !== mine);
    if (others.length === c.skills.length) continue;
    const where = others.map((s) => `${s.scope === 'user' ? s.root : s.root === '.' ? path.basename(project) : s.root}/${path.basename(s.dir)}`).join(', ');
    if (c.kind === 'name') {
      const picks = (c.picks ?? []).map((p) => `${p.label}: ${p.picked ? (path.resolve(p.picked) === mine ? 'this one' : 'the other') : 'neither for sure'} (${p.why})`).join(' ');
      f.warning('NAME_COLLISION', `Another skill is named "${ref.name}" too: ${where}. ${picks}`, 'Give each skill a name of its own, or remove the copy you do not mean to use.');
    } else {
      f.warning('DESCRIPTION_COLLISION', `Its description is close to ${where}'s (${Math.round((c.score ?? 0) * 100)}% alike; both say ${c.overlap?.join(', ')}): a model choosing by description may take one for the other.`, 'Say in each description what sets the skill apart and when not to use it.');
    }
  }
  return { tools: agentSkillTools(ref.dir), agentSkill: verdicts };
}
