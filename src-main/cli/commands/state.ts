import { redactSecretRefs, StateStore } from '../../host/state-store';
import { resolveSkill } from '../../protocols/discover';
import { parse } from '../args';
import { homeOf, resolvePath, type CommandContext } from '../context';
import { protocolOption } from '../open-skill';
import { EXIT, json, UsageError, type Io } from '../output';

export const help = 'state <path> [--json]             the skill\'s persisted state (secrets shown as ••••)';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, {});
  if (!positionals[0]) throw new UsageError('state needs a skill path');
  const ref = resolveSkill(resolvePath(ctx, positionals[0]), { skill: values.skill as string | undefined, protocol: protocolOption(values.protocol) });
  const state = redactSecretRefs(StateStore.forSkill(homeOf(ctx), ref.id).getForDisplay());
  if (values.json) io.out(json(state));
  else if (Object.keys(state).length === 0) io.out(`${ref.name} has no saved state.`);
  else io.out(json(state));
  return EXIT.OK;
}

