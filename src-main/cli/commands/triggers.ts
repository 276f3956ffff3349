import type { TriggerCondition, TriggerInstance, TriggersView } from '../../contract';
import { parse } from '../args';
import type { CommandContext } from '../context';
import { openSkill, RUN_OPTIONS } from '../open-skill';
import { EXIT, json, table, UsageError, type Io } from '../output';

export const help =
  "triggers <path> [--create TYPE name=NAME when='amount>100' [key=value ...]] [--delete ID] [--json]   a skill's trigger types and triggers; --create registers one (when: field>n, >=, <, <=, ==, != for numbers, field~word,word for words, field=~pattern; other keys are its settings, read as JSON where they parse), --delete removes one";

const OPS: Record<string, string> = { '>=': 'gte', '<=': 'lte', '==': 'eq', '!=': 'neq', '>': 'gt', '<': 'lt' };

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { create: { type: 'string' }, delete: { type: 'string', multiple: true }, ...RUN_OPTIONS });
  const [where, ...pairs] = positionals;
  if (pairs.length && values.create === undefined) throw new UsageError(`"${pairs[0]}" means something only after --create TYPE`);
  const rt = openSkill(ctx, where, values);
  try {
    const info = await rt.start();
    const triggers = rt.adapter.triggers;
    if (!triggers) throw new Error(`${info.name} has no triggers: triggers belong to SkillDefinition skills.`);
    const done: string[] = [];
    for (const id of (values.delete as string[] | undefined) ?? []) {
      await triggers.delete(id);
      done.push(`Removed trigger ${id}.`);
    }
    if (values.create !== undefined) {
      const made = await triggers.create(creation(values.create as string, pairs));
      done.push(`Registered trigger "${made.name}" (${made.id}).`);
    }
    const view = await triggers.view();
    if (values.json) {
      io.out(json(view));
      return EXIT.OK;
    }
    for (const line of done) io.out(line);
    io.out(listing(info.name, view));
    return EXIT.OK;
  } finally {
    await rt.close();
  }
}

/** `--create TYPE name=... when=... key=value`: the name, its conditions, and its settings. */
function creation(type: string, pairs: string[]) {
  let name = '';
  let description: string | undefined;
  const conditions: TriggerCondition[] = [];
  const config: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`After --create TYPE, give key=value pairs, such as name=Big when='amount>100' (got "${pair}")`);
    const key = pair.slice(0, at);
    const raw = pair.slice(at + 1);
    if (key === 'name') name = raw;
    else if (key === 'description') description = raw;
    else if (key === 'when') conditions.push(condition(raw));
    else config[key] = jsonOrText(raw);
  }
  if (!name) throw new UsageError('Give the trigger a name: name=NAME after --create TYPE');
  if (!conditions.length) throw new UsageError("Say when it fires: when='field>100' (or field~word, or field=~pattern) after --create TYPE");
  return { type, name, description, conditions, config };
}

function condition(text: string): TriggerCondition {
  const regex = /^([\w.]+)=~(.+)$/.exec(text);
  if (regex) return { type: 'regex', field: regex[1], pattern: regex[2] };
  const words = /^([\w.]+)~(.+)$/.exec(text);
  if (words) return { type: 'keyword', field: words[1], keywords: words[2].split(',').map((w) => w.trim()).filter(Boolean), match_mode: 'any' };
  const cmp = /^([\w.]+)\s*(>=|<=|==|!=|>|<)\s*(-?[\d.]+(?:e-?\d+)?)$/i.exec(text);
  if (cmp && Number.isFinite(Number(cmp[3]))) return { type: 'threshold', field: cmp[1], operator: OPS[cmp[2]], value: Number(cmp[3]) };
  throw new UsageError(`"when=${text}" is not a condition: write field>100 (or >=, <, <=, ==, !=), field~word,other, or field=~pattern`);
}

function jsonOrText(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function words(t: TriggerInstance): string {
  return t.conditions
    .map((c) => (c.type === 'threshold' ? `${c.field} ${Object.entries(OPS).find(([, v]) => v === c.operator)?.[0] ?? c.operator} ${c.value}` : c.type === 'keyword' ? `${c.field} ~ ${(c.keywords ?? []).join(',')}` : c.type === 'regex' ? `${c.field} =~ ${c.pattern}` : c.type))
    .join(' and ');
}

function listing(name: string, view: TriggersView): string {
  if (!view.types.length) return `${name} declares no trigger types.`;
  const lines = [`${name}: ${view.types.length} trigger type${view.types.length === 1 ? '' : 's'}`];
  for (const t of view.types) {
    lines.push(`  ${t.type}  ${t.label}${t.description ? `: ${t.description}` : ''}`);
    if (t.conditionFields.length) lines.push(`    fields: ${t.conditionFields.map((f) => `${f.name} (${f.type})`).join(', ')}`);
    const props = Object.keys((t.configSchema.properties ?? {}));
    if (props.length) lines.push(`    settings: ${props.join(', ')}`);
  }
  if (!view.triggers.length) {
    lines.push('No triggers registered.');
    return lines.join('\n');
  }
  lines.push(`Triggers (${view.triggers.length}):`);
  const rows = view.triggers.map((t) => [t.id, t.name, t.type, t.enabled ? 'on' : 'off', words(t), Object.entries(t.config).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ')]);
  lines.push(table(rows).replace(/^/gm, '  '));
  return lines.join('\n');
}
