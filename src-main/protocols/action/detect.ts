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
import { parse as parseYaml } from 'yaml';
import type { SkillRef } from '../../contract';
import { isFile, skillId } from '../refs';
import { looksLikeActionScript } from './scan';

export const DEFAULT_TIMEOUT_S = 300;
const AGENT_FILES = ['agent.yaml', 'agent.yml'];
const MAX_SCRIPT_BYTES = 2 * 1024 * 1024;

export interface AgentSkill {
  name: string;
  /** Absolute path of the script. */
  entry: string;
  description?: string;
  timeoutMs: number;
  /** Actions agent.yaml lists for it (`actions: [name | {name, description}]`), where it does. */
  actions?: { name: string; description?: string }[];
}

export interface AgentConfig {
  file: string;
  /** `name` from agent.yaml, else the folder's name: sent as `context.agent_id`. */
  name: string;
  description?: string;
  skills: AgentSkill[];
}

/** Reads `dir/agent.yaml`; null when there is none or it does not parse. `skills` may be empty. */
export function readAgentConfig(dir: string): AgentConfig | null {
  const file = AGENT_FILES.map((f) => path.join(dir, f)).find(isFile);
  if (!file) return null;
  let doc: unknown;
  try {
    doc = parseYaml(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (!doc || typeof doc !== 'object') return null;
  const y = doc as Record<string, unknown>;
  const list = Array.isArray(y.skills) ? y.skills : [];
  const skills: AgentSkill[] = [];
  for (const item of list) {
    // Liberal: `- build.py` or `- {name, entry}`; a skill without an entry is looked for in .claude/skills.
    const s: Record<string, unknown> = typeof item === 'string' ? { entry: item } : item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const entry = str(s.entry) ?? str(s.script) ?? (str(s.name) ? `.claude/skills/${str(s.name)}.py` : undefined);
    if (!entry) continue;
    const name = str(s.name) ?? path.basename(entry).replace(/\.[^.]+$/, '');
    const skill: AgentSkill = { name, entry: path.resolve(dir, entry), description: str(s.description), timeoutMs: seconds(s.timeout) * 1000 };
    const actions = listedActions(s.actions);
    if (actions.length) skill.actions = actions;
    skills.push(skill);
  }
  return { file, name: str(y.name) ?? path.basename(dir), description: str(y.description), skills: dedupe(skills) };
}

/** `actions:` of an agent.yaml skill: names, or `{name, description}`; anything else is left out. */
function listedActions(v: unknown): { name: string; description?: string }[] {
  if (!Array.isArray(v)) return [];
  const out: { name: string; description?: string }[] = [];
  for (const a of v) {
    const o = typeof a === 'string' ? { name: a } : a && typeof a === 'object' ? (a as Record<string, unknown>) : {};
    const name = str(o.name);
    if (name && !out.some((x) => x.name === name)) out.push(str(o.description) ? { name, description: str(o.description) } : { name });
  }
  return out;
}

/** The agent folder a script in `<agent>/.claude/skills/` belongs to, or null when it is not in one. */
export function agentDirOf(skillsDir: string): string | null {
  if (path.basename(skillsDir) !== 'skills' || path.basename(path.dirname(skillsDir)) !== '.claude') return null;
  return path.dirname(path.dirname(skillsDir));
}

export function detectActionDir(dir: string, root: string): SkillRef[] {
  const agent = readAgentConfig(dir);
  if (agent?.skills.length) return agent.skills.map((s) => agentSkillRef(dir, root, s));
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

function seconds(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim().replace(/s$/, '')) : NaN;
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_TIMEOUT_S;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** Two skills with one name would share an id: the later ones get `-2`, `-3`. */
function dedupe(skills: AgentSkill[]): AgentSkill[] {
  const seen = new Map<string, number>();
  return skills.map((s) => {
    const n = (seen.get(s.name) ?? 0) + 1;
    seen.set(s.name, n);
    return n === 1 ? s : { ...s, name: `${s.name}-${n}` };
  });
}
