import type { SkillInfo, SkillOption } from '../../contract';
import { parse } from '../args';
import type { CommandContext } from '../context';
import { openSkill, RUN_OPTIONS } from '../open-skill';
import { EXIT, json, table, UsageError, type Io } from '../output';

export const help =
  'options <path> [--set name=value ...] [--reset [name]] [--json]   a skill\'s options and their values; --set changes one (the value is read as JSON when it parses, else as text), --reset puts one (or all) back to the default';

const TYPE_WORDS: Record<SkillOption['type'], string> = { boolean: 'on/off', text: 'text', number: 'number', select: 'choice' };

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { rest, reset } = takeReset(argv);
  const { values, positionals } = parse(rest, { set: { type: 'string', multiple: true }, ...RUN_OPTIONS });
  const sets = ((values.set as string[] | undefined) ?? []).map((s) => {
    const at = s.indexOf('=');
    if (at < 1) throw new UsageError(`--set takes name=value, such as --set show_portfolio_tool=false (got "${s}")`);
    return { name: s.slice(0, at), raw: s.slice(at + 1) };
  });
  const rt = openSkill(ctx, positionals[0], values);
  try {
    let info = await rt.start();
    const options = rt.adapter.options;
    if (!options) throw new Error(`${info.name} has no options: options belong to SkillDefinition skills.`);
    let list = await options.list();
    const done: string[] = [];
    if (reset !== null) {
      ({ info, options: list } = await options.reset(reset || undefined));
      done.push(reset ? `Reset ${reset} to its default.` : 'Reset every option to its default.');
    }
    for (const { name, raw } of sets) {
      const value = valueFor(list.find((o) => o.name === name), raw);
      ({ info, options: list } = await options.set(name, value));
      done.push(`Set ${name} to ${JSON.stringify(value)}.`);
    }
    if (values.json) {
      io.out(json({ options: list, tools: info.tools.map((t) => t.name) }));
      return EXIT.OK;
    }
    for (const line of done) io.out(line);
    io.out(listing(info, list));
    if (done.length) {
      // As inspect counts them: the skill's own named, those its SDK adds to every skill counted apart.
      const own = info.tools.filter((t) => t.origin !== 'sdk').map((t) => t.name);
      const sdk = info.tools.length - own.length;
      io.out(`Tools now (${info.tools.length}${sdk ? `: ${own.length} of its own, ${sdk} from its SDK` : ''}): ${own.join(', ') || 'none of its own'}`);
    }
    return EXIT.OK;
  } finally {
    await rt.close();
  }
}

/** `--reset` with an optional name after it (a name only once the skill's path is given, so the path is never taken for one). */
function takeReset(argv: string[]): { rest: string[]; reset: string | null } {
  const rest: string[] = [];
  let reset: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--reset=')) {
      reset = a.slice('--reset='.length);
    } else if (a === '--reset') {
      const next = argv[i + 1];
      const pathGiven = rest.some((r, j) => !r.startsWith('-') && !TAKES_VALUE.has(rest[j - 1]));
      reset = next !== undefined && !next.startsWith('-') && pathGiven ? argv[++i] : '';
    } else {
      rest.push(a);
    }
  }
  return { rest, reset };
}

const TAKES_VALUE = new Set(['--set', '--skill', '--protocol']);

/** A typed value: JSON where it parses, else the text; a text option (or a listed choice) always takes the text. */
function valueFor(option: SkillOption | undefined, raw: string): unknown {
  if (option?.type === 'text') return raw;
  if (option?.type === 'select' && option.choices?.some((c) => c.value === raw)) return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function shown(o: SkillOption): string {
  if (o.type === 'boolean') return o.value ? 'on' : 'off';
  return o.value === null || o.value === undefined ? '(none)' : typeof o.value === 'string' ? o.value : JSON.stringify(o.value);
}

function listing(info: SkillInfo, options: SkillOption[]): string {
  if (!options.length) return `${info.name} declares no options.`;
  const lines = [`${info.name}: ${options.length} option${options.length === 1 ? '' : 's'}`];
  const groups = [...new Set(options.map((o) => o.group ?? ''))].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : 0));
  for (const g of groups) {
    const rows = options
      .filter((o) => (o.group ?? '') === g)
      .map((o) => {
        const extra = [
          o.choices ? `one of ${o.choices.map((c) => c.value).join(', ')}` : '',
          o.toolFilter ? `shows or hides ${o.toolFilter.join(', ')}` : '',
          JSON.stringify(o.value) !== JSON.stringify(o.default) ? `default ${JSON.stringify(o.default)}` : '',
        ].filter(Boolean);
        return [o.name, TYPE_WORDS[o.type], shown(o), `${o.label}${extra.length ? ` (${extra.join('; ')})` : ''}`];
      });
    if (g) lines.push(`${g}:`);
    lines.push(table(rows).replace(/^/gm, '  '));
  }
  return lines.join('\n');
}
