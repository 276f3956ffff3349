/** Agent Skills: what an agent reads of one, its validation, the catalog, collisions, near misses, and skills served over MCP. */
import type { AgentSkillCatalog, AgentSkillFileRead, AgentSkillValidation, AgentSkillView, McpSkillEntry, McpSkillFile, NotASkill, SkillCollision } from '../../contract';
import { command, returns } from './declare';
import { skillId, text } from './fields';

export const agentSkills = {
  agentSkillView: command(returns<AgentSkillView>(), ['skillId', skillId]),
  readAgentSkillFile: command(returns<AgentSkillFileRead>(), ['skillId', skillId], ['path', text]),
  validateAgentSkill: command(returns<AgentSkillValidation>(), ['skillId', skillId]),
  agentSkillCatalog: command(returns<AgentSkillCatalog>()),
  agentSkillCollisions: command(returns<SkillCollision[]>()),
  notAgentSkills: command(returns<NotASkill[]>()),
  scriptRunWarning: command(returns<string | null>(), ['skillId', skillId], ['script', text]),
  mcpSkills: command(returns<McpSkillEntry[]>(), ['skillId', skillId]),
  readMcpSkillFile: command(returns<McpSkillFile>(), ['skillId', skillId], ['uri', text]),
};
