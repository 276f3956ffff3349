/**
 * What the workbench can say of a skill that learns its tools only by running (a JSON-RPC, SkillDefinition or
 * MCP process) before it has run: what its folder says. The app says the rest (not started, Start).
 */
import type { SkillInfo, SkillRef } from '../contract';

export function unstartedInfo(ref: SkillRef): SkillInfo {
  return {
    ...ref,
    tools: [],
    capabilities: { setup: false, sessions: false, ticks: false, messageHooks: false, persistent: true },
    notes: [],
  };
}
