/**
 * The variable names a skill's own files declare it needs or sets, as each protocol's reader sees them:
 * a SkillDefinition manifest's `env[]`, a subprocess manifest's `runtime.env`, the secrets agent.yaml
 * declares, and a namel3ss binding's `env`. These reach the skill (protocols/skill-env.ts).
 */
import type { SkillRef } from '../../contract';
import { readAgentConfig } from '../../protocols/action';
import { readSubprocessManifest } from '../../protocols/jsonrpc';
import { readBindings } from '../../protocols/namel3ss';
import { readSkillDefManifest } from '../../protocols/skilldef';

export function declaredEnv(ref: SkillRef): string[] {
  switch (ref.protocol) {
    case 'skilldef':
      return readSkillDefManifest(ref.dir)?.env ?? [];
    case 'jsonrpc':
      return Object.keys(readSubprocessManifest(ref.dir)?.env ?? {});
    case 'action':
      return readAgentConfig(ref.dir)?.secrets.map((s) => s.name) ?? [];
    case 'namel3ss':
      return [...readBindings(ref.dir).bindings.values()].flatMap((b) => Object.keys(b.env));
    case 'mcp':
    case 'agent-skill':
      // An MCP server's env is set in .mcp.json, where the workbench reads it at each launch; an Agent Skill declares none.
      return [];
    case 'quickjs':
      // Not run here: nothing reaches it.
      return [];
  }
}
