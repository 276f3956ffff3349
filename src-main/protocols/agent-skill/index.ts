/**
 * Agent Skills, the sixth kind of skill: a folder with SKILL.md (the agentskills.io specification), as agents
 * such as Claude Code, Codex and OpenHuman load them. Found beside other protocols' skills in the same folder
 * (a SKILL.md next to action scripts is both), except where SKILL.md documents a subprocess or SkillDefinition
 * skill (the subprocess spec requires one there). Its scripts are tools, run one process per call.
 */
import type { ProtocolModule } from '../adapter';
import { AgentSkill } from './adapter';
import { agentSkillsBelow, detectAgentSkillDir, detectAgentSkillFile } from './detect';

export const agentSkillProtocol: ProtocolModule = {
  protocol: 'agent-skill',
  detect: detectAgentSkillDir,
  detectFile: detectAgentSkillFile,
  detectBelow: agentSkillsBelow,
  // A subprocess or SkillDefinition skill's SKILL.md (the subprocess spec requires one) documents that skill.
  alongside: { except: ['jsonrpc', 'skilldef'], exceptFiles: ['manifest.json', 'skill.py'] },
  create: (ref, ctx) => new AgentSkill(ref, ctx),
  perCall: true,
  hostServices: false,
};

// The protocol's public face: what the rest of the engine (the views, the doctor, the CLI, the MCP bridge) uses of it.
export { AgentSkill, agentSkillTools, findScript, scriptArgs, SCRIPT_TIMEOUT_MS } from './adapter';
export { catalogBlock, catalogEntry, type CatalogSkill } from './catalog';
export { collisions, contentWords, DESCRIPTION_THRESHOLD, projectPlaces, similarity, userPlaces } from './collisions';
export { agentSkillsBelow, isSkillsRoot, notAgentSkill, scanAgentSkills, type AgentSkillScan } from './detect';
export { DIALECTS, dialect, verdicts, type Dialect } from './dialects';
export { agentSkillView, MAX_COUNTED_BYTES } from './disclosure';
export { skillFiles, isTextFile, type SkillFile } from './files';
export { readOpenHuman, formOf } from './openhuman';
export { readAgentSkillFile } from './read-file';
export { referenceErrors, referenceFrontmatter, validateDescription, validateName } from './reference';
export { firstRunWarning, rememberRun } from './runs';
export { scriptSchema } from './scripts';
export { readSkillMd, readSkillMdFile, skillMdOf, type SkillMdRead } from './skill-md';
export { countTokens, tokenCounter, TOKENIZER } from './tokens';
export { agentSkillTitle, validateAgentSkill, BODY_MAX_LINES, BODY_MAX_TOKENS } from './validate';
