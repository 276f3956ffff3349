import { parse } from '../args';
import type { CommandContext } from '../context';
import { openSkill, RUN_OPTIONS } from '../open-skill';
import { EXIT, UsageError, type Io } from '../output';

export const help = 'message <path> <text> [--response] [--inherit-env] [--host-parity]   what beforeMessage (or afterResponse) makes of a text';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { response: { type: 'boolean' }, ...RUN_OPTIONS });
  const [target, text] = positionals;
  if (text === undefined) throw new UsageError('message needs a skill path and a text');
  const rt = openSkill(ctx, target, values);
  try {
    const info = await rt.start();
    if (!rt.adapter.transform) {
      io.err(`skillbench: ${info.name} has no message hooks.`);
      return EXIT.FAILURE;
    }
    const out = await rt.adapter.transform(values.response ? 'afterResponse' : 'beforeMessage', text);
    if (out === null) {
      io.err('(unchanged)');
      io.out(text);
    } else io.out(out);
    return EXIT.OK;
  } finally {
    await rt.close();
  }
}
