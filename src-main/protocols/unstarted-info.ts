/**
 * What the workbench can say of a skill that learns its tools only by running (a JSON-RPC, SkillDefinition or
 * MCP process) before it has run: what its folder says, and that opening it ran nothing.
 */
import { PROTOCOL_LABELS, type SkillInfo, type SkillRef } from '../contract';

export function unstartedInfo(ref: SkillRef): SkillInfo {
  return {
    ...ref,
    tools: [],
    capabilities: { setup: false, sessions: false, ticks: false, messageHooks: false, persistent: true },
    notes: [`Not started: a ${PROTOCOL_LABELS[ref.protocol]} skill tells its tools once it runs, and opening it ran nothing.`],
  };
}
