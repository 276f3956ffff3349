/**
 * `agent.yaml` as agents projects write it, read liberally:
 *
 *   metadata: {id, name, description, model}     # or the same keys at the top level
 *   schedule:                                     # cron entries that call a skill's action, or prompt the agent
 *     - {name, cron, skill, action, params, enabled}
 *     - {cron, task: "skill.action"}                # the same, in one word
 *     - {cron, task: "Summarise this week's …"}     # anything else is a prompt for the agent (a chat turn)
 *   secrets: [GITHUB_TOKEN, {name, description, required}]   # or a mapping NAME: description
 *   allowed_tools, max_turns, workspace, security             # shown, never acted on
 *   skills: [{name, entry, description, timeout, actions}]
 *
 * Nothing here runs anything. What cannot be used as written is kept with a `problem` (a schedule) or
 * listed in `problems`, so one bad entry never hides the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { AgentSchedule } from '../../contract';
import { isFile } from '../refs';
import { parseCron } from './cron';
import { isObject, trimmed } from '../../common/values';

export const DEFAULT_TIMEOUT_S = 300;
export const AGENT_FILES = ['agent.yaml', 'agent.yml'];
/** Keys the workbench shows read-only, in this order (snake_case as written, camelCase accepted). */
export const READ_ONLY_KEYS = ['allowed_tools', 'max_turns', 'workspace', 'security'];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface AgentSkill {
  name: string;
  /** Absolute path of the script. */
  entry: string;
  description?: string;
  timeoutMs: number;
  /** Actions agent.yaml lists for it (`actions: [name | {name, description}]`), where it does. */
  actions?: { name: string; description?: string }[];
}

export interface AgentSecretDecl {
  name: string;
  description?: string;
  required: boolean;
}

export interface AgentMetadata {
  id?: string;
  name?: string;
  description?: string;
  model?: string;
}

export interface AgentConfig {
  file: string;
  /** Sent as `context.agent_id`: metadata.id, else `id`, else `name`, else the folder's name. */
  name: string;
  description?: string;
  metadata: AgentMetadata;
  skills: AgentSkill[];
  secrets: AgentSecretDecl[];
  schedules: AgentSchedule[];
  readOnly: { key: string; value: unknown }[];
  /** Entries that could not be read, in plain words. */
  problems: string[];
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
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return null;
  const y = doc as Record<string, unknown>;
  const problems: string[] = [];
  const meta = isObject(y.metadata) ? y.metadata : {};
  const metadata: AgentMetadata = {
    id: trimmed(meta.id) ?? trimmed(y.id),
    name: trimmed(meta.name) ?? trimmed(y.name),
    description: trimmed(meta.description) ?? trimmed(y.description),
    model: trimmed(meta.model) ?? trimmed(y.model),
  };
  const skills = dedupe(readSkills(dir, y.skills));
  const readOnly: { key: string; value: unknown }[] = [];
  for (const key of READ_ONLY_KEYS) {
    const camel = key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
    const value = y[key] ?? y[camel] ?? meta[key];
    if (value !== undefined && value !== null) readOnly.push({ key, value });
  }
  return {
    file,
    name: trimmed(meta.id) ?? trimmed(y.id) ?? trimmed(y.name) ?? path.basename(dir),
    description: metadata.description,
    metadata,
    skills,
    secrets: readSecrets(y.secrets, problems),
    schedules: readSchedules(y.schedule ?? y.schedules, skills, problems),
    readOnly,
    problems,
  };
}

function readSkills(dir: string, v: unknown): AgentSkill[] {
  const list = Array.isArray(v) ? v : [];
  const skills: AgentSkill[] = [];
  for (const item of list) {
    // Liberal: `- build.py` or `- {name, entry}`; a skill without an entry is looked for in .claude/skills.
    const s: Record<string, unknown> = typeof item === 'string' ? { entry: item } : isObject(item) ? item : {};
    const entry = trimmed(s.entry) ?? trimmed(s.script) ?? (trimmed(s.name) ? `.claude/skills/${trimmed(s.name)}.py` : undefined);
    if (!entry) continue;
    const name = trimmed(s.name) ?? path.basename(entry).replace(/\.[^.]+$/, '');
    const skill: AgentSkill = { name, entry: path.resolve(dir, entry), description: trimmed(s.description), timeoutMs: seconds(s.timeout) * 1000 };
    const actions = listedActions(s.actions);
    if (actions.length) skill.actions = actions;
    skills.push(skill);
  }
  return skills;
}

/** `secrets:` as a list of names or `{name, description, required}`, or a mapping of names to descriptions. */
function readSecrets(v: unknown, problems: string[]): AgentSecretDecl[] {
  const out: AgentSecretDecl[] = [];
  const add = (name: unknown, rest: unknown) => {
    const n = trimmed(name);
    if (!n) return;
    if (!ENV_NAME.test(n)) {
      problems.push(`secrets: "${n}" is not a valid environment variable name (letters, digits and _, not starting with a digit); it is left out.`);
      return;
    }
    if (out.some((s) => s.name === n)) return;
    const r = isObject(rest) ? rest : {};
    const description = typeof rest === 'string' ? trimmed(rest) : trimmed(r.description);
    out.push({ name: n, required: r.required !== false && r.optional !== true, ...(description ? { description } : {}) });
  };
  if (Array.isArray(v)) {
    for (const item of v) {
      if (typeof item === 'string') add(item, undefined);
      else if (isObject(item)) add(item.name ?? item.env ?? item.key, item);
    }
  } else if (isObject(v)) {
    for (const [name, rest] of Object.entries(v)) add(name, rest);
  }
  return out;
}

