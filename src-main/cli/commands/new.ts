import path from 'node:path';
import { PROTOCOL_LABELS, type Protocol } from '../../contract';
import { cliPrefix, shellWord } from '../../host/cli-command';
import { pythonResources } from '../../host/paths';
import { createSkill, TEMPLATE_PROTOCOLS } from '../../authoring/new-skill';
import { parse } from '../args';
import { resolvePath, type CommandContext } from '../context';
import { EXIT, json, UsageError, type Io } from '../output';

export const help = 'new <folder> --protocol jsonrpc|skilldef|namel3ss|action [--name NAME]   a working skill with one tool and a test';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { name: { type: 'string' } });
  const folder = positionals[0];
  if (!folder) throw new UsageError(`new needs a folder to create, e.g. ${cliPrefix()} new my-skill --protocol skilldef`);
  if (positionals.length > 1) throw new UsageError(`new takes one folder; got ${positionals.length} (${positionals.join(', ')})`);
  const protocol = values.protocol as Protocol | undefined;
  if (!protocol) throw new UsageError(`new needs --protocol, one of: ${TEMPLATE_PROTOCOLS.join(', ')}`);
  if (!TEMPLATE_PROTOCOLS.includes(protocol)) throw new UsageError(`--protocol must be one of ${TEMPLATE_PROTOCOLS.join(', ')}`);

  const made = createSkill({ folder: resolvePath(ctx, folder), protocol, name: values.name as string | undefined });
  const shown = display(ctx.cwd, made.dir);
  const next = nextSteps(shown, made.dir, protocol);
  if (values.json) {
    io.out(json({ dir: made.dir, name: made.name, protocol, files: made.files, next }));
    return EXIT.OK;
  }
  io.out(`Created "${made.name}" (${PROTOCOL_LABELS[protocol]}) in ${shown}:`);
  for (const f of made.files) io.out(`  ${f}`);
  io.out('');
  io.out('Next:');
  for (const n of next) io.out(`  ${n}`);
  return EXIT.OK;
}

/** The commands to try, with the path as the user would type it, in a form that runs wherever they are pasted. */
function nextSteps(shown: string, dir: string, protocol: Protocol): string[] {
  const sb = cliPrefix();
  const q = shellWord(shown);
  const test =
    protocol === 'skilldef'
      ? `(cd ${shellWord(dir)} && SKILLBENCH_SDK=${shellWord(pythonResources())} python3 -m unittest)`
      : `(cd ${shellWord(dir)} && python3 -m unittest)`;
  const smoke = shellWord(path.join(shown, '.skillbench', 'collections', 'smoke'));
  return [`${sb} call ${q} greet --args '{"name": "Ada"}'`, `${sb} run ${smoke} --env dev`, `${sb} doctor ${q}`, test];
}

/** Relative to the working folder when the skill is inside it, else absolute. */
function display(cwd: string, dir: string): string {
  const rel = path.relative(cwd, dir);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : dir;
}
