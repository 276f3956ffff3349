/**
 * One question of a trigger eval, as an agent meets a query: one model turn whose system prompt has the catalog
 * (the `<available_skills>` block with the agentskills.io client guide's instructions around it) and whose tools
 * are the ways agents activate a skill:
 *
 * - `Skill`, Claude Code's activation tool: `{"skill": "<name>"}` (the name constrained to the catalog's, as the
 *   guide advises; a name outside it still counts, as `(unknown)`);
 * - `Read`, a file-read tool: `{"file_path": "<the SKILL.md's location>"}` (file-read activation).
 *
 * The skill picked is the first activation of the model's answer; none where it answered without one. The turn
 * stops after the model's first request (what it does once the skill is loaded is another eval's business).
 */
import path from 'node:path';
import type { ChatToolCall, ToolInfo, TriggerActivation, TriggerRun } from '../contract';
import type { ChatTarget } from '../agent/chat-target';
import { catalogBlock } from '../protocols/agent-skill';
import { shown, type Catalog, type CatalogEntry } from './trigger-catalog';
import { UNKNOWN } from './trigger-stats';

export const SKILL_TOOL = 'Skill';
export const READ_TOOL = 'Read';

/** The system prompt: how to activate a skill, then the catalog, then the suite's own instructions. */
export function triggerPrompt(catalog: Catalog, activation: TriggerActivation, instructions?: string): string {
  const how =
    activation === 'tool'
      ? `call the ${SKILL_TOOL} tool with the skill's name to load its full instructions`
      : activation === 'read'
        ? `use the ${READ_TOOL} tool to load the SKILL.md at the listed location`
        : `call the ${SKILL_TOOL} tool with the skill's name (or use the ${READ_TOOL} tool on the SKILL.md at its location) to load its full instructions`;
  const entries = shown(catalog);
  const lines = entries.length
    ? ['The following skills provide specialized instructions for specific tasks.', `When a task matches a skill's description, ${how} before proceeding.`, '', catalogBlock(entries)]
    : [];
  if (instructions) lines.push('', instructions);
  return lines.join('\n');
}

/** The activation tools as a chat target: each call answers as an agent would (the skill's instructions). */
export function activationTarget(catalog: Catalog, activation: TriggerActivation): ChatTarget {
  const entries = shown(catalog);
  const tools: ToolInfo[] = [];
  // With no skill to offer, no activation tool is registered (the client guide's advice).
  if (entries.length && activation !== 'read') {
    tools.push({
      name: SKILL_TOOL,
      description: 'Load a skill listed in <available_skills> by its name: its full instructions come back.',
      inputSchema: { type: 'object', properties: { skill: { type: 'string', enum: [...new Set(entries.map((e) => e.name))], description: "The skill's name." } }, required: ['skill'] },
    });
  }
  if (entries.length && activation !== 'tool') {
    tools.push({
      name: READ_TOOL,
      description: 'Read a file by its absolute path.',
      inputSchema: { type: 'object', properties: { file_path: { type: 'string', description: 'The absolute path of the file.' } }, required: ['file_path'] },
    });
  }
  return {
    name: `the catalog of ${entries.length} skill${entries.length === 1 ? '' : 's'}`,
    tools: () => Promise.resolve(tools),
    callTool(name, args) {
      const hit = activated(entries, name, args);
      if (!hit || hit === UNKNOWN) return Promise.resolve({ ok: false, result: name === READ_TOOL ? 'No such file.' : 'No skill of that name.' });
      return Promise.resolve({ ok: true, result: `<skill_content name="${hit.name}">\n${hit.body}\nSkill directory: ${hit.dir}\n</skill_content>` });
    },
  };
}

/** The entry a call activates; UNKNOWN for a Skill call naming none of them; null for a call that activates nothing (a Read of another file). */
function activated(entries: CatalogEntry[], tool: string, args: unknown): CatalogEntry | typeof UNKNOWN | null {
  const a = (args && typeof args === 'object' ? args : {}) as Record<string, unknown>;
  if (tool === SKILL_TOOL) {
    const name = typeof a.skill === 'string' ? a.skill.trim().replace(/^\//, '') : '';
    return entries.find((e) => e.name === name) ?? UNKNOWN;
  }
  if (tool === READ_TOOL && typeof a.file_path === 'string') {
    const p = path.resolve(a.file_path);
    return entries.find((e) => p === path.resolve(e.location) || (path.basename(p).toLowerCase() === 'skill.md' && path.dirname(p) === path.resolve(e.dir))) ?? null;
  }
  return null;
}

/** What a turn's calls came to: the skill picked first, how, and any others after it. */
export function pickOf(catalog: Catalog, calls: Pick<ChatToolCall, 'tool' | 'arguments'>[]): Pick<TriggerRun, 'picked' | 'via' | 'asked' | 'also'> {
  const entries = shown(catalog);
  const picks: { skill: string; via: 'tool' | 'read'; asked?: string }[] = [];
  for (const c of calls) {
    const hit = activated(entries, c.tool, c.arguments);
    if (!hit) continue;
    const via = c.tool === SKILL_TOOL ? 'tool' : 'read';
    if (hit === UNKNOWN) {
      const name = (c.arguments as Record<string, unknown> | null)?.skill;
      picks.push({ skill: UNKNOWN, via, asked: typeof name === 'string' ? name : (JSON.stringify(name) ?? '') });
    } else picks.push({ skill: hit.skill, via });
  }
  if (!picks.length) return { picked: null };
  const [first, ...rest] = picks;
  const also = [...new Set(rest.map((p) => p.skill).filter((s) => s !== first.skill))];
  return { picked: first.skill, via: first.via, ...(first.asked !== undefined ? { asked: first.asked } : {}), ...(also.length ? { also } : {}) };
}