/** `schedule:` as a list of entries, a mapping of names to entries, or one entry. */
function readSchedules(v: unknown, skills: AgentSkill[], problems: string[]): AgentSchedule[] {
  let items: [string | undefined, Record<string, unknown>][] = [];
  if (Array.isArray(v)) items = v.filter(isObject).map((e) => [undefined, e]);
  else if (isObject(v)) {
    const single = ['cron', 'schedule', 'expression', 'when'].some((k) => typeof v[k] === 'string');
    items = single ? [[undefined, v]] : Object.entries(v).filter(([, e]) => isObject(e)).map(([k, e]) => [k, e as Record<string, unknown>]);
  } else if (v !== undefined && v !== null) problems.push('schedule: must be a list of entries like {cron: "0 9 * * *", skill: my_skill, action: daily}.');
  const out: AgentSchedule[] = [];
  const ids = new Set<string>();
  let prompts = 0;
  for (const [key, e] of items) {
    const cron = trimmed(e.cron) ?? trimmed(e.schedule) ?? trimmed(e.expression) ?? trimmed(e.when) ?? '';
    // `task: skill.action` (or skill:action) names both at once; any other task is a prompt for the agent.
    const task = trimmed(e.task) ?? trimmed(e.run) ?? trimmed(e.call);
    const prompt = trimmed(e.prompt) ?? (task && !namesCall(task, e, skills) ? task : undefined);
    if (prompt) {
      const id = unique(trimmed(e.name) ?? key ?? `prompt-${++prompts}`, ids);
      const entry: AgentSchedule = { id, cron, skill: '', action: '', prompt, params: {}, enabled: e.enabled !== false && e.disabled !== true };
      const description = trimmed(e.description);
      if (description) entry.description = description;
      const parsed = cron ? parseCron(cron) : 'it has no cron expression (cron: "0 9 * * *").';
      if (typeof parsed === 'string') entry.problem = `Schedule "${id}": ${parsed}`;
      out.push(entry);
      continue;
    }
    let [taskSkill, taskAction] = task ? splitTask(task) : [undefined, undefined];
    // Beside `skill:`, a one-word task is that skill's action.
    if (trimmed(e.skill) && task && taskAction === undefined && !skills.some((s) => s.name === task)) [taskSkill, taskAction] = [undefined, task];
    let skill = trimmed(e.skill) ?? taskSkill;
    if (!skill && skills.length === 1) skill = skills[0].name;
    const action = trimmed(e.action) ?? taskAction ?? skill ?? '';
    const params = isObject(e.params) ? e.params : isObject(e.args) ? e.args : isObject(e.input) ? e.input : {};
    const id = unique(trimmed(e.name) ?? key ?? `${skill ?? 'schedule'}.${action}`, ids);
    const entry: AgentSchedule = { id, cron, skill: skill ?? '', action, params, enabled: e.enabled !== false && e.disabled !== true };
    const description = trimmed(e.description);
    if (description) entry.description = description;
    const parsed = cron ? parseCron(cron) : 'it has no cron expression (cron: "0 9 * * *").';
    if (typeof parsed === 'string') entry.problem = `Schedule "${id}": ${parsed}`;
    else if (!skill) entry.problem = `Schedule "${id}" does not say which skill it calls: add skill: <name from skills:>.`;
    else if (!skills.some((s) => s.name === skill)) entry.problem = `Schedule "${id}" calls the skill "${skill}", which skills: does not list.`;
    out.push(entry);
  }
  return out;
}

/** `base`, or `base-2`, `base-3`… where it is taken. */
function unique(base: string, ids: Set<string>): string {
  let id = base;
  for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
  ids.add(id);
  return id;
}

/**
 * Whether a task names a call: `skill.action` (or `skill:action`, `skill/action`), a listed skill's name alone, or
 * one word beside `skill:` (its action). Anything else (a sentence, several lines) is a prompt.
 */
function namesCall(task: string, e: Record<string, unknown>, skills: AgentSkill[]): boolean {
  if (/^[\w-]+\s*[.:/]\s*[\w-]+$/.test(task)) return true;
  if (!/^[\w-]+$/.test(task)) return false;
  return skills.some((s) => s.name === task) || trimmed(e.skill) !== undefined;
}

function splitTask(task: string): [string | undefined, string | undefined] {
  const m = /^([\w-]+)\s*[.:/]\s*([\w-]+)$/.exec(task);
  return m ? [m[1], m[2]] : [task, undefined];
}

/** `actions:` of an agent.yaml skill: names, or `{name, description}`; anything else is left out. */
function listedActions(v: unknown): { name: string; description?: string }[] {
  if (!Array.isArray(v)) return [];
  const out: { name: string; description?: string }[] = [];
  for (const a of v) {
    const o = typeof a === 'string' ? { name: a } : isObject(a) ? a : {};
    const name = trimmed(o.name);
    if (name && !out.some((x) => x.name === name)) out.push(trimmed(o.description) ? { name, description: trimmed(o.description) } : { name });
  }
  return out;
}

function seconds(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim().replace(/s$/, '')) : NaN;
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_TIMEOUT_S;
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
