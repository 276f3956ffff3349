/**
 * Finding action skills without running anything.
 *  - An agent folder whose `agent.yaml` lists `skills: [{name, entry, description?, timeout}]`: one skill each.
 *  - A `.claude/skills/` folder with no such agent.yaml above it: one skill per script that looks runnable
 *    (reads stdin with an `action` key, or has a `__main__` block; helpers, tests and `_private.py` are skipped).
 *  - A single `.py` file named explicitly: accepted when it reads a stdin request with an `action` key.
 *
 * Ids: always `<agent folder>#<skill name>` (via `skillId(root, dir, name)`), even for an agent with one
 * skill, so an id does not change when a second skill is added to agent.yaml. `dir` is the agent folder
 * (the scripts' working directory, as the spec runs them); for a lone script outside `.claude/skills` it is
 * the script's own folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SkillRef } from '../../contract';
import { isFile, skillId } from '../refs';
import { DEFAULT_TIMEOUT_S, readAgentConfig, type AgentSkill } from './agent-yaml';
import { looksLikeActionScript } from './scan';

export { DEFAULT_TIMEOUT_S, readAgentConfig, type AgentConfig, type AgentSkill } from './agent-yaml';

const MAX_SCRIPT_BYTES = 2 * 1024 * 1024;

/** The agent folder a script in `<agent>/.claude/skills/` belongs to, or null when it is not in one. */
export function agentDirOf(skillsDir: string): string | null {
  if (path.basename(skillsDir) !== 'skills' || path.basename(path.dirname(skillsDir)) !== '.claude') return null;
  return path.dirname(path.dirname(skillsDir));
}

export function detectActionDir(dir: string, root: string): SkillRef[] {
  const agent = readAgentConfig(dir);
  if (agent?.skills.length) {
    // An agent with one skill: the agent's own description (metadata.description) describes that skill too.
    const only = agent.skills.length === 1 ? agent.description : undefined;
    return agent.skills.map((s) => agentSkillRef(dir, root, only && !s.description ? { ...s, description: only } : s));
  }
  const agentDir = agentDirOf(dir);
  // Scripts an agent.yaml lists were found at the agent folder; only agents without one are detected here.
  if (!agentDir || readAgentConfig(agentDir)?.skills.length) return [];
  let names: string[];
  try {
    names = fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
  const refs: SkillRef[] = [];
  for (const n of names) {
    if (!n.endsWith('.py') || n.startsWith('_') || /^test_|_test\.py$|^conftest\.py$|^setup\.py$/.test(n)) continue;
    const file = path.join(dir, n);
    const src = readScript(file);
    if (src === null || !(looksLikeActionScript(src) || /__name__\s*==\s*["']__main__["']/.test(src))) continue;
    refs.push(loneRef(file, agentDir, root));
  }
  return refs;
}

export function detectActionFile(file: string, root: string): SkillRef[] {
  const abs = path.resolve(file);
  const agentDir = agentDirOf(path.dirname(abs));
  if (agentDir) {
    const listed = readAgentConfig(agentDir)?.skills.find((s) => s.entry === abs);
    if (listed) return [agentSkillRef(agentDir, root, listed)];
  }
  if (!abs.endsWith('.py')) return [];
  const src = readScript(abs);
  if (src === null || !looksLikeActionScript(src)) return [];
  return [loneRef(abs, agentDir ?? path.dirname(abs), root)];
}

function agentSkillRef(dir: string, root: string, s: AgentSkill): SkillRef {
  return {
    id: skillId(root, dir, s.name),
    name: s.name,
    protocol: 'action',
    dir,
    entry: s.entry,
    root,
    description: s.description,
    timeoutMs: s.timeoutMs,
  };
}

function loneRef(file: string, dir: string, root: string): SkillRef {
  const name = path.basename(file, '.py');
  return { id: skillId(root, dir, name), name, protocol: 'action', dir, entry: file, root, timeoutMs: DEFAULT_TIMEOUT_S * 1000 };
}

/** The script's text (first 2 MB), or null when it cannot be read. */
export function readScript(file: string): string | null {
  if (!isFile(file)) return null;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const buf = Buffer.alloc(Math.min(fs.fstatSync(fd).size, MAX_SCRIPT_BYTES));
      const n = fs.readSync(fd, buf, 0, buf.length, 0);
      return buf.subarray(0, n).toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
}
