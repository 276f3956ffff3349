/**
 * The AgentSkillsApi half of the contract: what the Skills views ask of the engine about Agent Skills, each
 * answered by the protocol's own functions (protocols/agent-skill, the MCP adapter's skills), nothing run. The
 * user's home folder, whose skills folders collisions look at, is the machine's (HOME) unless given.
 */
import os from 'node:os';
import path from 'node:path';
import type { AgentSkillCatalog, AgentSkillFileRead, AgentSkillsApi, AgentSkillValidation, AgentSkillView, McpSkillEntry, McpSkillFile, NotASkill, SkillCollision, SkillRef } from '../contract';
import { hostEnv } from '../host/host-env';
import { agentSkillView, catalogBlock, collisions, countTokens, findScript, firstRunWarning, projectPlaces, readAgentSkillFile, scanAgentSkills, skillMdOf, TOKENIZER, userPlaces, validateAgentSkill, AgentSkill } from '../protocols/agent-skill';
import type { SkillHost } from './skill-host';

export class AgentSkillService implements AgentSkillsApi {
  constructor(
    private readonly wb: SkillHost,
    private readonly userHome: () => string | undefined = () => hostEnv().HOME || os.homedir(),
  ) {}

  agentSkillView(skillId: string): Promise<AgentSkillView> {
    return agentSkillView(this.agentSkill(skillId).dir);
  }

  readAgentSkillFile(skillId: string, file: string): Promise<AgentSkillFileRead> {
    return readAgentSkillFile(this.agentSkill(skillId).dir, file);
  }

  validateAgentSkill(skillId: string): Promise<AgentSkillValidation> {
    return validateAgentSkill(this.agentSkill(skillId).dir);
  }

  async agentSkillCatalog(): Promise<AgentSkillCatalog> {
    const skills = (await this.wb.listSkills()).filter((s) => s.protocol === 'agent-skill');
    const entries = skills.flatMap((s) => {
      const md = skillMdOf(s.dir);
      return md ? [{ id: s.id, name: s.name, description: s.description ?? '', location: md }] : [];
    });
    const text = catalogBlock(entries);
    return { text, tokens: await countTokens(text), skills: entries.map((e) => e.id), tokenizer: TOKENIZER };
  }

  async agentSkillCollisions(): Promise<SkillCollision[]> {
    const skills = await this.wb.listSkills();
    const folders = (await this.wb.getWorkspace()).folders;
    const places = folders.flatMap((f) => projectPlaces(skills.filter((s) => path.resolve(s.root) === path.resolve(f)), f));
    const home = this.userHome();
    return collisions([...places, ...(home ? userPlaces(home) : [])]);
  }

  async notAgentSkills(): Promise<NotASkill[]> {
    return (await this.wb.getWorkspace()).folders.flatMap((f) => scanAgentSkills(f).notSkills);
  }

  async scriptRunWarning(skillId: string, script: string): Promise<string | null> {
    const ref = this.agentSkill(skillId);
    const rt = await this.wb.liveRuntime(skillId);
    const found = rt.adapter instanceof AgentSkill ? findScript(rt.adapter.scripts(), script) : null;
    if (!found) throw new Error(`${ref.name} has no script "${script}".`);
    return firstRunWarning(this.wb.home, ref, found.name);
  }

  async mcpSkills(skillId: string): Promise<McpSkillEntry[]> {
    const mcp = await this.mcpOf(skillId);
    return mcp.skills!();
  }

  async readMcpSkillFile(skillId: string, uri: string): Promise<McpSkillFile> {
    const mcp = await this.mcpOf(skillId);
    const file = await mcp.readSkillFile!(uri);
    return file.text !== undefined ? { ...file, tokens: await countTokens(file.text) } : file;
  }

  private agentSkill(skillId: string): SkillRef {
    const ref = this.wb.skillRef(skillId);
    if (ref.protocol !== 'agent-skill') throw new Error(`${ref.name} is not an Agent Skill (a folder with SKILL.md).`);
    return ref;
  }

  /** The running server's skills: told "not an MCP server" from the folder, "not running" without starting it. */
  private async mcpOf(skillId: string) {
    const ref = this.wb.skillRef(skillId);
    if (ref.protocol !== 'mcp') throw new Error(`${ref.name} is not an MCP server: only MCP servers offer skills over MCP.`);
    const rt = await this.wb.runningRuntime(skillId, 'the skills it offers');
    const mcp = rt.adapter.mcp;
    if (!mcp?.skills || !mcp.readSkillFile) throw new Error(`${rt.ref.name} is not an MCP server: only MCP servers offer skills over MCP.`);
    return mcp;
  }
}
