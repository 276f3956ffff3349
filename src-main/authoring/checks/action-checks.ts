/**
 * An action skill: the agent's `agent.yaml` field by field (`skills: [{name, entry, description, timeout}]`,
 * which readAgentConfig reads liberally, with `metadata`, `schedule` and `secrets` as real agents write
 * them), and the script itself read the way the workbench reads it (learnActions: Python's parser, never
 * running it): does it dispatch on `action`, which actions does it have, does it list them in
 * `supported_actions` so a host can learn them. A script with no dispatch at all is one job, not a defect.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { SkillRef, ToolInfo } from '../../contract';
import { systemPython } from '../../host/paths';
import { readAgentConfig } from '../../protocols/action';
import { readScript } from '../../protocols/action';
import { learnActions } from '../../protocols/action';
import { looksLikeActionScript } from '../../protocols/action';
import { Findings, lineAt, lineOf, shown } from './findings';
import { isObject } from '../../common/values';

const AGENT_FILES = ['agent.yaml', 'agent.yml'];
const SKILL_KEYS = new Set(['name', 'entry', 'script', 'description', 'timeout']);

/** Checks agent.yaml (when the skill has one) and the skill's script; returns the actions a reading finds. */
export async function checkActionSkill(ref: SkillRef, f: Findings): Promise<{ tools: ToolInfo[] }> {
  const agentFile = AGENT_FILES.find((n) => fs.existsSync(path.join(ref.dir, n)));
  if (agentFile) checkAgentYaml(ref.dir, agentFile, f, ref.name);
  else if (ref.entry) f.info('NO_AGENT_YAML', 'The script is not listed in an agent.yaml, so it runs with the default timeout (300 s) and no description.', 'Add agent.yaml with skills: [{name, entry, description, timeout}].');
  if (!ref.entry) return { tools: [] };
  const rel = path.relative(ref.dir, ref.entry).split(path.sep).join('/');
  const src = readScript(ref.entry);
  if (src === null) return { tools: [] }; // agent.yaml's check already said the entry is missing
  const config = readAgentConfig(ref.dir);
  const learnt = await learnActions({
    name: ref.name,
    entry: ref.entry,
    src,
    listed: config?.skills.find((s) => s.name === ref.name)?.actions ?? [],
    probed: null,
    python: systemPython(),
    description: ref.description,
  });
  if (learnt.noDispatch) {
    // Real agents have such scripts (a crawl, a database query): one job, whatever action it is given.
    f.info('NO_DISPATCH', `${rel} does not dispatch on "action": it does one job whatever it is given, and the workbench shows it as one tool, "${ref.name}".`, 'Nothing to fix. To give it several actions, read "action" from the request and dispatch on it.', { file: rel });
    return { tools: learnt.tools };
  }
  if (!looksLikeActionScript(src)) {
    f.warning('NOT_ACTION_SCRIPT', `${rel} does not seem to read a JSON request with an "action" from stdin.`, 'Read json.loads(sys.stdin.read()) and dispatch on its "action" key, as the protocol\'s template does.', { file: rel });
  }
  if (!/supported_actions/.test(src)) {
    f.info('NO_SUPPORTED_ACTIONS', `${rel} does not answer an unknown action with "supported_actions", so hosts can only guess its actions by reading it.`, 'In the UNKNOWN_ACTION error, add "supported_actions": [list of actions].', { file: rel });
  }
  if (!/\bprint\s*\(\s*json\.dumps/.test(src) && !/json\.dump\s*\([^)]*sys\.stdout/.test(src)) {
    f.info('NO_JSON_OUTPUT', `${rel} does not seem to print a JSON document on stdout; text (Markdown, say) is shown as a text result, labelled "not JSON".`, 'To give agents structured results, end with print(json.dumps(result)); send logs to stderr.', { file: rel });
  }
  return { tools: learnt.tools };
}

function checkAgentYaml(dir: string, file: string, f: Findings, skill: string): void {
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  const doc = parseDocument(text);
  if (doc.errors.length) {
    const e = doc.errors[0];
    f.error('AGENT_YAML_INVALID', `${file} is not valid YAML: ${e.message.split('\n')[0]}`, 'Fix the YAML (indentation with spaces, a space after each ":").', { file, line: e.linePos?.[0]?.line ?? lineAt(text, e.pos[0]) });
    return;
  }
  const y = doc.toJS() as unknown;
  if (!isObject(y)) {
    f.error('AGENT_YAML_INVALID', `${file} must be a mapping with a "skills" list.`, 'Start from:\nname: my_agent\nskills:\n  - name: my_skill\n    entry: .claude/skills/my_skill.py', { file });
    return;
  }
  if (y.name !== undefined && typeof y.name !== 'string') f.error('AGENT_FIELD', `"name" must be text, not ${shown(y.name)}.`, 'Give the agent a name (it is sent as context.agent_id).', { file, line: lineOf(text, /^name\s*:/) });
  const meta = isObject(y.metadata) ? y.metadata : undefined;
  if (y.metadata !== undefined && !meta) f.error('AGENT_FIELD', `"metadata" must be a mapping of id, name, description and model, not ${shown(y.metadata)}.`, 'Write metadata:\n  id: my_agent\n  name: My agent\n  description: What it does.', { file, line: lineOf(text, /^metadata\s*:/) });
  const agentDescription = [meta?.description, y.description].find((d) => typeof d === 'string' && d.trim());
  if (!agentDescription) f.info('AGENT_FIELD', `${file} has no description of the agent.`, 'Add description: one sentence on what the agent does (in metadata:, or at the top level).', { file });
  checkAgentExtras(dir, file, text, f, skill);
  const skills = y.skills;
  if (!Array.isArray(skills)) {
    f.error('AGENT_FIELD', `"skills" must be a list, not ${shown(skills)}.`, 'Write skills:\n  - name: my_skill\n    entry: .claude/skills/my_skill.py\n    timeout: 300', { file, line: lineOf(text, /^skills\s*:/) });
    return;
  }
  if (!skills.length) f.warning('AGENT_FIELD', `${file} lists no skills.`, 'Add one item per script in .claude/skills/.', { file, line: lineOf(text, /^skills\s*:/) });
  const names = new Map<string, number>();
  skills.forEach((item, i) => {
    const label = `skills[${i}]`;
    const nameLine = typeof (item as { name?: unknown })?.name === 'string' ? lineOf(text, new RegExp(`name\\s*:\\s*["']?${escape((item as { name: string }).name)}["']?\\s*$`)) : undefined;
    const at = { file, line: nameLine };
    if (typeof item === 'string') {
      f.warning('AGENT_FIELD', `${label} is the bare string "${item}".`, 'Write it as a mapping with name, entry, description and timeout.', at);
      return;
    }
    if (!isObject(item)) {
      f.error('AGENT_FIELD', `${label} must be a mapping with name and entry, not ${shown(item)}.`, 'Write - name: my_skill\n    entry: .claude/skills/my_skill.py', { file });
      return;
    }
    const name = typeof item.name === 'string' && item.name.trim() ? item.name.trim() : undefined;
    if (item.name !== undefined && !name) f.error('AGENT_FIELD', `${label}: "name" must be text, not ${shown(item.name)}.`, 'Name the skill: agents call it by this name.', at);
    if (name) {
      if (names.has(name)) f.error('DUPLICATE_TOOL', `Two skills are named "${name}" (${label} and skills[${names.get(name)}]).`, 'Give each skill its own name.', at);
      else names.set(name, i);
    }
    const entry = typeof item.entry === 'string' ? item.entry : typeof item.script === 'string' ? item.script : undefined;
    if (item.entry !== undefined && typeof item.entry !== 'string') f.error('AGENT_FIELD', `${label}: "entry" must be a path, not ${shown(item.entry)}.`, 'Write entry: .claude/skills/my_skill.py', at);
    const resolved = entry ?? (name ? `.claude/skills/${name}.py` : undefined);
    if (!entry && !name) f.error('AGENT_FIELD', `${label} has neither a name nor an entry.`, 'Add name: and entry:.', { file });
    else if (!entry) f.warning('AGENT_FIELD', `${label} ("${name}") has no entry; ${resolved} is assumed.`, `Add entry: ${resolved}.`, at);
    if (resolved) {
      const abs = path.resolve(dir, resolved);
      const line = lineOf(text, new RegExp(`(entry|script)\\s*:\\s*["']?${escape(resolved)}`)) ?? nameLine;
      if (path.relative(dir, abs).startsWith('..')) f.warning('ENTRY_OUTSIDE', `${label}'s entry ${resolved} is outside the agent folder.`, 'Keep skills in .claude/skills/ of the agent.', { file, line });
      if (!fs.existsSync(abs)) f.error('ENTRY_NOT_FOUND', `The entry of ${name ? `"${name}"` : label}, ${resolved}, does not exist.`, `Create ${resolved}, or fix its entry in ${file}.`, { file, line });
    }
    if (item.description === undefined || (typeof item.description === 'string' && !item.description.trim())) {
      // Real agents describe themselves once, in metadata.description: that counts for their skills.
      if (agentDescription) f.info('AGENT_DESCRIBES_SKILL', `Skill ${name ? `"${name}"` : label} has no description of its own; the agent's description is used.`, 'Nothing to fix; add description: to the skill to say more.', at);
      else f.warning('MISSING_DESCRIPTION', `Skill ${name ? `"${name}"` : label} has no description.`, 'Add description: one sentence on what it does; agents choose skills by it.', at);
    } else if (typeof item.description !== 'string') f.error('AGENT_FIELD', `${label}: "description" must be text, not ${shown(item.description)}.`, 'Write one sentence.', at);
    if (item.timeout !== undefined) {
      const t = typeof item.timeout === 'string' ? Number(item.timeout.trim().replace(/s$/, '')) : item.timeout;
      if (typeof t !== 'number' || !Number.isFinite(t) || t <= 0) {
        f.error('AGENT_FIELD', `${label}: "timeout" must be a positive number of seconds, not ${shown(item.timeout)}.`, 'Write e.g. timeout: 300 (the default).', { file, line: lineOf(text, /^\s*timeout\s*:/) });
      }
    }
    for (const key of Object.keys(item)) {
      if (!SKILL_KEYS.has(key)) f.info('AGENT_UNKNOWN_KEY', `${label} has "${key}", which the runtime does not read.`, 'Remove it, or keep it if another tool reads it.', at);
    }
  });
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `schedule:` entries that cannot run (and those that are prompts), and `secrets:` names that cannot be environment variables. */
function checkAgentExtras(dir: string, file: string, text: string, f: Findings, skill: string): void {
  const config = readAgentConfig(dir);
  if (!config) return;
  for (const s of config.schedules) {
    if (s.prompt && !s.problem) {
      // Said once, with the skill the app shows the agent's prompts beside (its first), not by every script.
      if (skill !== config.skills[0]?.name) continue;
      f.info('SCHEDULE_PROMPT', `Schedule "${s.id}" is a prompt for the agent (its task is not <skill>.<action>): it runs as a chat turn with a model, the agent's skills as its tools.`, 'Configure a model in the app, or run it with skillbench schedule --once --model NAME.', { file, line: lineOf(text, /^schedules?\s*:/), field: `schedule ${s.id}` });
      continue;
    }
    if (!s.problem) continue;
    const line = lineOf(text, new RegExp(`(name\\s*:\\s*["']?${escape(s.id)}|cron\\s*:\\s*["']?${escape(s.cron || '\u0000')})`)) ?? lineOf(text, /^schedules?\s*:/);
    f.error('SCHEDULE_INVALID', s.problem, 'Fix the entry: cron has five fields (minute hour day-of-month month day-of-week), and skill names one of skills:.', { file, line, field: `schedule ${s.id}` });
  }
  for (const p of config.problems) f.warning('AGENT_FIELD', p, 'Fix the entry in agent.yaml.', { file });
  if (config.secrets.length) {
    f.info('AGENT_SECRETS', `${file} declares ${config.secrets.length} secret${config.secrets.length === 1 ? '' : 's'} (${config.secrets.map((s) => s.name).join(', ')}): the workbench asks for them, keeps them encrypted and passes them as environment variables.`, 'Set them in the app (the skill\'s Agent panel), or in the environment where the skill runs.', { file, line: lineOf(text, /^secrets\s*:/) });
  }
}